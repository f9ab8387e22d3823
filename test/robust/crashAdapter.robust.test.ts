// Area 1 with the real adapter (claude-agent-acp and the Claude Code it starts, against the fake model API): SIGKILL
// during initialize, during session/new, while a model reply is held open, with an approval open, mid tool call (an
// approved long-running command) and during a session load. The wire (wire.ts) says which request each kill
// interrupted (and the fake API that the held reply was open); the suite asserts the phase of every kill and their
// distribution. After each kill: the start or the turn ended with the exact error, no approval left open (an
// answered one stays answered, the others `cancelled (agent-exited)`), no tool call left running, the transcript
// intact, no Claude Code (or its command) left running, and the next prompt continues the conversation.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/acpClient';
import { describeExit } from '../../src/acpClient/exitDescription';
import type { TranscriptEntry } from '../../src/acpClient/transcript';
import { descendantPids, prepareAdapter, type AdapterHarness } from '../fixtures/adapter';
import { bash, held, startFakeAnthropic, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { alive, chatUnderTest, sleep, transcriptIntact, waitFor } from './chatUnderTest';
import { atLeast, check, fail, HangError, record, tally, watchProcess, within, type Tally } from './figures';
import { seededRandom } from './random';
import { interruptedPhase } from './wire';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

const PHASES = ['initialize', 'session/new', 'model reply held', 'approval open', 'mid tool call', 'session/load'] as const;
type Phase = (typeof PHASES)[number];
/** What the wire shows for each phase (interruptedPhase); a held reply has streamed nothing yet. */
const ON_WIRE: Record<Phase, string> = {
  initialize: 'initialize',
  'session/new': 'session/new',
  'model reply held': 'prompt open, nothing streamed',
  'approval open': 'approvals open',
  'mid tool call': 'mid tool call',
  'session/load': 'session/load',
};
const KILLS = atLeast(20, process.env.ROBUST_ADAPTER_KILLS);

type Chat = ReturnType<typeof chatUnderTest>;
type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };
const settle = (p: Promise<unknown>): Promise<Settled> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

interface Driven {
  ending: Settled;
  session?: Session;
  before: TranscriptEntry[];
  /** Approvals the test answered before the kill (the running command's). */
  answered: Set<string>;
  /** The agent's process tree at the kill. */
  descendants: number[];
}

/** How each phase's start or turn must end after the kill, given the exit (its description carries the stderr tail). */
function ending(phase: Phase, exit: Parameters<typeof describeExit>[0]): { name: string; message: string; reason?: string } {
  if (phase === 'initialize')
    return { name: 'AgentStartError', reason: 'exited', message: `The agent stopped before it finished starting. ${describeExit(exit)}` };
  return { name: 'AgentExitedError', message: `The agent stopped while the request was running. ${describeExit(exit)}` };
}

