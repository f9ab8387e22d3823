// One approval order on every surface, at 290 px in the dark, light and high-contrast themes (axe on the chat): the
// chat's card and the QuickPick list the answers the same way (allow once, deny, then the broader grant), the
// QuickPick leads with Yes and highlights it, and ends with a row that does not answer; a diff opened for an edit's
// approval carries the same answers as words in its title bar. The default surface (QuickPick) is on, as for a user.
import { join } from 'node:path';
import { expect, test, describe, beforeAll } from 'vitest';
import { text, toolUse, write } from '../fixtures/fakeAnthropic';
import { expectAccessible, THEMES, useTheme } from './a11yAudit';
import { lastToolCard, sendPrompt, TURN_MS, useChatBed, waitTurnIdle, type ChatBed } from './chatBed';
import { readQuickPick } from './harness';
import { sizeSideBar } from './sideBarWidth';

const SIDE_BAR_PX = 290;

describe('ACP Chat e2e: one approval order on every surface, at 290 px', () => {
  const bed = useChatBed();
  let cb: ChatBed;

  beforeAll(async () => {
    cb = bed();
    await sizeSideBar(cb.page, SIDE_BAR_PX);
  });

  /** Closes the approval's QuickPick with its Answer later row, ↑ from Yes: the request keeps waiting in the chat. */
  async function answerLater(): Promise<void> {
    const widget = cb.page.locator('.quick-input-widget');
    if (!(await widget.isVisible())) return;
    await widget.locator('input.input').click();
    await expect.poll(async () => (await readQuickPick(cb.page)).active?.trim()).toBe('Yes');
    await cb.page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await readQuickPick(cb.page)).active?.trim()).toBe('Answer later (the request waits in the chat)');
    await cb.page.keyboard.press('Enter');
    await widget.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => cb.page.locator('.statusbar-item', { hasText: '1 approval waiting' }).count()).toBe(1);
  }

  /** The pending approval's QuickPick, shown again from the status bar (a theme change's own picker replaced it). */
  async function showApprovalPick(): Promise<Awaited<ReturnType<typeof readQuickPick>>> {
    await cb.page.locator('.statusbar-item', { hasText: '1 approval waiting' }).click();
    await expect.poll(async () => (await readQuickPick(cb.page)).title ?? '', { timeout: 10_000 }).toMatch(/^Run this command\?/);
    return readQuickPick(cb.page);
  }

  test('the card and the QuickPick: allow once, deny, then the broader grant; Yes first and highlighted, in each theme', { timeout: 240_000 }, async () => {
    cb.fake.setScript([toolUse('Bash', { command: 'npm publish', description: 'Publish the package' }, 'I will publish it.'), text('Not published.')]);
    await sendPrompt(cb, 'publish it');
    const card = cb.chat.locator('[data-testid="tool-card"][data-kind="execute"]').last();
    await card.getByTestId('permission-option').first().waitFor({ timeout: TURN_MS });
    const cardAnswers = await card.locator('[data-testid="permission-option"] .perm-label').allInnerTexts();
    const cardKinds = await card.getByTestId('permission-option').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(cardKinds).toEqual(['allow_once', 'reject_once', 'allow_always']);

    for (const theme of THEMES) {
      await answerLater();
      await useTheme(cb.page, cb.chat, theme);
      const where = theme.name;
      const qp = await showApprovalPick();
      const answers = qp.items.map((i) => i.trim()).filter((i) => cardAnswers.includes(i));
      expect(answers, `${where}: the QuickPick's answers in the card's order`).toEqual(cardAnswers);
      expect(qp.items[0]?.trim(), `${where}: the first row`).toBe('Yes');
      expect(qp.active?.trim(), `${where}: the highlighted row`).toBe('Yes');
      // ↑ from Yes wraps to the last row: one that does not answer.
      expect(qp.items.at(-1)?.trim(), `${where}: the last row`).toBe('Answer later (the request waits in the chat)');
      await expectAccessible(cb.chat, `the card waiting, ${where}`);
    }
    // No, with the keyboard: one ↓ from Yes (the keys go to the QuickPick's box).
    await cb.page.locator('.quick-input-widget input.input').click();
    await cb.page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await readQuickPick(cb.page)).active?.trim()).toBe('No');
    await cb.page.keyboard.press('Enter');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: TURN_MS }).toBe('denied');
    await waitTurnIdle(cb);
  });

  test('a diff opened for an edit’s approval answers in words, in the same order, in each theme', { timeout: 240_000 }, async () => {
    const name = 'worded.txt';
    cb.fake.setScript([write(join(cb.workspace, name), 'worded\n'), text('Done.')]);
    await sendPrompt(cb, `create ${name}`);
    const card = lastToolCard(cb, name);
    await card.getByTestId('permission-option').first().waitFor({ timeout: TURN_MS });
    // The QuickPick asked first; Answer later leaves the request waiting, and the card's Open diff opens the change.
    await readQuickPick(cb.page);
    await answerLater();
    await card.getByTestId('open-diff').first().click();
    const actions = cb.page.locator('.editor-group-container.active .editor-actions .action-label');
    const words = () =>
      actions.evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? '').filter((t) => ['Yes', 'No', "Yes, and Don't Ask Again…"].includes(t)));
    for (const theme of THEMES) {
      await useTheme(cb.page, cb.chat, theme);
      await expect.poll(words, { timeout: 10_000 }).toEqual(['Yes', 'No', "Yes, and Don't Ask Again…"]);
      // Words, not bare icons: no answer in the title bar is an icon alone.
      const iconOnly = await cb.page
        .locator(
          '.editor-group-container.active .editor-actions .action-label[aria-label^="Yes"], .editor-group-container.active .editor-actions .action-label[aria-label^="No ("]',
        )
        .evaluateAll((els) => els.filter((e) => (e.textContent ?? '').trim() === '').length);
      expect(iconOnly, `${theme.name}: answers shown as icons alone`).toBe(0);
      await expectAccessible(cb.chat, `a diff's approval, ${theme.name}`);
    }
    await actions.filter({ hasText: /^Yes$/ }).click();
    await expect.poll(() => card.getByTestId('permission-outcome').textContent(), { timeout: TURN_MS }).toBe('Allowed once by you');
    await waitTurnIdle(cb);
  });
});
