// Test harness: an ACP agent built with the SDK's agent side, wired to AcpClient through in-memory pipes that
// stand in for the child's stdio. `exit()` simulates the process dying (stdout EOF + exit code + stderr tail).
import { PassThrough, Readable, Transform, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type { AgentExit, AgentProcessLike } from '../../../src/acpClient/agentProcess';
import type { Logger } from '../../../src/acpClient/logger';

export type PromptScript = (ctx: acp.AgentRequestContext<acp.PromptRequest>) => Promise<acp.PromptResponse>;

export interface FakeAgentOptions {
  capabilities?: acp.AgentCapabilities;
  /** Runs inside session/new before it answers (e.g. to send early updates). */
  onNewSession?: (ctx: acp.AgentRequestContext<acp.NewSessionRequest>, sessionId: string) => Promise<void>;
  prompt?: PromptScript;
  /** Runs inside session/load before it answers (e.g. to replay the history as updates). */
  onLoad?: (ctx: acp.AgentRequestContext<acp.LoadSessionRequest>) => Promise<void>;
  /** Pages of session/list, by cursor ('' = the first page). */
  listPages?: Record<string, acp.ListSessionsResponse>;
  /** Advertise steering and answer `_session/steering` with this outcome. */
  steer?: (params: { sessionId: string; prompt: acp.ContentBlock[] }) => 'injected' | 'promptRequired';
  /** Awaited before initialize is answered (a promise that never settles: an agent that stays silent). */
  beforeInitialize?: () => Promise<void>;
  authMethods?: acp.AuthMethod[];
}

export interface FakeAgent {
  process: AgentProcessLike & { killed: boolean };
  initializeParams: () => acp.InitializeRequest | undefined;
  /** Every client→agent notification/request the agent saw, in order (method names). */
  received: string[];
  /** The raw JSON messages the client wrote, as parsed from its stdin bytes. */
  wire: Record<string, unknown>[];
  cancels: acp.CancelNotification[];
  setModes: acp.SetSessionModeRequest[];
  exit(e: Partial<AgentExit>): void;
  /** End the agent's stdout without the process exiting. */
  closeStdout(): void;
}

export const MODES: acp.SessionModeState = {
  currentModeId: 'auto',
  availableModes: [
    { id: 'default', name: 'Manual' },
    { id: 'auto', name: 'Auto' },
  ],
};

export function modeOption(currentValue: string): acp.SessionConfigOption {
  return {
    id: 'mode',
    name: 'Mode',
    category: 'mode',
    type: 'select',
    currentValue,
    options: [
      { value: 'default', name: 'Manual' },
      { value: 'auto', name: 'Auto' },
    ],
  };
}

export function startFakeAgent(opts: FakeAgentOptions = {}): FakeAgent {
  let initParams: acp.InitializeRequest | undefined;
  const received: string[] = [];
  const cancels: acp.CancelNotification[] = [];
  const setModes: acp.SetSessionModeRequest[] = [];
  let sessionCounter = 0;

  const app = acp
    .agent({ name: 'fake-agent' })
    .onRequest(acp.methods.agent.initialize, async (ctx) => {
      initParams = ctx.params;
      received.push('initialize');
      await opts.beforeInitialize?.();
      return {
        protocolVersion: 1,
        agentCapabilities: opts.capabilities ?? { loadSession: false, sessionCapabilities: { close: {} } },
        agentInfo: { name: 'fake-agent', version: '0.0.1' },
        authMethods: opts.authMethods ?? [],
        ...(opts.steer ? { _meta: { steering: { supported: true } } } : {}),
      };
    })
    .onRequest(acp.methods.agent.authenticate, (ctx) => {
      received.push(`authenticate:${ctx.params.methodId}`);
      return {};
    })
    .onRequest(acp.methods.agent.logout, () => {
      received.push('logout');
      return {};
    })
    .onRequest(acp.methods.agent.session.new, async (ctx) => {
      received.push('session/new');
      const sessionId = `sess-${++sessionCounter}`;
      await opts.onNewSession?.(ctx, sessionId);
      return { sessionId, modes: MODES, configOptions: [modeOption('auto')] };
    })
    .onRequest(acp.methods.agent.session.prompt, (ctx) => {
      received.push('session/prompt');
      if (!opts.prompt) return { stopReason: 'end_turn' };
      return opts.prompt(ctx);
    })
    .onRequest(acp.methods.agent.session.setMode, async (ctx) => {
      received.push('session/set_mode');
      setModes.push(ctx.params);
      const option = modeOption(ctx.params.modeId);
      await ctx.client.notify(acp.methods.client.session.update, {
        sessionId: ctx.params.sessionId,
        update: { sessionUpdate: 'config_option_update', configOptions: [option] },
      });
      return {};
    })
    .onRequest(acp.methods.agent.session.setConfigOption, (ctx) => {
      received.push('session/set_config_option');
      return { configOptions: [modeOption(String(ctx.params.value))] };
    })
    .onRequest(acp.methods.agent.session.load, async (ctx) => {
      received.push(`session/load ${ctx.params.sessionId}`);
      await opts.onLoad?.(ctx);
      return { modes: MODES, configOptions: [modeOption('auto')] };
    })
    .onRequest(acp.methods.agent.session.list, (ctx) => {
      received.push(`session/list ${ctx.params.cwd ?? ''} ${ctx.params.cursor ?? ''}`);
      return opts.listPages?.[ctx.params.cursor ?? ''] ?? { sessions: [] };
    })
    .onRequest(acp.methods.agent.session.delete, (ctx) => {
      received.push(`session/delete ${ctx.params.sessionId}`);
      return {};
    })
    // session/fork is unstable in ACP v1: not among the stable typed methods.
    .onRequest('*', (ctx) => {
      if (ctx.method === '_session/steering' && opts.steer) {
        const params = ctx.params as { sessionId: string; prompt: acp.ContentBlock[] };
        received.push(`_session/steering ${params.prompt[0]?.type === 'text' ? params.prompt[0].text : ''}`);
        return { outcome: opts.steer(params) };
      }
      if (ctx.method !== 'session/fork') throw acp.RequestError.methodNotFound(ctx.method);
      const params = ctx.params as { sessionId: string };
      received.push(`session/fork ${params.sessionId}`);
      return { sessionId: `fork-of-${params.sessionId}` };
    })
    .onRequest(acp.methods.agent.session.close, () => {
      received.push('session/close');
      return {};
    })
    .onNotification(acp.methods.agent.session.cancel, (ctx) => {
      received.push('session/cancel');
      cancels.push(ctx.params);
    });

  // The client writes to `clientStdin`; a tap records each ndjson line before the agent reads it.
  const wire: Record<string, unknown>[] = [];
  let partial = '';
  const clientStdin = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      partial += chunk.toString('utf8');
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) wire.push(JSON.parse(line) as Record<string, unknown>);
      cb(null, chunk);
    },
  });
  const toAgent = new PassThrough();
  clientStdin.pipe(toAgent);
  const fromAgent = new PassThrough();
  const conn = app.connect(acp.ndJsonStream(Writable.toWeb(fromAgent) as WritableStream<Uint8Array>, Readable.toWeb(toAgent) as ReadableStream<Uint8Array>));
  conn.closed.then(
    () => undefined,
    () => undefined,
  );

  let resolveExit!: (e: AgentExit) => void;
  const exited = new Promise<AgentExit>((r) => (resolveExit = r));
  let done = false;
  const exit = (e: Partial<AgentExit>) => {
    if (done) return;
    done = true;
    fromAgent.end();
    conn.close();
    resolveExit({ code: e.code ?? null, signal: e.signal ?? null, stderrTail: e.stderrTail ?? '' });
  };

  const proc = {
    stdin: clientStdin as Writable,
    stdout: fromAgent as Readable,
    exited,
    killed: false,
    stderrTail: () => '',
    kill() {
      proc.killed = true;
      exit({ signal: 'SIGTERM' });
    },
  };

  return {
    process: proc,
    initializeParams: () => initParams,
    received,
    wire,
    cancels,
    setModes,
    exit,
    closeStdout: () => fromAgent.end(),
  };
}

export interface RecordingLogger extends Logger {
  lines: { level: string; msg: string; args: unknown[] }[];
  has(level: string, re: RegExp): boolean;
}

export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  const at =
    (level: string) =>
    (msg: string, ...args: unknown[]) =>
      void lines.push({ level, msg, args });
  return {
    lines,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    has: (level, re) => lines.some((l) => l.level === level && re.test(l.msg)),
  };
}

/** Resolve when `predicate()` is true (polls the event loop; bounded so a bug fails instead of hanging). */
export async function until(predicate: () => boolean, what = 'condition', ms = 3000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A promise plus its resolver, for scripting the agent step by step. */
export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
