// Conversations that last, in the client core: the remembered session is reopened at start, a load's replay reaches
// views as one snapshot (no per-update events), history opens/forks/deletes, and the agent restarts on its own only
// when asked to and within its budget.
import { afterEach, describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { AgentHost } from '../../../src/chat/agentHost';
import { ChatRegistry } from '../../../src/chat/chatRegistry';
import { autoRestart, RestartPolicy } from '../../../src/chat/autoRestart';
import { chatHistory } from '../../../src/chat/historySource';
import { SessionStore, trackSessions, type KeyValueStore } from '../../../src/chat/sessionStore';
import { recordingLogger, startFakeAgent, until, type FakeAgent, type FakeAgentOptions } from '../acpClient/inProcessAgent';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const FULL: acp.AgentCapabilities = {
  loadSession: true,
  sessionCapabilities: { list: {}, delete: {}, close: {}, fork: {} } as acp.SessionCapabilities,
};

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: <T>(k: string) => data.get(k) as T | undefined, update: async (k, v) => void data.set(k, v) };
}

function setup(agentOpts: FakeAgentOptions = {}, resumeSessionId?: () => string | undefined) {
  const agents: FakeAgent[] = [];
  const logger = recordingLogger();
  const host = new AgentHost({
    resolveLaunch: () => ({ command: 'fake', args: [], env: {} }),
    cwd: () => '/work',
    hooks: { requestPermission: () => new Promise<string>(() => undefined) },
    logger,
    clientInfo: { name: 't', version: '0' },
    spawn: () => {
      const agent = startFakeAgent({ capabilities: FULL, ...agentOpts });
      agents.push(agent);
      return agent.process;
    },
  });
  const chats = new ChatRegistry(host, { logger, resumeSessionId });
  cleanups.push(() => {
    chats.dispose();
    host.dispose();
  });
  return { host, chats, chat: chats.sideView, agents, logger };
}

/** A three-turn history as the adapter replays it: user and agent chunks, and a tool call per turn. */
async function replayThreeTurns(ctx: acp.AgentRequestContext<acp.LoadSessionRequest>): Promise<void> {
  const send = (update: acp.SessionUpdate) => ctx.client.notify('session/update', { sessionId: ctx.params.sessionId, update });
  for (let turn = 1; turn <= 3; turn++) {
    await send({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `question ${turn}` } });
    await send({ sessionUpdate: 'tool_call', toolCallId: `t${turn}`, title: `Read f${turn}`, kind: 'read', status: 'pending' });
    await send({ sessionUpdate: 'tool_call_update', toolCallId: `t${turn}`, status: 'completed' });
    await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `answer ${turn}` } });
  }
  await send({ sessionUpdate: 'session_info_update', title: 'Three questions' });
}

describe('reopening the workspace’s session', () => {
  it('loads the remembered session at start; its replay reaches listeners as one session change, not per update', async () => {
    const t = setup({ onLoad: replayThreeTurns }, () => 'remembered-1');
    let sessionChanges = 0;
    let transcriptEvents = 0;
    t.chat.onDidChangeSession((s) => {
      sessionChanges += 1;
      s?.onDidChange(() => (transcriptEvents += 1));
    });
    const session = await t.chat.ensureSession();
    expect(session.id).toBe('remembered-1');
    expect(t.agents[0]!.received).toContain('session/load remembered-1');
    expect(t.agents[0]!.received).not.toContain('session/new');
    const kinds = session.snapshot().entries.map((e) => e.kind);
    expect(kinds).toEqual(['user', 'tool', 'agent', 'user', 'tool', 'agent', 'user', 'tool', 'agent']);
    expect(session.snapshot().meta.title).toBe('Three questions');
    expect(sessionChanges).toBe(1);
    expect(transcriptEvents).toBe(0);
  });

  it('starts a new session when the remembered one cannot be loaded', async () => {
    const t = setup(
      {
        onLoad: async () => {
          throw new Error('Resource not found');
        },
      },
      () => 'gone',
    );
    const session = await t.chat.ensureSession();
    expect(session.id).toBe('sess-1');
    expect(t.logger.has('warn', /could not continue session gone/)).toBe(true);
  });

  it('the store remembers the shown session and its title; a fresh chat on that store reopens it', async () => {
    const kv = memoryStore();
    const store = new SessionStore(kv, recordingLogger());
    const t = setup({ onLoad: replayThreeTurns }, () => store.currentId());
    const sub = trackSessions(t.chats, store, () => Date.parse('2026-01-02T03:04:05Z'));
    const first = await t.chat.ensureSession();
    expect(store.currentId()).toBe(first.id);
    await first.prompt([{ type: 'text', text: 'hi' }]);
    const next = await t.chat.newSession();
    expect(store.currentId()).toBe(next.id);
    expect(
      store
        .recent()
        .map((i) => i.sessionId)
        .sort(),
    ).toEqual([first.id, next.id].sort());
    sub.dispose();

    store.remember({ sessionId: next.id, title: 'Named earlier', updatedAt: '2026-01-02T03:04:06Z' });
    const again = setup({ onLoad: async () => undefined }, () => store.currentId());
    const sub2 = trackSessions(again.chats, store);
    const reopened = await again.chat.ensureSession();
    expect(reopened.id).toBe(next.id);
    // The load does not replay the title; the one remembered is shown.
    expect(reopened.snapshot().meta.title).toBe('Named earlier');
    sub2.dispose();
    expect(again.agents[0]!.received).toContain(`session/load ${next.id}`);
  });

  it('ignores malformed stored history', () => {
    const kv = memoryStore();
    kv.data.set('acpChat.sessionHistory', [{ sessionId: 5 }, 'x', null, { sessionId: 'ok', title: 7, updatedAt: 'not a date' }]);
    kv.data.set('acpChat.currentSession', { evil: true });
    const store = new SessionStore(kv, recordingLogger());
    expect(store.recent()).toEqual([{ sessionId: 'ok', title: null, updatedAt: null }]);
    expect(store.currentId()).toBeUndefined();
  });
});

