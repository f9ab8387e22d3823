// Conversations that last, in the real workbench: after Developer: Reload Window the chat shows the same
// conversation and continues it; the history QuickPick (ACP Chat: Open Conversation…) lists the workspace's sessions.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { FAKE_TITLE, text } from '../fixtures/fakeAnthropic';
import { AGENT_START_MS, captureFailure, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { readQuickPick, runCommand, screenshot } from './harness';

describe('ACP Chat e2e: conversations that last', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    cb = await startChatBed();
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test('after Reload Window the conversation is back in the chat and continues', async () => {
    cb.fake.setScript([text('The first answer.')]);
    await sendPrompt(cb, 'remember the word pelican');
    await expect.poll(() => cb.chat.getByTestId('agent-message').last().textContent(), { timeout: TURN_MS }).toContain('The first answer.');
    await waitTurnIdle(cb);
    // The agent names the session (the fake API answers Claude Code's title request).
    await expect.poll(() => cb.chat.getByTestId('session-title').textContent(), { timeout: TURN_MS }).toBe(FAKE_TITLE);

    await runCommand(cb.page, 'Developer: Reload Window');
    // The workbench restores the chat view; the chat reopens the workspace's session by itself, no step.
    await cb.chat.getByTestId('composer-input').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    await expect.poll(() => cb.chat.getByTestId('user-message').first().textContent(), { timeout: AGENT_START_MS }).toContain('remember the word pelican');
    expect(await cb.chat.getByTestId('agent-message').last().textContent()).toContain('The first answer.');
    // A load does not replay the title; the one remembered for the session is shown.
    await expect.poll(() => cb.chat.getByTestId('session-title').textContent(), { timeout: 10_000 }).toBe(FAKE_TITLE);
    await screenshot(cb.page, 'conversation-after-reload');

    cb.fake.setScript([text('Pelican, as you said.')]);
    const before = cb.fake.mainRequests().length;
    await sendPrompt(cb, 'which word?');
    await expect.poll(() => cb.chat.getByTestId('agent-message').last().textContent(), { timeout: TURN_MS }).toContain('Pelican, as you said.');
    // The reply came from a request made after the reload, on the same conversation.
    expect(cb.fake.mainRequests().length).toBeGreaterThan(before);
    expect(await cb.chat.getByTestId('user-message').count()).toBe(2);
  });

  test('the history control opens the QuickPick of the workspace conversations (screenshot)', async () => {
    await cb.chat.getByTestId('new-session').click();
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: AGENT_START_MS }).toBe(0);
    cb.fake.setScript([text('Another conversation.')]);
    await sendPrompt(cb, 'a second conversation');
    await waitTurnIdle(cb);
    await cb.chat.getByTestId('open-history').click();
    await expect.poll(async () => (await readQuickPick(cb.page)).items.length, { timeout: 30_000 }).toBe(2);
    const qp = await readQuickPick(cb.page);
    expect(qp.title).toBe('Open Conversation');
    await screenshot(cb.page, 'history-quickpick');
    await cb.page.keyboard.press('Escape');
  });
});
