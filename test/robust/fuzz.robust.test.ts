// Area 3, fuzzing: generated and mutated ACP messages through the connection (raw ndjson lines into AcpClient), the
// session reducer, the permission presentation model, the broker (behind the core's request handlers) and the
// webview message validator. Each input that reaches the code under test has one right answer: a request its exact
// reply (the option the surface chose, `cancelled`, or the JSON-RPC error for its method or params), a model its
// invariants, a webview message the verdict of the protocol's own shapes (validatorOracle.ts). What the SDK's schema
// refuses before the reducer, the presentation or the broker would see it is counted apart, as refused earlier.
import { PassThrough } from 'node:stream';
import type { CreateElicitationRequest, RequestPermissionRequest, SessionUpdate } from '@agentclientprotocol/sdk';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AcpClient, type AgentExit, type Logger, type Session } from '../../src/acpClient';
import { handleElicitationRequest } from '../../src/acpClient/elicitationHandler';
import { PendingRequests } from '../../src/acpClient/pendingRequests';
import { handlePermissionRequest } from '../../src/acpClient/permissionHandler';
import { applySessionUpdate } from '../../src/acpClient/sessionReducer';
import { emptyTranscript, type TranscriptState } from '../../src/acpClient/transcriptState';
import { PermissionBroker } from '../../src/permissionUI/permissionBroker';
import { buildPermissionPresentation, buildPromptDetail } from '../../src/permissionUI/permissionPresentation';
import { isDeepStrictEqual } from 'node:util';
import { parseWebviewMessage } from '../../src/webview/protocol/messageValidation';
// The SDK's own wire schemas: what a connection hands to the client's handlers is what passed these (app-handlers.js).
import { zCreateElicitationRequest, zRequestPermissionRequest, zSessionUpdate } from '../../node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js';
import { elicitationParams, mutate, oddValue, permissionParams, sessionUpdate } from './acpMessages';
import { atLeast, check, fail, record, tally, watchProcess, type Tally } from './figures';
import { webviewVerdict } from './validatorOracle';
import { seededRandom } from './random';

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };
/** A logger that keeps only errors the client logged because its own code threw (not the agent's bad input). */
function errorLog(): Logger & { thrown: string[] } {
  const thrown: string[] = [];
  return {
    thrown,
    info() {},
    warn() {},
    debug() {},
    error: (msg: string, ...args: unknown[]) =>
      void (/could not apply|listener failed|prompt failed|could not build/.test(msg) && thrown.push(`${msg} ${String(args[0])}`)),
  };
}
/** What the wire would deliver: the SDK's parse of `value` (defaults applied), or undefined if it is rejected there. */
function throughWire<T>(schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, value: unknown): T | undefined {
  const r = schema.safeParse(value);
  return r.success ? (r.data as T) : undefined;
}
const SEED = Number(process.env.ROBUST_SEED ?? 12);
/** Runs per area: a default, raised (never lowered) by ROBUST_FUZZ_SCALE. */
const scaled = (n: number) => n * atLeast(1, process.env.ROBUST_FUZZ_SCALE);
const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

/** A fake agent process whose stdout we write raw lines to; what the client writes is parsed from its stdin. */
function rawAgent() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let resolveExit!: (e: AgentExit) => void;
  const exited = new Promise<AgentExit>((r) => (resolveExit = r));
  const fromClient: Record<string, unknown>[] = [];
  let partial = '';
  const listeners: ((m: Record<string, unknown>) => void)[] = [];
  stdin.on('data', (chunk: Buffer) => {
    partial += chunk.toString('utf8');
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      const m = JSON.parse(line) as Record<string, unknown>;
      fromClient.push(m);
      for (const l of listeners) l(m);
    }
  });
  const write = (line: string) => stdout.write(line + '\n');
  return {
    process: { stdin, stdout, exited, stderrTail: () => '', kill: () => resolveExit({ code: null, signal: 'SIGTERM', stderrTail: '' }) },
    fromClient,
    write,
    onMessage: (l: (m: Record<string, unknown>) => void) => listeners.push(l),
  };
}

