// Area 6, concurrency: 10 approvals open at once across 3 sessions of one agent (the SDK agent side in process, wired
// to the real AcpClient), answered in random order along the two answer paths there are: a broker call (what the
// QuickPick and the modal both do) and the chat card's webview message (validated, then the broker); sometimes along
// both at once. Turn cancels and the agent's own withdrawals race the answers. The test picks allow or reject by the
// option's kind in the presentation; each request must reach the agent exactly once, with the exact option id of the
// kind picked, or `cancelled` exactly when the answer came after the turn's cancel or the agent's withdrawal. The
// broker lists exactly the requests still pending after each step, and each transcript records each outcome.
import * as acp from '@agentclientprotocol/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { AcpClient, type PendingPermission, type Session } from '../../src/acpClient';
import type { AnswerResult } from '../../src/acpClient/pendingRequests';
import { PermissionBroker } from '../../src/permissionUI/permissionBroker';
import { parseWebviewMessage } from '../../src/webview/protocol/messageValidation';
import { startFakeAgent, recordingLogger, until } from '../unit/acpClient/inProcessAgent';
import { atLeast, check, fail, record, tally, watchProcess, type Tally } from './figures';
import { seededRandom } from './random';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

const ROUNDS = atLeast(40, process.env.ROBUST_CONCURRENCY_ROUNDS);
const PER_SESSION = [4, 3, 3];
const KINDS = ['allow_once', 'reject_once'] as const;
type Kind = (typeof KINDS)[number];
const PATHS = ['broker call', 'webview message'] as const;
type Path = (typeof PATHS)[number];

/** One request as the agent sees it. */
interface Asked {
  name: string;
  options: acp.PermissionOption[];
  outcome?: acp.RequestPermissionResponse['outcome'] | { outcome: 'rejected' };
  responses: number;
}

/** What the test did to one request, and so what the agent and the transcript must show. */
interface Answered {
  name: string;
  key: string;
  kind: Kind;
  result: AnswerResult | 'invalid message';
  /** Its session's turn was cancelled before the answer. */
  turnCancelled: boolean;
}

const optionId = (kind: Kind, name: string) => `${kind === 'allow_once' ? 'allow' : 'reject'}-${name}`;

describe('concurrency', () => {
  it(`${ROUNDS} rounds of 10 approvals across 3 sessions, two answer paths, racing cancels`, async () => {
    const t = tally('concurrency: approvals × answer paths × cancels');
    tallies.push(t);
    const watch = watchProcess();
    const totals = { accepted: 0, late: 0, both: 0 };
    for (let round = 0; round < ROUNDS; round++) await runRound(t, round, totals);
    await new Promise((r) => setTimeout(r, 20));
    watch.stop();
    for (const e of watch.errors) fail(t, 'failure', e);
    t.note = `${t.reached} approvals: ${totals.accepted} answered with the option picked, ${totals.late} answered after a cancel or withdrawal; ${totals.both} answered along both paths`;
    expect(t.samples).toEqual([]);
  });
});

