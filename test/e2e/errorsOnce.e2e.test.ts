// Errors said once (issue 45), in the real workbench with the real adapter and the fake Messages API: a model error the
// retries did not get past is one line in the transcript (the API's words, with Retry) and one card that says what
// became of the turn, the API's words behind "Show details"; the card leaves as soon as a new prompt is sent, not when
// it ends, so the new running prompt does not read as failed. The header's context meter is in words.
import { beforeAll, describe, expect, test } from 'vitest';
import { apiError, held, text } from '../fixtures/fakeAnthropic';
import { type ChatBed, sendPrompt, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { screenshot } from './harness';

const API_WORDS = 'fake-400: the prompt is malformed';

describe('ACP Chat e2e: errors said once', () => {
  const bed = useChatBed();
  let cb: ChatBed;
  const card = () => cb.chat.getByTestId('notice');
  /** The transcript as a reader sees it: innerText leaves out what is not rendered. */
  const transcriptText = () => cb.chat.getByTestId('transcript').innerText();
  const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

  beforeAll(() => {
    cb = bed();
  });

  test('a model error is one line in the transcript and one card, its words behind Show details', async () => {
    // Claude Code tries a 400 again in a new request: every one fails, so the turn ends with the error.
    cb.fake.setScript(Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', API_WORDS)));
    await sendPrompt(cb, 'an unlucky prompt');
    await card().waitFor({ state: 'visible', timeout: TURN_MS });
    await waitTurnIdle(cb);
    const line = cb.chat.locator('[data-entry-kind="error"]').last();
    expect(await line.locator('.error-line').innerText()).toBe(`API Error: 400 ${API_WORDS}`);
    await line.getByTestId('retry-turn').waitFor({ state: 'visible' });
    // The adapter sent the same words as the agent's text first: that message is not shown, nor the JSON-RPC name.
    const shown = await transcriptText();
    expect(count(shown, API_WORDS)).toBe(1);
    expect(shown).not.toContain('Internal error');
    expect(await cb.chat.getByTestId('agent-message').filter({ hasText: API_WORDS }).filter({ visible: true }).count()).toBe(0);
    // The card: what became of the turn, one line; the API's words only when asked for.
    expect(await card().getByTestId('notice-message').innerText()).toBe('The model API answered with an error, so the turn stopped.');
    const details = card().getByTestId('notice-details');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(count(await cb.chat.locator('body').innerText(), API_WORDS)).toBe(1);
    await details.locator('summary', { hasText: 'Show details' }).click();
    await expect.poll(() => details.locator('pre').innerText()).toContain(API_WORDS);
    await screenshot(cb.page, 'error-said-once', cb.page.locator('.part.sidebar'));
  });

  test('the earlier failure’s card leaves when a new prompt is sent, while that prompt runs', async () => {
    await card().waitFor({ state: 'visible' });
    let answer!: () => void;
    cb.fake.setScript([held(text('The next answer.'), new Promise<void>((r) => (answer = r)))]);
    await sendPrompt(cb, 'a next prompt');
    // The model has not answered: the turn is running, and no card of the earlier failure sits under it.
    await cb.chat.getByTestId('stop').waitFor({ state: 'visible', timeout: TURN_MS });
    await card().waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await cb.chat.getByTestId('stop').isVisible()).toBe(true);
    // The failed turn keeps its line and Retry.
    expect(count(await transcriptText(), API_WORDS)).toBe(1);
    answer();
    await cb.chat.getByTestId('transcript').getByText('The next answer.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    expect(await card().isVisible()).toBe(false);
    // The context meter, in words, and what the chat has cost as the agent reported it; the numbers in the tooltip.
    const usage = cb.chat.getByTestId('usage');
    await expect.poll(() => usage.innerText(), { timeout: 10_000 }).toMatch(/^(<1|\d+)% context · \$\d+\.\d+$/);
    expect(await usage.getAttribute('title')).toMatch(/^Context: [\d,]+ of [\d,]+ tokens \(\d+%\)/);
  });
});