describe('history', () => {
  it('lists every page for the workspace, newest first, and opens the older one by loading it', async () => {
    const t = setup({
      onLoad: replayThreeTurns,
      listPages: {
        '': { sessions: [{ sessionId: 'old', cwd: '/work', title: 'Old one', updatedAt: '2026-01-01T00:00:00Z' }], nextCursor: 'p2' },
        p2: { sessions: [{ sessionId: 'new', cwd: '/work', title: 'New one', updatedAt: '2026-01-03T00:00:00Z' }] },
      },
    });
    const store = new SessionStore(memoryStore(), recordingLogger());
    const history = chatHistory(t.chats, store);
    const first = await t.chat.ensureSession();
    const items = await history.list();
    expect(items.map((i) => i.sessionId)).toEqual(['new', 'old']);
    expect(t.agents[0]!.received.filter((m) => m.startsWith('session/list'))).toEqual(['session/list /work ', 'session/list /work p2']);
    const shown: string[] = [];
    t.chat.onDidChangeSession((s) => s && shown.push(s.id));
    await history.open('old', t.chat);
    expect(t.chat.session?.id).toBe('old');
    expect(shown).toEqual(['old']);
    expect(t.chat.session?.snapshot().entries).toHaveLength(9);
    // The session left behind was closed on the agent.
    expect(t.agents[0]!.received).toContain('session/close');
    expect(first.snapshot().meta.connection).toBe('disconnected');
  });

  it('always lists the session on screen, even before the agent lists it', async () => {
    const t = setup({ listPages: { '': { sessions: [{ sessionId: 'old', cwd: '/work', title: 'Old one', updatedAt: '2026-01-01T00:00:00Z' }] } } });
    const history = chatHistory(t.chats, new SessionStore(memoryStore(), recordingLogger()));
    const shown = await t.chat.ensureSession();
    expect((await history.list(t.chat)).map((i) => i.sessionId)).toEqual([shown.id, 'old']);
    expect((await history.list()).map((i) => i.sessionId)).toEqual(['old']);
  });

  it('names no conversation after a prompt the agent never answered, until it answers', async () => {
    let answer = false;
    const t = setup({
      listPages: { '': { sessions: [{ sessionId: 'old', cwd: '/work', title: 'Old prompt, never answered', updatedAt: '2026-01-01T00:00:00Z' }] } },
      prompt: async (ctx) => {
        // As the adapter does: the session is titled from the prompt whether or not the model answers it.
        await ctx.client.notify('session/update', {
          sessionId: ctx.params.sessionId,
          update: { sessionUpdate: 'session_info_update', title: 'Fix the login bug' },
        });
        if (!answer) throw new Error('Authentication required');
        await ctx.client.notify('session/update', {
          sessionId: ctx.params.sessionId,
          update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Fixed.' } },
        });
        return { stopReason: 'end_turn' };
      },
    });
    const store = new SessionStore(memoryStore(), recordingLogger());
    store.setUnanswered('old', true);
    const sub = trackSessions(t.chats, store);
    const history = chatHistory(t.chats, store);
    const shown = await t.chat.ensureSession();
    await expect(shown.prompt([{ type: 'text', text: 'fix the login bug' }])).rejects.toThrow();
    expect(shown.meta.title).toBe('Fix the login bug');
    expect((await history.list(t.chat)).map((i) => [i.sessionId, i.title])).toEqual([
      [shown.id, null],
      ['old', null],
    ]);
    expect(store.recent().find((i) => i.sessionId === shown.id)?.title).toBeNull();

    answer = true;
    await shown.prompt([{ type: 'text', text: 'try again' }]);
    expect(store.isUnanswered(shown.id)).toBe(false);
    expect((await history.list(t.chat)).map((i) => [i.sessionId, i.title])).toEqual([
      [shown.id, 'Fix the login bug'],
      ['old', null],
    ]);
    expect(store.recent().find((i) => i.sessionId === shown.id)?.title).toBe('Fix the login bug');
    sub.dispose();
  });

  it('falls back to the sessions this extension opened when the agent cannot list', async () => {
    const t = setup({ capabilities: { loadSession: true } });
    const store = new SessionStore(memoryStore(), recordingLogger());
    store.remember({ sessionId: 'a', title: 'Earlier', updatedAt: '2026-01-01T00:00:00Z' });
    const history = chatHistory(t.chats, store);
    expect((await history.list()).map((i) => i.title)).toEqual(['Earlier']);
    expect(history.canDelete()).toBe(false);
    expect(history.canFork()).toBe(false);
  });

  it('forks into a copy and opens it; deleting the shown session moves the chat to a new one first', async () => {
    const t = setup({ onLoad: replayThreeTurns });
    const store = new SessionStore(memoryStore(), recordingLogger());
    const history = chatHistory(t.chats, store);
    const first = await t.chat.ensureSession();
    await history.fork(first.id, t.chat);
    expect(t.chat.session?.id).toBe(`fork-of-${first.id}`);
    expect(t.agents[0]!.received).toContain(`session/load fork-of-${first.id}`);
    store.remember({ sessionId: `fork-of-${first.id}`, title: null, updatedAt: null });
    await history.delete(`fork-of-${first.id}`);
    expect(t.agents[0]!.received).toContain(`session/delete fork-of-${first.id}`);
    expect(t.chat.session?.id).not.toBe(`fork-of-${first.id}`);
    expect(store.recent()).toEqual([]);
  });
});

