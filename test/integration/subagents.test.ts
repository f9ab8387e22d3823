// Subagents through the real adapter (issue 54): the client declares `subagents: {}`, so Claude's adapter shows each
// subagent Claude Code's Agent tool launches as a child session (the ACP subagents RFD form): announced on the parent
// with `subagent_update`, its prompt and reply as `session_message`s, its own updates and permission requests under
// its child session id. The core folds them into the root session as lanes. The fake model answers each subagent's
// requests from its own script (by a marker in its prompt), concurrently with the main loop.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/acpClient';
import type { SubagentLane, TranscriptEntry } from '../../src/acpClient/transcript';
import { agents, edit, held, read, text } from '../fixtures/fakeAnthropic';
import { ask, timed, useRealAdapter, waitUntil, type RealAdapterRun } from '../fixtures/clientHarness';

const FILE = 'subagents';
const adapter = useRealAdapter(FILE);

type Wire = { dir: 'in' | 'out'; msg: { method?: string; id?: unknown; params?: Record<string, unknown> } };
type Update = { sessionId: string; update: Record<string, unknown> & { sessionUpdate: string } };

/** Every JSON-RPC message on the agent's stdio from now on, both ways, as parsed from the bytes. */
function tapWire(run: RealAdapterRun): { messages: Wire[]; updates(): Update[]; dispose(): void } {
  const messages: Wire[] = [];
  const lines = (dir: Wire['dir']) => {
    let partial = '';
    return (chunk: Uint8Array | string) => {
      const parts = (partial + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) messages.push({ dir, msg: JSON.parse(line) as Wire['msg'] });
    };
  };
  const onOut = lines('in');
  run.process.stdout.on('data', onOut);
  const stdin = run.process.stdin;
  const write = stdin.write;
  const onIn = lines('out');
  stdin.write = ((chunk: Uint8Array | string, ...rest: unknown[]) => {
    onIn(chunk);
    return (write as (...args: unknown[]) => boolean).apply(stdin, [chunk, ...rest]);
  }) as typeof stdin.write;
  return {
    messages,
    updates: () => messages.filter((m) => m.dir === 'in' && m.msg.method === 'session/update').map((m) => m.msg.params as unknown as Update),
    dispose: () => {
      run.process.stdout.off('data', onOut);
      stdin.write = write;
    },
  };
}

const lanes = (session: Session): SubagentLane[] =>
  session
    .snapshot()
    .entries.filter((e): e is Extract<TranscriptEntry, { kind: 'subagent' }> => e.kind === 'subagent')
    .map((e) => e.subagent);

const laneEntries = (session: Session, lane: string) => session.snapshot().entries.filter((e) => e.lane === lane);

