// A first run in the real workbench: no credentials anywhere. The first prompt shows the sign-in card (audited with
// axe-core and photographed in the side bar and a tab, in the light, dark and high-contrast themes); "Set API Key…" on the card asks for the key in a password box, the agent restarts with
// it, and "Retry" gets the kept prompt's reply streamed into the chat. The key reaches the API, not the chat.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { text } from '../fixtures/fakeAnthropic';
import { captureFailure, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { auditInThemes, chatSurfaces, THEMES } from './a11yAudit';
import { runCommand, screenshot } from './harness';

const KEY = 'sk-ant-e2e-0123456789abcdef';

describe('ACP Chat e2e: signing in from the chat', () => {
  let cb: ChatBed;

  beforeAll(async () => {
    delete process.env.ANTHROPIC_API_KEY;
    cb = await startChatBed({ theme: 'light', credentials: false });
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test("the first prompt shows the sign-in card with the agent's methods (light, dark and high-contrast themes)", async () => {
    await sendPrompt(cb, 'hello');
    const card = cb.chat.getByTestId('notice');
    await card.waitFor({ state: 'visible', timeout: TURN_MS });
    await expect.poll(() => card.getByTestId('notice-message').innerText()).toMatch(/^Sign in to use the agent/);
    const methods = card.getByTestId('sign-in-method');
    await expect
      .poll(() => methods.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Claude Subscription\s+Use Claude subscription/),
        expect.stringMatching(/^Anthropic Console\s+Use Anthropic Console \(API usage billing\)/),
      ]);
    await expect.poll(() => card.getByTestId('notice-action').allInnerTexts()).toEqual(['Set API Key…']);
    // The header says it in the card's words (the adapter's own label is "Not logged in").
    await expect.poll(() => cb.chat.getByTestId('account').innerText(), { timeout: 15_000 }).toBe('Not signed in');
    expect(cb.fake.mainRequests()).toHaveLength(0);
    expect(await cb.chat.locator('body').getAttribute('class')).toContain('vscode-light');
    // Signing in, the first state a new user sees, in the side bar and in a tab of the same chat, in each theme: no
    // serious accessibility finding, nothing clipped, and photographed. The transcript marks the prompt in neutral words.
    await expect.poll(() => cb.chat.getByTestId('notice-entry').innerText()).toBe('Not sent: sign in first');
    expect(await cb.chat.locator('[data-entry-kind="error"]').count()).toBe(0);
    await runCommand(cb.page, 'ACP Chat: Open Chat in Editor');
    await expect.poll(async () => (await chatSurfaces(cb.page)).length, { timeout: 30_000 }).toBe(2);
    await (await chatSurfaces(cb.page))[1]!.frame.getByTestId('notice').getByTestId('sign-in-method').first().waitFor({ timeout: 30_000 });
    expect(await auditInThemes(cb.page, 'signing in', 2)).toHaveLength(THEMES.length * 2);
    await runCommand(cb.page, 'View: Close All Editor Groups');
    await expect.poll(async () => (await chatSurfaces(cb.page)).length, { timeout: 15_000 }).toBe(1);
  });

  test('Set API Key… on the card → password box → agent restarted → Retry → the reply streams in', async () => {
    cb.fake.setScript([text('Hello! I am signed in now and streaming this reply.')]);
    await cb.chat.getByTestId('notice').getByTestId('notice-action').filter({ hasText: 'Set API Key…' }).click();
    const input = cb.page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await input.click();
    await cb.page.keyboard.type(KEY);
    await cb.page.keyboard.press('Enter');
    const resend = cb.chat.getByTestId('notice-action').filter({ hasText: 'Retry' });
    await resend.waitFor({ state: 'visible', timeout: 60_000 });
    await expect.poll(() => cb.chat.getByTestId('notice-message').innerText()).toMatch(/^Signed in \(API key\)/);
    await resend.click();
    await expect
      .poll(
        () =>
          cb.chat
            .getByTestId('agent-message')
            .last()
            .innerText()
            .catch(() => ''),
        { timeout: TURN_MS },
      )
      .toContain('streaming this reply');
    await waitTurnIdle(cb);
    await expect.poll(() => cb.chat.getByTestId('account').innerText(), { timeout: 15_000 }).toBe('Anthropic API key');
    await expect(cb.chat.getByTestId('notice').isVisible()).resolves.toBe(false);
    const main = cb.fake.mainRequests();
    expect(main).toHaveLength(1);
    expect(main[0]!.apiKey).toBe(KEY);
    // The key never reached the webview.
    expect(await cb.chat.locator('html').innerHTML()).not.toContain(KEY);
    await screenshot(cb.page, 'sign-in-api-key-reply-dark');
  });
});