describe('crash injection, real adapter', () => {
  let api: FakeAnthropic;
  let harness: AdapterHarness;
  beforeAll(async () => {
    api = await startFakeAnthropic();
    harness = await prepareAdapter({ apiUrl: api.url });
  });
  afterAll(async () => {
    await harness?.cleanup();
    await api?.close();
  });

  it(`${KILLS} kills of the real adapter, six phases, each confirmed on the wire`, async () => {
    const t = tally('crash injection: real adapter (SIGKILL)');
    tallies.push(t);
    const watch = watchProcess();
    const rng = seededRandom(Number(process.env.ROBUST_SEED ?? 12) + 1);
    const perPhase = new Map<string, number>();
    let orphansChecked = 0;
    for (let i = 0; i < KILLS; i++) {
      const phase = PHASES[i % PHASES.length]!;
      const label = `#${i} ${phase}`;
      const c = chatUnderTest(harness.workspace, 'default');
      c.setLaunch(harness.launch);
      let release!: () => void;
      const releasePromise = new Promise<void>((r) => (release = r));
      t.generated++;
      try {
        const d = await drive(phase, c, rng, label, api, releasePromise, harness.home);
        const landed = interruptedPhase(c.wires.at(-1)!);
        // A held reply shows on the wire as a prompt with nothing streamed; the fake API confirms it was the held one.
        const held = phase !== 'model reply held' || api.requests.some((r) => r.kind === 'main' && r.reply?.startsWith('held') === true);
        const hit = landed === ON_WIRE[phase] && held ? phase : landed;
        perPhase.set(hit, (perPhase.get(hit) ?? 0) + 1);
        if (!check(t, hit === phase, `${label}: the kill landed in "${landed}"`)) continue;
        t.reached++;
        orphansChecked += d.descendants.length;
        await checkAfterKill(t, c, phase, d, label);
        // The next prompt works on a new adapter, continuing the conversation (session/load) where there was one.
        api.setScript([text('after the crash')]);
        const r = await within(c.chat.prompt([{ type: 'text', text: 'hello again' }]), 60_000, `${label}: the next prompt`);
        check(t, r.stopReason === 'end_turn', `${label}: the next prompt ended ${r.stopReason}`);
        if (d.session)
          check(
            t,
            c.chat.session?.id === d.session.id,
            `${label}: the conversation was not continued (${c.logger.lines
              .filter((l) => /could not continue/.test(l))
              .join(' ')
              .slice(0, 300)})`,
            'dataLost',
          );
      } catch (err) {
        if (process.env.ROBUST_DEBUG)
          console.log(
            label,
            api.requests.map((r) => `${r.kind}:${r.reply}`),
            c.logger.lines.slice(-30),
          );
        fail(t, err instanceof HangError ? 'hang' : 'failure', `${label}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        release();
        const pids = c.procs.flatMap((p) => (p.pid && alive(p.pid) ? [p.pid, ...descendantPids(p.pid)] : []));
        c.chat.dispose();
        harness.trackPids(pids);
        for (const p of c.procs) await within(p.exited, 10_000, 'exit').catch(() => fail(t, 'hang', `${label}: adapter ${p.pid} did not exit after dispose`));
      }
    }
    await sleep(20);
    watch.stop();
    for (const e of watch.errors) fail(t, 'failure', e);
    // The distribution: every phase was hit, by as many kills as were aimed at it.
    for (const p of PHASES) check(t, (perPhase.get(p) ?? 0) >= Math.floor(KILLS / PHASES.length), `phase ${p} hit ${perPhase.get(p) ?? 0} times`);
    t.note = `on the wire: ${[...perPhase].map(([p, n]) => `${p} ${n}`).join(', ')}; ${orphansChecked} child processes checked`;
    expect(t.samples).toEqual([]);
  });
});

/** Brings the chat into `phase`, kills the adapter at a random point inside it, and waits for the start or turn to end. */
async function drive(
  phase: Phase,
  c: Chat,
  rng: () => number,
  label: string,
  api: FakeAnthropic,
  releasePromise: Promise<void>,
  home: string,
): Promise<Driven> {
  const answered = new Set<string>();
  const descendants: number[] = [];
  const kill = () => {
    const pid = c.procs.at(-1)!.pid!;
    descendants.push(...descendantPids(pid));
    c.wires.at(-1)!.markKill();
    process.kill(pid, 'SIGKILL');
  };
  const sent = (method: string, n = 1) =>
    within(
      waitFor(() => c.procs.length >= n && (c.wires.at(-1)?.messages.some((m) => m.dir === 'out' && m.method === method) ?? false)),
      20_000,
      `${label}: ${method} sent`,
    );
  if (phase === 'initialize' || phase === 'session/new') {
    const starting = settle(c.chat.ensureSession());
    await sent(phase);
    await sleep(rng() * (phase === 'initialize' ? 100 : 300));
    kill();
    return { ending: await within(starting, 20_000, `${label}: the start`), before: [], answered, descendants };
  }
  const session = await c.chat.ensureSession();
  if (phase === 'session/load') {
    api.setScript([text('first answer')]);
    await c.chat.prompt([{ type: 'text', text: 'hello' }]);
    const before = session.snapshot().entries.slice();
    const restarting = settle(c.chat.restart());
    await sent('session/load', 2);
    await sleep(rng() * 300);
    kill();
    return { ending: await within(restarting, 20_000, `${label}: the restart`), session, before, answered, descendants };
  }
  api.setScript(
    phase === 'model reply held'
      ? [held(text('never finished'), releasePromise)]
      : phase === 'approval open'
        ? [bash('touch crash.txt')]
        : [bash('tail -f /dev/null'), text('done')],
  );
  const turn = settle(c.chat.prompt([{ type: 'text', text: 'go' }]));
  if (phase === 'model reply held') {
    await within(
      api.waitForRequest((r) => r.kind === 'main' && r.reply?.startsWith('held') === true, 20_000),
      25_000,
      `${label}: the model request`,
    );
    await sleep(rng() * 300);
  } else if (phase === 'approval open') {
    await within(
      waitFor(() => c.broker.count === 1),
      20_000,
      `${label}: the approval`,
    );
  } else {
    // A command that runs until killed (Claude Code refuses a bare sleep); its approval is answered Allow once.
    const pid = c.procs.at(-1)!.pid!;
    const running = () => descendantPids(pid).some((p) => cmdline(p).includes('tail -f /dev/null'));
    await within(
      waitFor(() => {
        const p = c.broker.pending()[0];
        if (p?.type === 'permission' && c.broker.answer(p.key, p.presentation.options.find((o) => o.kind === 'allow_once')!.optionId) === 'accepted')
          answered.add(p.key);
        return running();
      }, 50),
      20_000,
      `${label}: the command running`,
    );
    await sleep(rng() * 300);
  }
  // Claude Code writes the prompt to the session's file on its own schedule; a session killed before that cannot be
  // continued by any client. The kill lands after it, still inside the phase (nothing answers or releases meanwhile).
  await within(
    waitFor(() => recorded(home, session.id, 'go'), 20),
    20_000,
    `${label}: the prompt in Claude Code's session file`,
  );
  const before = session.snapshot().entries.slice();
  kill();
  return { ending: await within(turn, 20_000, `${label}: the turn`), session, before, answered, descendants };
}

/** Claude Code's transcript of `sessionId` (under $HOME/.claude/projects) holds the prompt `text`. */
function recorded(home: string, sessionId: string, text: string): boolean {
  const projects = join(home, '.claude', 'projects');
  if (!existsSync(projects)) return false;
  return readdirSync(projects).some((dir) => {
    const file = join(projects, dir, `${sessionId}.jsonl`);
    return existsSync(file) && readFileSync(file, 'utf8').includes(JSON.stringify(text));
  });
}

async function checkAfterKill(t: Tally, c: Chat, phase: Phase, d: Driven, label: string): Promise<void> {
  const dead = c.procs.at(-1)!;
  const exit = await within(dead.exited, 10_000, `${label}: the adapter's exit`);
  check(t, exit.signal === 'SIGKILL', `${label}: the adapter ended ${exit.signal ?? exit.code}`);
  const want = ending(phase, exit);
  const err = d.ending.ok ? undefined : (d.ending.error as Error & { reason?: string });
  check(
    t,
    err?.name === want.name && err.message === want.message && err.reason === want.reason,
    `${label}: ended ${err ? `${err.name} (${err.reason ?? ''}) ${JSON.stringify(err.message.slice(0, 300))}` : 'without an error'}, expected ${want.name} ${JSON.stringify(want.message.slice(0, 300))}`,
  );
  // Claude Code and any command it ran are ended with the adapter's group; wait a bounded time, then count orphans.
  await waitFor(() => !d.descendants.some(alive), 100, 15_000).catch(() => undefined);
  for (const pid of d.descendants) {
    if (check(t, !alive(pid), `${label}: orphan process ${pid} still running`)) continue;
    process.kill(pid, 'SIGKILL');
  }
  check(t, c.broker.count === 0, `${label}: ${c.broker.count} approvals left open`);
  check(t, c.requests.length === (phase === 'approval open' || phase === 'mid tool call' ? 1 : 0), `${label}: ${c.requests.length} approvals asked`);
  for (const r of c.requests) {
    const want = d.answered.has(r.key) ? 'answered' : 'cancelled agent-exited';
    const got = r.state.status === 'cancelled' ? `cancelled ${r.state.reason}` : r.state.status;
    check(t, got === want, `${label}: request ${r.key} is ${got}, expected ${want}`);
  }
  if (d.session) checkTranscript(t, d, want.message, phase, label);
}

function checkTranscript(t: Tally, d: Driven, message: string, phase: Phase, label: string): void {
  const { session, before } = d as Required<Driven>;
  const after = session.snapshot();
  const lost = transcriptIntact(before, after.entries);
  check(t, lost === undefined, `${label}: ${lost}`, 'dataLost');
  check(t, after.meta.turn === 'idle' && after.meta.connection === 'disconnected', `${label}: the session is ${after.meta.turn}, ${after.meta.connection}`);
  for (const e of after.entries) {
    if (e.kind === 'permission') {
      const o = e.permission.outcome;
      const ok = d.answered.has(e.permission.key)
        ? o.status === 'selected' && o.optionKind === 'allow_once'
        : o.status === 'cancelled' && o.reason === 'agent-exited';
      check(t, ok, `${label}: ${e.permission.key} is ${JSON.stringify(o)}`);
    }
    if (e.kind === 'tool') check(t, e.toolCall.status !== 'pending' && e.toolCall.status !== 'in_progress', `${label}: tool still ${e.toolCall.status}`);
  }
  if (phase !== 'session/load') {
    const last = after.entries.at(-1);
    check(t, last?.kind === 'error' && last.message === message, `${label}: the transcript ends with ${JSON.stringify(last).slice(0, 200)}`);
  }
}
