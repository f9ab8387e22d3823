// VS Code's conventions in the real workbench: Stop is in the palette only while a turn runs, and Escape stops a turn
// only in the focused chat; the new-chat key starts
// a new chat; "Add File to ACP Chat" is in the Explorer's menu and attaches the file to a chat whose view is hidden; the status bar names the running agent and opens its menu.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { held, text } from '../fixtures/fakeAnthropic';
import { captureFailure, openChat, quickOpen, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { closeWorkbenchPopups, readQuickPick, runCommand } from './harness';

/** The palette's commands for `typed`, once a row `seen` proves the list is filled (so an absence means something). */
async function paletteRows(page: Page, typed: string, seen: string): Promise<string[]> {
  await closeWorkbenchPopups(page);
  await page.keyboard.press('F1');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('input.input').fill(`>${typed}`);
  await widget.locator('.quick-input-list .monaco-list-row .label-name', { hasText: seen }).first().waitFor({ timeout: 15_000 });
  const labels = await widget.locator('.quick-input-list .monaco-list-row .label-name').allTextContents();
  await page.keyboard.press('Escape');
  return labels.map((l) => l.trim());
}

describe('ACP Chat e2e: VS Code conventions', () => {
  let cb: ChatBed;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    cb = await startChatBed();
    writeFileSync(join(cb.workspace, 'notes.md'), '# Notes\n');
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    release?.();
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test('Stop shows in the palette only while a turn runs', async () => {
    expect(await paletteRows(cb.page, 'ACP Chat: S', 'ACP Chat: Show Chats…')).not.toContain('ACP Chat: Stop');
    const gate = new Promise<void>((r) => (release = r));
    cb.fake.setScript([held(text('A long answer.'), gate)]);
    await sendPrompt(cb, 'take your time');
    const stop = cb.chat.getByTestId('stop');
    await stop.waitFor({ state: 'visible', timeout: TURN_MS });
    // The key is set as the turn starts, beside the page's own Stop: the palette reads it on opening.
    await expect.poll(() => paletteRows(cb.page, 'ACP Chat: S', 'ACP Chat: Show Chats…'), { timeout: 10_000 }).toContain('ACP Chat: Stop');

    release?.();
    await waitTurnIdle(cb);
    await expect.poll(() => paletteRows(cb.page, 'ACP Chat: S', 'ACP Chat: Show Chats…'), { timeout: 10_000 }).not.toContain('ACP Chat: Stop');
  });

  test('Escape stops the running turn only in the chat that has the focus, and not while it closes the chat’s own list', async () => {
    // Escape in an editor, and Escape that closes the composer's `@` list, leave the turn running: the answer arrives.
    let gate = new Promise<void>((r) => (release = r));
    cb.fake.setScript([held(text('The whole answer arrived.'), gate)]);
    await sendPrompt(cb, 'answer slowly');
    await cb.chat.getByTestId('stop').waitFor({ state: 'visible', timeout: TURN_MS });
    // Into the editor area with the mouse (Quick Open's key pressed in the chat's page may not reach the workbench).
    await cb.page.locator('.part.editor').click();
    await quickOpen(cb.page, join(cb.workspace, 'notes.md'));
    await cb.page.locator('.monaco-editor.focused').first().waitFor({ timeout: 10_000 });
    await cb.page.keyboard.press('Escape');
    const input = cb.chat.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('@not');
    await cb.chat.getByTestId('completions').waitFor({ state: 'visible', timeout: 10_000 });
    await input.press('Escape');
    await cb.chat.getByTestId('completions').waitFor({ state: 'hidden', timeout: 10_000 });
    await input.fill('');
    release?.();
    await waitTurnIdle(cb);
    await expect.poll(() => cb.chat.getByTestId('agent-message').filter({ hasText: 'The whole answer arrived.' }).count(), { timeout: TURN_MS }).toBe(1);

    // Escape in the chat's composer while its turn runs stops it: the turn ends though the model never answers.
    gate = new Promise<void>((r) => (release = r));
    cb.fake.setScript([held(text('This answer is never sent.'), gate)]);
    await sendPrompt(cb, 'answer slowly again');
    await cb.chat.getByTestId('stop').waitFor({ state: 'visible', timeout: TURN_MS });
    await input.press('Escape');
    await waitTurnIdle(cb);
    expect(await cb.chat.getByTestId('agent-message').filter({ hasText: 'This answer is never sent.' }).count()).toBe(0);
  });

  test('the new-chat key starts a new chat', async () => {
    cb.fake.setScript([text('First.')]);
    await sendPrompt(cb, 'one message');
    await waitTurnIdle(cb);
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: TURN_MS }).toBeGreaterThan(0);
    await cb.chat.getByTestId('composer-input').click();
    await cb.page.keyboard.press('Control+Shift+Alt+N');
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: TURN_MS }).toBe(0);
  });

  test('"Add File to ACP Chat" is in the Explorer’s menu; run with the chat hidden, the file lands in its composer', async () => {
    await quickOpen(cb.page, join(cb.workspace, 'notes.md'));
    await runCommand(cb.page, 'View: Show Explorer');
    const row = cb.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'notes.md' });
    await row.waitFor({ timeout: 15_000 });
    await row.click({ button: 'right' });
    await cb.page.locator('.monaco-menu .action-label', { hasText: /^Add File to ACP Chat$/ }).waitFor({ timeout: 10_000 });
    await cb.page.keyboard.press('Escape');
    // The chat's view is hidden behind the Explorer: its page loads again when shown, and the file waits for it.
    await runCommand(cb.page, 'ACP Chat: Add File to ACP Chat');
    await expect.poll(() => cb.chat.getByTestId('attachment').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('notes.md')]);
  });

  test('the status bar names the running agent; its menu offers the agent’s actions', async () => {
    const item = cb.page.locator('.statusbar-item', { has: cb.page.locator('.codicon-comment-discussion') });
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    const qp = await readQuickPick(cb.page);
    expect(qp.title).toBe('ACP Chat Agent');
    expect(qp.items).toEqual(['Restart Agent', 'Sign Out', 'New Chat', 'Show Chats…', 'Show MCP Servers', 'Show Log']);
    await cb.page.keyboard.press('Escape');
  });
});
