// An approval is one state object with its reply channel: whoever answers, whenever, the agent gets one reply, and
// every view reads the same state.
import { describe, expect, it } from 'vitest';
import { Approval, type ApprovalState } from '../../../src/acpClient/approval';

function approval() {
  const sent: string[] = [];
  const cancelled: string[] = [];
  const late: string[] = [];
  const settled: ApprovalState[] = [];
  const a = new Approval<string, { options: string[] }>(
    's1:1',
    's1',
    { options: ['yes', 'no'] },
    {
      check: (o) => (['yes', 'no'].includes(o) ? undefined : `not offered: ${o}`),
      send: (o) => void sent.push(o),
      cancelled: (r) => void cancelled.push(r),
      late: (o, state) => void late.push(`${o} after ${state.status}`),
    },
  );
  a.onDidSettle((s) => settled.push(s));
  return { a, sent, cancelled, late, settled };
}

describe('Approval', () => {
  it('takes one fitting answer; a refused one leaves it pending; later ones are expired and told to the late hook', () => {
    const t = approval();
    expect(t.a.answer('maybe')).toEqual({ refused: 'not offered: maybe' });
    expect(t.a.state).toEqual({ status: 'pending' });
    expect(t.a.answer('no')).toBe('accepted');
    expect(t.a.answer('yes')).toBe('expired');
    t.a.cancel('turn-cancelled');
    expect(t.sent).toEqual(['no']);
    expect(t.cancelled).toEqual([]);
    expect(t.late).toEqual(['yes after answered']);
    expect(t.settled).toEqual([{ status: 'answered' }]);
    expect(t.a.signal.aborted).toBe(false);
  });

  it('a cancel replies once, aborts its signal with the reason, and turns a later answer into expired', () => {
    const t = approval();
    t.a.dismissed = true;
    t.a.cancel('session-closed');
    t.a.cancel('agent-exited');
    expect(t.a.signal.aborted).toBe(true);
    expect(t.a.signal.reason).toBe('session-closed');
    expect(t.a.answer('yes')).toBe('expired');
    expect(t.cancelled).toEqual(['session-closed']);
    expect(t.sent).toEqual([]);
    expect(t.late).toEqual(['yes after cancelled']);
    expect(t.settled).toEqual([{ status: 'cancelled', reason: 'session-closed' }]);
  });
});
