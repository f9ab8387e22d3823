// Area 3, fuzzing: generated and mutated ACP messages through the connection (raw ndjson lines into AcpClient), the
// session reducer, the permission presentation model, the broker (behind the core's request handlers) and the
// webview message validator. Counts every message; any uncaught exception, unanswered request or thrown error in a
// pure model is a failure.
import { PassThrough } from 'node:stream';
import type { CreateElicitationRequest, RequestPermissionRequest, SessionUpdate } from '@agentclientprotocol/sdk';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AcpClient, type AgentExit, type Logger, type Session } from '../../src/acp';
import { handleElicitationRequest } from '../../src/acp/elicitationHandler';
import { PendingRequests } from '../../src/acp/pendingRequests';
import { handlePermissionRequest } from '../../src/acp/permissionHandler';
import { applySessionUpdate } from '../../src/acp/sessionReducer';
import { emptyTranscript, type TranscriptState } from '../../src/acp/transcriptState';
import { PermissionBroker } from '../../src/approvals/permissionBroker';
import { buildPermissionPresentation, buildPromptDetail } from '../../src/approvals/permissionPresentation';
import { parseWebviewMessage } from '../../src/webview/protocol/messageValidation';
// The SDK's own wire schemas: what a connection hands to the client's handlers is what passed these (app-handlers.js).
import { zCreateElicitationRequest, zRequestPermissionRequest, zSessionUpdate } from '../../node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js';
import { elicitationParams, mutate, oddValue, permissionParams, sessionUpdate } from './acpMessages';
import { fail, record, tally, watchProcess, type Tally } from './figures';
import { seededRandom } from './random';

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };
/** A logger that keeps only errors the client logged because its own code threw (not the agent's bad input). */
function errorLog(): Logger & { thrown: string[] } {
  const thrown: string[] = [];
  return { thrown, info() {}, warn() {}, debug() {}, error: (msg: string, ...args: unknown[]) => void (/could not apply|listener failed|prompt failed|could not build/.test(msg) && thrown.push(`${msg} ${String(args[0])}`)) };
}
/** What the wire would deliver: the SDK's parse of `value` (defaults applied), or undefined if it is rejected there. */
function throughWire<T>(schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, value: unknown): T | undefined {
  const r = schema.safeParse(value);
  return r.success ? (r.data as T) : undefined;
}
const SEED = Number(process.env.ROBUST_SEED ?? 12);
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

async function connect(rng: () => number, logger: Logger) {
  const agent = rawAgent();
  // Answers the client's own requests: initialize and session/new.
  agent.onMessage((m) => {
    if (m.method === 'initialize') agent.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: 1, agentCapabilities: { loadSession: false }, authMethods: [] } }));
    if (m.method === 'session/new') agent.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { sessionId: `s${agent.fromClient.length}` } }));
  });
  const broker = new PermissionBroker({ logger, presentationContext: () => ({ workspaceFolders: ['/w'] }) });
  // Surfaces that answer at random: an option that was not offered first (refused), then an offered one or nothing
  // (the request then ends when the batch cancels the session).
  broker.onDidAdd((p) => {
    setTimeout(() => {
      if (p.type === 'permission') {
        broker.answer(p.key, 'not-offered');
        if (rng() < 0.8) broker.answer(p.key, p.presentation.options[Math.floor(rng() * p.presentation.options.length)]?.optionId ?? 'x');
      } else if (rng() < 0.8) broker.answerElicitation(p.key, { action: rng() < 0.5 ? 'decline' : 'cancel' });
    }, 0);
  });
  const client = await AcpClient.start({
    process: agent.process,
    hooks: { requestPermission: (r) => broker.requestPermission(r), createElicitation: (r) => broker.createElicitation(r) },
    logger,
    clientInfo: { name: 'robust', version: '0' },
  });
  const sessions: Session[] = [await client.newSession('/w'), await client.newSession('/w')];
  return { agent, client, broker, sessions };
}

