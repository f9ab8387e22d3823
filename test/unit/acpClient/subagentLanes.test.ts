// The subagent lane reducer (subagentLanes.ts) on the shapes Claude's adapter sends (native-subagents.js, recorded
// from the real adapter in test/integration/subagents.test.ts), and on input it must survive.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { applyClientEvent, type ClientEvent } from '../../../src/acpClient/clientEvents';
import { applySessionUpdate } from '../../../src/acpClient/sessionReducer';
import { applyLaneUpdate, ENDED_WITH_TURN, laneOf, type LaneProblem, type LaneUpdate } from '../../../src/acpClient/subagentLanes';
import type { SubagentLane, TranscriptEntry } from '../../../src/acpClient/transcript';
import { emptyTranscript, type TranscriptState } from '../../../src/acpClient/transcriptState';

const ROOT = 'root-1';
const A = 'a0ab8f1f1bca85b23';
const B = 'a71c266b8cf520421';

/** One step: an update on the root (`on` omitted) or on a child session, or a client event. */
type Step = { on?: string; update: LaneUpdate | SessionUpdate } | ClientEvent;

const LANE_KINDS = new Set(['subagent_update', 'session_message', 'session_message_chunk']);

function fold(steps: Step[], state: TranscriptState = emptyTranscript(ROOT)) {
  const problems: LaneProblem[] = [];
  const opened: string[] = [];
  let now = 1000;
  for (const step of steps) {
    if ('type' in step) {
      state = applyClientEvent(state, step, now++).state;
      continue;
    }
    if (LANE_KINDS.has(step.update.sessionUpdate)) {
      const r = applyLaneUpdate(state, step.update as LaneUpdate, now++, step.on);
      problems.push(...r.problems);
      if (r.opened) opened.push(r.opened);
      state = r.state;
    } else {
      state = applySessionUpdate(state, step.update as SessionUpdate, now++, step.on).state;
    }
  }
  return { state, problems, opened };
}

const announce = (child: string, extra: Record<string, unknown> = {}): Step => ({
  update: {
    sessionUpdate: 'subagent_update',
    sessionId: child,
    title: `Agent ${child.slice(0, 4)}`,
    description: 'general-purpose',
    capabilities: { cancel: {} },
    state: { state: 'running' },
    ...extra,
  } as LaneUpdate,
});
const stateOf = (child: string, state: unknown, on?: string): Step => ({
  on,
  update: { sessionUpdate: 'subagent_update', sessionId: child, state } as LaneUpdate,
});
const launch = (child: string, text: string, id = `toolu_${child}`): Step[] => [
  {
    update: {
      sessionUpdate: 'session_message',
      messageId: id,
      senderSessionId: ROOT,
      recipientSessionId: child,
      recipientMessageId: id,
      content: [{ type: 'text', text }],
    },
  },
  {
    on: child,
    update: {
      sessionUpdate: 'session_message',
      messageId: id,
      senderSessionId: ROOT,
      recipientSessionId: child,
      senderMessageId: id,
      content: [{ type: 'text', text }],
    },
  },
];
const reply = (child: string, text: string, id = `toolu_${child}:reply`): Step => ({
  update: {
    sessionUpdate: 'session_message',
    messageId: id,
    senderSessionId: child,
    recipientSessionId: ROOT,
    content: [
      { type: 'text', text: '<tools-used-before-summary>Read</tools-used-before-summary>\n' },
      { type: 'text', text },
    ],
  },
});
const said = (text: string, on?: string, messageId?: string): Step => ({
  on,
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, messageId },
});
const thought = (text: string, on?: string): Step => ({ on, update: { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } } });
const tool = (id: string, on?: string, status: 'pending' | 'completed' = 'pending'): Step => ({
  on,
  update: { sessionUpdate: 'tool_call', toolCallId: id, title: `Read ${id}`, kind: 'read', status },
});

const lanes = (state: TranscriptState): SubagentLane[] => state.entries.flatMap((e) => (e.kind === 'subagent' ? [e.subagent] : []));
const textOf = (e: TranscriptEntry | undefined) => (e && 'content' in e ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : undefined);

