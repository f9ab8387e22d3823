// Owns the agent for the chat: starts it on first use, opens the current session, restarts after an exit, and says
// what state the connection is in. No `vscode` here: the composition root passes in how to launch and where to work.
import type { AuthMethod, ContentBlock, PromptResponse, SessionInfo } from '@agentclientprotocol/sdk';
import type { AcpClient } from '../acp/acpClient';
import type { AgentLaunch } from '../agents/agentLaunch';
import { AgentProcess, type AgentProcessLike } from '../acp/agentProcess';
import { describeExit } from '../acp/exitDescription';
import type { AgentExit } from '../acp/agentProcess';
import { Emitter, type Event } from '../acp/events';
import type { ClientHooks } from '../acp/hooks';
import type { Logger } from '../acp/logger';
import type { Session } from '../acp/session';
import { AgentExitedError, AgentStartError, errorMessage } from '../acp/errors';
import type { ChatStatus } from './chatStatus';
import type { FileService } from '../acp/clientServices';
import type { TerminalService } from '../acp/commandRuns';
import { describeError } from '../feedback/userErrors';

export type { ChatStatus };

export interface ChatServiceOptions {
  /**
   * Resolves the launch each time (settings may have changed, a program may have been installed since); throws (or
   * rejects with) AgentStartError when it cannot.
   */
  resolveLaunch(): AgentLaunch | Promise<AgentLaunch>;
  /** The folder the agent works in; undefined when none is open (the agent is then not started). */
  cwd(): string | undefined;
  /** False in an untrusted workspace (Restricted Mode): the agent can edit files and run commands, so it is not started. */
  trusted?(): boolean;
  /** How long the agent may take to answer `initialize` before it is stopped. */
  initializeTimeoutMs?(): number | undefined;
  hooks: ClientHooks;
  logger: Logger;
  clientInfo: { name: string; version: string };
  /** Mode to switch each new session to (e.g. `default` = Manual); empty keeps the agent's. */
  initialMode?(): string | undefined;
  /** Serves the agent's `fs/*` requests (the editor's buffers and workspace). */
  files?: FileService;
  /** Serves the agent's `terminal/*` requests. */
  terminals?: TerminalService;
  /** The session to continue when the chat starts with none yet (the one this workspace showed last). */
  resumeSessionId?(): string | undefined;
  /** For tests: spawn something other than a real process. */
  spawn?(launch: AgentLaunch, cwd: string, logger: Logger): AgentProcessLike;
}

export class ChatService {
  private client: AcpClient | undefined;
  private process: AgentProcessLike | undefined;
  private starting: Promise<Session> | undefined;
  private current: Session | undefined;
  private currentStatus: ChatStatus = { state: 'idle' };
  /** The remembered session is for the chat's first start only (a window reload), not for New Session. */
  private shownAny = false;
  /** Bumped by every stop: a start that began before it must not install its agent. */
  private generation = 0;
  private disposed = false;
  /** The folder the running agent was started in; its sessions open there. */
  private workingDir = '';
  private readonly statusEmitter: Emitter<ChatStatus>;
  private readonly sessionEmitter: Emitter<Session | undefined>;
  private readonly failureEmitter: Emitter<unknown>;
  private readonly exitEmitter: Emitter<AgentExit>;

  readonly onDidChangeStatus: Event<ChatStatus>;
  /** A start failed (AgentStartError, …) or the running agent exited (AgentExitedError): what to tell the user. */
  readonly onDidFail: Event<unknown>;
  /** Fired when the current session is replaced (new session, restart). */
  readonly onDidChangeSession: Event<Session | undefined>;
  /** The agent went away without being asked to (crash, kill, exit); pending approvals are already settled. */
  readonly onDidExitUnexpectedly: Event<AgentExit>;