describe('crash recovery', () => {
  it('an unexpected exit says why and fires once; a restart reloads the session', async () => {
    const t = setup();
    const exits: number[] = [];
    t.host.onDidExitUnexpectedly((e) => exits.push(e.exit?.code ?? -1));
    const first = await t.chat.ensureSession();
    t.agents[0]!.exit({ code: 3, stderrTail: 'out of cheese' });
    await until(() => t.chat.status.state === 'error');
    expect(t.chat.status).toEqual({ state: 'error', message: expect.stringContaining('exited with code 3') });
    expect(exits).toEqual([3]);
    // A restart the user asked for is not "unexpected".
    await t.chats.restart();
    expect(t.agents[1]!.received).toContain(`session/load ${first.id}`);
    await t.chats.restart();
    expect(exits).toEqual([3]);
  });

  it('restarts automatically only when enabled, with growing delays, at most 3 times in 5 minutes', async () => {
    const t = setup();
    await t.chat.ensureSession();
    let enabled = false;
    let clock = 0;
    const timers: { fn: () => void; ms: number }[] = [];
    const sub = autoRestart(
      { onDidExitUnexpectedly: t.host.onDidExitUnexpectedly, restart: () => t.chats.restart() },
      { enabled: () => enabled, logger: t.logger, now: () => clock, schedule: (fn, ms) => (timers.push({ fn, ms }), () => undefined) },
    );
    const crashAndRecover = async () => {
      t.agents.at(-1)!.exit({ code: 1 });
      await until(() => t.chat.status.state === 'error');
      const timer = timers.shift();
      if (!timer) return undefined;
      timer.fn();
      await until(() => t.chat.status.state === 'ready');
      return timer.ms;
    };
    expect(await crashAndRecover()).toBeUndefined();
    await t.chats.restart();
    enabled = true;
    expect(await crashAndRecover()).toBe(1000);
    clock += 10_000;
    expect(await crashAndRecover()).toBe(2000);
    clock += 10_000;
    expect(await crashAndRecover()).toBe(4000);
    clock += 10_000;
    expect(await crashAndRecover()).toBeUndefined();
    expect(t.logger.has('warn', /keeps exiting/)).toBe(true);
    sub.dispose();
  });

  it('the budget frees up after the window', () => {
    const p = new RestartPolicy({ max: 3, windowMs: 300_000, baseDelayMs: 1000 });
    expect([p.next(0), p.next(1), p.next(2), p.next(3)]).toEqual([1000, 2000, 4000, undefined]);
    expect(p.next(300_001)).toBe(2000);
  });
});

