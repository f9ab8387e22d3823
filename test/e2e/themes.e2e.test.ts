// The chat with a tool card and its inline approval in the high-contrast and light themes: the webview follows the
// workbench theme (also when the user switches it while the chat is open), and screenshots record how each looks.
// (The dark theme's screenshot comes from chat.e2e.test.ts.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { text, write } from '../fixtures/fakeAnthropic';
import { captureFailure, lastToolCard, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { pickQuickPickItem, runCommand, screenshot } from './harness';

describe('ACP Chat e2e: themes', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    cb = await startChatBed({ theme: 'hc', settings: { 'acpChat.permissions.prompt': 'inline' } });
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  /** A Write waiting for its inline approval, photographed, then allowed. */
  async function pendingWriteScreenshot(name: string, fileName: string): Promise<void> {
    const file = join(cb.workspace, fileName);
    cb.fake.setScript([write(file, `${fileName}\n`), text(`Wrote **${fileName}**.`)]);
    await sendPrompt(cb, `create ${fileName}`);
    const card = lastToolCard(cb, fileName);
    const allow = card.locator('[data-testid="permission-option"][data-option-id="allow-once"]');
    await allow.waitFor({ timeout: TURN_MS });
    await card.getByTestId('diff').waitFor({ timeout: 5000 });
    await screenshot(cb.page, name);
    await allow.click();
    await expect.poll(() => existsSync(file), { timeout: TURN_MS }).toBe(true);
    await waitTurnIdle(cb);
  }

  test('high contrast: the webview gets the high-contrast theme', async () => {
    expect(await cb.chat.locator('body').getAttribute('class')).toContain('vscode-high-contrast');
    expect(await cb.page.locator('.monaco-workbench').getAttribute('class')).toContain('hc-black');
    await pendingWriteScreenshot('chat-permission-hc', 'contrast.txt');
  });

  test('switching to the light theme with the theme picker restyles the open chat', async () => {
    await runCommand(cb.page, 'Preferences: Color Theme');
    await pickQuickPickItem(cb.page, 'Light Modern');
    await expect.poll(() => cb.chat.locator('body').getAttribute('class'), { timeout: 15_000 }).toContain('vscode-light');
    // The chat's colours come from the theme's variables: a light editor background now.
    const bg = await cb.chat.locator('body').evaluate((b) => getComputedStyle(b).getPropertyValue('--vscode-editor-background').trim());
    expect(bg.toLowerCase()).toBe('#ffffff');
    await pendingWriteScreenshot('chat-permission-light', 'light.txt');
  });
});