  constructor(private readonly opts: ChatServiceOptions) {
    const onError = (err: unknown) => opts.logger.error('[chat] listener failed', err);
    this.statusEmitter = new Emitter(onError);
    this.sessionEmitter = new Emitter(onError);
    this.onDidChangeStatus = this.statusEmitter.event;
    this.onDidChangeSession = this.sessionEmitter.event;
    this.exitEmitter = new Emitter(onError);
    this.onDidExitUnexpectedly = this.exitEmitter.event;
    this.failureEmitter = new Emitter(onError);
    this.onDidFail = this.failureEmitter.event;
  }

  /** The agent's sign-in methods from its last `initialize` (empty when it needs none or is not running). */
  get authMethods(): AuthMethod[] {
    return this.client && !this.client.closed ? (this.client.initializeResponse.authMethods ?? []) : [];
  }

  get status(): ChatStatus {
    return this.currentStatus;
  }

  get session(): Session | undefined {
    return this.current;
  }

  get agent(): AcpClient | undefined {
    return this.client;
  }

  /** The running agent's process id (for the log and for tests). */
  get agentPid(): number | undefined {
    return this.client && !this.client.closed ? (this.process as { pid?: number } | undefined)?.pid : undefined;
  }

  /** The current session, starting the agent and opening a session if needed. */
  ensureSession(): Promise<Session> {
    if (this.disposed) return Promise.reject(new Error('ACP Chat is shutting down.'));
    if (this.current && this.client && !this.client.closed) return Promise.resolve(this.current);
    if (this.starting) return this.starting;
    const starting = this.start().finally(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    this.starting = starting;
    return starting;
  }

  async prompt(blocks: ContentBlock[]): Promise<PromptResponse> {
    const session = await this.ensureSession();
    return session.prompt(blocks);
  }

  async cancel(): Promise<void> {
    if (this.current?.snapshot().meta.turn !== 'idle') await this.current?.cancel();
  }

  /** A fresh session on the running agent (the old one is closed where the agent supports it). */
  async newSession(): Promise<Session> {
    await this.leave(this.current);
    this.current = undefined;
    return this.ensureSession();
  }

  /**
   * Show another of the agent's sessions instead of the current one: session/load (its history is replayed as one
   * snapshot), or session/resume where load is not offered. The current session stays until the other is open.
   */
  async openSession(sessionId: string): Promise<Session> {
    await this.ensureSession();
    if (this.current?.id === sessionId) return this.current;
    const client = this.liveClient();
    const session = client.getSession(sessionId) ?? (await this.reopen(client, sessionId));
    await this.leave(this.current);
    this.show(session);
    return session;
  }

  /** session/fork of `sessionId`, then open the copy in `into` (this chat by default): "continue in a copy". */
  async forkSession(sessionId: string, into: { openSession(id: string): Promise<Session> } = this): Promise<Session> {
    await this.ensureSession();
    const copy = await this.liveClient().forkSession(sessionId, this.workingDir);
    this.opts.logger.info(`[chat] forked ${sessionId} as ${copy}`);
    return into.openSession(copy);
  }

  /** session/delete; deleting the session on screen first moves the chat to a fresh one. */
  async deleteSession(sessionId: string): Promise<void> {
    await this.ensureSession();
    if (this.current?.id === sessionId) await this.newSession();
    await this.liveClient().deleteSession(sessionId);
  }

  /** The agent's sessions for this workspace (every page of session/list). */
  async listSessions(): Promise<SessionInfo[]> {
    await this.ensureSession();
    return this.liveClient().listAllSessions(this.workingDir);
  }

  /** A new session on the agent (started if needed) for another conversation, e.g. an editor tab. */
  async createSession(): Promise<Session> {
    await this.ensureSession();
    return this.openNew(this.liveClient());
  }

  /** `sessionId` opened on the agent (started if needed) for another conversation: load, else resume. */
  async reopenSession(sessionId: string): Promise<Session> {
    await this.ensureSession();
    const client = this.liveClient();
    return client.getSession(sessionId) ?? this.reopen(client, sessionId);
  }

  /**
   * Kill the agent (also one still starting) and start it again, continuing the current conversation where the agent
   * can load it. Also how new credentials take effect: the agent reads them at start.
   */
  async restart(): Promise<Session> {
    this.stopAgent();
    return this.ensureSession();
  }

  /**
   * Another agent was picked (`resolveLaunch` now names it): this agent stops and a new session starts with the
   * other one. The old conversation stays with its agent (its history lists it).
   */
  async switchAgent(): Promise<Session> {
    await this.leave(this.current);
    this.stopAgent();
    this.current = undefined;
    return this.ensureSession();
  }

  /** `logout` where the agent offers it (the caller restarts the agent so its state matches). */
  async signOut(): Promise<void> {
    const client = this.client;
    if (client && !client.closed && client.initializeResponse.agentCapabilities?.auth?.logout) await client.logout();
  }

  /** `authenticate` with an agent-handled method; new sessions then no longer need sign-in. */
  async authenticate(methodId: string): Promise<void> {
    await this.ensureSession().catch(() => undefined);
    if (!this.client || this.client.closed) throw new Error('The agent is not running.');
    await this.client.authenticate(methodId);
  }

  dispose(): void {
    this.disposed = true;
    this.stopAgent();
    this.statusEmitter.dispose();
    this.sessionEmitter.dispose();
    this.exitEmitter.dispose();
    this.failureEmitter.dispose();
  }

  private async start(): Promise<Session> {
    const generation = this.generation;
    try {
      if (!this.client || this.client.closed) {
        this.setStatus({ state: 'starting' });
        const client = await this.startAgent(generation);
        this.client = client;
      }
      const client = this.client;
      const session = (await this.reopenPrevious(client)) ?? (await this.openNew(client));
      this.assertCurrent(generation);
      this.current = session;
      this.shownAny = true;
      this.setStatus(this.readyStatus(client));
      this.sessionEmitter.fire(session);
      return session;
    } catch (err) {
      // Stopped on purpose while starting (Restart): nothing to report; a caller waiting for a session gets the
      // restarted one instead. After dispose there is none to get.
      if (generation !== this.generation) {
        if (this.disposed) throw err;
        return this.ensureSession();
      }
      const message = errorMessage(err);
      this.opts.logger.error(`[chat] could not start a session: ${message}`);
      this.setStatus({ state: 'error', message });
      this.failureEmitter.fire(err);
      throw err;
    }
  }

  private readyStatus(client: AcpClient): ChatStatus {
    const info = client.initializeResponse.agentInfo;
    const account = client.authStatus?.label ?? client.authStatus?.kind;
    return { state: 'ready', agentName: info?.title ?? info?.name ?? 'Agent', agentVersion: info?.version, ...(account ? { account } : {}) };
  }

  private assertCurrent(generation: number): void {
    if (generation !== this.generation) throw new Error('The agent was stopped while it was starting.');
  }

  /**
   * After the agent went away (crash, restart), continue the same conversation where the agent can load sessions:
   * its history is replayed into the new session. Undefined when there is nothing to continue or it cannot be loaded.
   */
  private async reopenPrevious(client: AcpClient): Promise<Session | undefined> {
    // `current` survives into a start only when its agent is gone (newSession() clears it first); without one, the
    // session this workspace showed last (a window reload).
    const previousId = this.current?.id ?? (this.shownAny ? undefined : this.opts.resumeSessionId?.());
    if (!previousId) return undefined;
    if (!client.initializeResponse.agentCapabilities?.loadSession && !client.supports('resume')) return undefined;
    try {
      const session = await this.reopen(client, previousId);
      this.opts.logger.info(`[chat] continued session ${previousId}`);
      return session;
    } catch (err) {
      this.opts.logger.warn(`[chat] could not continue session ${previousId}; starting a new one`, err);
      return undefined;
    }
  }

  private reopen(client: AcpClient, sessionId: string): Promise<Session> {
    return client.initializeResponse.agentCapabilities?.loadSession
      ? client.loadSession(sessionId, this.workingDir)
      : client.resumeSession(sessionId, this.workingDir);
  }

  /** Cancel and close (where advertised) a session the chat moves away from. */
  private async leave(old: Session | undefined): Promise<void> {
    if (!old || !this.client || this.client.closed) return;
    await old.cancel().catch((err: unknown) => this.opts.logger.warn('[chat] cancel before leaving the session failed', err));
    if (this.client.supports('close')) {
      await old.close().catch((err: unknown) => this.opts.logger.warn('[chat] session/close failed', err));
    }
  }

  private show(session: Session): void {
    this.current = session;
    this.sessionEmitter.fire(session);
  }

  private liveClient(): AcpClient {
    if (!this.client || this.client.closed) throw new Error('The agent is not running.');
    return this.client;
  }

  private async openNew(client: AcpClient): Promise<Session> {
    const session = await client.newSession(this.workingDir);
    const mode = this.opts.initialMode?.();
    if (mode && session.snapshot().meta.modes?.availableModes.some((m) => m.id === mode)) {
      await session.setMode(mode);
    }
    return session;
  }

  private async startAgent(generation: number): Promise<AcpClient> {
    const cwd = this.opts.cwd();
    // Checked before anything is spawned: a missing folder would otherwise surface as a bare ENOENT.
    if (cwd === undefined) throw new AgentStartError('No folder is open; the agent works in a folder.', 'no-folder');
    if (this.opts.trusted && !this.opts.trusted()) {
      throw new AgentStartError('The workspace is not trusted (Restricted Mode); the agent can edit files and run commands.', 'untrusted');
    }
    const launch = await this.opts.resolveLaunch();
    this.assertCurrent(generation);
    this.workingDir = cwd;
    const proc = this.opts.spawn ? this.opts.spawn(launch, cwd, this.opts.logger) : AgentProcess.spawn(launch, { cwd, logger: this.opts.logger });
    this.process = proc;
    // Loaded on first start, not at activation: the SDK builds its schemas when loaded, most of activation's cost.
    const { AcpClient } = await import('../acp/acpClient');
    const client = await AcpClient.start({
      process: proc,
      hooks: this.opts.hooks,
      logger: this.opts.logger,
      clientInfo: this.opts.clientInfo,
      terminalOutput: true,
      files: this.opts.files,
      terminals: this.opts.terminals,
      terminalAuth: true,
      initializeTimeoutMs: this.opts.initializeTimeoutMs?.(),
    }).catch((err: unknown) => {
      // The user's message names the program that failed.
      if (err instanceof AgentStartError) throw new AgentStartError(err.message, err.reason, { ...err.details, command: launch.command });
      throw err;
    });
    if (generation !== this.generation) {
      client.dispose();
      throw new Error('The agent was stopped while it was starting.');
    }
    client.onDidExit((exit) => {
      if (this.client !== client) return;
      // The transcript stays on screen (the session is marked disconnected); the next prompt starts a new agent.
      const error = new AgentExitedError(describeExit(exit), exit);
      this.setStatus({ state: 'error', message: describeError(error).message });
      this.failureEmitter.fire(error);
      this.exitEmitter.fire(exit);
    });
    client.onDidChangeAuthStatus(() => {
      if (this.client === client && this.currentStatus.state === 'ready') this.setStatus(this.readyStatus(client));
    });
    return client;
  }

  /** Stops the running agent and one still starting (its process is killed; its start rejects). */
  private stopAgent(): void {
    this.generation += 1;
    const client = this.client;
    const proc = this.process;
    this.client = undefined;
    this.process = undefined;
    this.starting = undefined;
    client?.dispose();
    proc?.kill();
  }

  private setStatus(status: ChatStatus): void {
    this.currentStatus = status;
    this.statusEmitter.fire(status);
  }
}
