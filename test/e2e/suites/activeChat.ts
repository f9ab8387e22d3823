// One chat, wherever it is shown, driven as a person does: a click into a chat makes it the one the user is in, and
// "Add Selection to Chat" from the palette puts the editor's selection into that chat's composer, not the other's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ACP_CHAT_EXTENSION_ID, runCommand, runCommandKeepingSelection, webviewFrame } from '../harness';
import { AGENT_START_MS, cursorStatus, quickOpen, tidyWorkbench, type ChatBed } from '../chatBed';

export function activeChatSuite(bed: () => ChatBed): void {
  describe('ACP Chat e2e: commands act on the chat the user is in', () => {
    let cb: ChatBed;

    beforeAll(async () => {
      cb = bed();
      await tidyWorkbench(cb);
    });

    test('Add Selection to Chat goes to the chat clicked last: a tab, then the side view', async () => {
      writeFileSync(join(cb.workspace, 'pick-me.txt'), 'first line\nsecond line\n');
      const { page } = cb;
      // The file in the first editor group, a chat tab in a second one beside it: both chats and the editor on screen.
      await quickOpen(page, join(cb.workspace, 'pick-me.txt'));
      const editor = page.locator('.editor-instance .monaco-editor').first();
      await editor.waitFor({ state: 'visible', timeout: 15_000 });
      await runCommand(page, 'View: Split Editor Right');
      await runCommand(page, 'ACP Chat: New Chat in Editor');
      const frames = [0, 1].map((index) => webviewFrame(page, { extensionId: ACP_CHAT_EXTENSION_ID, index }));
      for (const f of frames) await f.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });
      const chips = (i: number) => frames[i]!.getByTestId('attachment').count();

      for (const [i, other] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const before = [await chips(0), await chips(1)];
        // Into this chat, then back to the text, as a person does before choosing the command.
        await frames[i]!.getByTestId('composer-input').click();
        await editor.click();
        await page.keyboard.press('Control+A');
        await expect.poll(() => cursorStatus(page).textContent(), { timeout: 10_000 }).toMatch(/selected\)/);
        await runCommandKeepingSelection(page, 'ACP Chat: Add Selection to Chat');
        await expect.poll(() => chips(i), { timeout: 15_000 }).toBe(before[i]! + 1);
        expect(await chips(other)).toBe(before[other]);
      }
    });
  });
}