async function connect(t: Tally, rng: () => number, logger: Logger) {
  const agent = rawAgent();
  // Answers the client's own requests: initialize and session/new.
  agent.onMessage((m) => {
    if (m.method === 'initialize')
      agent.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: 1, agentCapabilities: { loadSession: false }, authMethods: [] } }));
    if (m.method === 'session/new') agent.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { sessionId: `s${agent.fromClient.length}` } }));
  });
  const broker = new PermissionBroker({ logger, presentationContext: () => ({ workspaceFolders: ['/w'] }) });
  /** The answers the broker accepted, by request key: what the agent must receive for that request. */
  const accepted = new Map<string, { optionId: string } | { action: string }>();
  /** Answers `p`: a pending request takes an offered option (or a decline/cancel), and the agent must then get it. */
  const answer = (p: ReturnType<PermissionBroker['pending']>[number], choice: string) => {
    const pending = p.request.state.status === 'pending';
    const r = p.type === 'permission' ? broker.answer(p.key, choice) : broker.answerElicitation(p.key, { action: choice as 'decline' | 'cancel' });
    const fits = p.type === 'elicitation' || p.request.params.options.some((o) => o.optionId === choice);
    if (pending) check(t, fits ? r === 'accepted' : typeof r === 'object', `${p.key}: "${choice}" answered ${JSON.stringify(r)}`);
    if (r === 'accepted') accepted.set(p.key, p.type === 'permission' ? { optionId: choice } : { action: choice });
  };
  // Surfaces that answer at random: an option that was not offered first (refused), then an offered one or nothing
  // (the request then ends when the batch cancels the session, or the user answers at the end of the batch).
  broker.onDidAdd((p) => {
    setTimeout(() => {
      if (p.request.state.status !== 'pending') return;
      if (p.type === 'permission') {
        answer(p, 'not-offered');
        if (rng() < 0.8) answer(p, p.presentation.options[Math.floor(rng() * p.presentation.options.length)]?.optionId ?? 'x');
      } else if (rng() < 0.8) answer(p, rng() < 0.5 ? 'decline' : 'cancel');
    }, 0);
  });
  const client = await AcpClient.start({
    process: agent.process,
    hooks: { requestPermission: (r) => broker.requestPermission(r), createElicitation: (r) => broker.createElicitation(r) },
    logger,
    clientInfo: { name: 'robust', version: '0' },
  });
  const sessions: Session[] = [await client.newSession('/w'), await client.newSession('/w')];
  return { agent, client, broker, sessions, accepted, answer };
}

