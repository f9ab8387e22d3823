// The agent's changes under review where the code is, in the real workbench: after a turn, the file the agent edited
// shows its hunks (added lines marked, the removed lines' text at their ends without a hover, Keep and Undo above
// each) in the dark and the light theme; a click on Undo of
// one hunk changes only that hunk on disk; Keep All in the editor title clears the file's marks, and the chat's count
// of changes to review follows; the turn card's Keep and Keep All do the same from the chat. Real adapter, fake
// Messages API.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { edit, read, text } from '../fixtures/fakeAnthropic';
import { type ChatBed, sendPrompt, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { pickQuickPickItem, runCommand, screenshot } from './harness';

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
];

describe('ACP Chat e2e: the agent’s changes under review in the editor', () => {
  // Edits go through without asking, so each turn runs to its end.
  const bed = useChatBed({ settings: { 'acpChat.initialMode': 'acceptEdits' } });
  let cb: ChatBed;
  const editorArea = () => cb.page.locator('.part.editor');
  /** The review's CodeLens actions over the editor's lines, in order (not the file's "Changed by …" lens). */
  const lenses = () =>
    editorArea()
      .locator('.codelens-decoration a')
      .filter({ hasText: /^\s*(Keep|Undo)\s*$/ });
  const toReview = () => cb.chat.getByTestId('to-review');

  beforeAll(() => {
    cb = bed();
  });

  test('marks and Keep / Undo on each hunk; Undo of one changes only it on disk; Keep All clears the marks and the chat’s count', async () => {
    const file = join(cb.workspace, 'words.txt');
    writeFileSync(file, WORDS.map((w) => `${w}\n`).join(''));
    cb.fake.setScript([read(file), edit(file, 'bravo', 'BRAVO'), edit(file, 'kilo\nlima', 'kilo'), edit(file, 'oscar', 'OSCAR'), text('Three changes.')]);
    await sendPrompt(cb, 'change three lines');
    await cb.chat.getByTestId('transcript').getByText('Three changes.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await expect.poll(() => toReview().textContent(), { timeout: 10_000 }).toBe('3 to review');

    // The card's file link opens it: the hunks are marked where the code is.
    await cb.chat.getByTestId('changed-file').filter({ hasText: 'words.txt' }).locator('.changed-file-name').click();
    await expect.poll(() => lenses().allInnerTexts(), { timeout: 15_000 }).toEqual(['Keep', 'Undo', 'Keep', 'Undo', 'Keep', 'Undo']);
    expect(await editorArea().locator('.view-overlays .cdr').count()).toBeGreaterThan(0);
    // What each change removed is on screen without a hover: the old line at the end of the line that replaced it,
    // and a line removed outright at the end of the line after it.
    const removedShown = () =>
      editorArea()
        .locator('.view-lines')
        .evaluate((root) =>
          Array.from(root.querySelectorAll('span'))
            .map((s) => getComputedStyle(s, '::after').content)
            .filter((c) => c.startsWith('"−')),
        );
    await expect.poll(removedShown, { timeout: 10_000 }).toEqual(['"− bravo"', '"− lima"', '"− oscar"']);
    expect(
      await editorArea()
        .locator('.view-line', { hasText: /^BRAVO$/ })
        .count(),
    ).toBe(1);
    expect(await cb.page.locator('.monaco-hover:visible').count()).toBe(0);
    await screenshot(cb.page, 'editor-review-dark');

    await runCommand(cb.page, 'Preferences: Color Theme');
    await pickQuickPickItem(cb.page, 'Light Modern');
    await expect.poll(async () => ((await cb.page.locator('.monaco-workbench').getAttribute('class')) ?? '').split(/\s+/), { timeout: 15_000 }).toContain('vs');
    await screenshot(cb.page, 'editor-review-light');
    await runCommand(cb.page, 'Preferences: Color Theme');
    await pickQuickPickItem(cb.page, 'Dark Modern');

    // Undo of the second hunk (lima removed): only that hunk is back, on disk.
    await lenses().nth(3).click();
    const agentLeft = WORDS.filter((w) => w !== 'lima')
      .map((w) => `${w === 'bravo' || w === 'oscar' ? w.toUpperCase() : w}\n`)
      .join('');
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 10_000 }).toBe(agentLeft.replace('kilo\n', 'kilo\nlima\n'));
    await expect.poll(() => lenses().allInnerTexts(), { timeout: 10_000 }).toEqual(['Keep', 'Undo', 'Keep', 'Undo']);
    await expect.poll(() => toReview().textContent(), { timeout: 10_000 }).toBe('2 to review');

    // Keep All, in the editor title: the marks go, the file stays as it is, and the chat no longer counts it.
    await editorArea().locator('.editor-actions .action-label[aria-label^="Keep All Changes by the Agent"]').click();
    await expect.poll(() => lenses().count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => toReview().count(), { timeout: 10_000 }).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(agentLeft.replace('kilo\n', 'kilo\nlima\n'));
  });

  test('the turn card says the same: Keep on one file ends its review, Keep All the rest; the files stay as the agent left them', async () => {
    const [a, b] = [join(cb.workspace, 'keep-a.txt'), join(cb.workspace, 'keep-b.txt')];
    writeFileSync(a, 'one\ntwo\n');
    writeFileSync(b, 'three\nfour\n');
    cb.fake.setScript([edit(a, 'one', 'ONE'), edit(b, 'four', 'FOUR'), text('Two files.')]);
    await sendPrompt(cb, 'change two files');
    await cb.chat.getByTestId('transcript').getByText('Two files.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    const card = cb.chat.getByTestId('changed-files').last();
    const row = (name: string) => card.getByTestId('changed-file').filter({ hasText: name });
    await expect.poll(() => card.getByTestId('to-review').allTextContents(), { timeout: 10_000 }).toEqual(['1 to review', '1 to review']);

    await row('keep-a.txt').getByTestId('keep-file').click();
    await expect.poll(() => row('keep-a.txt').getByTestId('to-review').count(), { timeout: 10_000 }).toBe(0);
    expect(await row('keep-a.txt').getByTestId('keep-file').count()).toBe(0);
    expect(await row('keep-b.txt').getByTestId('to-review').textContent()).toBe('1 to review');

    await card.getByTestId('keep-all').click();
    await expect.poll(() => card.getByTestId('to-review').count(), { timeout: 10_000 }).toBe(0);
    expect(await card.getByTestId('keep-all').count()).toBe(0);
    expect([readFileSync(a, 'utf8'), readFileSync(b, 'utf8')]).toEqual(['ONE\ntwo\n', 'three\nFOUR\n']);
  });
});
