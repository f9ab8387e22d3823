import { describe, expect, it } from 'vitest';
import { dayOf, MAX_CHATS, MAX_TURNS, readDay, totalsOf, UsageLog } from '../../../src/usage/usageStore';

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('the kept usage', () => {
  it('adds up a workspace and each chat; the chat last used comes first', () => {
    const log = UsageLog.parse(undefined);
    log.record('s1', { at: 1, tokens: 100, cost: usd(0.1) }, usd(0.1), 'First');
    log.record('s2', { at: 2, tokens: 50 }, undefined, 'Second');
    log.record('s1', { at: 3, tokens: 10, cost: usd(0.02) }, usd(0.12));
    expect(log.list().map((c) => [c.sessionId, c.title, c.turns.length])).toEqual([
      ['s1', 'First', 2],
      ['s2', 'Second', 1],
    ]);
    expect(log.find('s1')?.reading).toEqual(usd(0.12));
    expect(log.totals()).toEqual({ turns: 3, tokens: 160, tokensMissing: 0, cost: [usd(0.12)], costMissing: 1 });
    // What is written reads back the same.
    expect(UsageLog.parse(JSON.parse(JSON.stringify(log.toStored()))).toStored()).toEqual(log.toStored());
  });

  it('is bounded: the newest chats, each its newest turns', () => {
    const log = UsageLog.parse(undefined);
    for (let i = 0; i < MAX_CHATS + 5; i++) log.record(`s${i}`, { at: i + 1 }, undefined);
    for (let i = 0; i < MAX_TURNS + 5; i++) log.record('last', { at: i + 1, tokens: 1 }, undefined);
    expect(log.list()).toHaveLength(MAX_CHATS);
    expect(log.find('s0')).toBeUndefined();
    expect(log.find('last')?.turns).toHaveLength(MAX_TURNS);
  });

  it('reads what is on disk as input: bad rows and figures are dropped, never NaN', () => {
    const log = UsageLog.parse({
      chats: [
        null,
        { sessionId: '' },
        {
          sessionId: 'ok',
          title: 'T',
          reading: { amount: -1, currency: 'USD' },
          turns: [{ at: 5, tokens: -3, cost: { amount: 'x', currency: 'USD' } }, { at: 'x' }, { at: 6, tokens: 7, cost: usd(0.5) }],
        },
        { sessionId: 'ok', turns: [] },
        { sessionId: 'noturns', turns: 'many' },
      ],
    });
    expect(log.toStored()).toEqual({
      chats: [
        { sessionId: 'ok', title: 'T', turns: [{ at: 5 }, { at: 6, tokens: 7, cost: usd(0.5) }] },
        { sessionId: 'noturns', turns: [] },
      ],
    });
    expect(UsageLog.parse('garbage').list()).toEqual([]);
    expect(totalsOf(log.find('ok')!.turns)).toEqual({ turns: 2, tokens: 7, tokensMissing: 1, cost: [usd(0.5)], costMissing: 1 });
  });

  it("keeps today's turns for today only", () => {
    const now = new Date(2025, 5, 1, 15).getTime();
    const stored = { day: dayOf(now), turns: [{ at: now, tokens: 3 }, { at: -1 }] };
    expect(readDay(stored, now)).toEqual({ day: '2025-06-01', turns: [{ at: now, tokens: 3 }] });
    expect(readDay(stored, now + 86_400_000)).toEqual({ day: '2025-06-02', turns: [] });
    expect(readDay(undefined, now).turns).toEqual([]);
  });
});