describe('fuzzing (fast-check)', () => {
  it('the connection: 30,000 generated and mutated agent messages; every request answered exactly once, as it must be', async () => {
    const t = tally('fuzz: connection (raw ndjson lines)');
    tallies.push(t);
    const watch = watchProcess();
    // The SDK logs each notification it rejects and each stray response to console.error: thousands of lines here.
    const sdkLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rng = seededRandom(SEED);
    const log = errorLog();
    const { agent, client, broker, sessions, accepted, answer } = await connect(t, rng, log);
    const known = sessions.map((s) => s.id);
    const sessionId = fc.oneof(fc.constantFrom(...known), fc.constantFrom('unknown-session', ''), fc.string({ maxLength: 6 }));
    let nextId = 1;
    const reqId = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 }), fc.constant('dup'), fc.constant(null), fc.constant(1.5));
    const valid = fc.oneof(
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('session/update'), params: fc.record({ sessionId, update: sessionUpdate }) }),
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('session/request_permission'), params: permissionParams(sessionId) }),
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('elicitation/create'), params: elicitationParams(sessionId) }),
      fc.record({
        jsonrpc: fc.constant('2.0'),
        method: fc.constantFrom('fs/read_text_file', 'terminal/create', 'x/unknown', '_meta/ext', 'session/update '),
        params: fc.anything({ maxDepth: 2 }),
      }),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer({ min: 0, max: 1e6 }), result: fc.anything({ maxDepth: 1 }) }),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer({ min: 0, max: 1e6 }), error: fc.record({ code: fc.integer(), message: fc.string() }) }),
    );
    const message: fc.Arbitrary<string> = fc
      .tuple(valid, fc.integer({ min: 0, max: 9 }), oddValue, fc.integer({ min: 0, max: 1 << 30 }), reqId, fc.boolean())
      .map(([m, how, odd, cut, rid, reuse]) => {
        let msg: unknown = m;
        const isRequest = 'method' in m && m.method !== 'session/update';
        // Requests get an id: a fresh one of their own (`q<n>`), or a reused/odd one (duplicates must each be answered).
        if (isRequest) msg = { ...m, id: reuse ? rid : `q${nextId++}` };
        if (how >= 6 && how < 9) msg = mutate(msg, seededRandom(cut), odd);
        const line = JSON.stringify(msg) ?? 'undefined';
        return how === 9 ? line.slice(0, cut % Math.max(1, line.length)) : line; // 9: truncated
      });

    const BATCHES = scaled(30);
    const PER_BATCH = 1000;
    const responses = new Map<string, Record<string, unknown>[]>();
    agent.onMessage((m) => {
      if (!('method' in m) && 'id' in m) responses.set(JSON.stringify(m.id), [...(responses.get(JSON.stringify(m.id)) ?? []), m]);
    });
    const expected = new Map<string, number>();
    const own: { id: string; request: WireRequest }[] = [];
    for (let b = 0; b < BATCHES; b++) {
      for (const line of fc.sample(message, { numRuns: PER_BATCH, seed: SEED * 1000 + b })) {
        t.generated++;
        t.reached++;
        agent.write(line);
        const request = asRequest(line);
        if (!request) continue;
        const id = JSON.stringify(request.id);
        expected.set(id, (expected.get(id) ?? 0) + 1);
        if (typeof request.id === 'string' && request.id.startsWith('q')) own.push({ id, request });
      }
      // A turn cancel settles what the surfaces left open (as the user's Stop would); what no cancel reaches (requests
      // for sessions the client does not know) the user answers, until every request of the batch has its reply.
      for (const s of sessions) void s.cancel().catch(() => undefined);
      const allAnswered = () => [...expected].every(([k, n]) => (responses.get(k)?.length ?? 0) >= n);
      const settled = await waitUntil(() => {
        for (const p of broker.pending()) answer(p, p.type === 'permission' ? (p.presentation.options[0]?.optionId ?? 'x') : 'cancel');
        return allAnswered();
      }, 5000);
      if (!settled) break;
    }
    for (const [k, n] of expected)
      check(t, (responses.get(k)?.length ?? 0) >= n, `request id ${k}: ${n} sent, ${responses.get(k)?.length ?? 0} answered`, 'hang');
    // A request with an id of its own has one right reply: what its method and params call for, and the surface's answer.
    for (const { id, request } of own) {
      const got = responses.get(id) ?? [];
      const want = expectedReply(request, accepted);
      check(
        t,
        got.length === 1 && isDeepStrictEqual(replyOf(got[0]!), want),
        `request ${id} (${request.method}): replied ${JSON.stringify(got.map(replyOf)).slice(0, 300)}, expected ${JSON.stringify(want)}`,
      );
    }
    check(t, broker.count === 0, `${broker.count} prompts left open after cancel`, 'hang');
    client.dispose();
    await new Promise((r) => setImmediate(r));
    watch.stop();
    const sdkRejected = sdkLog.mock.calls.length;
    sdkLog.mockRestore();
    for (const e of watch.errors) fail(t, 'failure', e);
    for (const e of log.thrown) fail(t, 'failure', e);
    t.note = `${expected.size} request ids (${own.length} with ids of their own, each reply checked), ${sdkRejected} lines the SDK logged as refused, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB after`;
    expect(t.samples).toEqual([]);
  });

  it('the reducer: 5,000 sequences of generated and mutated updates; never throws, the transcript stays consistent', () => {
    const t = tally('fuzz: session reducer');
    t.refusedBy = "the SDK's schema (zSessionUpdate)";
    tallies.push(t);
    const update = fc.oneof(
      { weight: 3, arbitrary: sessionUpdate },
      { weight: 2, arbitrary: fc.tuple(sessionUpdate, oddValue, fc.integer()).map(([u, odd, s]) => mutate(u, seededRandom(s), odd)) },
      { weight: 1, arbitrary: fc.record({ sessionUpdate: fc.string({ maxLength: 12 }), payload: oddValue }) },
    );
    fc.assert(
      fc.property(fc.array(update, { minLength: 1, maxLength: 40 }), (updates) => {
        let state: TranscriptState = emptyTranscript('s1');
        let now = 0;
        for (const raw of updates) {
          t.generated++;
          const u = throughWire<SessionUpdate>(zSessionUpdate, raw);
          if (!u) continue; // refused by the SDK before it reaches the client
          t.reached++;
          try {
            state = applySessionUpdate(state, u, now++).state;
            t.checks++;
          } catch (err) {
            return check(t, false, `${JSON.stringify(u).slice(0, 200)} threw ${String(err)}`);
          }
        }
        const wrong = transcriptConsistent(state);
        return check(t, wrong === undefined, `after ${updates.length} updates: ${wrong}`);
      }),
      { numRuns: scaled(5000), seed: SEED },
    );
    expect(t.samples).toEqual([]);
  });

  it('the presentation model: 15,000 generated and mutated permission requests; never throws, offers exactly the options sent', () => {
    const t = tally('fuzz: permission presentation');
    t.refusedBy = "the SDK's schema (zRequestPermissionRequest)";
    tallies.push(t);
    const params = fc.oneof(
      permissionParams(fc.constant('s1')),
      fc.tuple(permissionParams(fc.constant('s1')), oddValue, fc.integer()).map(([p, odd, s]) => mutate(p, seededRandom(s), odd)),
    );
    fc.assert(
      fc.property(params, fc.constantFrom(['/w'], ['C:\\w'], [] as string[]), (raw, folders) => {
        t.generated++;
        const p = throughWire<RequestPermissionRequest>(zRequestPermissionRequest, raw);
        if (!p) return true;
        t.reached++;
        try {
          const pres = buildPermissionPresentation({ params: p }, { workspaceFolders: folders });
          buildPromptDetail(pres);
          // Every option the agent sent is offered with its own id and kind, none added; Enter picks one of them.
          const sent = p.options.map((o) => `${o.optionId} ${o.kind}`).sort();
          const shown = pres.options.map((o) => `${o.optionId} ${o.kind}`).sort();
          check(t, isDeepStrictEqual(shown, sent), `${JSON.stringify(p.options).slice(0, 200)} presented as ${JSON.stringify(shown).slice(0, 200)}`);
          return check(
            t,
            pres.defaultOptionId === undefined ? p.options.length === 0 : p.options.some((o) => o.optionId === pres.defaultOptionId),
            `default ${pres.defaultOptionId} is not an option sent`,
          );
        } catch (err) {
          return check(t, false, `${JSON.stringify(p).slice(0, 200)} threw ${String(err)}`);
        }
      }),
      { numRuns: scaled(15_000), seed: SEED },
    );
    expect(t.samples).toEqual([]);
  });

  it('the broker behind the core handlers: 10,000 requests with reused keys, answers and cancels; each settles once, exactly', async () => {
    const t = tally('fuzz: broker + request handlers');
    t.refusedBy = "the SDK's schema (zRequestPermissionRequest, zCreateElicitationRequest)";
    tallies.push(t);
    const watch = watchProcess();
    const blog = errorLog();
    const broker = new PermissionBroker({ logger: blog });
    const conn = new AbortController().signal;
    const cases = fc.sample(
      fc.record({
        kind: fc.constantFrom('permission', 'elicitation'),
        perm: fc.oneof(
          permissionParams(fc.constantFrom('s1', 's2')),
          fc.tuple(permissionParams(fc.constant('s1')), oddValue, fc.integer()).map(([p, odd, s]) => mutate(p, seededRandom(s), odd)),
        ),
        elic: fc.oneof(
          elicitationParams(fc.constantFrom('s1', 's2')),
          fc.tuple(elicitationParams(fc.constant('s1')), oddValue, fc.integer()).map(([p, odd, s]) => mutate(p, seededRandom(s), odd)),
        ),
        id: fc.integer({ min: 0, max: 20 }),
        action: fc.constantFrom('answer', 'cancel', 'both', 'forged', 'none'),
      }),
      { numRuns: scaled(10_000), seed: SEED },
    );
    const core = new PendingRequests();
    const settles: Promise<void>[] = [];
    for (const c of cases) {
      t.generated++;
      const perm = c.kind === 'permission' ? throughWire<RequestPermissionRequest>(zRequestPermissionRequest, c.perm) : undefined;
      const elic = c.kind === 'elicitation' ? throughWire<CreateElicitationRequest>(zCreateElicitationRequest, c.elic) : undefined;
      if (!perm && !elic) continue;
      t.reached++;
      settles.push(runBrokerCase(t, { broker, core, conn }, c, perm, elic));
      // The request reaches the broker a microtask later: let it, as the connection would.
      await new Promise((r) => setImmediate(r));
    }
    core.cancelAll('agent-exited');
    const all = await Promise.race([Promise.all(settles).then(() => 'ok'), new Promise((r) => setTimeout(() => r('hang'), 5000))]);
    check(t, all === 'ok', 'a request did not settle after cancelAll', 'hang');
    check(t, broker.count === 0, `${broker.count} prompts left in the broker`, 'hang');
    await new Promise((r) => setImmediate(r));
    watch.stop();
    for (const e of [...watch.errors, ...blog.thrown]) fail(t, 'failure', e);
    expect(t.samples).toEqual([]);
  });

  it('the webview message validator: 20,000 generated and mutated messages; each verdict and each accepted message exact', () => {
    const t = tally('fuzz: webview message validator');
    tallies.push(t);
    const validMsg = fc.oneof(
      fc.record({
        type: fc.constant('sendPrompt'),
        text: fc.string(),
        attachments: fc.array(fc.record({ type: fc.constant('file'), path: fc.string(), name: fc.string() }), { maxLength: 2 }),
      }),
      fc.record({ type: fc.constant('answerPermission'), key: fc.string(), optionId: fc.string() }),
      fc.record({
        type: fc.constant('answerElicitation'),
        key: fc.string(),
        action: fc.constantFrom('accept', 'decline', 'cancel'),
        content: fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          fc.oneof(fc.string(), fc.integer(), fc.boolean()),
        ),
      }),
      fc.record({ type: fc.constant('openLocation'), path: fc.string(), line: fc.option(fc.nat()) }),
      fc.record({ type: fc.constant('openLink'), href: fc.string() }),
      fc.record({ type: fc.constant('completeMentions'), requestId: fc.integer(), query: fc.string() }),
      fc.record({
        type: fc.constant('attachMention'),
        mention: fc.oneof(
          fc.record({ kind: fc.constantFrom('file', 'folder'), path: fc.string() }),
          fc.record({ kind: fc.constant('symbol'), path: fc.string(), name: fc.string(), startLine: fc.integer({ min: 1 }), endLine: fc.integer({ min: 1 }) }),
          fc.record({ kind: fc.constantFrom('problems', 'terminal', 'changes') }),
        ),
      }),
      fc.record({ type: fc.constant('dropUris'), uris: fc.array(fc.string(), { maxLength: 3 }) }),
      fc.record({ type: fc.constant('cancelSubagent'), sessionId: fc.string({ minLength: 1, maxLength: 64 }) }),
      fc.constantFrom({ type: 'cancelTurn' }, { type: 'restartAgent' }, { type: 'ready', v: 1 }),
    );
    const verdicts = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(validMsg, oddValue, fc.integer(), fc.boolean(), (m, odd, s, doMutate) => {
        t.generated++;
        t.reached++;
        const input = doMutate ? mutate(m, seededRandom(s), odd) : m;
        try {
          const r = parseWebviewMessage(input);
          verdicts[r.ok ? 'accepted' : 'refused']++;
          // One right verdict: what the protocol's shapes say of the input; a generated message always passes.
          const want = webviewVerdict(input);
          if (
            !check(
              t,
              r.ok === want.ok && (doMutate || want.ok),
              `${JSON.stringify(input)?.slice(0, 200)}: ${r.ok ? 'accepted' : `refused (${r.error})`}, expected ${want.ok ? 'accepted' : `refused (${want.why})`}`,
            )
          )
            return false;
          // An accepted message is the input's known fields, unchanged.
          if (!r.ok || !want.ok) return true;
          return check(
            t,
            isDeepStrictEqual(JSON.parse(JSON.stringify(r.message)), JSON.parse(JSON.stringify(want.message))),
            `${JSON.stringify(input)?.slice(0, 200)} accepted as ${JSON.stringify(r.message).slice(0, 200)}`,
          );
        } catch (err) {
          return check(t, false, `threw ${String(err)}`);
        }
      }),
      { numRuns: scaled(20_000), seed: SEED },
    );
    t.note = `${verdicts.accepted} accepted, ${verdicts.refused} refused, each as the protocol's shapes say (validatorOracle.ts)`;
    expect(t.samples).toEqual([]);
  });
});

