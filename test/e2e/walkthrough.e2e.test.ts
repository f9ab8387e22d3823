// The walkthrough in the real workbench, opened before the chat as a new user meets it: its steps complete as the user
// does them. With Claude Code found and a key set, opening the chat completes the first three; sending a prompt,
// answering its approval and keeping the change in the editor complete the rest. (VS Code completes a step on a change
// it sees: a state already true when the walkthrough service starts does not count.)
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { text, write } from '../fixtures/fakeAnthropic';
import { activeTabTitle, captureFailure, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { pickQuickPickItem, runCommand, screenshot } from './harness';

const STEPS = ['Open the chat', 'Get Claude Code', 'Sign in', 'Ask for a change', 'Answer an approval', 'Review the change'];

describe('ACP Chat e2e: the walkthrough', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    cb = await startChatBed();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  /** Each step's title with whether the walkthrough shows it done. */
  async function steps(): Promise<Array<[string, boolean]>> {
    return cb.page
      .locator('.getting-started-step')
      .evaluateAll((els) =>
        els.map(
          (el) =>
            [el.querySelector('.step-title')?.textContent?.trim() ?? '', !!el.querySelector('.codicon-getting-started-step-checked')] as [string, boolean],
        ),
      );
  }

  async function openWalkthrough(): Promise<void> {
    await runCommand(cb.page, 'Welcome: Open Walkthrough...');
    await pickQuickPickItem(cb.page, 'Get Started with ACP Chat');
  }

  test('its steps complete as the user does them', async () => {
    await openWalkthrough();
    await expect.poll(async () => (await steps()).map(([title]) => title), { timeout: 15_000 }).toEqual(STEPS);
    await expect.poll(steps, { timeout: 15_000 }).toEqual(STEPS.map((s) => [s, false]));
    await openChat(cb);
    // The commands' Escape took the Welcome page back to its overview: open the walkthrough again.
    await openWalkthrough();
    await expect.poll(steps, { timeout: 30_000 }).toEqual(STEPS.map((s, i) => [s, i < 3]));
    await screenshot(cb.page, 'walkthrough-started');

    const file = join(cb.workspace, 'hello.md');
    cb.fake.setScript([write(file, '# Hello\n'), text('Wrote it.')]);
    await cb.chat.getByTestId('composer-input').click();
    await sendPrompt(cb, 'write a hello file');
    const allow = cb.chat.getByTestId('permission').last().locator('[data-testid="permission-option"][data-kind="allow_once"]');
    await allow.click({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    // The turn's card opens the file it wrote, where the change waits for Keep or Undo.
    await cb.chat.getByTestId('changed-file').first().locator('.changed-file-name').click();
    await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(/^hello\.md/);
    await runCommand(cb.page, 'ACP Chat: Keep All Changes by the Agent');

    await openWalkthrough();
    await expect.poll(steps, { timeout: 15_000 }).toEqual(STEPS.map((s) => [s, true]));
  });
});
