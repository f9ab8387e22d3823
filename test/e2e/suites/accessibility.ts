// The chat in the workbench's themes, and its accessibility: the webview follows the theme the user switches to with
// the theme picker while the chat is open (its body's theme class and VS Code's colour variables), and axe-core's rules
// (WCAG 2.x A and AA and its best practices, colour contrast measured on the rendered colours) hold in the chat's own
// frame, in the side bar and in an editor tab ("Open Chat in Editor" shows the same chat), in the dark, light and
// high-contrast themes, in each state a user meets: an empty chat, a finished turn with a changed file, a denied call,
// an error, a running turn and an approval waiting (signing in: signIn.e2e; no folder: noFolder.e2e). No serious or
// critical violation; no control runs past the frame or clips its label without a tooltip. Each state and theme is
// photographed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiError, bash, held, text, toolUse, write } from '../../fixtures/fakeAnthropic';
import { lastToolCard, sendPrompt, tidyWorkbench, TURN_MS, waitTurnIdle, type ChatBed } from '../chatBed';
import { audit, auditInThemes, chatSurfaces, THEMES } from '../a11yAudit';
import { ACP_CHAT_EXTENSION_ID, runCommand, screenshot } from '../harness';

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
    const surfaces = () => chatSurfaces(cb.page);

    test('an empty chat', async () => {
      expect(await auditInThemes(cb.page, 'empty chat', 2)).toHaveLength(THEMES.length * 2);
      // The session's other settings, in the composer's "More" menu: whole on screen in the narrow side bar too.
      const side = (await surfaces())[0]!;
      const panel = side.frame.locator('.config-more-panel');
      await side.frame.getByTestId('config-more').click();
      await panel.waitFor({ state: 'visible', timeout: 10_000 });
      const found = await audit(side.frame);
      expect(found.clipped, 'the More menu in the side bar').toEqual([]);
      expect(
        found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        'the More menu in the side bar',
      ).toEqual([]);
      await screenshot(cb.page, 'a11y-more-menu');
      await cb.page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden', timeout: 10_000 });
    });

    test('each state of a conversation: a finished turn with a changed file, a denied call, an error, a running turn, an approval waiting', async () => {
      const states = (lines: string[]) => expect(lines).toHaveLength(THEMES.length * 2);
      const file = join(cb.workspace, 'a11y.txt');
      // Three reads (which do not ask) fold into one line; the write asks and keeps its card.
      const sources = ['one', 'two', 'three'].map((n) => join(cb.workspace, `source-${n}.md`));
      for (const f of sources) writeFileSync(f, `# ${f}\n`);
      cb.fake.setScript([...sources.map((f) => toolUse('Read', { file_path: f })), write(file, 'accessible\n'), text('Wrote **a11y.txt**.')]);
      await sendPrompt(cb, 'write a11y.txt');
      await lastToolCard(cb, 'a11y.txt').locator('[data-option-id="allow-once"]').click({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      await cb.chat.getByTestId('changed-files').last().waitFor({ timeout: TURN_MS });
      const folded = cb.chat.getByTestId('tool-group').last();
      expect([await folded.getAttribute('data-count'), await folded.getByTestId('tool-group-toggle').innerText()]).toEqual([
        '3',
        expect.stringMatching(/^Read 3 files\s+Completed$/),
      ]);
      states(await auditInThemes(cb.page, 'finished turn with changed files', 2));

      cb.fake.setScript([bash('rm -rf build'), text('Understood, I left it.')]);
      await sendPrompt(cb, 'clean the build');
      await lastToolCard(cb, 'rm -rf build').locator('[data-kind="reject_once"]').click({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      await expect.poll(() => lastToolCard(cb, 'rm -rf build').getAttribute('data-status'), { timeout: TURN_MS }).toBe('denied');
      states(await auditInThemes(cb.page, 'denied call', 2));

      // Claude Code tries a 400 again in a new request: every one fails, so the turn ends with the error.
      cb.fake.setScript(Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', 'The request names an unknown tool.')));
      await sendPrompt(cb, 'summarise everything');
      await waitTurnIdle(cb);
      await cb.chat.locator('[data-entry-kind="error"]').last().waitFor({ timeout: TURN_MS });
      await cb.chat.getByTestId('notice').waitFor({ state: 'visible', timeout: TURN_MS });
      states(await auditInThemes(cb.page, 'error', 2));

      // A turn the model has not answered yet: running, with Stop in the composer.
      let answer!: () => void;
      cb.fake.setScript([held(text('Here is the summary.'), new Promise<void>((r) => (answer = r)))]);
      await sendPrompt(cb, 'summarise again');
      await cb.chat.getByTestId('stop').waitFor({ state: 'visible', timeout: TURN_MS });
      states(await auditInThemes(cb.page, 'running turn', 2));
      answer();
      await waitTurnIdle(cb);

      cb.fake.setScript([bash('touch waiting.txt'), text('Touched.')]);
      await sendPrompt(cb, 'touch waiting.txt');
      const waiting = lastToolCard(cb, 'touch waiting.txt').locator('[data-option-id="allow-once"]');
      await waiting.waitFor({ timeout: TURN_MS });
      states(await auditInThemes(cb.page, 'approval waiting', 2));

      await waiting.click();
      await waitTurnIdle(cb);
    });
  });
}
