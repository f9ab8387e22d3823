import { describe, expect, it } from 'vitest';
import { compactionPoint, limitKey, readContext, readLimit, readMoney, readTurnTokens, sumMoney, turnCost } from '../../../src/usage/usageFigures';
import { lastTurnLine, limitNotice, money, totalsText, tokensText } from '../../../src/usage/usageWording';

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('usage figures: what is shown and what is left out', () => {
  it('takes a context whose used and size are sane token counts', () => {
    expect(readContext({ used: 12_345, size: 200_000 })).toEqual({ used: 12_345, size: 200_000 });
    expect(readContext({ used: 0, size: 0 })).toEqual({ used: 0, size: 0 });
  });

  it.each([
    ['missing used', { size: 200_000 }],
    ['missing size', { used: 1 }],
    ['negative', { used: -1, size: 200_000 }],
    ['NaN', { used: Number.NaN, size: 200_000 }],
    ['Infinity', { used: 1, size: Number.POSITIVE_INFINITY }],
    ['absurd', { used: 1, size: 1e12 }],
    ['fractional', { used: 1.5, size: 200_000 }],
    ['a string', { used: '12', size: 200_000 }],
  ])('leaves out a context with %s figures', (_what, u) => {
    expect(readContext(u as never)).toBeUndefined();
  });

  it('takes money in a three-letter currency with a sane, non-negative amount', () => {
    expect(readMoney(usd(0.0123))).toEqual(usd(0.0123));
    expect(readMoney({ amount: 0, currency: 'EUR' })).toEqual({ amount: 0, currency: 'EUR' });
  });

  it.each([
    ['a lower-case currency', { amount: 1, currency: 'usd' }],
    ['a two-letter currency', { amount: 1, currency: 'US' }],
    ['a word for a currency', { amount: 1, currency: 'credits' }],
    ['a bidi override in the currency', { amount: 1, currency: '\u202EUSD' }],
    ['no currency', { amount: 1 }],
    ['a negative amount', { amount: -0.5, currency: 'USD' }],
    ['NaN', { amount: Number.NaN, currency: 'USD' }],
    ['an absurd amount', { amount: 1e9, currency: 'USD' }],
    ['an amount in a string', { amount: '1', currency: 'USD' }],
    ['null', null],
  ])('leaves out money with %s', (_what, c) => {
    expect(readMoney(c)).toBeUndefined();
  });

  it("reads a turn's tokens: the agent's total when it covers input and output, else their sum", () => {
    expect(readTurnTokens({ inputTokens: 1200, outputTokens: 345, cachedReadTokens: 5000, cachedWriteTokens: 100, totalTokens: 6645 })).toEqual({
      total: 6645,
      input: 1200,
      output: 345,
      cachedRead: 5000,
      cachedWrite: 100,
    });
    // A total below input + output is not believed.
    expect(readTurnTokens({ inputTokens: 10, outputTokens: 5, totalTokens: 3 })).toEqual({ total: 15, input: 10, output: 5 });
    // A bad cache figure is left out, the rest stays.
    expect(readTurnTokens({ inputTokens: 10, outputTokens: 5, cachedReadTokens: -4, totalTokens: Number.NaN })).toEqual({ total: 15, input: 10, output: 5 });
  });

  it.each([
    ['no usage', undefined],
    ['missing input', { outputTokens: 5, totalTokens: 5 }],
    ['negative output', { inputTokens: 5, outputTokens: -5, totalTokens: 0 }],
    ['absurd input', { inputTokens: 5e12, outputTokens: 5, totalTokens: 5e12 }],
  ])("says a turn's tokens were not reported for %s", (_what, u) => {
    expect(readTurnTokens(u)).toBeUndefined();
    expect(tokensText(readTurnTokens(u))).toBe('tokens not reported');
  });
});

describe("a turn's cost from the session's cumulative cost", () => {
  it('is the reading less the previous turn-end reading', () => {
    expect(turnCost(usd(0.1), usd(0.25))).toEqual({ cost: usd(0.15), baseline: usd(0.25) });
    // Float noise is rounded away.
    expect(turnCost(usd(0.1), usd(0.3)).cost?.amount).toBe(0.2);
  });

  it('is the whole reading for a session that has just begun (whatever its currency)', () => {
    expect(turnCost(0, { amount: 0.5, currency: 'EUR' })).toEqual({ cost: { amount: 0.5, currency: 'EUR' }, baseline: { amount: 0.5, currency: 'EUR' } });
  });

  it('is not said without a reading this turn; the baseline stays', () => {
    expect(turnCost(usd(0.1), undefined)).toEqual({ baseline: usd(0.1) });
    expect(turnCost(0, undefined)).toEqual({ baseline: 0 });
  });

  it('is not said when the earlier spend is unknown, the currency changed, or the cost went down; the reading is the next baseline', () => {
    expect(turnCost(undefined, usd(2))).toEqual({ baseline: usd(2) });
    expect(turnCost({ amount: 1, currency: 'EUR' }, usd(2))).toEqual({ baseline: usd(2) });
    expect(turnCost(usd(0.5), usd(0.2))).toEqual({ baseline: usd(0.2) });
    // The next turn is measured from the lower reading.
    expect(turnCost(usd(0.2), usd(0.3)).cost?.amount).toBe(0.1);
  });

  it('sums per currency and leaves bad amounts out', () => {
    expect(sumMoney([usd(0.1), { amount: 1, currency: 'EUR' }, usd(0.2), undefined, usd(Number.NaN), usd(-1)])).toEqual([
      usd(0.3),
      { amount: 1, currency: 'EUR' },
    ]);
    expect(sumMoney([])).toEqual([]);
  });
});

