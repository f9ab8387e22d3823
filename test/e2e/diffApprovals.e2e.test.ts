// Answering an approval from the diff of its edit: the card's Open diff opens the proposal, whose title bar carries the
// request's own choices as words (Yes, No, and Yes, and Don't Ask Again… when offered). Answering there answers that
// request (the agent gets the option, the card shows it, the diff closes); a diff whose request was answered elsewhere
// loses its actions; the broader answer, confirmed against the agent's label, gives the grant, after which the
// conversation's next Write does not ask.
// Approvals are answered in the chat (acpChat.permissions.prompt = inline), so no QuickPick competes; Manual mode asks
// before a Write.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { text, write } from '../fixtures/fakeAnthropic';
import { activeTabTitle, lastToolCard, sendPrompt, TURN_MS, useChatBed, waitTurnIdle, type ChatBed } from './chatBed';
import { runCommand, screenshot } from './harness';

/** An action of the active editor group's title bar, by its title (its aria-label adds the key binding). */
const ALWAYS = "Yes, and Don't Ask Again…";

function titleAction(cb: ChatBed, title: string): Locator {
  const actions = '.editor-group-container.active .editor-actions .action-label';
  return cb.page.locator(`${actions}[aria-label="${title}"], ${actions}[aria-label^="${title} ("]`);
}

/** The editor tabs whose label starts with `name`. */
function tabsOf(cb: ChatBed, name: string): Locator {
  return cb.page.locator('.tabs-container .tab', { has: cb.page.locator('.label-name', { hasText: name }) });
}

/** Sends a prompt whose reply is a Write of `name`, and waits for its card to ask; returns the card. */
async function askToWrite(cb: ChatBed, name: string, content: string): Promise<Locator> {
  cb.fake.setScript([write(join(cb.workspace, name), content), text(`Done with ${name}.`)]);
  await sendPrompt(cb, `create ${name}`);
  const card = lastToolCard(cb, name);
  await card.locator('[data-testid="permission-option"][data-option-id]').first().waitFor({ timeout: TURN_MS });
  return card;
}

/** Clicks the card's Open diff and waits for the diff editor of `name` to be the active tab. */
async function openDiffFromCard(cb: ChatBed, card: Locator, name: string): Promise<void> {
  await card.getByTestId('open-diff').first().click();
  await cb.page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible', timeout: 10_000 });
  await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')} \\(new file\\)`));
}

