// The approval surfaces outside the chat webview, answered in the real workbench like a user does: the QuickPick
// (the default, acpChat.permissions.prompt = quickPick) with the keyboard, and the modal dialog with a click.
// One bed per setting (the web workbench does not reload a settings file edited behind its back).
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { bash, text } from '../fixtures/fakeAnthropic';
import { captureFailure, lastToolCard, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { readQuickPick, screenshot } from './harness';

/** The adapter this bed's extension started: its script in the command line, its working directory the workspace. */
function adapterPid(workspace: string): number {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('claude-agent-acp/dist/') && readlinkSync(`/proc/${p}/cwd`) === workspace;
    } catch {
      return false; // gone meanwhile, or not ours to read
    }
  });
  expect(pids).toHaveLength(1);
  return Number(pids[0]);
}

function withChatBed(opts: Parameters<typeof startChatBed>[0]): () => ChatBed {
  let cb: ChatBed | undefined;
  beforeAll(async () => {
    cb = await startChatBed(opts);
    await openChat(cb);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });
  afterAll(async () => {
    await cb?.stop();
  });
  return () => {
    if (!cb) throw new Error('the bed did not start');
    return cb;
  };
}

describe('ACP Chat e2e: approvals in the workbench QuickPick (the default)', () => {
  const bed = withChatBed({ theme: 'dark' });

  test('a Bash approval in the workbench QuickPick is answered with the keyboard', async () => {
    const cb = bed();
    const file = join(cb.workspace, 'from-quickpick.txt');
    cb.fake.setScript([bash(`touch ${file}`), text('Touched.')]);
    await sendPrompt(cb, 'touch the file');
    const qp = await readQuickPick(cb.page, { timeoutMs: TURN_MS });
    expect(qp.title).toBe(`touch ${file}`);
    const yes = qp.items.findIndex((i) => /(^|\s)Yes$/.test(i));
    expect(yes, `a Yes item in ${qp.items.join(' | ')}`).toBeGreaterThanOrEqual(0);
    expect(qp.items.some((i) => /(^|\s)No$/.test(i)), 'a No item').toBe(true);
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

describe('ACP Chat e2e: approvals in a modal dialog (acpChat.permissions.prompt = modal)', () => {
  const bed = withChatBed({ theme: 'light', settings: { 'acpChat.permissions.prompt': 'modal' } });

  test('a Bash approval is a dialog whose buttons answer it', async () => {
    const cb = bed();

    const file = join(cb.workspace, 'from-modal.txt');
    cb.fake.setScript([bash(`touch ${file}`), text('Touched.')]);
    await sendPrompt(cb, 'touch the other file');
    const dialog = cb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: TURN_MS });
    expect(await dialog.textContent()).toContain(`touch ${file}`);
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