async function runRound(t: Tally, round: number, totals: { accepted: number; late: number; both: number }): Promise<void> {
  const rng = seededRandom(1000 + round);
  const asked = new Map<string, Asked>();
  const withdraw = new Map<string, AbortController>();
  const agent = startFakeAgent({ prompt: (ctx) => askAll(ctx, asked, withdraw) });
  const logger = recordingLogger();
  const broker = new PermissionBroker({ logger });
  const requests = new Map<string, PendingPermission>();
  const hooks = { requestPermission: (r: PendingPermission) => (requests.set(r.key, r), broker.requestPermission(r)) };
  const client = await AcpClient.start({ process: agent.process, hooks, logger, clientInfo: { name: 'robust', version: '0' } });
  const sessions: Session[] = [];
  for (let i = 0; i < 3; i++) sessions.push(await client.newSession('/w'));
  const turns = sessions.map((s) => s.prompt([{ type: 'text', text: 'go' }]).catch((e: unknown) => e));
  t.generated += 10;
  try {
    await until(() => broker.count === 10, 'ten open approvals', 5000);
  } catch {
    fail(t, 'hang', `round ${round}: only ${broker.count} approvals opened`);
    client.dispose();
    return;
  }
  t.reached += 10;
  const prompts = broker.pending().flatMap((p) => (p.type === 'permission' ? [p] : []));
  const order = prompts
    .map((p) => ({ p, r: rng() }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.p);
  // One session's turn is cancelled at a random step; one request of another session is withdrawn by the agent at
  // another (of one cause each, so the reason it ends with is known).
  const cancelAt = Math.floor(rng() * 10);
  const cancelSession = sessions[Math.floor(rng() * 3)]!;
  const withdrawAt = Math.floor(rng() * 10);
  const others = prompts.filter((p) => p.sessionId !== cancelSession.id);
  const withdrawName = others[Math.floor(rng() * others.length)]!.request.params.toolCall.toolCallId;
  const answers: Answered[] = [];
  for (const [i, p] of order.entries()) {
    if (i === cancelAt) void cancelSession.cancel();
    if (i === withdrawAt) withdraw.get(withdrawName)!.abort();
    const name = p.request.params.toolCall.toolCallId;
    const kind = KINDS[Math.floor(rng() * 2)]!;
    const path = PATHS[Math.floor(rng() * 2)]!;
    const picked = p.presentation.options.find((o) => o.kind === kind);
    check(t, picked?.optionId === optionId(kind, name), `round ${round}: ${name}'s ${kind} option is presented as ${JSON.stringify(picked)}`);
    const result = answerAlong(path, broker, p.key, picked?.optionId ?? '');
    const turnCancelled = i >= cancelAt && p.sessionId === cancelSession.id;
    // A cancelled turn's requests are settled before the answer; any other takes it, bar the one withdrawn, whose
    // answer races the agent's $/cancel_request (the outcomes below follow the answer's result).
    if (turnCancelled) check(t, result === 'expired', `round ${round}: ${name} answered after its turn was cancelled: ${JSON.stringify(result)}`);
    else if (name !== withdrawName || i < withdrawAt)
      check(t, result === 'accepted', `round ${round}: ${name} answered along the ${path}: ${JSON.stringify(result)}`);
    // Sometimes both paths answer the same request at once (a click in the pop-up and the card): the second is late.
    if (rng() < 0.3) {
      totals.both++;
      const second = answerAlong(PATHS[1 - PATHS.indexOf(path)]!, broker, p.key, picked?.optionId ?? '');
      check(t, second === 'expired', `round ${round}: ${name}'s second answer was ${JSON.stringify(second)}`);
    }
    answers.push({ name, key: p.key, kind, result, turnCancelled });
    await new Promise((r) => setTimeout(r, Math.floor(rng() * 3)));
    // The broker lists exactly the requests whose Approval is still pending.
    const live = broker
      .pending()
      .map((x) => x.key)
      .sort()
      .join();
    const pending = [...requests.values()]
      .filter((r) => r.state.status === 'pending')
      .map((r) => r.key)
      .sort()
      .join();
    check(t, live === pending, `round ${round}: the broker lists ${live} but ${pending} are pending`);
  }
  try {
    await until(() => asked.size === 10 && [...asked.values()].every((a) => a.responses > 0), 'every request answered', 5000);
  } catch {
    fail(
      t,
      'hang',
      `round ${round}: ${[...asked.values()]
        .filter((a) => !a.responses)
        .map((a) => a.name)
        .join()} never answered`,
    );
  }
  await Promise.all(turns);
  for (const a of answers) {
    if (a.result === 'accepted') totals.accepted++;
    else totals.late++;
    checkAgentGot(t, round, a, asked.get(a.name)!);
  }
  checkTranscripts(t, round, sessions, answers);
  check(t, broker.count === 0, `round ${round}: broker still counts ${broker.count}`);
  client.dispose();
}

/** The agent's prompt: its share of the ten requests, each with options of its own, withdrawable. */
async function askAll(
  ctx: acp.AgentRequestContext<acp.PromptRequest>,
  asked: Map<string, Asked>,
  withdraw: Map<string, AbortController>,
): Promise<acp.PromptResponse> {
  const s = Number(ctx.params.sessionId.split('-')[1]) - 1;
  const reqs = Array.from({ length: PER_SESSION[s]! }, (_, i) => {
    const name = `r${s}-${i}`;
    const options: acp.PermissionOption[] = [
      { optionId: optionId('allow_once', name), name: 'Allow', kind: 'allow_once' },
      { optionId: optionId('reject_once', name), name: 'Reject', kind: 'reject_once' },
    ];
    const a: Asked = { name, options, responses: 0 };
    asked.set(name, a);
    const w = new AbortController();
    withdraw.set(name, w);
    return ctx.client
      .request(
        acp.methods.client.session.requestPermission,
        { sessionId: ctx.params.sessionId, toolCall: { toolCallId: name, title: `run ${name}` }, options },
        { cancellationSignal: w.signal },
      )
      .then(
        (r) => {
          a.responses++;
          a.outcome = r.outcome;
        },
        () => {
          a.responses++;
          a.outcome = { outcome: 'rejected' };
        },
      );
  });
  await Promise.all(reqs);
  return { stopReason: 'end_turn' };
}

/** An answer along one of the two paths: the broker directly, or the card's message through the validator first. */
function answerAlong(path: Path, broker: PermissionBroker, key: string, optionId: string): AnswerResult | 'invalid message' {
  if (path === 'broker call') return broker.answer(key, optionId);
  const m = parseWebviewMessage({ type: 'answerPermission', key, optionId });
  return m.ok && m.message.type === 'answerPermission' ? broker.answer(m.message.key, m.message.optionId) : 'invalid message';
}

/** Exactly one reply reached the agent: the option id of the kind picked when the answer counted, else cancelled. */
function checkAgentGot(t: Tally, round: number, a: Answered, got: Asked): void {
  check(t, got.responses === 1, `round ${round}: ${a.name} answered ${got.responses} times`);
  const want = a.result === 'accepted' ? `selected ${optionId(a.kind, a.name)}` : 'cancelled';
  const o = got.outcome;
  const was = o?.outcome === 'selected' ? `selected ${o.optionId}` : String(o?.outcome);
  check(t, was === want, `round ${round}: ${a.name} reached the agent as ${was}, expected ${want}`, o?.outcome === 'selected' ? 'dataLost' : 'failure');
  if (o?.outcome === 'selected')
    check(
      t,
      got.options.find((x) => x.optionId === o.optionId)?.kind === a.kind,
      `round ${round}: ${a.name} got a ${got.options.find((x) => x.optionId === o.optionId)?.kind} option, ${a.kind} was picked`,
    );
}

/** Each session's transcript records each of its requests once, with the outcome the answer had. */
function checkTranscripts(t: Tally, round: number, sessions: Session[], answers: Answered[]): void {
  for (const [i, s] of sessions.entries()) {
    const records = s.snapshot().entries.flatMap((e) => (e.kind === 'permission' ? [e.permission] : []));
    check(t, records.length === PER_SESSION[i], `round ${round}: session ${i} has ${records.length} permission records`, 'dataLost');
    for (const r of records) {
      const a = answers.find((x) => x.key === r.key);
      const want = a?.result === 'accepted' ? `selected ${optionId(a.kind, a.name)}` : `expired ${a?.turnCancelled ? 'turn-cancelled' : 'agent-cancelled'}`;
      const o = r.outcome;
      const was = o.status === 'selected' ? `selected ${o.optionId}` : `${o.status} ${'reason' in o ? o.reason : ''}`;
      check(t, was === want, `round ${round}: ${r.key} is recorded ${was}, expected ${want}`);
    }
  }
}
