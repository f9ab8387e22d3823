// A turn's changes in the real workbench: the chat lists "N files changed" with +/- per file after the turn, Revert on
// one file restores it (the row says so), and Review opens VS Code's multi-file diff editor. Real adapter, fake API.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { edit, held, read, text, toolUse, write } from '../fixtures/fakeAnthropic';
import {
  activeTabTitle,
  AGENT_START_MS,
  captureFailure,
  cursorStatus,
  openChat,
  reloadWebview,
  sendPrompt,
  startChatBed,
  TURN_MS,
  waitTurnIdle,
  type ChatBed,
} from './chatBed';
import { ACP_CHAT_EXTENSION_ID, runCommand, screenshot, webviewFrame } from './harness';

describe('ACP Chat e2e: a turn’s changes, following the agent', () => {
  let cb: ChatBed;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    // Edits go through without asking, so the turn runs to its end.
    cb = await startChatBed({ settings: { 'acpChat.initialMode': 'acceptEdits' } });
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    release?.();
    await cb?.stop();
  });

  test('"3 files changed" with +/- per file; Undo puts one back; Review opens the multi-file diff', async () => {
    const existing = join(cb.workspace, 'notes.md');
    writeFileSync(existing, '# Notes\n\nfirst\nsecond\n');
    const a = join(cb.workspace, 'added-one.ts');
    const b = join(cb.workspace, 'added-two.ts');
    cb.fake.setScript([
      write(a, 'export const one = 1;\n'),
      write(b, 'export const two = 2;\nexport const three = 3;\n'),
      read(existing),
      edit(existing, 'second', 'second, edited'),
      text('Three files changed.'),
    ]);
    await sendPrompt(cb, 'change three files');
    await waitTurnIdle(cb);
    const card = cb.chat.getByTestId('changed-files');
    await card.waitFor({ timeout: TURN_MS });
    await expect.poll(() => card.getByTestId('changed-files-title').textContent(), { timeout: 10_000 }).toBe('3 files changed');
    const rows = card.getByTestId('changed-file');
    // Each file's changes are under review in the editor too: the row counts them.
    await expect
      .poll(() => rows.allInnerTexts(), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(/^added-one\.ts\s+created\s+1 to review\s+\+1\s+−0\s+Keep\s+Undo$/),
        expect.stringMatching(/^added-two\.ts\s+created\s+1 to review\s+\+2\s+−0\s+Keep\s+Undo$/),
        expect.stringMatching(/^notes\.md\s+1 to review\s+\+1\s+−1\s+Keep\s+Undo$/),
      ]);
    await screenshot(cb.page, 'changed-files-list', card);

    await rows.nth(2).getByTestId('revert-file').click();
    await expect.poll(() => readFileSync(existing, 'utf8'), { timeout: 10_000 }).toBe('# Notes\n\nfirst\nsecond\n');
    await expect.poll(() => rows.nth(2).textContent(), { timeout: 10_000 }).toContain('Undone');
    await screenshot(cb.page, 'changed-files-one-reverted', card);

    await card.getByTestId('review-changes').click();
    await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(/^Changes by the agent/);
    // Once its files are loaded the multi-file diff moves the focus into the first one; wait for that here, or it
    // lands later and closes (by blur) the command palette the next test opens.
    await expect.poll(() => cb.page.locator('.multiDiffEditor .multiDiffEntry').count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => cb.page.evaluate(() => !!document.activeElement?.closest('.multiDiffEditor')), { timeout: 10_000 }).toBe(true);
  });

  test('Follow the agent (header toggle): a Read during the turn opens its file at the line, focus stays in the composer', async () => {
    const file = join(cb.workspace, 'long.txt');
    writeFileSync(file, Array.from({ length: 120 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    await runCommand(cb.page, 'View: Close All Editors');
    const toggle = cb.chat.getByTestId('follow-agent');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    // The turn stays open after the Read (its last reply is held), so the reveal is seen while the turn runs.
    const gate = new Promise<void>((r) => (release = r));
    cb.fake.setScript([toolUse('Read', { file_path: file, offset: 57, limit: 5 }), held(text('Read it.'), gate)]);
    await sendPrompt(cb, 'read lines 57 to 61');
    await expect.poll(() => activeTabTitle(cb.page), { timeout: TURN_MS }).toMatch(/^long\.txt/);
    await expect.poll(() => cursorStatus(cb.page).textContent(), { timeout: 10_000 }).toMatch(/Ln 57, Col 1/);
    // A preview tab (VS Code draws it in italics): the next followed file replaces it instead of piling up tabs.
    expect(await cb.page.locator('.tabs-container .tab.active .monaco-icon-label.italic').count()).toBe(1);
    expect(await cb.chat.getByTestId('stop').isVisible()).toBe(true); // still the same turn
    await screenshot(cb.page, 'follow-agent');
    // The composer kept the keyboard: typing goes on in it.
    await cb.page.keyboard.type('still here');
    expect(await cb.chat.getByTestId('composer-input').inputValue()).toBe('still here');
    release?.();
    await waitTurnIdle(cb);
    // Remembered: a reloaded page, and a new chat in a tab, show it on.
    await reloadWebview(cb);
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await runCommand(cb.page, 'ACP Chat: New Chat in Editor');
    const tab = webviewFrame(cb.page, { extensionId: ACP_CHAT_EXTENSION_ID, index: 1 });
    await expect
      .poll(
        () =>
          tab
            .getByTestId('follow-agent')
            .getAttribute('aria-pressed')
            .catch(() => null),
        { timeout: AGENT_START_MS },
      )
      .toBe('true');
    await runCommand(cb.page, 'View: Close All Editors');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');
  });

  test('Undo All on the page puts every file of the turn back: created files removed, edited ones restored', async () => {
    const existing = join(cb.workspace, 'config.json');
    writeFileSync(existing, '{ "a": 1 }\n');
    const created = [join(cb.workspace, 'revert-me-1.ts'), join(cb.workspace, 'revert-me-2.ts')];
    cb.fake.setScript([
      write(created[0]!, 'one\n'),
      write(created[1]!, 'two\n'),
      read(existing),
      edit(existing, '"a": 1', '"a": 2'),
      text('Changed three files.'),
    ]);
    await sendPrompt(cb, 'change three more files');
    await cb.chat.getByTestId('transcript').getByText('Changed three files.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    // Each turn has its own card, at its end: this turn's is the last.
    const card = cb.chat.getByTestId('changed-files').last();
    await expect
      .poll(() => card.getByTestId('changed-file').allInnerTexts(), { timeout: TURN_MS })
      .toEqual([expect.stringMatching(/^config\.json\s/), expect.stringMatching(/^revert-me-1\.ts\s/), expect.stringMatching(/^revert-me-2\.ts\s/)]);
    expect(await card.getByTestId('changed-files-title').textContent()).toBe('3 files changed');
    expect(created.map((f) => existsSync(f))).toEqual([true, true]);
    await card.getByTestId('revert-all').click();
    await expect.poll(() => created.map((f) => existsSync(f)), { timeout: 10_000 }).toEqual([false, false]);
    await expect.poll(() => readFileSync(existing, 'utf8'), { timeout: 10_000 }).toBe('{ "a": 1 }\n');
    await expect
      .poll(() => card.getByTestId('changed-file').allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/Undone/), expect.stringMatching(/Undone/), expect.stringMatching(/Undone/)]);
    expect(await card.getByTestId('revert-all').isDisabled()).toBe(true);
  });
});
