// Area 1, crash injection: the agent process is killed (SIGKILL) at random points — during initialize, during
// session/new, mid-stream, with approvals open on every surface, mid tool call, during a session load — under the
// real ChatService, AcpClient and broker. After each kill: no unhandled rejection, no surface left open, every
// pending request settled `cancelled`, the transcript shown before the kill intact, no process left running, and
// the next prompt works (a new agent, continuing the conversation by session/load where the agent supports it).
import { afterAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/acp';
import type { TranscriptEntry } from '../../src/acp/transcript';
import { alive, chatUnderTest, sleep, transcriptIntact, waitFor } from './chatUnderTest';
import { repoRoot, scriptedLaunch } from '../fixtures/clientHarness';
import { fail, record, tally, watchProcess, within, HangError, type Tally } from './figures';
import { seededRandom } from './random';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

const PHASES = ['initialize', 'session/new', 'mid-stream', 'approvals open', 'mid tool call', 'session/load'] as const;
type Phase = (typeof PHASES)[number];
const KILLS = Number(process.env.ROBUST_SCRIPTED_KILLS ?? 204);
const DELAY = 120;

describe('crash injection', () => {
  it(`${KILLS} kills of the scripted agent at random points`, async () => {
    const t = tally('crash injection: scripted agent (SIGKILL)');
    tallies.push(t);
    const watch = watchProcess();
    const perPhase = new Map<Phase, number>();
    const rng = seededRandom(Number(process.env.ROBUST_SEED ?? 12));
    for (let i = 0; i < KILLS; i++) {
      const phase = PHASES[i % PHASES.length]!;
      const c = chatUnderTest(repoRoot);
      const base = await scriptedLaunch();
      const slow = { ...base, env: { ...base.env, SCRIPTED_AGENT_DELAY_MS: String(DELAY), SCRIPTED_AGENT_LOADABLE: '1', SCRIPTED_AGENT_REPLAY: '30' } };
      const fast = { ...base, env: { ...base.env, SCRIPTED_AGENT_LOADABLE: '1' } };
      c.setLaunch(phase === 'initialize' || phase === 'session/new' ? slow : fast);
      let session: Session | undefined;
      let before: TranscriptEntry[] = [];
      const label = `#${i} ${phase}`;
      try {
        const killNow = () => process.kill(c.procs.at(-1)!.pid!, 'SIGKILL');
        if (phase === 'initialize') {
          const starting = c.chat.ensureSession().catch((e: unknown) => e);
          await sleep(30 + rng() * (DELAY - 40)); // the process is up (~20 ms) and initialize is unanswered
          killNow();
          await within(starting, 10_000, `${label}: the start`);
        } else if (phase === 'session/new') {
          const starting = c.chat.ensureSession().catch((e: unknown) => e);
          await within(waitFor(() => c.logger.lines.some((l) => l.includes('initialized'))), 10_000, `${label}: initialize`);
          await sleep(rng() * (DELAY - 20));
          killNow();
          await within(starting, 10_000, `${label}: the start`);
        } else if (phase === 'session/load') {
          // A first agent, gone; the next start continues the session by loading it, and dies mid-replay.
          session = await c.chat.ensureSession();
          await c.chat.prompt([{ type: 'text', text: 'hello' }]);
          before = session.snapshot().entries.slice();
          c.setLaunch(slow);
          const restarting = c.chat.restart().catch((e: unknown) => e);
          await within(waitFor(() => c.logger.lines.some((l) => l.includes('initialized')) && c.logger.lines.filter((l) => l.includes('initialized')).length >= 2), 10_000, `${label}: initialize`);
          await sleep(rng() * (DELAY - 20));
          killNow();
          await within(restarting, 10_000, `${label}: the restart`);
        } else {
          session = await c.chat.ensureSession();
          const prompt = phase === 'mid-stream' ? 'stream 200 1' : phase === 'mid tool call' ? 'tool 200 1' : 'permissions';
          const turn = c.chat.prompt([{ type: 'text', text: prompt }]).catch((e: unknown) => e);
          if (phase === 'approvals open') await within(waitFor(() => c.broker.count === 3), 10_000, `${label}: three approvals`);
          else await sleep(5 + rng() * 80);
          before = session.snapshot().entries.slice();
          killNow();
          const r = await within(turn, 10_000, `${label}: the turn`);
          if (!(r instanceof Error) && phase !== 'mid-stream' && phase !== 'mid tool call') fail(t, 'failure', `${label}: the turn ended without an error`);
        }
        // Everything settles: the process is gone, no approval is left on any surface, every request cancelled.
        const dead = c.procs[c.procs.length - 1]!;
        await within(dead.exited, 10_000, `${label}: the agent's exit`);
        if (alive(dead.pid)) fail(t, 'failure', `${label}: the agent process is still running`);
        await sleep(5);
        if (c.broker.count !== 0 || c.surfaces.some((s) => s.size > 0)) fail(t, 'failure', `${label}: ${c.broker.count} approvals left open`);
        for (const r of c.requests) if (!r.signal.aborted) fail(t, 'failure', `${label}: request ${r.key} was not cancelled (${String(r.signal.reason)})`);
        if (session) {
          const after = session.snapshot();
          const lost = transcriptIntact(before, after.entries);
          if (lost) fail(t, 'dataLost', `${label}: ${lost}`);
          for (const e of after.entries) {
            if (e.kind === 'permission' && e.permission.outcome.status === 'pending') fail(t, 'failure', `${label}: ${e.permission.key} still pending in the transcript`);
            if (e.kind === 'tool' && (e.toolCall.status === 'pending' || e.toolCall.status === 'in_progress')) fail(t, 'failure', `${label}: tool ${e.toolCall.toolCallId} still ${e.toolCall.status}`);
          }
        }
        // The next prompt works: a new agent, and the conversation continues (session/load) where there was one.
        c.setLaunch(fast);
        const r = await within(c.chat.prompt([{ type: 'text', text: 'hello' }]), 15_000, `${label}: the next prompt`);
        if (r.stopReason !== 'end_turn') fail(t, 'failure', `${label}: the next prompt ended ${r.stopReason}`);
        if (session && c.chat.session?.id !== session.id) fail(t, 'dataLost', `${label}: the conversation was not continued (new session ${c.chat.session?.id})`);
        t.cases++;
        perPhase.set(phase, (perPhase.get(phase) ?? 0) + 1);
      } catch (err) {
        t.cases++;
        fail(t, err instanceof HangError ? 'hang' : 'failure', `${label}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        c.chat.dispose();
        for (const p of c.procs) await within(p.exited, 10_000, 'exit').catch(() => fail(t, 'hang', `${label}: pid ${p.pid} did not exit after dispose`));
        for (const p of c.procs) if (alive(p.pid)) fail(t, 'failure', `${label}: orphan pid ${p.pid}`);
      }
    }
    await sleep(20);
    watch.stop();
    for (const e of watch.errors) fail(t, 'failure', e);
    t.note = [...perPhase].map(([p, n]) => `${p} ${n}`).join(', ');
    expect(t.samples).toEqual([]);
  });
});
