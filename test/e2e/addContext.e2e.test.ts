// Add Context in the real workbench: the composer's button asks what to attach; the workspace's problems (a broken
// JSON file, as VS Code's JSON service reports it) and a symbol found by VS Code's symbol search (a Markdown heading)
// land as chips the user can see and remove, and reach the model with the prompt.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { text } from '../fixtures/fakeAnthropic';
import { captureFailure, openChat, quickOpen, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';

/** Types into the open QuickPick and takes the focused row once it holds `label`. */
async function choose(page: Page, typed: string, label: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('input.input').fill(typed);
  await widget.locator('.quick-input-list .monaco-list-row.focused', { hasText: label }).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
}

describe('ACP Chat e2e: Add Context', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    cb = await startChatBed();
    writeFileSync(join(cb.workspace, 'broken.json'), '{ "a": 1,, }\n');
    writeFileSync(join(cb.workspace, 'notes.md'), '# Release Notes\n\nSomething shipped.\n');
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test('the problems and a symbol attach as chips and reach the model', async () => {
    // The Markdown extension starts with a Markdown file, and then finds its headings as workspace symbols.
    await quickOpen(cb.page, join(cb.workspace, 'notes.md'));
    // VS Code's JSON service reports the file's problems once it is open.
    await quickOpen(cb.page, join(cb.workspace, 'broken.json'));
    // (The file stays open: the JSON service reports problems of open documents only.)
    await expect.poll(() => cb.page.locator('#status\\.problems').getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/^Errors: [1-9]/);

    await cb.chat.getByTestId('add-context').click();
    await choose(cb.page, 'Problems', 'Problems');
    const chips = cb.chat.getByTestId('attachment');
    await expect.poll(() => chips.allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringMatching(/^Problems \(\d+\)/)]);

    await cb.chat.getByTestId('add-context').click();
    await choose(cb.page, 'Symbol', 'Symbol…');
    await choose(cb.page, 'Release Notes', 'Release Notes');
    await expect
      .poll(() => chips.allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/^Problems \(\d+\)/), expect.stringContaining('Release Notes (notes.md)')]);

    cb.fake.setScript([text('Looked at both.')]);
    const sent = cb.fake.mainRequests().length;
    await sendPrompt(cb, 'what is wrong here?');
    await cb.chat.getByTestId('transcript').getByText('Looked at both.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    const asked = cb.fake
      .mainRequests()
      .slice(sent)
      .map((r) => r.allText)
      .join('\n');
    expect(asked).toContain('broken.json:1:');
    expect(asked).toContain('# Release Notes');
  });
});
