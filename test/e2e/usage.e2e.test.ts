// Usage and cost, in the real workbench with the real adapter and the fake Messages API: a turn whose model reply
// reports its token usage shows that turn's tokens and cost on the chat's header (the context meter's tooltip), as
// Claude Code priced them and the adapter sent them (its PromptResponse `usage` and the cumulative cost of its
// `usage_update`, read back from the extension's log, where the usage capability writes what it received); a second
// chat's turn, and Show Usage adds the two chats up.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { text, type ScriptedReply } from '../fixtures/fakeAnthropic';
import { money, tokenCount } from '../../src/usage/usageWording';
import { type ChatBed, sendPrompt, tidyWorkbench, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { runCommand, screenshot } from './harness';

const LOCALE = 'en';

/** Every file under `dir` whose name is `name`. */
function findFiles(dir: string, name: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    const st = statSync(p, { throwIfNoEntry: false });
    if (st?.isDirectory()) findFiles(p, name, out);
    else if (e === name) out.push(p);
  }
  return out;
}

interface Logged {
  sessionId: string;
  tokens: { totalTokens: number; inputTokens: number; outputTokens: number; cachedReadTokens?: number; cachedWriteTokens?: number };
  reading: { amount: number; currency: string };
  cost: { amount: number; currency: string };
}

/** The turns' figures the usage capability received, from the extension's log (ACP Chat's output channel). */
function loggedTurns(cb: ChatBed): Logged[] {
  const text = findFiles(cb.bed.root, 'ACP Chat.log')
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  return [...text.matchAll(/\[usage\] (\S+): turn ended; tokens (.*?), cumulative cost (.*?), turn cost (.*)$/gmu)].map((m) => ({
    sessionId: m[1]!,
    tokens: JSON.parse(m[2]!),
    reading: JSON.parse(m[3]!),
    cost: JSON.parse(m[4]!),
  }));
}

/** A reply that reports its own usage, as the Messages API does. */
function pricedReply(t: string, usage: ScriptedReply['usage']): ScriptedReply {
  return { ...text(t), usage };
}

describe('ACP Chat e2e: usage and cost', () => {
  const bed = useChatBed();
  let cb: ChatBed;

  beforeAll(() => {
    cb = bed();
  });

  /** Sends a prompt answered by a reply with `usage`; the figures logged for that turn. */
  async function pricedTurn(prompt: string, answer: string, usage: NonNullable<ScriptedReply['usage']>): Promise<Logged> {
    const before = loggedTurns(cb).length;
    cb.fake.setScript([pricedReply(answer, usage)]);
    await sendPrompt(cb, prompt);
    await cb.chat.getByTestId('transcript').getByText(answer).waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await expect.poll(() => loggedTurns(cb).length, { timeout: 10_000 }).toBe(before + 1);
    return loggedTurns(cb).at(-1)!;
  }

  test("the header shows the turn's tokens and cost as the adapter sent them; Show Usage adds up two chats", async () => {
    const usage = { input_tokens: 1200, output_tokens: 345, cache_read_input_tokens: 5000, cache_creation_input_tokens: 100 };
    const first = await pricedTurn('what does it cost?', 'It costs what it costs.', usage);
    // The adapter's PromptResponse usage is the turn's main-loop tally of the fake's figures (acp-agent.js sessionUsage).
    expect(first.tokens).toMatchObject({ inputTokens: 1200, outputTokens: 345, cachedReadTokens: 5000, cachedWriteTokens: 100, totalTokens: 6645 });
    // Claude Code priced the tokens (its own price table); a new chat's first turn costs all of the cumulative cost.
    expect(first.reading.currency).toBe('USD');
    expect(first.reading.amount).toBeGreaterThan(0);
    expect(first.cost).toEqual(first.reading);

    const meter = cb.chat.getByTestId('usage');
    const lastTurn = `Last turn: ${tokenCount(6645, LOCALE)} tokens (${tokenCount(1200, LOCALE)} in, 345 out, ${tokenCount(5000, LOCALE)} cache read, 100 cache write) · ${money(first.cost, LOCALE)}`;
    await expect.poll(() => meter.getAttribute('title'), { timeout: 10_000 }).toContain(lastTurn);
    expect(await meter.getAttribute('title')).toContain(`This chat: 1 turn · ${tokenCount(6645, LOCALE)} tokens · ${money(first.cost, LOCALE)}`);
    expect(await meter.getAttribute('aria-label')).toContain(lastTurn);
    // The chat's cost beside the meter.
    expect(await meter.textContent()).toMatch(new RegExp(`context · ${money(first.cost, LOCALE).replace(/[$.]/gu, '\\$&')}$`, 'u'));
    await meter.hover();
    await screenshot(cb.page, 'usage-dark');

    // A second chat, its own turn.
    await tidyWorkbench(cb, { newSession: true });
    const second = await pricedTurn('and this one?', 'This one costs less.', {
      input_tokens: 300,
      output_tokens: 40,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.tokens).toMatchObject({ inputTokens: 300, outputTokens: 40, totalTokens: 340 });
    await expect
      .poll(() => meter.getAttribute('title'), { timeout: 10_000 })
      .toContain(`Last turn: 340 tokens (300 in, 40 out) · ${money(second.cost, LOCALE)}`);

    await runCommand(cb.page, 'ACP Chat: Show Usage');
    const rows = cb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await rows.first().waitFor({ timeout: 15_000 });
    const shown = await rows.evaluateAll((els) =>
      els.map((el) => `${el.querySelector('.label-name')?.textContent?.trim() ?? ''} | ${el.querySelector('.label-description')?.textContent?.trim() ?? ''}`),
    );
    const total = { amount: Math.round((first.cost.amount + second.cost.amount) * 1e9) / 1e9, currency: 'USD' };
    const both = `2 turns · ${tokenCount(6645 + 340, LOCALE)} tokens · ${money(total, LOCALE)}`;
    expect(shown[0]).toBe(`Today | ${both}`);
    expect(shown[1]).toBe(`This workspace | ${both}`);
    // A row per chat, the newest first.
    const chatRows = shown.slice(2).filter((r) => r.includes('turn'));
    expect(chatRows).toHaveLength(2);
    expect(chatRows[0]).toContain(`1 turn · 340 tokens · ${money(second.cost, LOCALE)}`);
    expect(chatRows[1]).toContain(`1 turn · ${tokenCount(6645, LOCALE)} tokens · ${money(first.cost, LOCALE)}`);
    await screenshot(cb.page, 'usage-show-usage-dark');
    await cb.page.keyboard.press('Escape');
  });
});