describe('the session’s prompt queue', () => {
  /** An agent whose turns stay open until released; records the prompts in arrival order. */
  function heldAgent(steer?: FakeAgentOptions['steer']) {
    const arrivals: string[] = [];
    const releases: ((r: acp.PromptResponse) => void)[] = [];
    const t = setup({
      steer,
      prompt: (ctx) => {
        const first = ctx.params.prompt[0];
        arrivals.push(first?.type === 'text' ? first.text : '?');
        return new Promise<acp.PromptResponse>((resolve) => releases.push(resolve));
      },
    });
    return { ...t, arrivals, release: (stopReason: acp.StopReason = 'end_turn') => releases.shift()?.({ stopReason }) };
  }
  const ask = (text: string): acp.ContentBlock[] => [{ type: 'text', text }];
  const queueTexts = (s: { snapshot(): { meta: { queue?: { content: acp.ContentBlock[] }[] } } }) =>
    (s.snapshot().meta.queue ?? []).map((q) => q.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join(' '));

  it('queues prompts typed during a turn, lets them be edited and removed, and sends the rest in order', async () => {
    const t = heldAgent();
    const s = await t.chat.ensureSession();
    const first = s.submit(ask('one'));
    expect('sent' in first).toBe(true);
    await until(() => t.arrivals.length === 1);
    const two = s.submit(ask('two'));
    const three = s.submit([
      { type: 'text', text: 'three' },
      { type: 'resource_link', uri: 'file:///x.ts', name: 'x.ts' },
    ]);
    const four = s.submit(ask('four'));
    expect(queueTexts(s)).toEqual(['two', 'three [resource_link]', 'four']);
    if (!('queued' in two) || !('queued' in three) || !('queued' in four)) throw new Error('expected queued');
    expect(s.editQueued(three.queued, 'three, edited')).toBe(true);
    expect(s.removeQueued(two.queued)).toBe(true);
    expect(queueTexts(s)).toEqual(['three, edited [resource_link]', 'four']);
    t.release();
    await until(() => t.arrivals.length === 2);
    expect(t.arrivals[1]).toBe('three, edited');
    expect(queueTexts(s)).toEqual(['four']);
    t.release();
    await until(() => t.arrivals.length === 3);
    t.release();
    await until(() => s.snapshot().meta.turn === 'idle');
    expect(t.arrivals).toEqual(['one', 'three, edited', 'four']);
    expect(s.snapshot().meta.queue).toEqual([]);
    expect(s.editQueued(four.queued, 'too late')).toBe(false);
  });

  it('a cancelled turn leaves the queue waiting; Send sends one now', async () => {
    const t = heldAgent();
    const s = await t.chat.ensureSession();
    s.submit(ask('one'));
    await until(() => t.arrivals.length === 1);
    const next = s.submit(ask('after stop'));
    await s.cancel();
    t.release('cancelled');
    await until(() => s.snapshot().meta.turn === 'idle');
    await new Promise((r) => setTimeout(r, 20));
    expect(t.arrivals).toEqual(['one']);
    if (!('queued' in next)) throw new Error('expected queued');
    const sent = s.sendQueued(next.queued);
    await until(() => t.arrivals.length === 2);
    t.release();
    await sent;
    expect(t.arrivals).toEqual(['one', 'after stop']);
  });

  it('Steer sends a queued prompt into the running turn with _session/steering and shows it as the user’s message', async () => {
    const t = heldAgent(() => 'injected');
    const s = await t.chat.ensureSession();
    expect(t.host.agent && (await import('../../../src/acpClient/steering')).agentSteers(t.host.agent.initializeResponse)).toBe(true);
    s.submit(ask('one'));
    await until(() => t.arrivals.length === 1);
    const q = s.submit(ask('actually, use tabs'));
    if (!('queued' in q)) throw new Error('expected queued');
    await s.steerQueued(q.queued);
    expect(t.agents[0]!.received).toContain('_session/steering actually, use tabs');
    expect(s.snapshot().meta.queue).toEqual([]);
    const users = s.snapshot().entries.filter((e) => e.kind === 'user');
    expect(users).toHaveLength(2);
    expect(s.snapshot().meta.turn).toBe('running');
    t.release();
    await until(() => s.snapshot().meta.turn === 'idle');
    expect(t.arrivals).toEqual(['one']);
  });

  it('Steer after the turn ended (promptRequired) sends the prompt as a new turn; without support it refuses', async () => {
    const t = heldAgent(() => 'promptRequired');
    const s = await t.chat.ensureSession();
    const one = s.submit(ask('one'));
    await until(() => t.arrivals.length === 1);
    const q = s.submit(ask('steer me'));
    if (!('queued' in q)) throw new Error('expected queued');
    // The turn is over by the time the steer arrives (a Stop leaves the queue in place).
    t.release('cancelled');
    await until(() => s.snapshot().meta.turn === 'idle');
    const steering = s.steerQueued(q.queued);
    await until(() => t.arrivals.length === 2);
    expect(t.arrivals[1]).toBe('steer me');
    expect(t.agents[0]!.received).toContain('_session/steering steer me');
    t.release();
    await steering;
    if ('sent' in one) await one.sent;

    const plain = heldAgent();
    const p = await plain.chat.ensureSession();
    const pOne = p.submit(ask('one'));
    await until(() => plain.arrivals.length === 1);
    const pq = p.submit(ask('two'));
    if (!('queued' in pq)) throw new Error('expected queued');
    await expect(p.steerQueued(pq.queued)).rejects.toThrow(/steering/);
    expect(queueTexts(p)).toEqual(['two']);
    plain.release();
    await until(() => plain.arrivals.length === 2);
    plain.release();
    await until(() => p.snapshot().meta.turn === 'idle');
    if ('sent' in pOne) await pOne.sent;
  });
});

