// The ACP connection to one agent process: SDK wiring, initialize, sign-in, and what happens when the agent goes away.
// What the agent sends the client is served by clientRequests.ts; the sessions, and the updates routed to them, are
// sessionRequests.ts's, offered here as this client's methods.
import { Readable, Writable } from 'node:stream';
// The connection speaks the SDK's unstable v1 surface: its client app validates `session/update` against the full v1
// schema, which has the subagent updates (`subagent_update`, `session_message`, `session_message_chunk`). The stable
// app's session-update router (ClientApp's constructor in sdk/dist/v1/stable/acp.js) parses every `session/update`
// with the stable schema first and refuses those as "Invalid params" before any handler runs. Stable variants are
// validated the same on both surfaces.
import * as acp from '@agentclientprotocol/sdk/unstable';
import type { InitializeResponse, ListSessionsRequest, ListSessionsResponse, McpServer, SessionInfo } from '@agentclientprotocol/sdk';
import type { AgentExit, AgentProcessLike } from './agentProcess';
import type { FileService } from './clientServices';
import { clientApp } from './clientRequests';
import type { TerminalService } from './commandRuns';
import { AgentExitedError, NotSupportedError, errorMessage } from './errors';
import { Emitter, type Disposable } from './events';
import { describeExit, EXIT_EXPLANATION_WAIT_MS } from './exitDescription';
import { buildClientCapabilities, performInitialize } from './handshake';
import type { ClientHooks } from './hooks';
import type { Logger } from './logger';
import { PendingRequests } from './pendingRequests';
import type { Session, SessionHost } from './session';
import { SessionRequests } from './sessionRequests';
import { offeredServers } from './sessionServers';
import { agentSteers } from './steering';
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
  mcpServers?: readonly McpServer[];
}

/** How the agent says it is signed in (`_auth/status_update`, Claude); the label is for display, never a secret. */
export interface AuthStatus {
  kind: string;
  label?: string;
}

export class AcpClient {
  private readonly connection: acp.ClientConnection;
  private readonly sessions: SessionRequests;
  private readonly pending = new PendingRequests();
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
    this.exitEmitter = new Emitter((err) => logger.error('[acpClient] exit listener failed', err));
    this.onDidExit = this.exitEmitter.event;
    this.authStatusEmitter = new Emitter((err) => logger.error('[acpClient] auth status listener failed', err));
    this.onDidChangeAuthStatus = this.authStatusEmitter.event;

    const app = clientApp({
      clientName: opts.clientInfo.name,
      hooks,
      logger,
      pending: this.pending,
      files: opts.files,
      terminals: opts.terminals,
      session: (id) => this.sessions.owner(id),
      permissionView: (id) => this.sessions.permissionView(id),
      requestOwner: (id) => this.sessions.requestOwner(id),
      connectionSignal: () => this.connection.signal,
      onUpdate: (notification) => this.sessions.route(notification),
      onAuthStatus: (params) => this.onAuthStatus(params),
    });

    // EPIPE when the agent dies mid-write: the connection closes with it; this keeps it from being an uncaught error.
    opts.process.stdin.on('error', (err) => logger.warn(`[acpClient] agent stdin: ${err.message}`));
    const stream = acp.ndJsonStream(
      Writable.toWeb(opts.process.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(opts.process.stdout.pipe(createWireInspector(logger))) as ReadableStream<Uint8Array>,
    );
    this.connection = app.connect(stream);

    // Read when asked: the response comes after the sessions' host is made.
    const initialized = () => this.initResponse;
    this.host = {
      agent: this.connection.agent,
      get capabilities() {
        return initialized()?.agentCapabilities;
      },
      get steering() {
        return agentSteers(initialized());
      },
      pending: this.pending,
      logger,
      disconnectReason: () => this.disconnectReason(),
      explainFailure: (err) => this.explainFailure(err),
      forget: (id) => this.sessions.forget(id),
      beforePrompt: async (id) => {
        await opts.hooks.beforePrompt?.(id)?.catch((err: unknown) => logger.warn(`[acpClient] ${id}: before the prompt`, err));
      },
    };
    this.sessions = new SessionRequests({
      host: this.host,
      sessionMeta: opts.sessionMeta,
      mcpServers: opts.mcpServers,
      assertOpen: () => this.assertOpen(),
      exitReason: () => this.exitReason,
      unsupported: (what) => this.unsupported(what),
    });

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
  newSession(cwd: string): Promise<Session> {
    return this.sessions.newSession(cwd);
  }

  /** session/load: the history is replayed into the returned session. Requires `loadSession`. */
  loadSession(sessionId: string, cwd: string): Promise<Session> {
    return this.sessions.loadSession(sessionId, cwd);
  }

  /** session/resume (no replay). Requires `sessionCapabilities.resume`. */
  resumeSession(sessionId: string, cwd: string): Promise<Session> {
    return this.sessions.resumeSession(sessionId, cwd);
  }

  /** session/list. Requires `sessionCapabilities.list`. */
  listSessions(params: ListSessionsRequest = {}): Promise<ListSessionsResponse> {
    return this.sessions.listSessions(params);
  }

  /** Every page of session/list (following `nextCursor`). Requires `sessionCapabilities.list`. */
  listAllSessions(cwd: string, maxPages = 50): Promise<SessionInfo[]> {
    return this.sessions.listAllSessions(cwd, maxPages);
  }

  /** session/delete. Requires `sessionCapabilities.delete`; an open session is closed here first. */
  deleteSession(sessionId: string): Promise<void> {
    return this.sessions.deleteSession(sessionId);
  }

  /**
   * session/fork (unstable in ACP v1, advertised as `sessionCapabilities.fork`): a copy of the session's conversation
   * under a new id; with `at`, only up to and including that agent message (an id the agent does not know is refused,
   * -32602). Returns the copy's id; the caller opens it (a load shows the copied history).
   */
  forkSession(sessionId: string, cwd: string, at?: { messageId: string }): Promise<string> {
    return this.sessions.forkSession(sessionId, cwd, at);
  }

  /** Whether `sessionCapabilities[name]` is advertised (including unstable ones the stable types do not name). */
  supports(name: 'list' | 'delete' | 'fork' | 'resume' | 'close'): boolean {
    return this.sessions.supports(name);
  }

  /** session/close. Requires `sessionCapabilities.close`. */
  closeSession(sessionId: string): Promise<void> {
    return this.sessions.closeSession(sessionId);
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

  private onAuthStatus(params: unknown): void {
    const status = (params as { authStatus?: { kind?: unknown; label?: unknown } } | undefined)?.authStatus;
    if (!status || typeof status.kind !== 'string') return;
    // Only the kind and the label are kept: `detail` may name where a credential lives.
    this.currentAuthStatus = { kind: status.kind.slice(0, 64), label: typeof status.label === 'string' ? status.label.slice(0, 120) : undefined };
    this.authStatusEmitter.fire(this.currentAuthStatus);
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
    this.sessions.disconnectAll(this.exitReason);
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
