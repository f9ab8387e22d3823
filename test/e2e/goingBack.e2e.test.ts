// Going back in the real workbench: each turn's changed files in that turn (none for a turn that changed nothing),
// Rewind the code to before a prompt (a preview, a question, the files of that turn and the later ones put back on disk,
// a file the user changed since left alone and named), Undo Rewind, the same after Reload Window; Retry of a turn the
// model API failed; Edit of an earlier prompt. Real adapter, fake Messages API.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiError, text, write } from '../fixtures/fakeAnthropic';
import { AGENT_START_MS, type ChatBed, sendPrompt, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { pickQuickPickItem, readQuickPick, runCommand, screenshot } from './harness';

describe('ACP Chat e2e: going back', () => {
  // Edits go through without asking, so each turn runs to its end.
  const bed = useChatBed({ settings: { 'acpChat.initialMode': 'acceptEdits' } });
  let cb: ChatBed;
  const file = (name: string) => join(cb.workspace, name);
  const dialog = () => cb.page.locator('.monaco-dialog-box');
  /** The changed-files cards inside the n-th turn (by its user message). */
  const cardsOfTurn = (n: number) => cb.chat.locator('.turn:has([data-testid="user-message"])').nth(n).getByTestId('changed-files');
  const notice = () => cb.chat.getByTestId('notice-message');
  const sideBar = () => cb.page.locator('.part.sidebar');

  beforeAll(() => {
    cb = bed();
  });

  async function turn(prompt: string, script: Parameters<ChatBed['fake']['setScript']>[0], answer: string): Promise<void> {
    cb.fake.setScript(script);
    await sendPrompt(cb, prompt);
    await cb.chat.getByTestId('transcript').getByText(answer).waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
  }

  /** Rewind… on the n-th user message, the code, the preview and the question answered; `files` were created since. */
  async function restoreToBefore(n: number, files: number): Promise<void> {
    await cb.chat.getByTestId('user-message').nth(n).getByTestId('go-back').click();
    const qp = await readQuickPick(cb.page);
    expect(qp.title).toBe('Rewind to Before This Prompt');
    expect(qp.items).toEqual(['Rewind the code to before this prompt', 'Rewind the chat to here', 'Both']);
    await pickQuickPickItem(cb.page, 'Rewind the code to before this prompt');
    // The preview is VS Code's multi-file diff, behind the question.
    await expect.poll(() => cb.page.locator('.multiDiffEditor .multiDiffEntry').count(), { timeout: 10_000 }).toBe(files);
    await dialog().waitFor({ state: 'visible', timeout: 10_000 });
    // The files this prompt and the later ones created go: the question says Delete, and the preview marks each one,
    // named by its path in the workspace.
    expect(await dialog().innerText()).toContain(`Delete ${files} file${files === 1 ? '' : 's'} created since this prompt?`);
    const rows = await cb.page.locator('.multiDiffEntry .header').allInnerTexts();
    expect(rows).toHaveLength(files);
    for (const row of rows) {
      expect(row).toContain('(will be deleted)');
      expect(row).not.toMatch(/restored|\/\d+\//);
    }
    await screenshot(cb.page, `restore-preview-${n}`);
    await dialog()
      .locator('.dialog-buttons .monaco-button', { hasText: /^Rewind$/ })
      .click();
    await dialog().waitFor({ state: 'hidden', timeout: 10_000 });
  }

  test('three turns that each change a file: each card in its own turn, none for a turn that changed nothing', async () => {
    writeFileSync(file('kept.txt'), 'the user wrote this\n');
    await turn('make one', [write(file('one.txt'), 'one\n'), text('Made one.')], 'Made one.');
    await turn('make two', [write(file('two.txt'), 'two\n'), text('Made two.')], 'Made two.');
    await turn('make three', [write(file('three.txt'), 'three\n'), write(file('later.txt'), 'agent\n'), text('Made three.')], 'Made three.');
    await turn('just talk', [text('Nothing to change.')], 'Nothing to change.');
    await expect.poll(() => cardsOfTurn(2).count(), { timeout: 10_000 }).toBe(1);
    expect(await cardsOfTurn(0).getByTestId('changed-file').allInnerTexts()).toEqual([expect.stringMatching(/^one\.txt\s+created/)]);
    expect(await cardsOfTurn(1).getByTestId('changed-file').allInnerTexts()).toEqual([expect.stringMatching(/^two\.txt\s+created/)]);
    expect(await cardsOfTurn(2).getByTestId('changed-file').allInnerTexts()).toEqual([
      expect.stringMatching(/^later\.txt\s+created/),
      expect.stringMatching(/^three\.txt\s+created/),
    ]);
    expect(await cardsOfTurn(3).count()).toBe(0);
    expect(await cb.chat.getByTestId('changed-files').count()).toBe(3);
    // Said once, under the last card, not on each.
    expect(await cb.chat.getByTestId('changed-files-note').count()).toBe(1);
    await screenshot(cb.page, 'changes-in-their-turns', sideBar());
  });

  test('Rewind the code to before the second prompt: its files and the later ones go, a file the user changed stays and is named; Undo Rewind puts them back', async () => {
    writeFileSync(file('later.txt'), 'the user changed this\n');
    await restoreToBefore(1, 2);
    await expect.poll(() => [existsSync(file('two.txt')), existsSync(file('three.txt'))], { timeout: 10_000 }).toEqual([false, false]);
    expect(readFileSync(file('one.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(file('later.txt'), 'utf8')).toBe('the user changed this\n');
    expect(readFileSync(file('kept.txt'), 'utf8')).toBe('the user wrote this\n');
    await expect
      .poll(() => notice().textContent(), { timeout: 10_000 })
      .toBe('Rewound 2 files to before the prompt: three.txt, two.txt. Left alone: later.txt (it changed after the agent wrote it).');
    await screenshot(cb.page, 'restore-done', sideBar());

    await cb.chat.getByTestId('notice-action').filter({ hasText: 'Undo Rewind' }).click();
    await expect
      .poll(() => [readFileSync(file('two.txt'), 'utf8'), readFileSync(file('three.txt'), 'utf8')], { timeout: 10_000 })
      .toEqual(['two\n', 'three\n']);
    await expect.poll(() => notice().textContent(), { timeout: 10_000 }).toBe('Put back 2 files as the agent left them: three.txt, two.txt.');
  });

  test('after Reload Window the cards are in their turns and rewinding the code works the same', async () => {
    await runCommand(cb.page, 'Developer: Reload Window');
    await cb.chat.getByTestId('composer-input').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: AGENT_START_MS }).toBe(4);
    await expect.poll(() => cb.chat.getByTestId('changed-files').count(), { timeout: 10_000 }).toBe(3);
    expect(await cardsOfTurn(1).getByTestId('changed-file').allInnerTexts()).toEqual([expect.stringMatching(/^two\.txt\s+created/)]);
    expect(await cardsOfTurn(3).count()).toBe(0);
    await restoreToBefore(1, 2);
    await expect
      .poll(() => [existsSync(file('two.txt')), existsSync(file('three.txt')), existsSync(file('one.txt'))], { timeout: 10_000 })
      .toEqual([false, false, true]);
    await expect.poll(() => notice().textContent(), { timeout: 10_000 }).toContain('Rewound 2 files to before the prompt: three.txt, two.txt.');
  });

  test('a turn the model API failed offers Retry; the retried turn succeeds and the answer is there once', async () => {
    // Claude Code tries a 400 again in a new request: every one fails, so the turn ends with the error.
    cb.fake.setScript(Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', 'fake-400: try that again')));
    await sendPrompt(cb, 'an unlucky prompt');
    const retry = cb.chat.getByTestId('retry-turn').last();
    await retry.waitFor({ state: 'visible', timeout: TURN_MS });
    await waitTurnIdle(cb);
    // Sent while scrolled up (Go Back above): the chat followed its prompt to the failed turn's end.
    await expect.poll(() => cb.chat.locator('.scroller').evaluate((s) => s.scrollHeight - s.scrollTop - s.clientHeight), { timeout: 10_000 }).toBeLessThan(1);
    await screenshot(cb.page, 'retry-offered', sideBar());
    cb.fake.setScript([text('The lucky answer.')]);
    await retry.click();
    await cb.chat.getByTestId('transcript').getByText('The lucky answer.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    expect(await cb.chat.getByTestId('agent-message').filter({ hasText: 'The lucky answer.' }).count()).toBe(1);
    // The failed turn stays, marked superseded.
    await expect.poll(() => cb.chat.getByTestId('superseded').last().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await cb.chat.getByTestId('user-message').filter({ hasText: 'an unlucky prompt' }).count()).toBe(2);
  });

  test('Edit an earlier prompt: the chat continues from just before it, and the model sees the turns before it only', async () => {
    const users = cb.chat.getByTestId('user-message');
    // The second prompt's turn is scrolled out of the page by now (only the turns near the viewport are in it).
    await cb.chat.locator('.scroller').evaluate((s) => (s.scrollTop = 0));
    const two = users.filter({ hasText: 'make two' }).first();
    await two.getByTestId('edit-prompt').click();
    // Edited in place: the message holds a text box now (one at a time in the chat).
    const input = cb.chat.getByTestId('edit-prompt-input');
    await input.fill('make two, edited');
    await screenshot(cb.page, 'edit-prompt', sideBar());
    cb.fake.setScript([text('Edited two.')]);
    await input.press('Enter');
    await cb.chat.getByTestId('transcript').getByText('Edited two.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await expect
      .poll(() => users.allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('make one'), expect.stringContaining('make two, edited')]);
    const texts = cb.fake.mainRequests().at(-1)!.messageTexts.join('\n');
    expect(texts).toContain('make one');
    expect(texts).toContain('make two, edited');
    expect(texts).not.toContain('make three');
    expect(texts).not.toContain('Made two.');
  });
});