function safeParse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** A line that is a JSON-RPC 2.0 request (a line without `jsonrpc: "2.0"` is not one; the SDK drops it unanswered). */
interface WireRequest {
  id: string | number;
  method: string;
  params: unknown;
}

function asRequest(line: string): WireRequest | undefined {
  const m = safeParse(line) as { id?: unknown; method?: unknown; jsonrpc?: unknown; params?: unknown } | undefined;
  if (!m || typeof m !== 'object' || m.jsonrpc !== '2.0' || typeof m.method !== 'string') return undefined;
  return typeof m.id === 'number' || typeof m.id === 'string' ? { id: m.id, method: m.method, params: m.params } : undefined;
}

/** The reply a request must get: its answer (the surface's accepted one, else cancelled), or the error its method or params call for. */
function expectedReply(r: WireRequest, accepted: ReadonlyMap<string, { optionId: string } | { action: string }>): unknown {
  if (r.method === 'session/request_permission') {
    const p = throughWire<RequestPermissionRequest>(zRequestPermissionRequest, r.params);
    if (!p) return { error: -32602 };
    const a = accepted.get(`${p.sessionId}:${String(r.id)}`);
    return { result: a && 'optionId' in a ? { outcome: { outcome: 'selected', optionId: a.optionId } } : { outcome: { outcome: 'cancelled' } } };
  }
  if (r.method === 'elicitation/create') {
    const e = throughWire<CreateElicitationRequest>(zCreateElicitationRequest, r.params);
    if (!e) return { error: -32602 };
    const sessionId = 'sessionId' in e && typeof e.sessionId === 'string' ? e.sessionId : 'elicitation';
    const a = accepted.get(`${sessionId}:${String(r.id)}`);
    return { result: { action: a && 'action' in a ? a.action : 'cancel' } };
  }
  // This client serves no fs/*, terminal/* or unknown methods (nor one with a stray space): method not found.
  return { error: -32601 };
}

