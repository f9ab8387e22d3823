import { describe, expect, it, vi } from 'vitest';
import type { Chat } from '../../../src/chat/chat';
import type { SessionMeta, TranscriptChange, TranscriptEntry } from '../../../src/acpClient/transcript';
import { ChatUsage } from '../../../src/usage/chatUsage';
import { UsageLog } from '../../../src/usage/usageStore';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };

/** A session as ChatUsage reads it: its meta, whether it has a prompt, its changes, and notices added. */
function fakeSession(id: string, { loaded = false } = {}) {
  let listener: ((c: TranscriptChange[]) => void) | undefined;
  const notices: string[] = [];
  let n = 0;
  const s = {
    id,
    meta: { sessionId: id, plan: [], availableCommands: [], configOptions: [], turn: 'idle', connection: 'connected' } as SessionMeta,
    hasEntry: () => loaded,
    onDidChange: (l: (c: TranscriptChange[]) => void) => ((listener = l), { dispose: () => (listener = undefined) }),
    addNotice: (_severity: string, title: string, description?: string) => notices.push(`${title}${description ? ` ${description}` : ''}`),
    notices,
    usage(u: SessionMeta['usage']) {
      s.meta = { ...s.meta, usage: u };
      listener?.([{ type: 'meta-changed', keys: ['usage'] }]);
    },
    endTurn(usage?: unknown): string {
      const entry = { kind: 'turn-end', id: `e${++n}`, stopReason: 'end_turn', at: 1, ...(usage ? { usage } : {}) } as TranscriptEntry;
      listener?.([{ type: 'entry-added', entry, index: n }]);
      return entry.id;
    },
  };
  return s;
}

function fakeChat(session: ReturnType<typeof fakeSession>) {
  return { session, onDidChangeSession: () => ({ dispose() {} }) } as unknown as Chat;
}

function setup(session = fakeSession('s1'), log = UsageLog.parse(undefined)) {
  const usage = new ChatUsage(
    fakeChat(session),
    { find: (id) => log.find(id), record: (...a) => log.record(...a) },
    silent,
    () => 'en-US',
    () => 1000,
  );
  return { session, log, usage };
}

const tokens = (input: number, output: number) => ({ inputTokens: input, outputTokens: output, totalTokens: input + output });

describe("a chat's usage", () => {
  it("gives each turn its tokens and the difference of the cumulative cost, and the chat's total", () => {
    const { session, usage, log } = setup();
    session.usage({ used: 5000, size: 200_000, cost: null });
    session.usage({ used: 5200, size: 200_000, cost: usd(0.05) });
    const first = session.endTurn(tokens(1000, 200));
    expect(usage.view()).toEqual({
      lines: ['Last turn: 1,200 tokens (1,000 in, 200 out) · $0.05', 'This chat: 1 turn · 1,200 tokens · $0.05'],
      cost: '$0.05',
      warning: null,
    });
    session.usage({ used: 6000, size: 200_000, cost: usd(0.08) });
    // A later stream update without a cost does not wipe the reading.
    session.usage({ used: 6100, size: 200_000, cost: null });
    const second = session.endTurn(tokens(300, 100));
    expect(usage.view().lines).toEqual(['Last turn: 400 tokens (300 in, 100 out) · $0.03', 'This chat: 2 turns · 1,600 tokens · $0.08']);
    expect(log.find('s1')).toMatchObject({
      reading: usd(0.08),
      turns: [
        { tokens: 1200, cost: usd(0.05) },
        { tokens: 400, cost: usd(0.03) },
      ],
    });
    const notes = usage.exportNotes();
    expect(notes.byEntry.get(first)).toBe('Usage: 1,200 tokens (1,000 in, 200 out) · $0.05');
    expect(notes.byEntry.get(second)).toBe('Usage: 400 tokens (300 in, 100 out) · $0.03');
    expect(notes.total).toBe('This chat: 2 turns · 1,600 tokens · $0.08');
  });

  it('says "not reported" for a turn without figures, and for bad ones', () => {
    const { session, usage } = setup();
    session.endTurn();
    expect(usage.view().lines[0]).toBe('Last turn: tokens not reported · cost not reported');
    session.usage({ used: 10, size: 200_000, cost: { amount: Number.NaN, currency: 'USD' } });
    session.endTurn({ inputTokens: -1, outputTokens: 5, totalTokens: 4 });
    expect(usage.view().lines).toEqual(['Last turn: tokens not reported · cost not reported', 'This chat: 2 turns · tokens not reported · cost not reported']);
    expect(usage.view().lines.join()).not.toMatch(/NaN/);
  });

  it("does not say the first turn's cost of a session whose earlier spend it did not see; then goes on", () => {
    const { session, usage } = setup(fakeSession('old', { loaded: true }));
    session.usage({ used: 10, size: 200_000, cost: usd(3) });
    session.endTurn(tokens(10, 10));
    expect(usage.view().lines[0]).toBe('Last turn: 20 tokens (10 in, 10 out) · cost not reported');
    session.usage({ used: 10, size: 200_000, cost: usd(3.5) });
    session.endTurn(tokens(10, 10));
    expect(usage.view().lines[0]).toBe('Last turn: 20 tokens (10 in, 10 out) · $0.50');
  });

  it("goes on from the kept reading of a session it saw before; a cost that went down is not a turn's cost", () => {
    const log = UsageLog.parse(undefined);
    log.record('again', { at: 1, cost: usd(1) }, usd(1));
    const { session, usage } = setup(fakeSession('again', { loaded: true }), log);
    session.usage({ used: 10, size: 200_000, cost: usd(1.25) });
    session.endTurn(tokens(1, 1));
    expect(usage.view().lines[0]).toContain('$0.25');
    // The agent's count started again (a new process): nothing said of that turn, the next one is measured from it.
    session.usage({ used: 10, size: 200_000, cost: usd(0.1) });
    session.endTurn(tokens(1, 1));
    expect(usage.view().lines[0]).toContain('cost not reported');
    session.usage({ used: 10, size: 200_000, cost: usd(0.3) });
    session.endTurn(tokens(1, 1));
    expect(usage.view().lines[0]).toContain('$0.20');
  });

  it('warns near where Claude Code compacts', () => {
    const { session, usage } = setup();
    session.usage({ used: 140_000, size: 200_000 });
    expect(usage.view().warning).toBeNull();
    session.usage({ used: 150_000, size: 200_000 });
    expect(usage.view().warning).toBe('Compaction is near: Claude Code summarizes the chat at about 167,000 tokens of context.');
    session.usage({ used: 12_000, size: 200_000 });
    expect(usage.view().warning).toBeNull();
  });

  it('adds a limit notice once, with when it resets', async () => {
    const { session } = setup();
    const limit = { status: 'allowed_warning', rateLimitType: 'five_hour', utilization: 0.9 };
    session.usage({ used: 10, size: 200_000, rateLimit: limit });
    session.usage({ used: 11, size: 200_000, rateLimit: { ...limit } });
    session.usage({ used: 12, size: 200_000, rateLimit: { status: 'allowed' } });
    await Promise.resolve();
    expect(session.notices).toEqual(['90% of the 5-hour limit used']);
    session.usage({ used: 12, size: 200_000, rateLimit: { status: 'rejected', rateLimitType: 'five_hour' } });
    await Promise.resolve();
    expect(session.notices).toEqual(['90% of the 5-hour limit used', 'Reached the 5-hour limit']);
  });
});
