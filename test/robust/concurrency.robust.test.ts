// Area 6, concurrency: 10 approvals open at once across 3 sessions of one agent (the SDK agent side in process,
// wired to the real AcpClient), answered in random order from random surfaces (the pop-up's path: the broker; the
// chat's inline card: a validated webview message, then the broker), with turn cancels and the agent's own
// withdrawals racing the answers. Each request must reach the agent exactly once, with its own option or
// `cancelled`; the broker's count and every surface's open set must match the requests still open after each step.
import * as acp from '@agentclientprotocol/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { AcpClient, type Session } from '../../src/acp';
import { PermissionBroker } from '../../src/approvals/permissionBroker';
import { parseWebviewMessage } from '../../src/webview/protocol/messageValidation';
import { startFakeAgent, recordingLogger, until } from '../unit/acp/inProcessAgent';
import { fail, record, tally, watchProcess, type Tally } from './figures';
import { seededRandom } from './random';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

const ROUNDS = Number(process.env.ROBUST_CONCURRENCY_ROUNDS ?? 40);
const PER_SESSION = [4, 3, 3];

interface Asked {
  session: number;
  name: string;
  outcome?: acp.RequestPermissionResponse['outcome'] | { outcome: 'withdrawn' };
  responses: number;
}

describe('concurrency', () => {
  it(`${ROUNDS} rounds of 10 approvals across 3 sessions, random surfaces, racing cancels`, async () => {
    const t = tally('concurrency: approvals × surfaces × cancels');
    tallies.push(t);
    const watch = watchProcess();
    let answered = 0;
    let cancelled = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const rng = seededRandom(1000 + round);
      const asked: Asked[] = [];
      const withdraw = new Map<string, AbortController>();
      const agent = startFakeAgent({
        prompt: async (ctx) => {
          const s = Number(ctx.params.sessionId.split('-')[1]) - 1;
          const reqs = Array.from({ length: PER_SESSION[s]! }, (_, i) => {
            const name = `r${s}-${i}`;
            const a: Asked = { session: s, name, responses: 0 };
            asked.push(a);
            const w = new AbortController();
            withdraw.set(name, w);
            return ctx.client
              .request(
                acp.methods.client.session.requestPermission,
                { sessionId: ctx.params.sessionId, toolCall: { toolCallId: name, title: `run ${name}` }, options: [{ optionId: `allow-${name}`, name: 'Allow', kind: 'allow_once' }, { optionId: `reject-${name}`, name: 'Reject', kind: 'reject_once' }] },
                { cancellationSignal: w.signal },
              )
              .then(
                (r) => {
                  a.responses++;
                  a.outcome = r.outcome;
                },
                () => {
                  a.responses++;
                  a.outcome = { outcome: 'withdrawn' };
                },
              );
          });
          await Promise.all(reqs);
          return { stopReason: 'end_turn' };
        },
      });
      const logger = recordingLogger();
      const broker = new PermissionBroker({ logger });
      // Three surfaces, as the pop-up, the modal and the inline card follow the broker.
      const surfaces = ['quickPick', 'modal', 'inline'].map((name) => {
        const open = new Set<string>();
        broker.onDidAdd((p) => open.add(p.key));
        broker.onDidSettle((e) => open.delete(e.key));
        return { name, open };
      });
      const client = await AcpClient.start({ process: agent.process, hooks: { requestPermission: (r) => broker.requestPermission(r) }, logger, clientInfo: { name: 'robust', version: '0' } });
      const sessions: Session[] = [];
      for (let i = 0; i < 3; i++) sessions.push(await client.newSession('/w'));
      const turns = sessions.map((s) => s.prompt([{ type: 'text', text: 'go' }]).catch((e: unknown) => e));
      try {
        await until(() => broker.count === 10, 'ten open approvals', 5000);
      } catch {
        fail(t, 'hang', `round ${round}: only ${broker.count} approvals opened`);
        client.dispose();
        continue;
      }
      const keys = broker.pending().map((p) => ({ key: p.key, name: p.type === 'permission' ? p.request.params.toolCall.toolCallId : '', sessionId: p.sessionId }));
      const order = keys.map((k) => ({ k, r: rng() })).sort((a, b) => a.r - b.r).map((x) => x.k);
      // One session's turn is cancelled at a random point; one request is withdrawn by the agent at another.
      const cancelAt = Math.floor(rng() * 10);
      const cancelSession = sessions[Math.floor(rng() * 3)]!;
      const withdrawAt = Math.floor(rng() * 10);
      const withdrawName = keys[Math.floor(rng() * 10)]!.name;
      for (const [i, k] of order.entries()) {
        t.cases++;
        if (i === cancelAt) void cancelSession.cancel();
        if (i === withdrawAt) withdraw.get(withdrawName)!.abort();
        const optionId = rng() < 0.5 ? `allow-${k.name}` : `reject-${k.name}`;
        const surface = surfaces[Math.floor(rng() * 3)]!;
        // Sometimes two surfaces answer the same request at once (a click in the pop-up and the inline card).
        const twice = rng() < 0.3;
        const answer = (via: string) => {
          if (via === 'inline') {
            const m = parseWebviewMessage({ type: 'answerPermission', key: k.key, optionId });
            return m.ok && m.message.type === 'answerPermission' ? broker.answer(m.message.key, m.message.optionId) : 'unknown';
          }
          return broker.answer(k.key, optionId);
        };
        answer(surface.name);
        if (twice) answer(surfaces[(surfaces.indexOf(surface) + 1) % 3]!.name);
        await new Promise((r) => setTimeout(r, Math.floor(rng() * 3)));
        // Counts agree: the broker's count is what is still open, and every surface shows exactly those.
        const live = broker.pending().map((p) => p.key).sort();
        for (const s of surfaces) if ([...s.open].sort().join() !== live.join()) fail(t, 'failure', `round ${round}: ${s.name} shows ${[...s.open].join()} but ${live.join()} are open`);
      }
      try {
        await until(() => asked.length === 10 && asked.every((a) => a.responses > 0), 'every request answered', 5000);
      } catch {
        fail(t, 'hang', `round ${round}: ${asked.filter((a) => !a.responses).map((a) => a.name).join()} never answered`);
      }
      await Promise.all(turns);
      for (const a of asked) {
        if (a.responses !== 1) fail(t, 'failure', `round ${round}: ${a.name} answered ${a.responses} times`);
        const o = a.outcome;
        if (o?.outcome === 'selected') {
          answered++;
          if (!o.optionId.endsWith(`-${a.name}`)) fail(t, 'dataLost', `round ${round}: ${a.name} got another request's option ${o.optionId}`);
        } else cancelled++;
      }
      // The transcript of each session records each of its requests once, settled.
      for (const [i, s] of sessions.entries()) {
        const records = s.snapshot().entries.filter((e) => e.kind === 'permission');
        if (records.length !== PER_SESSION[i]) fail(t, 'dataLost', `round ${round}: session ${i} has ${records.length} permission records`);
        for (const r of records) if (r.kind === 'permission' && r.permission.outcome.status === 'pending') fail(t, 'failure', `round ${round}: ${r.permission.key} still pending in the transcript`);
      }
      if (broker.count !== 0) fail(t, 'failure', `round ${round}: broker still counts ${broker.count}`);
      client.dispose();
    }
    await new Promise((r) => setTimeout(r, 20));
    watch.stop();
    for (const e of watch.errors) fail(t, 'failure', e);
    t.note = `${ROUNDS * 10} approvals: ${answered} answered with their own option, ${cancelled} cancelled or withdrawn`;
    expect(t.samples).toEqual([]);
  });
});
