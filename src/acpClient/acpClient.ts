// The ACP connection to one agent process: SDK wiring, initialize, routing of updates to sessions (buffering those
// for sessions not known yet), agent→client requests, and what happens when the agent goes away.
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type {
  InitializeResponse,
  ListSessionsRequest,
  ListSessionsResponse,
  SessionConfigOption,
  SessionInfo,
  SessionModeState,
  SessionNotification,
} from '@agentclientprotocol/sdk';
import type { AgentExit, AgentProcessLike } from './agentProcess';
import { handleElicitationRequest } from './elicitationHandler';
import { ServiceError, type FileService } from './clientServices';
import type { TerminalService, TerminalWatcher } from './commandRuns';
import { AgentExitedError, NotSupportedError, errorMessage } from './errors';
import { Emitter, type Disposable } from './events';
import { describeExit, EXIT_EXPLANATION_WAIT_MS } from './exitDescription';
import { withForkPoint } from './forkPoint';
import { buildClientCapabilities, performInitialize } from './handshake';
import type { ClientHooks } from './hooks';
import type { Logger } from './logger';
import { PendingRequests } from './pendingRequests';
import { handlePermissionRequest } from './permissionHandler';
import { Session, type SessionHost } from './session';
import { offeredServers } from './sessionServers';
import { agentSteers } from './steering';
import { UpdateBuffer } from './updateBuffer';
import { createWireInspector } from './wireInspector';

export interface AcpClientOptions {
  process: AgentProcessLike;
  hooks: ClientHooks;
  logger: Logger;
  clientInfo: { name: string; version: string };
  /** Advertise `_meta.terminal_output` (Claude's terminal stream extension). */
  terminalOutput?: boolean;
  /** Serves `fs/read_text_file` and `fs/write_text_file` (and advertises them) when given. */
  files?: FileService;
  /** Serves `terminal/*` (and advertises `terminal`) when given. */
  terminals?: TerminalService;
  /** Advertise `auth.terminal`: the caller runs terminal login methods (see chat/agentHost.ts and workbench/signIn/). */
  terminalAuth?: boolean;
  /** How long `initialize` may take before the agent is stopped (no limit when undefined). */
  initializeTimeoutMs?: number;
  /** `_meta` for every session/new, load, resume and fork (see AgentLaunch.sessionMeta). */
  sessionMeta?: Record<string, unknown>;
  /** The MCP servers every session/new, load, resume and fork carries, those the agent can reach (see sessionServers.ts). */
  mcpServers?: readonly acp.McpServer[];
}

/** How the agent says it is signed in (`_auth/status_update`, Claude); the label is for display, never a secret. */
export interface AuthStatus {
  kind: string;
  label?: string;
}

export class AcpClient {
  private readonly connection: acp.ClientConnection;
  private readonly sessions = new Map<string, Session>();
  private readonly pending = new PendingRequests();
  private readonly buffer: UpdateBuffer;
  private readonly exitEmitter: Emitter<AgentExit>;
  private readonly host: SessionHost;
  private exit: AgentExit | undefined;
  private exitReason: string | undefined;
  private disposed = false;
  private initResponse: InitializeResponse | undefined;
  private currentAuthStatus: AuthStatus | undefined;
  private readonly authStatusEmitter: Emitter<AuthStatus>;

  /** Fired once when the agent process is gone; every session is marked disconnected first. */
  readonly onDidExit: (listener: (exit: AgentExit) => void) => Disposable;
  /** Fired when the agent reports how it is signed in (Claude's `_auth/status_update`). */
  readonly onDidChangeAuthStatus: (listener: (status: AuthStatus) => void) => Disposable;

  /** Connect to `opts.process` and send `initialize` (protocol version 1). Rejects with AgentStartError. */
  static async start(opts: AcpClientOptions): Promise<AcpClient> {
    const client = new AcpClient(opts);
    try {
      await client.initialize();
      return client;
    } catch (err) {
      client.dispose();
      throw err;
    }
  }

