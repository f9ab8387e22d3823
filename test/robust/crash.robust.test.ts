// Area 1, crash injection: the scripted agent is killed (SIGKILL) during initialize, during session/new, mid-stream,
// with three approvals open, mid tool call and during a session load, under the real AgentHost, Chat, AcpClient and
// broker. The wire (wire.ts) says which request each kill interrupted; the suite asserts that phase and their
// distribution. After each kill: the start or the turn ended exactly as it must (the error and its words), every
// approval the agent asked for is settled `cancelled (agent-exited)` in the broker and the transcript, no tool call is
// left running, the transcript shown before the kill is intact, the process is gone, and the next prompt works (a new
// agent, continuing the conversation by session/load where there was one).
import { afterAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/acpClient';
import type { TranscriptEntry } from '../../src/acpClient/transcript';
import { alive, chatUnderTest, sleep, transcriptIntact, waitFor } from './chatUnderTest';
import { repoRoot, scriptedLaunch } from '../fixtures/clientHarness';
import { atLeast, check, fail, HangError, record, tally, watchProcess, within, type Tally } from './figures';
import { seededRandom } from './random';
import { interruptedPhase } from './wire';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

const PHASES = ['initialize', 'session/new', 'mid-stream', 'approvals open', 'mid tool call', 'session/load'] as const;
type Phase = (typeof PHASES)[number];
const KILLS = atLeast(204, process.env.ROBUST_SCRIPTED_KILLS);
/** How long the agent holds each initialize / session/new / session/load answer: the window a kill lands in. */
const DELAY = 120;
const KILLED = 'The agent was stopped by SIGKILL.';
/** How each phase's start or turn must end after the kill: the error's name and its exact message. */
const ENDING: Record<Phase, { name: string; message: string; reason?: string }> = {
  initialize: { name: 'AgentStartError', reason: 'exited', message: `The agent stopped before it finished starting. ${KILLED}` },
  'session/new': { name: 'AgentExitedError', message: `The agent stopped while the request was running. ${KILLED}` },
  'session/load': { name: 'AgentExitedError', message: `The agent stopped while the request was running. ${KILLED}` },
  'mid-stream': { name: 'AgentExitedError', message: `The agent stopped while the request was running. ${KILLED}` },
  'approvals open': { name: 'AgentExitedError', message: `The agent stopped while the request was running. ${KILLED}` },
  'mid tool call': { name: 'AgentExitedError', message: `The agent stopped while the request was running. ${KILLED}` },
};

type Chat = ReturnType<typeof chatUnderTest>;
type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };
const settle = (p: Promise<unknown>): Promise<Settled> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** What a phase's driving left: how the start or turn ended, the session (if any) and its entries at the kill. */
interface Driven {
  ending: Settled;
  session?: Session;
  before: TranscriptEntry[];
}