describe('a chat in an editor tab', () => {
  it('has its own session on the shared agent, continues it after the agent restarts, and closes it on the agent', async () => {
    const t = setup();
    const main = await t.chat.ensureSession();
    const tab = t.chats.open();
    const own = await tab.ensureSession();
    expect(own.id).not.toBe(main.id);
    expect(t.agents).toHaveLength(1);
    await t.chats.restart(t.chat);
    expect(own.status.connection).toBe('disconnected');
    const again = await tab.ensureSession();
    expect(again.id).toBe(own.id);
    expect(t.agents[1]!.received).toContain(`session/load ${own.id}`);
    await t.chats.close(tab);
    expect(t.agents[1]!.received.filter((m) => m === 'session/close')).toHaveLength(1);
    expect(t.chat.session?.status.connection).toBe('connected');
    await expect(tab.ensureSession()).rejects.toThrow(/closed/);
  });

  it('is the chat the user is in once focused; closing it hands that back to the side view', async () => {
    const t = setup();
    const seen: string[] = [];
    t.chats.onDidChangeActive((c) => seen.push(c === t.chat ? 'view' : 'tab'));
    expect(t.chats.active).toBe(t.chat);
    const tab = t.chats.open();
    expect(t.chats.active).toBe(tab);
    t.chats.focus(t.chat);
    expect(t.chats.active).toBe(t.chat);
    t.chats.focus(tab);
    await t.chats.close(tab);
    expect(t.chats.active).toBe(t.chat);
    expect(seen).toEqual(['tab', 'view', 'tab', 'view']);
  });

  it('its session is in the stored history (for agents without session/list), but not the one to reopen after a reload', async () => {
    const t = setup();
    const store = new SessionStore(memoryStore(), recordingLogger());
    const sub = trackSessions(t.chats, store);
    const main = await t.chat.ensureSession();
    const tab = t.chats.open();
    const own = await tab.ensureSession();
    expect(
      store
        .recent()
        .map((i) => i.sessionId)
        .sort(),
    ).toEqual([main.id, own.id].sort());
    expect(store.currentId()).toBe(main.id);
    sub.dispose();
  });

  it('Restart continues the given chat first; the others continue on the new agent too', async () => {
    const t = setup();
    const main = await t.chat.ensureSession();
    const tab = t.chats.open();
    const own = await tab.ensureSession();
    const continued = await t.chats.restart(tab);
    expect(continued.id).toBe(own.id);
    expect(tab.session).toBe(continued);
    await until(() => t.chat.session?.status.connection === 'connected' && t.chat.session !== main);
    expect(t.chat.session?.id).toBe(main.id);
  });
});