describe('subagent lanes: what the adapter sends', () => {
  it('an announcement is a subagent entry where it came, with its labels, state, cancel and start', () => {
    const { state, opened, problems } = fold([said('I will ask two agents.'), announce(A)]);
    expect(opened).toEqual([A]);
    expect(problems).toEqual([]);
    const e = state.entries[1];
    expect(e).toEqual({
      kind: 'subagent',
      id: `subagent:${A}`,
      at: 1001,
      subagent: { sessionId: A, title: 'Agent a0ab', description: 'general-purpose', state: 'running', startedAt: 1001, cancellable: true },
    });
    expect(e).not.toHaveProperty('lane');
    expect(laneOf(state, A)?.title).toBe('Agent a0ab');
  });

  it('the launch fills the prompt (both views, one message), the `:reply` the reply without Claude Code’s frame', () => {
    const { state, problems } = fold([
      announce(A),
      ...launch(A, 'MARKER-A read a.txt'),
      stateOf(A, { state: 'idle', stopReason: 'end_turn' }),
      reply(A, 'A read it.'),
    ]);
    expect(problems).toEqual([]);
    expect(lanes(state)).toEqual([
      expect.objectContaining({ prompt: 'MARKER-A read a.txt', reply: 'A read it.', state: 'idle', stopReason: 'end_turn', endedAt: 1003 }),
    ]);
    expect(state.entries).toHaveLength(1);
  });

  it('a child’s updates are tagged with its lane; each lane’s message goes on in its own entry when lanes interleave', () => {
    const { state } = fold([
      announce(A),
      announce(B),
      said('I will read ', A, 'm1'),
      said('I will edit ', B, 'm2'),
      said('a.txt.', A, 'm1'),
      tool('t1', A),
      said('b.txt.', B, 'm2'),
      said('Both done.'),
    ]);
    const kinds = state.entries.map((e) => [e.kind, e.lane ?? 'main', textOf(e)]);
    expect(kinds).toEqual([
      ['subagent', 'main', undefined],
      ['subagent', 'main', undefined],
      ['agent', A, 'I will read a.txt.'],
      ['agent', B, 'I will edit b.txt.'],
      ['tool', A, undefined],
      ['agent', 'main', 'Both done.'],
    ]);
    expect(state.entries[4]).toMatchObject({ kind: 'tool', lane: A, toolCall: { toolCallId: 't1' } });
  });

  it('a child’s thought ends when its lane goes idle, not when a sibling adds something', () => {
    const { state } = fold([announce(A), announce(B), thought('hmm', A), said('other', B)]);
    const t = state.entries.find((e) => e.kind === 'thought');
    expect(t?.kind === 'thought' && t.endedAt === undefined).toBe(true);
    const after = fold([stateOf(A, { state: 'idle', stopReason: 'end_turn' })], state).state;
    const t2 = after.entries.find((e) => e.kind === 'thought');
    expect(t2?.kind === 'thought' && t2.endedAt).toBe(1000);
  });

  it('a child stopped (idle, cancelled): its unfinished tool calls are cancelled, a sibling’s are not', () => {
    const { state } = fold([announce(A), announce(B), tool('ta', A), tool('tb', B), stateOf(A, { state: 'idle', stopReason: 'cancelled' })]);
    const status = (id: string) => state.entries.flatMap((e) => (e.kind === 'tool' && e.toolCall.toolCallId === id ? [e.toolCall.status] : []))[0];
    expect([status('ta'), status('tb')]).toEqual(['cancelled', 'pending']);
    expect(laneOf(state, A)).toMatchObject({ state: 'idle', stopReason: 'cancelled', endedAt: 1004 });
  });

  it('requires_action and back; a reused child runs again (its end cleared)', () => {
    const { state } = fold([
      announce(A),
      stateOf(A, { state: 'requires_action' }),
      stateOf(A, { state: 'running' }),
      stateOf(A, { state: 'idle', stopReason: 'end_turn' }),
      stateOf(A, { state: 'running' }),
    ]);
    expect(laneOf(state, A)).toEqual(expect.objectContaining({ state: 'running' }));
    expect(laneOf(state, A)).not.toHaveProperty('endedAt');
    expect(laneOf(state, A)).not.toHaveProperty('stopReason');
  });

  it('the child’s model comes from its config_option_update; its other session-level updates leave the root alone', () => {
    const { state } = fold([
      announce(A),
      {
        on: A,
        update: {
          sessionUpdate: 'config_option_update',
          configOptions: [
            {
              id: 'model',
              name: 'Model',
              category: 'model',
              type: 'select',
              currentValue: 'default',
              options: [{ value: 'default', name: 'Default (recommended)' }],
            },
          ],
        },
      },
      { on: A, update: { sessionUpdate: 'plan', entries: [{ content: 'x', priority: 'high', status: 'pending' }] } },
      { on: A, update: { sessionUpdate: 'session_info_update', title: 'child title' } },
      { on: A, update: { sessionUpdate: 'usage_update', used: 1, size: 2 } },
    ]);
    expect(laneOf(state, A)?.model).toBe('Default (recommended)');
    expect(state.meta).toMatchObject({ plan: [], configOptions: [] });
    expect(state.meta.title).toBeUndefined();
    expect(state.meta.usage).toBeUndefined();
    expect(state.entries).toHaveLength(1);
  });

  it('a nested child: announced on its parent child, its entry sits in that lane', () => {
    const { state, opened } = fold([announce(A), { on: A, update: (announce(B) as { update: LaneUpdate }).update }, said('deep', B)]);
    expect(opened).toEqual([A, B]);
    expect(state.entries[1]).toMatchObject({ kind: 'subagent', lane: A, subagent: { sessionId: B } });
    expect(state.entries[2]).toMatchObject({ kind: 'agent', lane: B });
    // Its reply goes to its parent child.
    const r = fold(
      [
        stateOf(B, { state: 'idle', stopReason: 'end_turn' }, A),
        {
          on: A,
          update: {
            sessionUpdate: 'session_message',
            messageId: 'x:reply',
            senderSessionId: B,
            recipientSessionId: A,
            content: [{ type: 'text', text: 'deep done' }],
          },
        },
      ],
      state,
    );
    expect(laneOf(r.state, B)).toMatchObject({ reply: 'deep done', state: 'idle' });
    expect(laneOf(r.state, A)?.reply).toBeUndefined();
  });

  it('a launch message before its announcement opens the lane; the announcement then patches it', () => {
    const { state, opened } = fold([launch(A, 'go')[0]!, announce(A)]);
    expect(opened).toEqual([A]);
    expect(lanes(state)).toEqual([expect.objectContaining({ sessionId: A, prompt: 'go', title: 'Agent a0ab', state: 'running', startedAt: 1000 })]);
  });

  it('session_message_chunk appends to the message it names', () => {
    const { state } = fold([
      announce(A),
      stateOf(A, { state: 'idle', stopReason: 'end_turn' }),
      { update: { sessionUpdate: 'session_message', messageId: 'r', senderSessionId: A, recipientSessionId: ROOT } },
      { update: { sessionUpdate: 'session_message_chunk', messageId: 'r', content: { type: 'text', text: 'part one, ' } } },
      { update: { sessionUpdate: 'session_message_chunk', messageId: 'r', content: { type: 'text', text: 'part two' } } },
    ]);
    expect(laneOf(state, A)?.reply).toBe('part one, part two');
  });
});