/** A reply as the checks compare it: the result, or the error's code. */
function replyOf(m: Record<string, unknown>): unknown {
  return 'error' in m ? { error: (m.error as { code?: unknown }).code } : { result: m.result };
}

/** The transcript's own bookkeeping holds: entry ids unique, each tool call's index points at its entry. */
function transcriptConsistent(state: TranscriptState): string | undefined {
  JSON.stringify(state.entries);
  const ids = new Set(state.entries.map((e) => e.id));
  if (ids.size !== state.entries.length) return 'duplicate entry ids';
  for (const [i, e] of state.entries.entries()) {
    if (e.kind === 'tool' && state.toolIndex.get(e.toolCall.toolCallId) !== i)
      return `tool ${e.toolCall.toolCallId} at ${i} is indexed at ${state.toolIndex.get(e.toolCall.toolCallId)}`;
  }
  return undefined;
}

/** Polls `done` every 10 ms until true or `ms` passed; reports which. */
async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

interface BrokerRig {
  broker: PermissionBroker;
  core: PendingRequests;
  conn: AbortSignal;
}

/**
 * One broker case: the core's handler takes the request (a key still open is refused as a duplicate), the broker
 * holds it, the test answers, forges or cancels it; the reply must be exactly what that called for. Resolves once
 * the reply is checked (the last ones at the final cancelAll).
 */
