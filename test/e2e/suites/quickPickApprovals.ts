// Approvals in the workbench QuickPick (the default, acpChat.permissions.prompt = quickPick), answered with the keyboard
// as a user does, and the QuickPick closed as cancelled when the agent dies under it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { bash, text } from '../../fixtures/fakeAnthropic';
import { adapterPid, lastToolCard, sendPrompt, tidyWorkbench, TURN_MS, waitTurnIdle, type ChatBed } from '../chatBed';
import { readQuickPick, screenshot } from '../harness';

export function quickPickApprovalsSuite(bed: () => ChatBed): void {
  describe('ACP Chat e2e: approvals in the workbench QuickPick (the default)', () => {
    beforeAll(async () => {
      await tidyWorkbench(bed());
    });

    test('a Bash approval in the workbench QuickPick is answered with the keyboard', async () => {
      const cb = bed();
      const file = join(cb.workspace, 'from-quickpick.txt');
      cb.fake.setScript([bash(`touch ${file}`), text('Touched.')]);
      await sendPrompt(cb, 'touch the file');
      const qp = await readQuickPick(cb.page, { timeoutMs: TURN_MS });
      // Headed by the question, then the command.
      expect(qp.title).toBe(`Run this command? touch ${file}`);
      const yes = qp.items.findIndex((i) => /(^|\s)Yes$/.test(i));
      expect(yes, `a Yes item in ${qp.items.join(' | ')}`).toBeGreaterThanOrEqual(0);
      expect(
        qp.items.some((i) => /(^|\s)No$/.test(i)),
        'a No item',
      ).toBe(true);
      // The chat shows the same request inline meanwhile, and the status bar counts it (a moment after the QuickPick,
      // which the workbench lays out first).
      await lastToolCard(cb, `touch ${file}`).getByTestId('permission-option').first().waitFor({ timeout: 5000 });
      const waiting = cb.page.locator('.statusbar-item', { hasText: '1 approval waiting' });
      await waiting.waitFor({ timeout: 5000 });
      await screenshot(cb.page, 'permission-quickpick-dark');

      // Real key presses in the QuickPick: move away from the agent's first option and back to Yes, then Enter.
      await cb.page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await readQuickPick(cb.page)).active).not.toBe(qp.active);
      let active = (await readQuickPick(cb.page)).items.indexOf((await readQuickPick(cb.page)).active ?? '');
      for (; active > yes; active--) await cb.page.keyboard.press('ArrowUp');
      for (; active < yes; active++) await cb.page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await readQuickPick(cb.page)).active).toBe(qp.items[yes]);
      expect(existsSync(file)).toBe(false);
      await cb.page.keyboard.press('Enter');

      await expect.poll(() => existsSync(file), { timeout: TURN_MS }).toBe(true);
      await cb.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
      await waiting.waitFor({ state: 'detached', timeout: 10_000 });
      const outcome = lastToolCard(cb, `touch ${file}`).getByTestId('permission-outcome');
      await expect.poll(() => outcome.textContent(), { timeout: 10_000 }).toMatch(/^Allowed/);
      await waitTurnIdle(cb);
    });

    test('the agent killed while the QuickPick and the card wait: both close as cancelled, nothing runs, the next prompt works', async () => {
      const cb = bed();
      const file = join(cb.workspace, 'never-after-quickpick-kill.txt');
      cb.fake.setScript([bash(`touch ${file}`), text('Touched.')]);
      await sendPrompt(cb, 'touch it, then get killed');
      await readQuickPick(cb.page, { timeoutMs: TURN_MS });
      const card = lastToolCard(cb, `touch ${file}`);
      await card.getByTestId('permission-option').first().waitFor({ timeout: 5000 });
      process.kill(adapterPid(cb.workspace), 'SIGKILL');

      await cb.chat.getByTestId('error').last().waitFor({ state: 'visible', timeout: TURN_MS });
      await waitTurnIdle(cb);
      // The QuickPick is the extension's own: it closes; the card shows why, with no button left to click.
      await cb.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
      await expect.poll(() => card.getByTestId('permission-outcome').textContent(), { timeout: 10_000 }).toBe('Cancelled (agent exited)');
      expect(await card.getByTestId('permission-option').count()).toBe(0);
      await cb.page.locator('.statusbar-item', { hasText: /approvals? waiting/ }).waitFor({ state: 'detached', timeout: 10_000 });

      cb.fake.setScript([text('Back after the crash.')]);
      await sendPrompt(cb, 'still there?');
      await cb.chat.getByTestId('transcript').getByText('Back after the crash.').waitFor({ state: 'visible', timeout: 60_000 });
      await waitTurnIdle(cb);
      expect(existsSync(file)).toBe(false);
    });
  });
}
