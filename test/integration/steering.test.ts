// The session's prompt queue and `_session/steering` against the real adapter: a prompt queued while a turn runs is
// steered into that turn (the model gets it in the same turn, no second session/prompt), and a prompt left on the
// queue is sent when the turn ends.
import { describe, expect, it } from 'vitest';
import { held, text } from '../fixtures/fakeAnthropic';
import { ask, useRealAdapter, waitUntil } from '../fixtures/clientHarness';

const FILE = 'steering';
const adapter = useRealAdapter(FILE);

describe('queue and steering (real adapter)', () => {
  it('advertises steering at the top level of the initialize response', () => {
    const meta = adapter.run.client.initializeResponse._meta as { steering?: { supported?: boolean } } | undefined;
    expect(meta?.steering?.supported).toBe(true);
  });

  it('a queued prompt steered into the running turn reaches the model in that turn', async () => {
    const { run } = adapter;
    const session = await run.newSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    run.api.setScript([held(text('Formatting with spaces…'), gate), text('Switched to tabs.')]);
    const first = session.submit(ask('format the file'));
    if (!('sent' in first)) throw new Error('the first prompt is sent at once');
    await run.api.waitForRequest((r) => r.kind === 'main');
    const queued = session.submit(ask('actually, use tabs'));
    if (!('queued' in queued)) throw new Error('a prompt during a turn is queued');
    expect(session.snapshot().meta.queue?.map((q) => q.id)).toEqual([queued.queued]);

    await session.steerQueued(queued.queued);
    expect(session.snapshot().meta.queue).toEqual([]);
    release();
    const steered = await run.api.waitForRequest((r) => r.kind === 'main' && (r.lastMessage?.texts ?? []).some((t) => t.includes('actually, use tabs')));
    // The model's answer to it is the script's next reply (the wait above only returns a request that carries it).
    expect(steered.reply).toBe('text:Switched to tabs.');
    const response = await first.sent;
    expect(response.stopReason).toBe('end_turn');
    await waitUntil(() => session.snapshot().meta.turn === 'idle', 'the turn to end');
    const users = session.snapshot().entries.filter((e) => e.kind === 'user');
    expect(users).toHaveLength(2);
    // One turn: the steered prompt was not sent as a prompt of its own.
    expect(session.snapshot().entries.filter((e) => e.kind === 'turn-end')).toHaveLength(1);
  });

  it('a prompt left on the queue is sent when the turn ends', async () => {
    const { run } = adapter;
    const session = await run.newSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    run.api.setScript([held(text('First answer.'), gate), text('Second answer.')]);
    const first = session.submit(ask('first question'));
    if (!('sent' in first)) throw new Error('sent at once');
    await run.api.waitForRequest((r) => r.kind === 'main' && (r.lastMessage?.texts ?? []).some((t) => t.includes('first question')));
    session.submit(ask('second question'));
    release();
    await first.sent;
    await run.api.waitForRequest((r) => r.kind === 'main' && (r.lastMessage?.texts ?? []).some((t) => t.includes('second question')));
    await waitUntil(
      () => session.snapshot().meta.turn === 'idle' && session.snapshot().entries.filter((e) => e.kind === 'turn-end').length === 2,
      'both turns to end',
    );
    expect(session.snapshot().meta.queue).toEqual([]);
  });
});
