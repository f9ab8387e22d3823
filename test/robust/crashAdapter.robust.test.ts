// Area 1 with the real adapter (claude-agent-acp and the Claude Code it starts, against the fake model API):
// SIGKILL during initialize, during session/new, mid-stream (a model reply held open), with an approval open, mid
// tool call (an approved long-running command) and during a session load. The same checks as the scripted area, and no
// Claude Code (or its command) left running.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/acp';
import type { TranscriptEntry } from '../../src/acp/transcript';
import { descendantPids, prepareAdapter, type AdapterHarness } from '../fixtures/adapter';
import { bash, held, startFakeAnthropic, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { alive, chatUnderTest, sleep, transcriptIntact, waitFor } from './chatUnderTest';
import { fail, HangError, record, tally, watchProcess, within, type Tally } from './figures';
import { seededRandom } from './random';

const tallies: Tally[] = [];

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}
afterAll(() => tallies.forEach(record));

const PHASES = (process.env.ROBUST_ADAPTER_PHASES?.split(',') ?? ['initialize', 'session/new', 'mid-stream', 'approval open', 'mid tool call', 'session/load']) as readonly string[];
const KILLS = Number(process.env.ROBUST_ADAPTER_KILLS ?? 20);

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

  it(`${KILLS} kills of the real adapter at random points`, async () => {
    const t = tally('crash injection: real adapter (SIGKILL)');
    tallies.push(t);
    const watch = watchProcess();
    const rng = seededRandom(Number(process.env.ROBUST_SEED ?? 12) + 1);
    const perPhase = new Map<string, number>();
    let orphansChecked = 0;
    let continued = 0;
    let notSaved = 0;
    for (let i = 0; i < KILLS; i++) {
      const phase = PHASES[i % PHASES.length]!;
      const label = `#${i} ${phase}`;
      const c = chatUnderTest(harness.workspace, 'default');
      c.setLaunch(harness.launch);
      let release!: () => void;
      const releasePromise = new Promise<void>((r) => (release = r));
      let session: Session | undefined;
      let before: TranscriptEntry[] = [];
      const descendants: number[] = [];
      const answered = new Set<string>();
      const kill = () => {
        const pid = c.procs.at(-1)!.pid!;
        descendants.push(...descendantPids(pid));
        process.kill(pid, 'SIGKILL');
      };
      const initialized = (n: number) => waitFor(() => c.logger.lines.filter((l) => l.includes('[acpClient] initialized')).length >= n);
      try {
        if (phase === 'initialize') {
          const starting = c.chat.ensureSession().catch((e: unknown) => e);
          await sleep(100 + rng() * 400);
          kill();
          await within(starting, 20_000, `${label}: the start`);
        } else if (phase === 'session/new') {
          const starting = c.chat.ensureSession().catch((e: unknown) => e);
          await within(initialized(1), 20_000, `${label}: initialize`);
          await sleep(rng() * 800);
          kill();
          await within(starting, 20_000, `${label}: the start`);
        } else if (phase === 'session/load') {
          api.setScript([text('first answer')]);
          session = await c.chat.ensureSession();
          await c.chat.prompt([{ type: 'text', text: 'hello' }]);
          before = session.snapshot().entries.slice();
          const restarting = c.chat.restart().catch((e: unknown) => e);
          await within(initialized(2), 20_000, `${label}: initialize`);
          await sleep(rng() * 300);
          kill();
          await within(restarting, 20_000, `${label}: the restart`);
        } else {
          session = await c.chat.ensureSession();
          api.setScript(phase === 'mid-stream' ? [held(text('never finished'), releasePromise)] : phase === 'approval open' ? [bash('touch crash.txt')] : [bash('tail -f /dev/null'), text('done')]);
          const turn = c.chat.prompt([{ type: 'text', text: 'go' }]).catch((e: unknown) => e);
          if (phase === 'mid-stream') {
            await within(api.waitForRequest((r) => r.kind === 'main' && r.reply?.startsWith('held') === true, 20_000), 25_000, `${label}: the model request`);
            await sleep(rng() * 300);
          } else if (phase === 'approval open') {
            await within(waitFor(() => c.broker.count === 1), 20_000, `${label}: the approval`);
          } else {
            // A command that runs until killed (Claude Code refuses a bare sleep); answer its approval if one comes.
            const pid = c.procs.at(-1)!.pid!;
            const running = () => descendantPids(pid).some((p) => cmdline(p).includes('tail -f /dev/null'));
            await within(waitFor(() => {
              const p = c.broker.pending()[0];
              if (p?.type === 'permission' && c.broker.answer(p.key, p.presentation.options.find((o) => o.kind === 'allow_once')!.optionId) === 'accepted') answered.add(p.key);
              return running();
            }, 50), 20_000, `${label}: the command running`);
            await sleep(rng() * 300);
          }
          before = session.snapshot().entries.slice();
          kill();
          const r = await within(turn, 20_000, `${label}: the turn`);
          if (!(r instanceof Error)) fail(t, 'failure', `${label}: the turn ended without an error`);
        }
        const dead = c.procs.at(-1)!;
        await within(dead.exited, 10_000, `${label}: the adapter's exit`);
        // Claude Code and any command it ran notice the closed pipe and go; wait a bounded time, then count orphans.
        const deadline = Date.now() + 15_000;
        while (descendants.some(alive) && Date.now() < deadline) await sleep(100);
        orphansChecked += descendants.length;
        for (const pid of descendants.filter(alive)) {
          fail(t, 'failure', `${label}: orphan process ${pid} still running`);
          process.kill(pid, 'SIGKILL');
        }
        if (c.broker.count !== 0 || c.surfaces.some((s) => s.size > 0)) fail(t, 'failure', `${label}: approvals left open`);
        for (const r of c.requests) if (!r.signal.aborted && !answered.has(r.key)) fail(t, 'failure', `${label}: request ${r.key} neither answered nor cancelled`);
        if (session) {
          const after = session.snapshot();
          const lost = transcriptIntact(before, after.entries);
          if (lost) fail(t, 'dataLost', `${label}: ${lost}`);
          for (const e of after.entries) {
            if (e.kind === 'permission' && e.permission.outcome.status === 'pending') fail(t, 'failure', `${label}: ${e.permission.key} still pending`);
            if (e.kind === 'tool' && (e.toolCall.status === 'pending' || e.toolCall.status === 'in_progress')) fail(t, 'failure', `${label}: tool still ${e.toolCall.status}`);
          }
        }
        // The next prompt works on a new adapter, continuing the conversation (session/load) where there was one.
        api.setScript([text('after the crash')]);
        const r = await within(c.chat.prompt([{ type: 'text', text: 'hello again' }]), 60_000, `${label}: the next prompt`);
        if (r.stopReason !== 'end_turn') fail(t, 'failure', `${label}: the next prompt ended ${r.stopReason}`);
        if (session && c.chat.session?.id === session.id) continued++;
        else if (session) {
          // Killed before Claude Code saved the session (its first model request still open): the new agent has no
          // such session ("Resource not found") and the chat starts a new one. Anything else is a lost conversation.
          const why = c.logger.lines.filter((l) => /could not continue/.test(l)).join(' ');
          if (/Resource not found/.test(why)) notSaved++;
          else fail(t, 'dataLost', `${label}: the conversation was not continued (${why.slice(0, 300)})`);
        }
        perPhase.set(phase, (perPhase.get(phase) ?? 0) + 1);
      } catch (err) {
        if (process.env.ROBUST_DEBUG) console.log(label, JSON.stringify(session?.snapshot().entries).slice(0, 3000), api.requests.map((r) => `${r.kind}:${r.reply}`), c.procs.flatMap((p) => descendantPids(p.pid!).map(cmdline)), c.logger.lines.slice(-30));
        fail(t, err instanceof HangError ? 'hang' : 'failure', `${label}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        t.cases++;
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
    t.note = `${[...perPhase].map(([p, n]) => `${p} ${n}`).join(', ')}; ${orphansChecked} child processes checked; ${continued} continued by session/load, ${notSaved} not yet saved by Claude Code (new session)`;
    expect(t.samples).toEqual([]);
  });
});