describe('subagent lanes: the end of the parent’s turn', () => {
  it('closes a lane still working (idle, ended-with-turn, its calls cancelled); a finished one keeps its end', () => {
    const { state } = fold([
      announce(A),
      announce(B),
      tool('ta', A),
      stateOf(B, { state: 'idle', stopReason: 'end_turn' }),
      { type: 'turn-ended', stopReason: 'end_turn' },
    ]);
    expect(laneOf(state, A)).toMatchObject({ state: 'idle', stopReason: ENDED_WITH_TURN, endedAt: 1004 });
    expect(laneOf(state, B)).toMatchObject({ state: 'idle', stopReason: 'end_turn', endedAt: 1003 });
    expect(state.entries.find((e) => e.kind === 'tool')).toMatchObject({ toolCall: { status: 'cancelled' } });
    // The child's real end, reported later, replaces the guess.
    const later = fold([stateOf(A, { state: 'idle', stopReason: 'cancelled' })], state).state;
    expect(laneOf(later, A)).toMatchObject({ stopReason: 'cancelled', endedAt: 1000 });
  });

  it('a background child (its launch answered while it works) is not closed, and that answer is not its reply', () => {
    const { state } = fold([
      announce(A),
      {
        update: {
          sessionUpdate: 'session_message',
          messageId: 'toolu_1:reply',
          senderSessionId: A,
          recipientSessionId: ROOT,
          content: [{ type: 'text', text: 'Async agent launched successfully.' }],
        },
      },
      { type: 'turn-ended', stopReason: 'end_turn' },
    ]);
    expect(laneOf(state, A)).toMatchObject({ state: 'running' });
    expect(laneOf(state, A)?.reply).toBeUndefined();
  });

  it('a stillRunning turn end (a queued prompt follows) closes nothing; a failed turn and a disconnect do', () => {
    expect(laneOf(fold([announce(A), { type: 'turn-ended', stopReason: 'end_turn', stillRunning: true }]).state, A)?.state).toBe('running');
    expect(laneOf(fold([announce(A), { type: 'turn-failed', message: 'boom' }]).state, A)?.stopReason).toBe(ENDED_WITH_TURN);
    expect(laneOf(fold([announce(A), { type: 'disconnected', reason: 'gone' }]).state, A)?.stopReason).toBe(ENDED_WITH_TURN);
  });

  it('cancelling the turn cancels the main agent’s unfinished calls, not a lane’s (its own end says)', () => {
    const { state } = fold([announce(A), tool('main'), tool('ta', A), { type: 'turn-cancelling' }]);
    const byId = Object.fromEntries(state.entries.flatMap((e) => (e.kind === 'tool' ? [[e.toolCall.toolCallId, e.toolCall.status]] : [])));
    expect(byId).toEqual({ main: 'cancelled', ta: 'pending' });
  });
});