describe('subagents as lanes (real adapter)', () => {
  it('two subagents in one reply: announced on the parent, their work under their own session ids, a permission that names its subagent', async () => {
    const run = adapter.run;
    const session = await run.newSession();
    const wire = tapWire(run);
    const a = join(run.workspace, 'a.txt');
    const b = join(run.workspace, 'b.txt');
    writeFileSync(a, 'alpha\n');
    writeFileSync(b, 'beta\n');
    const from = run.hooks.permissions.length;
    run.hooks.decide = () => 'allow-once';
    run.api.setScript([
      agents([
        // run_in_background false: the launching turn waits for both (Claude Code runs subagents in the background by default).
        { description: 'Read a', prompt: 'MARKER-A: read a.txt', run_in_background: false },
        { description: 'Edit b', prompt: 'MARKER-B: change beta in b.txt', run_in_background: false },
      ]),
      text('Both subagents are done.'),
    ]);
    run.api.setSubagentScript('MARKER-A', [read(a), text('A read it.')]);
    run.api.setSubagentScript('MARKER-B', [read(b), edit(b, 'beta', 'BETA'), text('B edited it.')]);

    const res = await timed(FILE, 'turn: two subagents, one edit approved', () => session.prompt(ask('use two subagents')));
    wire.dispose();

    expect(res.stopReason).toBe('end_turn');
    expect(readFileSync(b, 'utf8')).toBe('BETA\n');
    // Each subagent's model requests ran on its own script; the main loop took its two replies.
    expect(run.api.subagentRequests('MARKER-A').length).toBeGreaterThanOrEqual(2);
    expect(run.api.subagentRequests('MARKER-B').length).toBeGreaterThanOrEqual(3);
    expect(run.api.remaining()).toBe(0);

    // The wire: two children announced on the parent, then their traffic under their own ids.
    const updates = wire.updates();
    const announced = updates.filter((u) => u.sessionId === session.id && u.update.sessionUpdate === 'subagent_update' && u.update.title !== undefined);
    expect(announced.map((u) => [u.update.title, u.update.capabilities, u.update.state])).toEqual([
      ['Read a', { cancel: {} }, { state: 'running' }],
      ['Edit b', { cancel: {} }, { state: 'running' }],
    ]);
    const [childA, childB] = announced.map((u) => u.update.sessionId as string);
    expect(childA).not.toBe(childB);
    const toolCallsOf = (child: string) =>
      updates.filter((u) => u.sessionId === child && u.update.sessionUpdate === 'tool_call').map((u) => [u.update.name, u.update.kind]);
    expect(toolCallsOf(childA)).toEqual([['Read', 'read']]);
    expect(toolCallsOf(childB)).toEqual([
      ['Read', 'read'],
      ['Edit', 'edit'],
    ]);
    // No tool call of the main agent: the Agent calls are replaced by the launch messages.
    expect(updates.filter((u) => u.sessionId === session.id && u.update.sessionUpdate === 'tool_call')).toEqual([]);
    const launch = updates.find((u) => u.sessionId === session.id && u.update.sessionUpdate === 'session_message' && u.update.recipientSessionId === childA);
    expect(launch?.update).toMatchObject({ senderSessionId: session.id, content: [{ type: 'text', text: 'MARKER-A: read a.txt' }] });
    const permissionRequest = wire.messages.find((m) => m.dir === 'in' && m.msg.method === 'session/request_permission');
    expect(permissionRequest?.msg.params?.sessionId).toBe(childB);

    // The Approval is the root session's and names its subagent.
    const approvals = run.hooks.permissions.slice(from);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ sessionId: session.id, subagent: { sessionId: childB, title: 'Edit b' } });
    expect(approvals[0].params.sessionId).toBe(childB);

    // The transcript: two lanes where they were announced, ended idle with their replies; their entries tagged.
    expect(lanes(session)).toEqual([
      expect.objectContaining({
        sessionId: childA,
        title: 'Read a',
        prompt: 'MARKER-A: read a.txt',
        reply: 'A read it.',
        state: 'idle',
        stopReason: 'end_turn',
        cancellable: true,
      }),
      expect.objectContaining({
        sessionId: childB,
        title: 'Edit b',
        prompt: 'MARKER-B: change beta in b.txt',
        reply: 'B edited it.',
        state: 'idle',
        stopReason: 'end_turn',
      }),
    ]);
    for (const l of lanes(session)) expect(l.endedAt! >= l.startedAt).toBe(true);
    const kinds = (lane: string) => laneEntries(session, lane).map((e) => (e.kind === 'tool' ? `tool:${e.toolCall.kind}:${e.toolCall.status}` : e.kind));
    expect(kinds(childA)).toEqual(['agent', 'tool:read:completed', 'agent']);
    expect(kinds(childB)).toEqual(['agent', 'tool:read:completed', 'agent', 'tool:edit:completed', 'permission', 'agent']);
    const permission = laneEntries(session, childB).find((e) => e.kind === 'permission');
    expect(permission?.kind === 'permission' && permission.permission.outcome).toMatchObject({ status: 'selected', optionId: 'allow-once' });
    // The main agent's own entries carry no lane: the prompt, its closing text, the turn's end.
    expect(
      session
        .snapshot()
        .entries.filter((e) => e.lane === undefined && e.kind !== 'subagent')
        .map((e) => e.kind),
    ).toEqual(['user', 'agent', 'turn-end']);
    expect(run.logger.lines().filter((l) => /subagent|session_message|unknown session\/update/.test(l))).toEqual([]);

    // Loaded again, the history brings the lanes back (subagent-replay.js: each child announced, its prompt, its
    // transcript under its own id, its end; after the load's answer its current state, not cancellable any more).
    await session.close();
    const loaded = await timed(FILE, 'session/load with two subagents', () => run.client.loadSession(session.id, run.workspace));
    const replayed = lanes(loaded);
    expect(replayed.map((l) => [l.sessionId, l.title, l.prompt, l.state, l.stopReason, l.cancellable])).toEqual([
      [childA, 'Read a', 'MARKER-A: read a.txt', 'idle', 'end_turn', false],
      [childB, 'Edit b', 'MARKER-B: change beta in b.txt', 'idle', 'end_turn', false],
    ]);
    expect(laneEntries(loaded, childB).filter((e) => e.kind === 'tool')).toHaveLength(2);
  });

  it('cancelling the turn while a subagent waits on an approval: the adapter withdraws it, the lanes end, the turn is cancelled', async () => {
    const run = adapter.run;
    const session = await run.newSession();
    const c = join(run.workspace, 'c.txt');
    writeFileSync(c, 'gamma\n');
    const from = run.hooks.permissions.length;
    run.hooks.decide = () => 'never';
    run.api.setScript([agents([{ description: 'Edit c', prompt: 'MARKER-E: change gamma in c.txt', run_in_background: false }])]);
    run.api.setSubagentScript('MARKER-E', [read(c), edit(c, 'gamma', 'GAMMA'), text('E edited it.')]);

    const prompt = session.prompt(ask('edit c through a subagent'));
    const approval = await run.hooks.nextPermission(from);
    expect(approval.subagent).toMatchObject({ title: 'Edit c' });
    const child = approval.subagent!.sessionId;
    await waitUntil(() => session.subagentLane(child)?.state === 'requires_action', 'the lane waiting on the user');

    await session.cancel();
    const res = await timed(FILE, 'turn cancelled with a subagent waiting', () => prompt);

    expect(res.stopReason).toBe('cancelled');
    // The turn's cancel settles the main agent's requests; Claude Code's interrupt stops the foreground subagent and
    // the adapter withdraws its request ($/cancel_request).
    await waitUntil(() => approval.state.status !== 'pending', 'the subagent’s approval to end', 5_000);
    expect(approval.state).toEqual({ status: 'cancelled', reason: 'agent-cancelled' });
    expect(readFileSync(c, 'utf8')).toBe('gamma\n');
    // The adapter reports it idle (cancelled) from Claude Code's task events; should the turn's end come first, the lane
    // is closed with it and that later report replaces the close (subagentLanes.ts).
    await waitUntil(() => session.subagentLane(child)?.stopReason === 'cancelled', 'the lane to end, cancelled');
    expect(session.subagentLane(child)?.state).toBe('idle');
    run.hooks.decide = () => 'allow-once';
  });

  it('stopping one subagent: session/cancel on its child session; it ends idle (cancelled), the other and the turn finish', async () => {
    const run = adapter.run;
    const session = await run.newSession();
    const wire = tapWire(run);
    const a = join(run.workspace, 'a2.txt');
    writeFileSync(a, 'alpha\n');
    let release!: () => void;
    const never = new Promise<void>((r) => (release = r));
    run.api.setScript([
      agents([
        { description: 'Read a2', prompt: 'MARKER-C: read a2.txt', run_in_background: false },
        { description: 'Slow one', prompt: 'MARKER-D: think for a long time', run_in_background: false },
      ]),
      text('One finished, one was stopped.'),
    ]);
    // The slow subagent's model reply is held until the test ends: only a stop ends its work.
    run.api.setSubagentScript('MARKER-C', [read(a), text('C read it.')]);
    run.api.setSubagentScript('MARKER-D', [held(text('D never says this.'), never)]);
    try {
      const prompt = session.prompt(ask('use two subagents, one slow'));
      await run.api.waitForRequest((r) => r.subagent === 'MARKER-D');
      const slow = await waitUntil(() => lanes(session).find((l) => l.title === 'Slow one'), 'the slow lane');
      expect(slow).toMatchObject({ state: 'running', cancellable: true });

      await timed(FILE, 'cancelSubagent', () => session.cancelSubagent(slow.sessionId));
      const res = await timed(FILE, 'turn after one stop', () => prompt);

      expect(res.stopReason).toBe('end_turn');
      const cancels = wire.messages.filter((m) => m.dir === 'out' && m.msg.method === 'session/cancel').map((m) => m.msg.params);
      expect(cancels).toEqual([{ sessionId: slow.sessionId }]);
      const [done, stopped] = [lanes(session).find((l) => l.title === 'Read a2')!, lanes(session).find((l) => l.title === 'Slow one')!];
      expect(stopped).toMatchObject({ state: 'idle', stopReason: 'cancelled' });
      expect(stopped.reply).toBeUndefined();
      expect(done).toMatchObject({ state: 'idle', stopReason: 'end_turn', reply: 'C read it.' });
      expect(
        wire.updates().filter((u) => u.sessionId === session.id && u.update.sessionUpdate === 'subagent_update' && u.update.sessionId === slow.sessionId),
      ).toContainEqual(expect.objectContaining({ update: expect.objectContaining({ state: { state: 'idle', stopReason: 'cancelled' } }) }));
      // The main loop was told the stopped launch was interrupted, and went on.
      expect(run.api.toolResults().some((t) => t.isError && t.text.includes('interrupted'))).toBe(true);
    } finally {
      release();
      wire.dispose();
    }
  });
});