  private constructor(private readonly opts: AcpClientOptions) {
    const { logger, hooks } = opts;
    this.buffer = new UpdateBuffer(logger);
    this.exitEmitter = new Emitter((err) => logger.error('[acpClient] exit listener failed', err));
    this.onDidExit = this.exitEmitter.event;
    this.authStatusEmitter = new Emitter((err) => logger.error('[acpClient] auth status listener failed', err));
    this.onDidChangeAuthStatus = this.authStatusEmitter.event;

    let app = acp
      .client({ name: opts.clientInfo.name })
      .onRequest(acp.methods.client.session.requestPermission, (ctx) =>
        handlePermissionRequest({
          params: ctx.params,
          requestId: ctx.requestId,
          signal: ctx.signal,
          connectionSignal: this.connection.signal,
          session: this.sessions.get(ctx.params.sessionId),
          hooks,
          pending: this.pending,
          logger,
        }),
      )
      // Applied synchronously, so updates of a session land in arrival order (the SDK does not await handlers).
      .onNotification(acp.methods.client.session.update, (ctx) => this.routeUpdate(ctx.params))
      .onNotification('*', (ctx) => {
        if (ctx.method === '_auth/status_update') return this.onAuthStatus(ctx.params);
        logger.info(`[acpClient] notification ${ctx.method} not handled`, ctx.params);
      })
      .onRequest('*', (ctx) => {
        logger.warn(`[acpClient] the agent called ${ctx.method}, which this client does not serve; answering method-not-found`);
        throw acp.RequestError.methodNotFound(ctx.method);
      });
    const files = opts.files;
    if (files) {
      app = app
        .onRequest(acp.methods.client.fs.readTextFile, (ctx) => this.serve('fs/read_text_file', ctx.params.sessionId, () => files.readTextFile(ctx.params)))
        .onRequest(acp.methods.client.fs.writeTextFile, (ctx) => this.serve('fs/write_text_file', ctx.params.sessionId, () => files.writeTextFile(ctx.params)));
    }
    const terminals = opts.terminals;
    if (terminals) {
      const t = acp.methods.client.terminal;
      app = app
        .onRequest(t.create, (ctx) =>
          this.serve('terminal/create', ctx.params.sessionId, () => terminals.create(ctx.params, this.terminalWatcher(ctx.params.sessionId))),
        )
        .onRequest(t.output, (ctx) => this.serve('terminal/output', ctx.params.sessionId, () => terminals.output(ctx.params)))
        .onRequest(t.waitForExit, (ctx) => this.serve('terminal/wait_for_exit', ctx.params.sessionId, () => terminals.waitForExit(ctx.params)))
        .onRequest(t.kill, (ctx) => this.serve('terminal/kill', ctx.params.sessionId, () => terminals.kill(ctx.params)))
        .onRequest(t.release, (ctx) =>
          this.serve('terminal/release', ctx.params.sessionId, async () => {
            const released = await terminals.release(ctx.params);
            this.sessions.get(ctx.params.sessionId)?.terminalReleased(ctx.params.terminalId);
            return released;
          }),
        );
    }
    const createElicitation = hooks.createElicitation?.bind(hooks);
    if (createElicitation) {
      app = app.onRequest(acp.methods.client.elicitation.create, (ctx) =>
        handleElicitationRequest({
          params: ctx.params,
          requestId: ctx.requestId,
          signal: ctx.signal,
          connectionSignal: this.connection.signal,
          createElicitation,
          pending: this.pending,
          logger,
        }),
      );
    }

    // EPIPE when the agent dies mid-write: the connection closes with it; this keeps it from being an uncaught error.
    opts.process.stdin.on('error', (err) => logger.warn(`[acpClient] agent stdin: ${err.message}`));
    const stream = acp.ndJsonStream(
      Writable.toWeb(opts.process.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(opts.process.stdout.pipe(createWireInspector(logger))) as ReadableStream<Uint8Array>,
    );
    this.connection = app.connect(stream);

    const client = this;
    this.host = {
      agent: this.connection.agent,
      get capabilities() {
        return client.initResponse?.agentCapabilities;
      },
      get steering() {
        return agentSteers(client.initResponse);
      },
      pending: this.pending,
      logger,
      disconnectReason: () => this.disconnectReason(),
      explainFailure: (err) => this.explainFailure(err),
      forget: (id) => {
        this.sessions.delete(id);
      },
      beforePrompt: async (id) => {
        await opts.hooks.beforePrompt?.(id)?.catch((err: unknown) => logger.warn(`[acpClient] ${id}: before the prompt`, err));
      },
    };

    opts.process.exited.then(
      (exit) => this.handleExit(exit),
      (err: unknown) => logger.error('[acpClient] process exit promise rejected', err),
    );
    this.connection.closed.then(
      () => this.handleConnectionClosed(),
      (err: unknown) => logger.error('[acpClient] connection closed promise rejected', err),
    );
  }

  get initializeResponse(): InitializeResponse {
    if (!this.initResponse) throw new Error('AcpClient is not initialized');
    return this.initResponse;
  }

  /** True once the agent exited, the connection closed, or the client was disposed. */
  get closed(): boolean {
    return this.disposed || this.exit !== undefined || this.connection.signal.aborted;
  }

  /** The agent's last `_auth/status_update`, if any. */
  get authStatus(): AuthStatus | undefined {
    return this.currentAuthStatus;
  }

  /** `authenticate` with an agent-handled method (never a `type: "terminal"` one: those run in a terminal). */
  async authenticate(methodId: string): Promise<void> {
    this.assertOpen();
    await this.connection.agent.request(acp.methods.agent.authenticate, { methodId });
  }

  /** `logout`. Requires `agentCapabilities.auth.logout`. */
  async logout(): Promise<void> {
    this.assertOpen();
    if (!this.initResponse?.agentCapabilities?.auth?.logout) throw this.unsupported('signing out (logout)');
    await this.connection.agent.request(acp.methods.agent.logout, {});
  }

  /** session/new in `cwd` (no MCP servers). */
  async newSession(cwd: string): Promise<Session> {
    this.assertOpen();
    const response = await this.explained(this.connection.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: this.mcpServers(), ...this.meta() }));
    const session = this.attach(response.sessionId);
    // Buffered updates were drained first; the response is newer than any of them.
    session.apply({ type: 'session-configured', modes: response.modes, configOptions: response.configOptions });
    return session;
  }

  /** session/load: the history is replayed into the returned session. Requires `loadSession`. */
  async loadSession(sessionId: string, cwd: string): Promise<Session> {
    this.assertOpen();
    if (!this.initResponse?.agentCapabilities?.loadSession) throw this.unsupported('loading sessions (session/load)');
    return this.reopen(
      sessionId,
      async () => {
        const r = await this.connection.agent.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: this.mcpServers(), ...this.meta() });
        return r ?? {};
      },
      { replay: true },
    );
  }

  /** session/resume (no replay). Requires `sessionCapabilities.resume`. */
  async resumeSession(sessionId: string, cwd: string): Promise<Session> {
    this.assertOpen();
    if (!this.initResponse?.agentCapabilities?.sessionCapabilities?.resume) throw this.unsupported('resuming sessions (session/resume)');
    return this.reopen(sessionId, () =>
      this.connection.agent.request(acp.methods.agent.session.resume, { sessionId, cwd, mcpServers: this.mcpServers(), ...this.meta() }),
    );
  }

  /** session/list. Requires `sessionCapabilities.list`. */
  async listSessions(params: ListSessionsRequest = {}): Promise<ListSessionsResponse> {
    this.assertOpen();
    if (!this.initResponse?.agentCapabilities?.sessionCapabilities?.list) throw this.unsupported('listing sessions (session/list)');
    return this.connection.agent.request(acp.methods.agent.session.list, params);
  }

  /** Every page of session/list (following `nextCursor`). Requires `sessionCapabilities.list`. */
  async listAllSessions(cwd: string, maxPages = 50): Promise<SessionInfo[]> {
    const all: SessionInfo[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const r = await this.listSessions({ cwd, ...(cursor ? { cursor } : {}) });
      all.push(...(r.sessions ?? []));
      // A cursor seen before would loop forever: stop at it.
      if (!r.nextCursor || seen.has(r.nextCursor)) break;
      seen.add(r.nextCursor);
      cursor = r.nextCursor;
    }
    return all;
  }

  /** session/delete. Requires `sessionCapabilities.delete`; an open session is closed here first. */
  async deleteSession(sessionId: string): Promise<void> {
    this.assertOpen();
    if (!this.initResponse?.agentCapabilities?.sessionCapabilities?.delete) throw this.unsupported('deleting sessions (session/delete)');
    await this.sessions
      .get(sessionId)
      ?.close()
      .catch((err: unknown) => this.opts.logger.warn(`[acpClient] closing ${sessionId} before delete failed`, err));
    await this.connection.agent.request(acp.methods.agent.session.delete, { sessionId });
  }

  /**
   * session/fork (unstable in ACP v1, advertised as `sessionCapabilities.fork`): a copy of the session's conversation
   * under a new id; with `at`, only up to and including that agent message (an id the agent does not know is refused,
   * -32602). Returns the copy's id; the caller opens it (a load shows the copied history).
   */
  async forkSession(sessionId: string, cwd: string, at?: { messageId: string }): Promise<string> {
    this.assertOpen();
    if (!this.supports('fork')) throw this.unsupported('forking sessions (session/fork)');
    const meta = at ? { _meta: withForkPoint(this.opts.sessionMeta, at.messageId) } : this.meta();
    const r = await this.explained(
      this.connection.agent.request<{ sessionId?: unknown }>('session/fork', { sessionId, cwd, mcpServers: this.mcpServers(), ...meta }),
    );
    if (typeof r?.sessionId !== 'string' || r.sessionId === '') throw new Error('The agent answered session/fork without a session id.');
    return r.sessionId;
  }

  /** Whether `sessionCapabilities[name]` is advertised (including unstable ones the stable types do not name). */
  supports(name: 'list' | 'delete' | 'fork' | 'resume' | 'close'): boolean {
    const caps = this.initResponse?.agentCapabilities?.sessionCapabilities as Record<string, unknown> | null | undefined;
    return caps?.[name] !== undefined && caps?.[name] !== null;
  }

  /** session/close. Requires `sessionCapabilities.close`. */
  async closeSession(sessionId: string): Promise<void> {
    if (!this.initResponse?.agentCapabilities?.sessionCapabilities?.close) throw this.unsupported('closing sessions (session/close)');
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No open session ${sessionId}.`);
    await session.close();
  }

  private mcpServers(): acp.McpServer[] {
    return offeredServers(this.opts.mcpServers ?? [], this.initResponse?.agentCapabilities?.mcpCapabilities).offered;
  }

  private meta(): { _meta?: Record<string, unknown> } {
    return this.opts.sessionMeta ? { _meta: this.opts.sessionMeta } : {};
  }

  getSession(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Close the connection and stop the agent. Open requests are answered `cancelled` first. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pending.cancelAll('agent-exited');
    this.connection.close(new Error('ACP Chat closed the connection to the agent.'));
    this.opts.process.kill();
  }

  private async initialize(): Promise<void> {
    const { hooks, clientInfo, terminalOutput, terminalAuth, logger } = this.opts;
    const response = await performInitialize({
      agent: this.connection.agent,
      connectionSignal: this.connection.signal,
      params: {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: buildClientCapabilities({
          elicitationForm: !!hooks.createElicitation,
          terminalOutput: !!terminalOutput,
          terminalAuth,
          files: !!this.opts.files,
          terminals: !!this.opts.terminals,
        }),
        clientInfo,
      },
      exited: this.opts.process.exited,
      exitWithin: (ms) => this.exitWithin(ms),
      timeoutMs: this.opts.initializeTimeoutMs,
    });
    this.initResponse = response;
    const info = response.agentInfo;
    logger.info(`[acpClient] initialized ${info ? `${info.name} ${info.version}` : 'agent'} (ACP v${response.protocolVersion})`);
    for (const left of offeredServers(this.opts.mcpServers ?? [], response.agentCapabilities?.mcpCapabilities).left) {
      logger.warn(`[acpClient] the MCP server "${left.name}" is not passed: ${left.reason}`);
    }
  }

  /** Runs a service call for a known session; a failure becomes the JSON-RPC error the agent reads (and is logged). */
  private async serve<T>(method: string, sessionId: string, call: () => Promise<T>): Promise<T> {
    if (!this.sessions.has(sessionId)) throw acp.RequestError.sessionNotFound(sessionId);
    try {
      return await call();
    } catch (err) {
      const error = toRequestError(err, method);
      this.opts.logger.warn(`[acpClient] ${method} refused: ${error.message}`);
      throw error;
    }
  }

  private async reopen(
    sessionId: string,
    send: () => Promise<{ modes?: SessionModeState | null; configOptions?: SessionConfigOption[] | null }>,
    opts: { replay?: boolean } = {},
  ): Promise<Session> {
    if (this.sessions.has(sessionId)) throw new Error(`Session ${sessionId} is already open.`);
    // Registered before the request so a load's replayed updates apply directly, in order.
    const session = this.attach(sessionId);
    try {
      const response = opts.replay ? await session.replay(send) : await send();
      session.apply({ type: 'session-configured', modes: response.modes, configOptions: response.configOptions });
      return session;
    } catch (err) {
      this.sessions.delete(sessionId);
      session.dispose();
      throw await this.explainFailure(err);
    }
  }

  private attach(sessionId: string): Session {
    const session = new Session(sessionId, this.host);
    this.sessions.set(sessionId, session);
    for (const update of this.buffer.drain(sessionId)) session.applyUpdate(update);
    if (this.exitReason !== undefined) session.apply({ type: 'disconnected', reason: this.exitReason });
    this.opts.logger.info(`[acpClient] session ${sessionId} open`);
    return session;
  }

  private onAuthStatus(params: unknown): void {
    const status = (params as { authStatus?: { kind?: unknown; label?: unknown } } | undefined)?.authStatus;
    if (!status || typeof status.kind !== 'string') return;
    // Only the kind and the label are kept: `detail` may name where a credential lives.
    this.currentAuthStatus = { kind: status.kind.slice(0, 64), label: typeof status.label === 'string' ? status.label.slice(0, 120) : undefined };
    this.authStatusEmitter.fire(this.currentAuthStatus);
  }

  /** A terminal's output and exit go to the session that created it, which shows them in the tool call embedding it. */
  private terminalWatcher(sessionId: string): TerminalWatcher {
    return {
      output: (terminalId, text) => this.sessions.get(sessionId)?.terminalOutput(terminalId, text),
      exited: (terminalId, status) =>
        this.sessions.get(sessionId)?.terminalExited(terminalId, { exitCode: status.exitCode ?? null, signal: status.signal ?? null }),
    };
  }

  private routeUpdate(notification: SessionNotification): void {
    const session = this.sessions.get(notification.sessionId);
    if (!session) {
      this.buffer.push(notification.sessionId, notification.update);
      return;
    }
    try {
      session.applyUpdate(notification.update);
    } catch (err) {
      this.opts.logger.error(`[acpClient] could not apply ${notification.update.sessionUpdate} to ${notification.sessionId}`, err);
    }
  }

  private handleExit(exit: AgentExit): void {
    if (this.exit) return;
    this.exit = exit;
    this.exitReason = describeExit(exit);
    const log = exit.code === 0 || this.disposed ? this.opts.logger.info : this.opts.logger.warn;
    log.call(this.opts.logger, `[acpClient] ${this.exitReason}`);
    // A grandchild holding stdout open would keep the SDK connection alive; close it so every request settles.
    this.connection.close(new AgentExitedError(this.exitReason, exit));
    this.pending.cancelAll('agent-exited');
    for (const session of this.sessions.values()) session.apply({ type: 'disconnected', reason: this.exitReason });
    this.exitEmitter.fire(exit);
  }

  private handleConnectionClosed(): void {
    if (this.exit || this.disposed) return;
    // stdout ended or the stream failed while the process lives on: without a connection it is useless.
    this.opts.logger.warn(`[acpClient] the connection to the agent closed (${errorMessage(this.connection.signal.reason)}); stopping the agent`);
    this.pending.cancelAll('agent-exited');
    this.opts.process.kill();
  }

  private disconnectReason(): string | undefined {
    if (this.exitReason !== undefined) return this.exitReason;
    if (this.disposed) return 'The connection to the agent was closed.';
    if (this.connection.signal.aborted) return `The connection to the agent closed (${errorMessage(this.connection.signal.reason)}).`;
    return undefined;
  }

  /** `request`, its failure explained as a prompt's is (an agent that exited meanwhile says how). */
  private explained<T>(request: Promise<T>): Promise<T> {
    return request.catch(async (err: unknown) => {
      throw await this.explainFailure(err);
    });
  }

  private async explainFailure(err: unknown): Promise<Error> {
    if (err instanceof acp.RequestError) return withErrorDetails(err); // the agent's own answer; callers may branch on `code`
    if (this.connection.signal.aborted) {
      const exit = await this.exitWithin(EXIT_EXPLANATION_WAIT_MS);
      const reason = exit ? describeExit(exit) : (this.disconnectReason() ?? 'The connection to the agent closed.');
      return new AgentExitedError(`The agent stopped while the request was running. ${reason}`, exit);
    }
    return err instanceof Error ? err : new Error(errorMessage(err));
  }

  private exitWithin(ms: number): Promise<AgentExit | undefined> {
    if (this.exit) return Promise.resolve(this.exit);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), ms);
      timer.unref?.();
      this.opts.process.exited.then((exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
  }

  private assertOpen(): void {
    const reason = this.disconnectReason();
    if (reason !== undefined) throw new AgentExitedError(`The agent is not running. ${reason}`, this.exit);
  }

  private unsupported(what: string): NotSupportedError {
    const name = this.initResponse?.agentInfo?.name ?? 'The agent';
    return new NotSupportedError(`${name} does not support ${what}.`);
  }
}

/**
 * "Internal error" alone tells the user nothing: add the details the agent put in `data` (JSON-RPC's place for
 * them), keeping the code so callers can still branch on it.
 */
export function withErrorDetails(err: acp.RequestError): acp.RequestError {
  const data = err.data as { details?: unknown; message?: unknown } | string | undefined | null;
  const details =
    typeof data === 'string' ? data : typeof data?.details === 'string' ? data.details : typeof data?.message === 'string' ? data.message : undefined;
  if (!details || err.message.includes(details)) return err;
  return new acp.RequestError(err.code, `${err.message}: ${details.slice(0, 2000)}`, err.data);
}

/** The JSON-RPC error the agent gets for a failed service call; an unexpected error keeps its message. */
function toRequestError(err: unknown, what: string): acp.RequestError {
  if (err instanceof acp.RequestError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof ServiceError) {
    if (err.kind === 'not-found') return new acp.RequestError(-32002, `Resource not found: ${message}`, { reason: message });
    // A refused path is a wrong parameter from the client's point of view; the message says why.
    return acp.RequestError.invalidParams({ reason: message }, message);
  }
  return acp.RequestError.internalError({ reason: message }, `${what} failed: ${message}`);
}