describe('subagent lanes: bad input', () => {
  it('announced twice: one lane, fields patched (null clears), its start and place kept', () => {
    const { state, opened } = fold([said('x'), announce(A), announce(A, { title: 'Renamed', description: null, capabilities: null })]);
    expect(opened).toEqual([A]);
    expect(lanes(state)).toEqual([{ sessionId: A, title: 'Renamed', state: 'running', startedAt: 1001, cancellable: false }]);
    expect(state.entries[1]?.id).toBe(`subagent:${A}`);
  });

  it('a malformed state is reported (the session logs each key once) and leaves the lane as it was; other fields still apply', () => {
    const { state, problems } = fold([
      announce(A),
      { update: { sessionUpdate: 'subagent_update', sessionId: A, title: 'New title', state: { state: 'exploded' } } as LaneUpdate },
      stateOf(A, 42),
      stateOf(A, { state: 'idle', stopReason: 7 }),
    ]);
    expect(problems.map((p) => p.key)).toEqual([`state:${A}`, `state:${A}`]);
    // A malformed stop reason is "not reported" (the RFD), not a malformed state.
    expect(laneOf(state, A)).toMatchObject({ title: 'New title', state: 'idle' });
    expect(laneOf(state, A)).not.toHaveProperty('stopReason');
  });

  it('a malformed title or capabilities is reported and kept as it was', () => {
    const { state, problems } = fold([
      announce(A),
      { update: { sessionUpdate: 'subagent_update', sessionId: A, title: 5, capabilities: 'yes' } as unknown as LaneUpdate },
    ]);
    expect(problems.map((p) => p.key)).toEqual([`title:${A}`, `capabilities:${A}`]);
    expect(laneOf(state, A)).toMatchObject({ title: 'Agent a0ab', cancellable: true });
  });

  it('messages that name no known subagent, and chunks of unknown messages, are dropped and reported', () => {
    const { state, problems } = fold([
      {
        update: {
          sessionUpdate: 'session_message',
          messageId: 'm',
          senderSessionId: 'stranger',
          recipientSessionId: ROOT,
          content: [{ type: 'text', text: 'hi' }],
        },
      },
      { update: { sessionUpdate: 'session_message', messageId: 'n', content: [{ type: 'text', text: 'who?' }] } },
      { update: { sessionUpdate: 'session_message_chunk', messageId: 'zz', content: { type: 'text', text: 'x' } } },
    ]);
    expect(state.entries).toEqual([]);
    expect(problems.map((p) => p.key)).toEqual(['unknown:stranger', 'unknown:undefined', `chunk:${ROOT}:zz`]);
  });

  it('a session cannot be its own subagent', () => {
    const { state, problems } = fold([
      { update: { sessionUpdate: 'subagent_update', sessionId: ROOT } as LaneUpdate },
      { on: A, update: { sessionUpdate: 'subagent_update', sessionId: A } as LaneUpdate },
    ]);
    expect(state.entries).toEqual([]);
    expect(problems).toHaveLength(2);
  });

  it('random input never throws, and every time it keeps is a finite number', () => {
    let seed = 7;
    const rnd = (n: number) => (((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n) + n) % n;
    const pick = <T>(xs: T[]): T => xs[rnd(xs.length)]!;
    const junk = [undefined, null, 0, NaN, -1, '', 'x', {}, [], { state: 'idle' }, { state: 'running' }, { cancel: {} }, { state: NaN, stopReason: {} }];
    const ids = [ROOT, A, B, 'c', ''];
    let state = emptyTranscript(ROOT);
    for (let i = 0; i < 2000; i++) {
      const on = pick([undefined, A, B, 'c']);
      const kind = pick(['subagent_update', 'session_message', 'session_message_chunk', 'agent_message_chunk', 'tool_call', 'turn']);
      if (kind === 'turn') {
        state = applyClientEvent(state, pick<ClientEvent>([{ type: 'turn-ended', stopReason: 'end_turn' }, { type: 'turn-cancelling' }]), i).state;
        continue;
      }
      if (kind === 'agent_message_chunk' || kind === 'tool_call') {
        const u =
          kind === 'tool_call'
            ? { sessionUpdate: 'tool_call', toolCallId: `t${rnd(5)}`, title: 't' }
            : { sessionUpdate: kind, content: { type: 'text', text: 'y' } };
        state = applySessionUpdate(state, u as SessionUpdate, i, on).state;
        continue;
      }
      const update = {
        sessionUpdate: kind,
        sessionId: pick(ids),
        messageId: pick(['m1', 'm2', 'x:reply']),
        senderSessionId: pick([...ids, undefined, null]),
        recipientSessionId: pick([...ids, undefined, null]),
        title: pick(junk),
        description: pick(junk),
        capabilities: pick(junk),
        state: pick(junk),
        content: pick([undefined, null, [], [{ type: 'text', text: 'z' }], { type: 'text', text: 'q' }]),
      } as unknown as LaneUpdate;
      state = applyLaneUpdate(state, update, i, on).state;
    }
    for (const e of state.entries) {
      expect(Number.isFinite(e.at)).toBe(true);
      if (e.kind === 'subagent') {
        expect(Number.isFinite(e.subagent.startedAt)).toBe(true);
        if (e.subagent.endedAt !== undefined) expect(Number.isFinite(e.subagent.endedAt)).toBe(true);
        expect(['running', 'requires_action', 'idle', 'unknown', 'unset']).toContain(e.subagent.state);
        expect(e.id).toBe(`subagent:${e.subagent.sessionId}`);
      }
    }
    // One entry per child.
    const ids2 = lanes(state).map((l) => l.sessionId);
    expect(new Set(ids2).size).toBe(ids2.length);
  });
});
