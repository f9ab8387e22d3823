// The chat in the workbench's themes, and its accessibility: the webview follows the theme the user switches to with
// the theme picker while the chat is open (its body's theme class and VS Code's colour variables), and axe-core's rules
// (WCAG 2.x A and AA and its best practices, colour contrast measured on the rendered colours) hold in the chat's own
// frame, in the side bar and in an editor tab ("Open Chat in Editor" shows the same chat), in the dark, light and
// high-contrast themes, for an empty chat and for a chat holding a finished turn with a changed file, a denied call,
// an error and a running turn waiting on an approval. No serious or critical violation; no control runs past the frame
// or clips its label without a tooltip. Each state and theme is photographed.
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiError, bash, text, write } from '../../fixtures/fakeAnthropic';
import { lastToolCard, sendPrompt, tidyWorkbench, TURN_MS, waitTurnIdle, type ChatBed } from '../chatBed';
import { audit, THEMES } from '../a11yAudit';
import { ACP_CHAT_EXTENSION_ID, pickQuickPickItem, runCommand, screenshot, webviewFrame } from '../harness';

export function accessibilitySuite(bed: () => ChatBed): void {
  describe('ACP Chat e2e: themes and accessibility, in the side bar and a tab', () => {
    let cb: ChatBed;

    beforeAll(async () => {
      cb = bed();
      await tidyWorkbench(cb, { newSession: true });
      await runCommand(cb.page, 'ACP Chat: Open Chat in Editor');
      await visibleChats().nth(1).waitFor({ timeout: 30_000 });
      for (const { frame } of await surfaces()) await frame.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    });

    const visibleChats = () => cb.page.locator(`iframe.webview[src*="extensionId=${ACP_CHAT_EXTENSION_ID}&"]`).locator('visible=true');

    /** The side bar's chat and the tab's, told apart by where they are on screen. */
    async function surfaces(): Promise<{ name: string; frame: FrameLocator }[]> {
      const boxes = await visibleChats().evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
      const order = boxes.map((left, index) => ({ left, index })).sort((a, b) => a.left - b.left);
      return order.map(({ index }, i) => ({ name: i === 0 ? 'side bar' : 'tab', frame: webviewFrame(cb.page, { extensionId: ACP_CHAT_EXTENSION_ID, index }) }));
    }

    /** Every theme, every surface: audited and photographed; returns what each found. */
    async function auditEverywhere(state: string): Promise<string[]> {
      const lines: string[] = [];
      for (const theme of THEMES) {
        await runCommand(cb.page, 'Preferences: Color Theme');
        await pickQuickPickItem(cb.page, theme.name);
        await expect.poll(async () => ((await cb.page.locator('.monaco-workbench').getAttribute('class')) ?? '').split(/\s+/), { timeout: 15_000 }).toContain(theme.workbench);
        for (const { name, frame } of await surfaces()) {
          // The open chat restyles: its body's class, and its colours from the theme's variables.
          await expect.poll(() => frame.locator('body').getAttribute('class'), { timeout: 15_000 }).toContain(theme.body);
          const background = await frame.locator('body').evaluate((b) => getComputedStyle(b).getPropertyValue('--vscode-editor-background').trim().toLowerCase());
          expect(background, `${name}, ${theme.name}: the editor background`).toBe(theme.editorBackground);
          const found = await audit(frame);
          const serious = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(serious, `${state}, ${name} (${found.width} px), ${theme.name}: serious or critical violations`).toEqual([]);
          expect(found.clipped, `${state}, ${name}, ${theme.name}: clipped controls`).toEqual([]);
          lines.push(`${state} | ${name} ${found.width} px | ${theme.name} | lowest text contrast ${found.lowestContrast?.toFixed(2) ?? 'none'}:1 | other findings: ${found.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || 'none'}`);
        }
        await screenshot(cb.page, `a11y-${state.replace(/\W+/g, '-')}-${theme.body}`);
      }
      return lines;
    }

    test('an empty chat', async () => {
      const lines = await auditEverywhere('empty chat');
      console.log(`[e2e] accessibility:\n${lines.join('\n')}`);
      expect(lines).toHaveLength(THEMES.length * 2);
      // The session's other settings, in the composer's "More" menu: whole on screen in the narrow side bar too.
      const side = (await surfaces())[0]!;
      const panel = side.frame.locator('.config-more-panel');
      await side.frame.getByTestId('config-more').click();
      await panel.waitFor({ state: 'visible', timeout: 10_000 });
      const found = await audit(side.frame);
      expect(found.clipped, 'the More menu in the side bar').toEqual([]);
      expect(found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), 'the More menu in the side bar').toEqual([]);
      await screenshot(cb.page, 'a11y-more-menu');
      await cb.page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden', timeout: 10_000 });
    });

    test('a finished turn with a changed file, a denied call, an error, and a running turn waiting on an approval', async () => {
      const file = join(cb.workspace, 'a11y.txt');
      cb.fake.setScript([write(file, 'accessible\n'), text('Wrote **a11y.txt**.')]);
      await sendPrompt(cb, 'write a11y.txt');
      await lastToolCard(cb, 'a11y.txt').locator('[data-option-id="allow-once"]').click({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      await cb.chat.getByTestId('changed-files').waitFor({ timeout: TURN_MS });

      cb.fake.setScript([bash('rm -rf build'), text('Understood, I left it.')]);
      await sendPrompt(cb, 'clean the build');
      await lastToolCard(cb, 'rm -rf build').locator('[data-kind="reject_once"]').click({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      await expect.poll(() => lastToolCard(cb, 'rm -rf build').getAttribute('data-status'), { timeout: TURN_MS }).toBe('denied');

      // Claude Code tries a 400 again in a new request: every one fails, so the turn ends with the error.
      cb.fake.setScript(Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', 'The request names an unknown tool.')));
      await sendPrompt(cb, 'summarise everything');
      await waitTurnIdle(cb);
      await cb.chat.locator('[data-entry-kind="error"]').last().waitFor({ timeout: TURN_MS });

      cb.fake.setScript([bash('touch waiting.txt'), text('Touched.')]);
      await sendPrompt(cb, 'touch waiting.txt');
      const waiting = lastToolCard(cb, 'touch waiting.txt').locator('[data-option-id="allow-once"]');
      await waiting.waitFor({ timeout: TURN_MS });

      const lines = await auditEverywhere('turns');
      console.log(`[e2e] accessibility:\n${lines.join('\n')}`);
      expect(lines).toHaveLength(THEMES.length * 2);

      await waiting.click();
      await waitTurnIdle(cb);
    });
  });
}
