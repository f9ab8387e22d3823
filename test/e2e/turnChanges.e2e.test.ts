// A turn's changes in the real workbench: the chat lists "N files changed" with +/- per file after the turn, Revert on
// one file restores it (the row says so), and Review opens VS Code's multi-file diff editor. Real adapter, fake API.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { edit, read, text, write } from '../fixtures/fakeAnthropic';
import { activeTabTitle, captureFailure, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { screenshot } from './harness';

describe('ACP Chat e2e: a turn’s changes', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    // Edits go through without asking, so the turn runs to its end.
    cb = await startChatBed({ settings: { 'acpChat.initialMode': 'acceptEdits' } });
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test('"3 files changed" with +/- per file; Revert restores one; Review opens the multi-file diff', async () => {
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
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^added-one\.ts\s+created\s+\+1\s+−0\s+Revert$/),
      expect.stringMatching(/^added-two\.ts\s+created\s+\+2\s+−0\s+Revert$/),
      expect.stringMatching(/^notes\.md\s+\+1\s+−1\s+Revert$/),
    ]);
    await screenshot(cb.page, 'changed-files-list', card);

    await rows.nth(2).getByTestId('revert-file').click();
    await expect.poll(() => readFileSync(existing, 'utf8'), { timeout: 10_000 }).toBe('# Notes\n\nfirst\nsecond\n');
    await expect.poll(() => rows.nth(2).textContent(), { timeout: 10_000 }).toContain('Reverted');
    await screenshot(cb.page, 'changed-files-one-reverted', card);

    await card.getByTestId('review-changes').click();
    await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(/^Changes by the agent/);
  });
});
