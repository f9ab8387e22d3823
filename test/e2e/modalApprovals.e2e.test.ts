// Approvals in a modal dialog (acpChat.permissions.prompt = modal), answered with a click, and a modal left on screen
// by a dead agent: its late answer is discarded. A bed of its own: the web workbench does not reload a settings file
// edited behind its back, so the setting is given at the start.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bash, text } from '../fixtures/fakeAnthropic';
import { adapterPid, lastToolCard, sendPrompt, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { screenshot } from './harness';

describe('ACP Chat e2e: approvals in a modal dialog (acpChat.permissions.prompt = modal)', () => {
  const bed = useChatBed({ theme: 'light', settings: { 'acpChat.permissions.prompt': 'modal' } });

  test('a Bash approval is a dialog whose buttons answer it', async () => {
    const cb = bed();

    const file = join(cb.workspace, 'from-modal.txt');
    cb.fake.setScript([bash(`touch ${file}`), text('Touched.')]);
    await sendPrompt(cb, 'touch the other file');
    const dialog = cb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: TURN_MS });
    // The question, the whole command, and what the dialog's own Cancel does.
    expect(await dialog.locator('.dialog-message-text').textContent()).toBe('Run this command?');
    expect(await dialog.textContent()).toContain(`touch ${file}`);
    expect(await dialog.locator('.dialog-message-detail').textContent()).toContain('Cancel closes this dialog; the request keeps waiting in the chat.');
    const buttons = (await dialog.locator('.dialog-buttons .monaco-button').allTextContents()).map((t) => t.trim());
    expect(buttons).toEqual(expect.arrayContaining(['Yes', 'No']));
    expect(await cb.page.locator('.quick-input-widget').isVisible()).toBe(false);
    await screenshot(cb.page, 'permission-modal-light');

    expect(existsSync(file)).toBe(false);
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Yes$/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => existsSync(file), { timeout: TURN_MS }).toBe(true);
    const outcome = lastToolCard(cb, `touch ${file}`).getByTestId('permission-outcome');
    await expect.poll(() => outcome.textContent(), { timeout: 10_000 }).toBe('Allowed once by you');
    await waitTurnIdle(cb);
  });

  // The same bed: the turn above has ended, and nothing of it is pending.
  test('the agent killed while its modal approval is on screen: the turn ends with an error, the approval is cancelled, a late click writes nothing, the next prompt works', async () => {
    const cb = bed();
    const file = join(cb.workspace, 'never-after-kill.txt');
    cb.fake.setScript([bash(`touch ${file}`), text('Touched.')]);
    await sendPrompt(cb, 'touch it, then get killed');
    const dialog = cb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: TURN_MS });
    process.kill(adapterPid(cb.workspace), 'SIGKILL');

    await cb.chat.getByTestId('error').last().waitFor({ state: 'visible', timeout: TURN_MS });
    await waitTurnIdle(cb);
    const outcome = lastToolCard(cb, `touch ${file}`).getByTestId('permission-outcome');
    await expect.poll(() => outcome.textContent(), { timeout: 10_000 }).toBe('Cancelled (agent exited)');
    // A modal cannot be closed by an extension: it stays until clicked, and its late answer is discarded.
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Yes$/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    // The late answer is recorded on the card as expired, not sent anywhere.
    await expect.poll(() => outcome.textContent(), { timeout: 10_000 }).toBe('Expired (agent exited)');

    cb.fake.setScript([text('Back after the crash.')]);
    await sendPrompt(cb, 'still there?');
    await cb.chat.getByTestId('transcript').getByText('Back after the crash.').waitFor({ state: 'visible', timeout: 60_000 });
    await waitTurnIdle(cb);
    expect(existsSync(file)).toBe(false);
    expect(await dialog.isVisible()).toBe(false);
  });
});
