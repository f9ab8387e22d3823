// ACP Chat in the real workbench, driven like a user: typing in the chat webview (through its two iframes), clicks
// on tool cards, inline approvals, the mode/model selectors, Stop, and a webview reload while an approval waits.
// One bed for the file: permissions are answered inline (acpChat.permissions.prompt = inline) in Manual mode.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { text } from '../fixtures/fakeAnthropic';
import { openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { screenshot } from './harness';

describe('ACP Chat e2e: chat view', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    const t = Date.now();
    cb = await startChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });
    console.log('bed', Date.now() - t, cb.bed.timings);
    await openChat(cb);
    console.log('chat ready', Date.now() - t);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test('typing a prompt and pressing Enter shows the streamed markdown reply', async () => {
    cb.fake.setScript([text('Hello **world**')]);
    await sendPrompt(cb, 'say hello');
    await expect.poll(() => cb.chat.getByTestId('user-message').last().textContent(), { timeout: 10_000 }).toContain('say hello');
    const strong = cb.chat.getByTestId('agent-message').last().locator('strong');
    await strong.waitFor({ timeout: TURN_MS });
    expect(await strong.textContent()).toBe('world');
    await waitTurnIdle(cb);
    await screenshot(cb.page, 'explore');
  });
});