describe('fuzzing (fast-check)', () => {
  it('the connection: 30,000 generated and mutated agent messages; every request answered, nothing thrown', async () => {
    const t = tally('fuzz: connection (raw ndjson lines)');
    tallies.push(t);
    const watch = watchProcess();
    // The SDK logs each notification it rejects and each stray response to console.error: thousands of lines here.
    const sdkLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rng = seededRandom(SEED);
    const log = errorLog();
    const { agent, client, broker, sessions } = await connect(rng, log);
    const known = sessions.map((s) => s.id);
    const sessionId = fc.oneof(fc.constantFrom(...known), fc.constantFrom('unknown-session', ''), fc.string({ maxLength: 6 }));
    let nextId = 1;
    const reqId = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 }), fc.constant('dup'), fc.constant(null), fc.constant(1.5));
    const valid = fc.oneof(
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('session/update'), params: fc.record({ sessionId, update: sessionUpdate }) }),
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('session/request_permission'), params: permissionParams(sessionId) }),
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('elicitation/create'), params: elicitationParams(sessionId) }),
      fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constantFrom('fs/read_text_file', 'terminal/create', 'x/unknown', '_meta/ext', 'session/update '), params: fc.anything({ maxDepth: 2 }) }),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer({ min: 0, max: 1e6 }), result: fc.anything({ maxDepth: 1 }) }),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer({ min: 0, max: 1e6 }), error: fc.record({ code: fc.integer(), message: fc.string() }) }),
    );
    type Line = { line: string; requestId?: unknown };
    const message: fc.Arbitrary<Line> = fc
      .tuple(valid, fc.integer({ min: 0, max: 9 }), oddValue, fc.integer({ min: 0, max: 1 << 30 }), reqId, fc.boolean())
      .map(([m, how, odd, cut, rid, reuse]) => {
        let msg: unknown = m;
        const isRequest = 'method' in m && m.method !== 'session/update';
        // Requests get an id: a fresh one, or a reused/odd one (duplicates must each be answered).
        if (isRequest) msg = { ...m, id: reuse ? rid : nextId++ };
        if (how >= 6 && how < 9) msg = mutate(msg, seededRandom(cut), odd);
        let line = JSON.stringify(msg) ?? 'undefined';
        if (how === 9) line = line.slice(0, cut % Math.max(1, line.length)); // truncated
        // A JSON-RPC 2.0 request (a line without `jsonrpc: "2.0"` is not one; the SDK drops it unanswered).
        const parsed = safeParse(line) as { id?: unknown; method?: unknown; jsonrpc?: unknown } | undefined;
        const requestId = parsed && parsed.jsonrpc === '2.0' && typeof parsed.method === 'string' && 'id' in parsed && (typeof parsed.id === 'number' || typeof parsed.id === 'string') ? parsed.id : undefined;
        return { line, requestId };
      });

    const BATCHES = 30;
    const PER_BATCH = 1000;
    const responses = new Map<string, number>();
    agent.onMessage((m) => {
      if (!('method' in m) && 'id' in m) responses.set(JSON.stringify(m.id), (responses.get(JSON.stringify(m.id)) ?? 0) + 1);
    });
    const expected = new Map<string, number>();
    const sentLines: Line[] = [];
    for (let b = 0; b < BATCHES; b++) {
      const lines = fc.sample(message, { numRuns: PER_BATCH, seed: SEED * 1000 + b });
      for (const { line, requestId } of lines) {
        t.cases++;
        agent.write(line);
        if (requestId !== undefined) sentLines.push({ line, requestId });
        if (requestId !== undefined) expected.set(JSON.stringify(requestId), (expected.get(JSON.stringify(requestId)) ?? 0) + 1);
      }
      // A turn cancel settles what the surfaces left open (as the user's Stop would).
      await new Promise((r) => setTimeout(r, 20));
      for (const s of sessions) void s.cancel().catch(() => undefined);
      // What no cancel reaches (requests for sessions the client does not know) the user answers in the end.
      await new Promise((r) => setTimeout(r, 5));
      for (const p of broker.pending()) {
        if (p.type === 'permission') broker.answer(p.key, p.presentation.options[0]?.optionId ?? 'x');
        else broker.answerElicitation(p.key, { action: 'cancel' });
      }
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && [...expected].some(([k, n]) => (responses.get(k) ?? 0) < n)) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 10));
    }
    if (process.env.ROBUST_DEBUG) for (const l of sentLines) if (!responses.has(JSON.stringify(l.requestId))) console.log('UNANSWERED', l.line.slice(0, 400));
    for (const [k, n] of expected) {
      const got = responses.get(k) ?? 0;
      if (got < n) fail(t, 'hang', `request id ${k}: ${n} sent, ${got} answered`);
    }
    // Unknown methods are answered with JSON-RPC errors, not results.
    const errors = agent.fromClient.filter((m) => 'error' in m).length;
    if (errors === 0) fail(t, 'failure', 'no request was answered with a JSON-RPC error');
    if (broker.count !== 0) fail(t, 'hang', `${broker.count} prompts left open after cancel`);
    client.dispose();
    await new Promise((r) => setTimeout(r, 20));
    watch.stop();
    const sdkRejected = sdkLog.mock.calls.length;
    sdkLog.mockRestore();
    for (const e of watch.errors) fail(t, 'failure', e);
    for (const e of log.thrown) fail(t, 'failure', e);
    t.note = `${expected.size} request ids, ${errors} JSON-RPC errors sent, ${sdkRejected} rejected by the SDK, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB after`;
    expect(t.samples).toEqual([]);
  });

  it('the reducer: 5,000 sequences of generated and mutated updates; never throws, the transcript stays serializable', () => {
    const t = tally('fuzz: session reducer');
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
          t.cases++;
          const u = throughWire<SessionUpdate>(zSessionUpdate, raw);
          if (!u) continue; // rejected by the SDK before it reaches the client
          try {
            state = applySessionUpdate(state, u, now++).state;
          } catch (err) {
            fail(t, 'failure', `${JSON.stringify(u).slice(0, 200)} threw ${String(err)}`);
            return false;
          }
        }
        JSON.stringify(state.entries);
        return true;
      }),
      { numRuns: 5000, seed: SEED },
    );
    expect(t.samples).toEqual([]);
  });

  it('the presentation model: 15,000 generated and mutated permission requests; never throws', () => {
    const t = tally('fuzz: permission presentation');
    tallies.push(t);
    const params = fc.oneof(permissionParams(fc.constant('s1')), fc.tuple(permissionParams(fc.constant('s1')), oddValue, fc.integer()).map(([p, odd, s]) => mutate(p, seededRandom(s), odd)));
    fc.assert(
      fc.property(params, fc.constantFrom(['/w'], ['C:\\w'], [] as string[]), (raw, folders) => {
        t.cases++;
        const p = throughWire<RequestPermissionRequest>(zRequestPermissionRequest, raw);
        if (!p) return true;
        try {
          const pres = buildPermissionPresentation({ params: p }, { workspaceFolders: folders });
          buildPromptDetail(pres);
        } catch (err) {
          fail(t, 'failure', `${JSON.stringify(p).slice(0, 200)} threw ${String(err)}`);
          return false;
        }
        return true;
      }),
      { numRuns: 15_000, seed: SEED },
    );
    expect(t.samples).toEqual([]);
  });

  it('the broker behind the core handlers: 10,000 requests with reused keys, answers and cancels; each settles once', async () => {
    const t = tally('fuzz: broker + request handlers');
    tallies.push(t);
    const watch = watchProcess();
    const blog = errorLog();
    const broker = new PermissionBroker({ logger: blog });
    const conn = new AbortController().signal;
    const cases = fc.sample(
      fc.record({
        kind: fc.constantFrom('permission', 'elicitation'),
        perm: fc.oneof(permissionParams(fc.constantFrom('s1', 's2')), fc.tuple(permissionParams(fc.constant('s1')), oddValue, fc.integer()).map(([p, odd, s]) => mutate(p, seededRandom(s), odd))),
        elic: fc.oneof(elicitationParams(fc.constantFrom('s1', 's2')), fc.tuple(elicitationParams(fc.constant('s1')), oddValue, fc.integer()).map(([p, odd, s]) => mutate(p, seededRandom(s), odd))),
        id: fc.integer({ min: 0, max: 20 }),
        action: fc.constantFrom('answer', 'cancel', 'both', 'forged', 'none'),
      }),
      { numRuns: 10_000, seed: SEED },
    );
    const core = new PendingRequests();
    const settles: Promise<unknown>[] = [];
    for (const c of cases) {
      t.cases++;
      const sdk = new AbortController();
      let response: Promise<unknown>;
      const perm = throughWire<RequestPermissionRequest>(zRequestPermissionRequest, c.perm);
      const elic = throughWire<CreateElicitationRequest>(zCreateElicitationRequest, c.elic);
      if ((c.kind === 'permission' && !perm) || (c.kind === 'elicitation' && !elic)) continue;
      try {
        response =
          c.kind === 'permission'
            ? handlePermissionRequest({ params: perm!, requestId: c.id, signal: sdk.signal, connectionSignal: conn, session: undefined, hooks: { requestPermission: (r) => broker.requestPermission(r) }, pending: core, logger: quiet })
            : handleElicitationRequest({ params: elic!, requestId: c.id, signal: sdk.signal, connectionSignal: conn, createElicitation: (r) => broker.createElicitation(r), pending: core, logger: quiet });
      } catch (err) {
        // The SDK validates params before a handler runs; a handler that throws is answered as an internal error.
        // What must not happen is a throw that escapes as an unhandled rejection; a synchronous throw is counted.
        fail(t, 'failure', `handler threw synchronously: ${String(err)} for ${JSON.stringify(c).slice(0, 200)}`);
        continue;
      }
      // A reused id of an open request is answered with a JSON-RPC error (the rejection); either way it settles.
      settles.push(response.then(() => undefined, () => undefined));
      await new Promise((r) => setTimeout(r, 0));
      const prompt = broker.pending().at(-1);
      if (prompt && (c.action === 'answer' || c.action === 'both' || c.action === 'forged')) {
        if (prompt.type === 'permission') broker.answer(prompt.key, c.action === 'forged' ? 'forged' : (prompt.presentation.options[0]?.optionId ?? 'x'));
        else broker.answerElicitation(prompt.key, { action: 'decline' });
      }
      if (c.action === 'cancel' || c.action === 'both') sdk.abort();
    }
    core.cancelAll('agent-exited');
    const all = await Promise.race([Promise.all(settles).then(() => 'ok'), new Promise((r) => setTimeout(() => r('hang'), 5000))]);
    if (all !== 'ok') fail(t, 'hang', 'a request did not settle after cancelAll');
    if (broker.count !== 0) fail(t, 'hang', `${broker.count} prompts left in the broker`);
    await new Promise((r) => setTimeout(r, 10));
    watch.stop();
    for (const e of [...watch.errors, ...blog.thrown]) fail(t, 'failure', e);
    expect(t.samples).toEqual([]);
  });

  it('the webview message validator: 20,000 generated and mutated messages; only valid shapes pass', () => {
    const t = tally('fuzz: webview message validator');
    tallies.push(t);
    const validMsg = fc.oneof(
      fc.record({ type: fc.constant('sendPrompt'), text: fc.string(), attachments: fc.array(fc.record({ type: fc.constant('file'), path: fc.string(), name: fc.string() }), { maxLength: 2 }) }),
      fc.record({ type: fc.constant('answerPermission'), key: fc.string(), optionId: fc.string() }),
      fc.record({ type: fc.constant('answerElicitation'), key: fc.string(), action: fc.constantFrom('accept', 'decline', 'cancel'), content: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())) }),
      fc.record({ type: fc.constant('openLocation'), path: fc.string(), line: fc.option(fc.nat()) }),
      fc.record({ type: fc.constant('openLink'), href: fc.string() }),
      fc.record({ type: fc.constant('completeFiles'), requestId: fc.integer(), query: fc.string() }),
      fc.constantFrom({ type: 'cancelTurn' }, { type: 'newSession' }, { type: 'ready', v: 1 }),
    );
    fc.assert(
      fc.property(validMsg, oddValue, fc.integer(), fc.boolean(), (m, odd, s, doMutate) => {
        t.cases++;
        const input = doMutate ? mutate(m, seededRandom(s), odd) : m;
        try {
          const r = parseWebviewMessage(input);
          if (!doMutate && !r.ok && JSON.stringify(m).length < 4000) {
            fail(t, 'failure', `valid message rejected: ${JSON.stringify(m).slice(0, 200)} (${r.error})`);
            return false;
          }
          if (r.ok && typeof r.message.type !== 'string') return false;
        } catch (err) {
          fail(t, 'failure', `threw ${String(err)}`);
          return false;
        }
        return true;
      }),
      { numRuns: 20_000, seed: SEED },
    );
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
