// A window with no folder open, as a user gets it from File > New Window: the chat is a welcome that says why the agent
// cannot start and offers Open Folder (no card repeating it, no Restart that cannot help, no composer to type into),
// audited with axe-core and photographed in the side bar in the light, dark and high-contrast themes. Its button opens
// VS Code's own Open Folder picker.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { auditInThemes, THEMES } from './a11yAudit';
import { captureFailure, startChatBed, type ChatBed } from './chatBed';
import { runCommand } from './harness';

describe('ACP Chat e2e: a window with no folder', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    cb = await startChatBed({ folder: false });
    await runCommand(cb.page, 'ACP Chat: Focus on Chat View');
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test("the chat welcomes the user with Open Folder, which opens VS Code's folder picker", async () => {
    const welcome = cb.chat.getByTestId('empty-state');
    await expect.poll(() => welcome.getAttribute('data-welcome'), { timeout: 30_000 }).toBe('open-folder');
    expect((await welcome.innerText()).split(/\n+/)).toEqual([
      'Open a folder to start',
      'The agent reads and edits the files of the folder you open, and asks you before it changes them.',
      'Open Folder…',
    ]);
    // The view's title names the product once, not "ACP Chat: Chat".
    await expect.poll(() => cb.page.locator('.part.sidebar .composite.title .title-label h2').textContent(), { timeout: 10_000 }).toBe('ACP Chat');
    for (const hidden of ['notice', 'connection-status', 'restart-agent', 'composer-input']) {
      expect(await cb.chat.getByTestId(hidden).isVisible(), `${hidden} is not on screen`).toBe(false);
    }
    expect(await auditInThemes(cb.page, 'no folder', 1)).toHaveLength(THEMES.length);
    await cb.chat.getByTestId('open-folder').click();
    const picker = cb.page.locator('.quick-input-widget');
    await picker.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => picker.locator('.quick-input-title').innerText()).toMatch(/^Open Folder/);
    await cb.page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden', timeout: 10_000 });
  });
});