async function runBrokerCase(
  t: Tally,
  rig: BrokerRig,
  c: { id: number; action: string },
  perm?: RequestPermissionRequest,
  elic?: CreateElicitationRequest,
): Promise<void> {
  const { broker, core, conn } = rig;
  const sdk = new AbortController();
  const key = perm
    ? `${perm.sessionId}:${c.id}`
    : `${elic && 'sessionId' in elic && typeof elic.sessionId === 'string' ? elic.sessionId : 'elicitation'}:${c.id}`;
  const duplicate = core.has(key);
  let response: Promise<unknown>;
  try {
    response = perm
      ? handlePermissionRequest({
          params: perm,
          requestId: c.id,
          signal: sdk.signal,
          connectionSignal: conn,
          session: undefined,
          hooks: { requestPermission: (r) => broker.requestPermission(r) },
          pending: core,
          logger: quiet,
        })
      : handleElicitationRequest({
          params: elic!,
          requestId: c.id,
          signal: sdk.signal,
          connectionSignal: conn,
          createElicitation: (r) => broker.createElicitation(r),
          pending: core,
          logger: quiet,
        });
  } catch (err) {
    check(t, false, `handler threw synchronously: ${String(err)} for ${key}`);
    return;
  }
  const reply = response.then(
    (v) => ({ result: v }),
    (e: unknown) => ({ error: (e as { code?: unknown }).code }),
  );
  let want: unknown;
  if (duplicate) want = { error: -32600 };
  else {
    await Promise.resolve();
    await Promise.resolve();
    const prompt = broker.get(key);
    if (!check(t, prompt !== undefined, `${key}: not held by the broker`)) return;
    want = decide(t, broker, prompt!, c.action, sdk);
  }
  const got = await reply;
  check(
    t,
    isDeepStrictEqual(got, want),
    `${key} (${c.action}${duplicate ? ', duplicate' : ''}): replied ${JSON.stringify(got).slice(0, 200)}, expected ${JSON.stringify(want)}`,
  );
}