describe('ACP Chat e2e: answering an approval from its diff', () => {
  const bed = useChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });

  test('Yes in the diff title bar allows the Write: the file is written, the card says so, the diff closes', async () => {
    const cb = bed();
    const name = 'allowed-from-diff.txt';
    const file = join(cb.workspace, name);
    const card = await askToWrite(cb, name, 'allowed from the diff\n');
    const offered = await card.locator('[data-testid="permission-option"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option-id')));
    // A Write inside the workspace in Manual mode: Claude Code offers once, its session's "allow all edits", and no.
    expect(offered.sort()).toEqual(['allow-once', 'allow-with-updates', 'reject']);

    await openDiffFromCard(cb, card, name);
    const allow = titleAction(cb, 'Yes');
    await allow.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await titleAction(cb, 'No').isVisible()).toBe(true);
    // The request offers one allow_always option (the adapter's session rule): its answer is in the title bar too.
    expect(await titleAction(cb, ALWAYS).isVisible()).toBe(true);
    expect(await allow.getAttribute('aria-label')).toBe('Yes (Ctrl+K Y)');
    // The answers are words, in the approval order of every surface (allow once, deny, then the broader grant).
    const words = await cb.page
      .locator('.editor-group-container.active .editor-actions .action-label')
      .evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? '').filter((t) => ['Yes', 'No', "Yes, and Don't Ask Again…"].includes(t)));
    expect(words).toEqual(['Yes', 'No', ALWAYS]);
    await screenshot(cb.page, 'diff-approval-actions');
    expect(existsSync(file)).toBe(false);

    await allow.click();
    await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8'), { timeout: TURN_MS }).toBe('allowed from the diff\n');
    await expect.poll(() => card.getByTestId('permission-outcome').textContent(), { timeout: 10_000 }).toBe('Allowed once by you');
    await expect.poll(() => tabsOf(cb, name).count(), { timeout: 10_000 }).toBe(0);
    await waitTurnIdle(cb);
    const told = cb.fake.toolResults().at(-1);
    expect(told?.isError).toBe(false);
  });

  test('No (Ctrl+K N in the diff) reaches the agent as the reject option: nothing is written, the card says Denied by you', async () => {
    const cb = bed();
    const name = 'denied-from-diff.txt';
    const file = join(cb.workspace, name);
    const card = await askToWrite(cb, name, 'never written\n');
    await openDiffFromCard(cb, card, name);
    await titleAction(cb, 'No').waitFor({ state: 'visible', timeout: 10_000 });

    // The key binding works where the diff has the focus, as a user reading it would press it.
    await cb.page.locator('.monaco-diff-editor .editor.modified .view-lines').first().click();
    await cb.page.keyboard.press('Control+K');
    await cb.page.keyboard.press('N');
    await expect.poll(() => card.getByTestId('permission-outcome').textContent(), { timeout: TURN_MS }).toBe('Denied by you');
    await expect.poll(() => tabsOf(cb, name).count(), { timeout: 10_000 }).toBe(0);
    await waitTurnIdle(cb);
    expect(await card.locator('.tool-status-label').textContent()).toBe('Denied by you');
    expect(existsSync(file)).toBe(false);
    // Claude Code tells the model the user refused: the reject option reached it.
    const told = cb.fake.toolResults().at(-1);
    expect(told?.isError).toBe(true);
    expect(told?.text).toContain('User refused permission');
  });

  test('a diff whose request is answered on the card loses its actions and stays open', async () => {
    const cb = bed();
    const name = 'answered-on-card.txt';
    const file = join(cb.workspace, name);
    const card = await askToWrite(cb, name, 'from the card\n');
    await openDiffFromCard(cb, card, name);
    const allow = titleAction(cb, 'Yes');
    await allow.waitFor({ state: 'visible', timeout: 10_000 });

    await card.locator('[data-testid="permission-option"][data-option-id="allow-once"]').click();
    await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8'), { timeout: TURN_MS }).toBe('from the card\n');
    await allow.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await titleAction(cb, 'No').count()).toBe(0);
    expect(await tabsOf(cb, name).count()).toBe(1);
    await waitTurnIdle(cb);
    await runCommand(cb.page, 'View: Close All Editors');
  });

  // Last: the grant lasts for the conversation, so no Write after it in this chat would ask.
  test('Yes, and Don’t Ask Again… in the diff title bar, confirmed against the agent’s label, gives the broader grant: the Write is allowed, and the next one in this conversation does not ask', async () => {
    const cb = bed();
    const name = 'always-from-diff.txt';
    const file = join(cb.workspace, name);
    const card = await askToWrite(cb, name, 'always from the diff\n');
    await openDiffFromCard(cb, card, name);
    const always = titleAction(cb, ALWAYS);
    await always.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await always.getAttribute('aria-label')).toBe(`${ALWAYS} (Ctrl+K Shift+Y)`);

    await always.click();
    // The title bar's short words are confirmed against the agent's own label of the lasting answer, shown whole.
    const dialog = cb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await dialog.innerText()).toContain('Answer "Yes, allow all edits during this session"?');
    expect(existsSync(file)).toBe(false);
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Yes, and Don't Ask Again$/ }).click();
    await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8'), { timeout: TURN_MS }).toBe('always from the diff\n');
    // The agent got its allow_always option, by name: the session's rule, not a one-time yes.
    await expect
      .poll(() => card.getByTestId('permission-outcome').textContent(), { timeout: 10_000 })
      .toBe('Allowed by you: Yes, allow all edits during this session');
    await expect.poll(() => tabsOf(cb, name).count(), { timeout: 10_000 }).toBe(0);
    await waitTurnIdle(cb);
    expect(cb.fake.toolResults().at(-1)?.isError).toBe(false);
    // What it did, read from Claude Code's settings files: none changed, the grant is the conversation's.
    await expect
      .poll(() => card.getByTestId('permission-grant').textContent(), { timeout: 10_000 })
      .toBe('No settings file changed: this grant lasts for this chat only.');
    expect(existsSync(join(cb.workspace, '.claude', 'settings.local.json'))).toBe(false);

    // Its effect: the next Write in this conversation is made without a question (had it asked, nothing would answer
    // and the file would not appear).
    const next = 'after-always.txt';
    cb.fake.setScript([write(join(cb.workspace, next), 'no question\n'), text(`Done with ${next}.`)]);
    await sendPrompt(cb, `create ${next}`);
    await expect.poll(() => existsSync(join(cb.workspace, next)) && readFileSync(join(cb.workspace, next), 'utf8'), { timeout: TURN_MS }).toBe('no question\n');
    await waitTurnIdle(cb);
    const nextCard = lastToolCard(cb, next);
    expect(await nextCard.locator('.tool-status-label').textContent()).toBe('Completed');
    expect(await nextCard.locator('[data-testid="permission-option"], [data-testid="permission-outcome"]').count()).toBe(0);
  });
});