describe('crash injection', () => {
  it(`${KILLS} kills of the scripted agent, six phases, each confirmed on the wire`, async () => {
    const t = tally('crash injection: scripted agent (SIGKILL)');
    tallies.push(t);
    const watch = watchProcess();
    const perPhase = new Map<string, number>();
    const rng = seededRandom(Number(process.env.ROBUST_SEED ?? 12));
    const base = await scriptedLaunch();
    const slow = { ...base, env: { ...base.env, SCRIPTED_AGENT_DELAY_MS: String(DELAY), SCRIPTED_AGENT_LOADABLE: '1', SCRIPTED_AGENT_REPLAY: '30' } };
    const fast = { ...base, env: { ...base.env, SCRIPTED_AGENT_LOADABLE: '1' } };
    for (let i = 0; i < KILLS; i++) {
      const phase = PHASES[i % PHASES.length]!;
      const label = `#${i} ${phase}`;
      const c = chatUnderTest(repoRoot);
      c.setLaunch(phase === 'initialize' || phase === 'session/new' ? slow : fast);
      t.generated++;
      try {
        const driven = await drive(phase, c, rng, label, slow);
        const landed = interruptedPhase(c.wires.at(-1)!);
        perPhase.set(landed, (perPhase.get(landed) ?? 0) + 1);
        if (!check(t, landed === phase, `${label}: the kill landed in "${landed}"`)) continue;
        t.reached++;
        await checkAfterKill(t, c, phase, driven, label);
        // The next prompt works: a new agent, and the conversation continues (session/load) where there was one.
        c.setLaunch(fast);
        const r = await within(c.chat.prompt([{ type: 'text', text: 'hello' }]), 15_000, `${label}: the next prompt`);
        check(t, r.stopReason === 'end_turn', `${label}: the next prompt ended ${r.stopReason}`);
        if (driven.session)
          check(t, c.chat.session?.id === driven.session.id, `${label}: the conversation was not continued (new session ${c.chat.session?.id})`, 'dataLost');
      } catch (err) {
        fail(t, err instanceof HangError ? 'hang' : 'failure', `${label}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        await disposeAll(t, c, label);
      }
    }
    await sleep(20);
    watch.stop();
    for (const e of watch.errors) fail(t, 'failure', e);
    // The distribution: every phase was hit, by as many kills as were aimed at it.
    for (const p of PHASES) check(t, (perPhase.get(p) ?? 0) >= Math.floor(KILLS / PHASES.length), `phase ${p} hit ${perPhase.get(p) ?? 0} times`);
    t.note = `on the wire: ${[...perPhase].map(([p, n]) => `${p} ${n}`).join(', ')}`;
    expect(t.samples).toEqual([]);
  });
});

/** Brings the chat into `phase`, kills the agent at a random point inside it, and waits for the start or turn to end. */
async function drive(phase: Phase, c: Chat, rng: () => number, label: string, slow: Parameters<Chat['setLaunch']>[0]): Promise<Driven> {
  const onWire = (dir: 'in' | 'out', what: (m: { method?: string; params?: Record<string, unknown> }) => boolean) =>
    within(
      waitFor(() => c.wires.at(-1)?.messages.some((m) => m.dir === dir && what(m)) ?? false),
      10_000,
      `${label}: ${phase} on the wire`,
    );
  if (phase === 'initialize' || phase === 'session/new') {
    const starting = settle(c.chat.ensureSession());
    await onWire('out', (m) => m.method === phase);
    await sleep(rng() * (DELAY - 40));
    killNow(c);
    return { ending: await within(starting, 10_000, `${label}: the start`), before: [] };
  }
  const session = await c.chat.ensureSession();
  if (phase === 'session/load') {
    // A first agent answers a turn; the restart's new agent loads the session and dies mid-replay.
    await c.chat.prompt([{ type: 'text', text: 'hello' }]);
    const before = session.snapshot().entries.slice();
    c.setLaunch(slow);
    const restarting = settle(c.chat.restart());
    await waitFor(() => c.procs.length === 2);
    await onWire('out', (m) => m.method === 'session/load');
    await sleep(rng() * (DELAY - 40));
    killNow(c);
    return { ending: await within(restarting, 10_000, `${label}: the restart`), session, before };
  }
  const prompt = phase === 'mid-stream' ? 'stream 200 1' : phase === 'mid tool call' ? 'tool 200 1' : 'permissions';
  const turn = settle(c.chat.prompt([{ type: 'text', text: prompt }]));
  if (phase === 'approvals open')
    await within(
      waitFor(() => c.broker.count === 3),
      10_000,
      `${label}: three approvals`,
    );
  else {
    const update = phase === 'mid-stream' ? 'agent_message_chunk' : 'tool_call';
    await onWire('in', (m) => (m.params?.update as { sessionUpdate?: string } | undefined)?.sessionUpdate === update);
    await sleep(rng() * 80);
  }
  const before = session.snapshot().entries.slice();
  killNow(c);
  return { ending: await within(turn, 10_000, `${label}: the turn`), session, before };
}

function killNow(c: Chat): void {
  c.wires.at(-1)!.markKill();
  process.kill(c.procs.at(-1)!.pid!, 'SIGKILL');
}

/** After the kill: how it ended, the process, the approvals, the transcript. */
async function checkAfterKill(t: Tally, c: Chat, phase: Phase, d: Driven, label: string): Promise<void> {
  const want = ENDING[phase];
  const err = d.ending.ok ? undefined : (d.ending.error as Error & { reason?: string });
  check(
    t,
    err?.name === want.name && err.message === want.message && err.reason === want.reason,
    `${label}: ended ${err ? `${err.name} (${err.reason ?? ''}) ${JSON.stringify(err.message)}` : 'without an error'}, expected ${want.name} ${JSON.stringify(want.message)}`,
  );
  const dead = c.procs.at(-1)!;
  const exit = await within(dead.exited, 10_000, `${label}: the agent's exit`);
  check(
    t,
    exit.signal === 'SIGKILL' && !alive(dead.pid),
    `${label}: the agent ended ${exit.signal ?? exit.code} and is ${alive(dead.pid) ? 'still running' : 'gone'}`,
  );
  // Every approval the agent asked for is settled as cancelled because the agent went away; none stays open.
  check(t, c.broker.count === 0, `${label}: ${c.broker.count} approvals left open in the broker`);
  check(t, c.requests.length === (phase === 'approvals open' ? 3 : 0), `${label}: ${c.requests.length} approvals asked`);
  for (const r of c.requests)
    check(t, r.state.status === 'cancelled' && r.state.reason === 'agent-exited', `${label}: request ${r.key} is ${JSON.stringify(r.state)}`);
  if (d.session) checkTranscript(t, d.session, d.before, phase, label);
}

function checkTranscript(t: Tally, session: Session, before: TranscriptEntry[], phase: Phase, label: string): void {
  const after = session.snapshot();
  const lost = transcriptIntact(before, after.entries);
  check(t, lost === undefined, `${label}: ${lost}`, 'dataLost');
  check(t, after.meta.turn === 'idle' && after.meta.connection === 'disconnected', `${label}: the session is ${after.meta.turn}, ${after.meta.connection}`);
  for (const e of after.entries) {
    if (e.kind === 'permission')
      check(
        t,
        e.permission.outcome.status === 'cancelled' && e.permission.outcome.reason === 'agent-exited',
        `${label}: ${e.permission.key} is ${JSON.stringify(e.permission.outcome)} in the transcript`,
      );
    if (e.kind === 'tool')
      check(t, e.toolCall.status !== 'pending' && e.toolCall.status !== 'in_progress', `${label}: tool ${e.toolCall.toolCallId} still ${e.toolCall.status}`);
  }
  // A turn's end is the transcript's last entry: the error as the chat shows it.
  if (phase !== 'session/load') {
    const last = after.entries.at(-1);
    check(t, last?.kind === 'error' && last.message === ENDING[phase].message, `${label}: the transcript ends with ${JSON.stringify(last).slice(0, 200)}`);
  }
}

async function disposeAll(t: Tally, c: Chat, label: string): Promise<void> {
  c.chat.dispose();
  for (const p of c.procs) await within(p.exited, 10_000, 'exit').catch(() => fail(t, 'hang', `${label}: pid ${p.pid} did not exit after dispose`));
  for (const p of c.procs) check(t, !alive(p.pid), `${label}: orphan pid ${p.pid}`);
}