/** What the test does to a held request, and the reply that must follow. */
function decide(t: Tally, broker: PermissionBroker, prompt: NonNullable<ReturnType<PermissionBroker['get']>>, action: string, sdk: AbortController): unknown {
  let want: unknown = prompt.type === 'permission' ? { result: { outcome: { outcome: 'cancelled' } } } : { result: { action: 'cancel' } };
  if (action === 'answer' || action === 'both' || action === 'forged') {
    if (prompt.type === 'permission') {
      const choice = action === 'forged' ? 'forged' : (prompt.presentation.options[0]?.optionId ?? 'x');
      const offered = prompt.request.params.options.some((o) => o.optionId === choice);
      // An offered option is taken; one not offered is refused and the request stays pending.
      const r = broker.answer(prompt.key, choice);
      check(
        t,
        offered ? r === 'accepted' : typeof r === 'object',
        `${prompt.key}: "${choice}" (${offered ? 'offered' : 'not offered'}) answered ${JSON.stringify(r)}`,
      );
      if (offered) want = { result: { outcome: { outcome: 'selected', optionId: choice } } };
    } else {
      const r = broker.answerElicitation(prompt.key, { action: 'decline' });
      check(t, r === 'accepted', `${prompt.key}: decline answered ${JSON.stringify(r)}`);
      want = { result: { action: 'decline' } };
    }
  }
  if (action === 'cancel' || action === 'both') sdk.abort();
  return want;
}