describe('the words', () => {
  it('never say NaN, and say "not reported" where the agent said nothing', () => {
    expect(lastTurnLine({})).toBe('Last turn: tokens not reported · cost not reported');
    const line = lastTurnLine(
      { tokens: readTurnTokens({ inputTokens: 1200, outputTokens: 345, cachedReadTokens: 5000, totalTokens: 6545 }), cost: usd(0.0123) },
      'en-US',
    );
    expect(line).toBe('Last turn: 6,545 tokens (1,200 in, 345 out, 5,000 cache read) · $0.0123');
    expect(totalsText({ turns: 3, tokens: 100, tokensMissing: 1, cost: [usd(1.5)], costMissing: 3 }, 'en-US')).toBe(
      '3 turns · 100 tokens (1 turn not reported) · cost not reported',
    );
    expect(totalsText({ turns: 1, tokens: 0, tokensMissing: 1, cost: [usd(1.5)], costMissing: 0 }, 'en-US')).toBe('1 turn · tokens not reported · $1.50');
    for (const s of [line, totalsText({ turns: 0, tokens: 0, tokensMissing: 0, cost: [], costMissing: 0 })]) expect(s).not.toMatch(/NaN|undefined/);
  });

  it('shows cents, and four decimals under one unit', () => {
    expect(money(usd(12.3456), 'en-US')).toBe('$12.35');
    expect(money(usd(0.012345), 'en-US')).toBe('$0.0123');
    expect(money(usd(0), 'en-US')).toBe('$0.00');
  });
});

describe('the warning before compaction', () => {
  it('is where Claude Code warns: 20,000 tokens before it compacts at the window less 33,000', () => {
    expect(compactionPoint(200_000)).toEqual({ compactsAt: 167_000, warnAt: 147_000 });
    expect(compactionPoint(1_000_000)).toEqual({ compactsAt: 967_000, warnAt: 947_000 });
  });

  it('is not given for a window too small for those margins, or a bad one', () => {
    expect(compactionPoint(64_000)).toBeUndefined();
    expect(compactionPoint(Number.NaN)).toBeUndefined();
    expect(compactionPoint(-1)).toBeUndefined();
  });
});

describe('limit notices', () => {
  const now = Date.UTC(2025, 5, 1, 12);
  it('reads a warning or a refusal, with its reset time (Claude sends epoch seconds)', () => {
    const resets = now / 1000 + 3600;
    expect(readLimit({ status: 'allowed_warning', rateLimitType: 'five_hour', resetsAt: resets, utilization: 0.91 }, now)).toEqual({
      status: 'allowed_warning',
      kind: 'five_hour',
      resetsAt: now + 3_600_000,
      percent: 91,
    });
    expect(readLimit({ status: 'rejected', rateLimitType: 'seven_day' }, now)).toEqual({ status: 'rejected', kind: 'seven_day' });
  });

  it('says nothing of an allowed status or a malformed one, and drops odd fields', () => {
    expect(readLimit({ status: 'allowed', resetsAt: now / 1000 }, now)).toBeUndefined();
    expect(readLimit({ status: 'maybe' }, now)).toBeUndefined();
    expect(readLimit('rejected', now)).toBeUndefined();
    expect(readLimit({ status: 'rejected', rateLimitType: 'Five Hours!', resetsAt: Number.NaN, utilization: 500 }, now)).toEqual({ status: 'rejected' });
    // A reset years away is a broken figure.
    expect(readLimit({ status: 'rejected', resetsAt: now / 1000 + 5 * 365 * 86_400 }, now)).toEqual({ status: 'rejected' });
  });

  it('is worded with when it resets, and the same limit is one key', () => {
    const l = readLimit({ status: 'rejected', rateLimitType: 'five_hour', resetsAt: now / 1000 + 3600 }, now)!;
    expect(limitNotice(l, 'en-US', 'UTC')).toEqual({ severity: 'warning', title: 'Reached the 5-hour limit', description: 'Resets Sun 1:00 PM.' });
    expect(limitNotice({ status: 'allowed_warning', percent: 80 })).toMatchObject({ title: '80% of the usage limit used' });
    expect(limitNotice({ status: 'allowed_warning' }).description).toBeUndefined();
    expect(limitKey(l)).toBe(limitKey({ ...l }));
    expect(limitKey(l)).not.toBe(limitKey({ ...l, status: 'allowed_warning' }));
  });
});
