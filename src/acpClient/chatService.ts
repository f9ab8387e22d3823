// Owns the agent for the chat: starts it on first use, opens the current session, restarts after an exit, and says
// what state the connection is in. No `vscode` here: the composition root passes in how to launch and where to work.
import type { ContentBlock, PromptResponse } from '@agentclientprotocol/sdk';
import { AcpClient } from './acpClient';
import type { AgentLaunch } from './agentLaunch';
import { AgentProcess, type AgentProcessLike } from './agentProcess';
import { describeExit } from './exitDescription';
import { Emitter, type Event } from './events';
import type { ClientHooks } from './hooks';
import type { Logger } from './logger';
import type { Session } from './session';
import { errorMessage } from './errors';
import type { ChatStatus } from './chatStatus';

export type { ChatStatus };

export interface ChatServiceOptions {
  /**
   * Resolves the launch each time (settings may have changed, a program may have been installed since); throws (or
   * rejects with) AgentStartError, or another error the host words for the user, when it cannot.
   */
  resolveLaunch(): AgentLaunch | Promise<AgentLaunch>;
  cwd(): string;
  hooks: ClientHooks;
  logger: Logger;
  clientInfo: { name: string; version: string };
  /** Mode to switch each new session to (e.g. `default` = Manual); empty keeps the agent's. */
  initialMode?(): string | undefined;
  /** For tests: spawn something other than a real process. */
  spawn?(launch: AgentLaunch, cwd: string, logger: Logger): AgentProcessLike;
}

export class ChatService {
  private client: AcpClient | undefined;
  private process: AgentProcessLike | undefined;
  private starting: Promise<Session> | undefined;
  private current: Session | undefined;
  private currentStatus: ChatStatus = { state: 'idle' };
  private readonly statusEmitter: Emitter<ChatStatus>;
  private readonly sessionEmitter: Emitter<Session | undefined>;

  readonly onDidChangeStatus: Event<ChatStatus>;
  /** Fired when the current session is replaced (new session, restart). */
  readonly onDidChangeSession: Event<Session | undefined>;

  constructor(private readonly opts: ChatServiceOptions) {
    const onError = (err: unknown) => opts.logger.error('[chat] listener failed', err);
    this.statusEmitter = new Emitter(onError);
    this.sessionEmitter = new Emitter(onError);
    this.onDidChangeStatus = this.statusEmitter.event;
    this.onDidChangeSession = this.sessionEmitter.event;
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
    if (this.current && this.client && !this.client.closed) return Promise.resolve(this.current);
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
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
    const old = this.current;
    if (old && this.client && !this.client.closed) {
      await old.cancel().catch((err: unknown) => this.opts.logger.warn('[chat] cancel before new session failed', err));
      if (this.client.initializeResponse.agentCapabilities?.sessionCapabilities?.close) {
        await old.close().catch((err: unknown) => this.opts.logger.warn('[chat] session/close failed', err));
      }
    }
    this.current = undefined;
    return this.ensureSession();
  }

  /** Kill the agent and start it again, continuing the current conversation where the agent can load it. */
  async restart(): Promise<Session> {
    this.stopAgent();
    return this.ensureSession();
  }

  dispose(): void {
    this.stopAgent();
    this.statusEmitter.dispose();
    this.sessionEmitter.dispose();
  }

  private async start(): Promise<Session> {
    try {
      if (!this.client || this.client.closed) {
        this.setStatus({ state: 'starting' });
        this.client = await this.startAgent();
      }
      const session = (await this.reopenPrevious(this.client)) ?? (await this.openNew(this.client));
      this.current = session;
      const info = this.client.initializeResponse.agentInfo;
      this.setStatus({ state: 'ready', agentName: info?.title ?? info?.name ?? 'Agent', agentVersion: info?.version });
      this.sessionEmitter.fire(session);
      return session;
    } catch (err) {
      const message = errorMessage(err);
      this.opts.logger.error(`[chat] could not start a session: ${message}`);
      this.setStatus({ state: 'error', message });
      throw err;
    }
  }

  /**
   * After the agent went away (crash, restart), continue the same conversation where the agent can load sessions:
   * its history is replayed into the new session. Undefined when there is nothing to continue or it cannot be loaded.
   */
  private async reopenPrevious(client: AcpClient): Promise<Session | undefined> {
    // `current` survives into a start only when its agent is gone (newSession() clears it first).
    const previous = this.current;
    if (!previous) return undefined;
    if (!client.initializeResponse.agentCapabilities?.loadSession) return undefined;
    try {
      const session = await client.loadSession(previous.id, this.opts.cwd());
      this.opts.logger.info(`[chat] continued session ${previous.id} on the new agent`);
      return session;
    } catch (err) {
      this.opts.logger.warn(`[chat] could not continue session ${previous.id}; starting a new one`, err);
      return undefined;
    }
  }

  private async openNew(client: AcpClient): Promise<Session> {
    const session = await client.newSession(this.opts.cwd());
    const mode = this.opts.initialMode?.();
    if (mode && session.snapshot().meta.modes?.availableModes.some((m) => m.id === mode)) {
      await session.setMode(mode);
    }
    return session;
  }

  private async startAgent(): Promise<AcpClient> {
    const launch = await this.opts.resolveLaunch();
    const cwd = this.opts.cwd();
    const proc = this.opts.spawn ? this.opts.spawn(launch, cwd, this.opts.logger) : AgentProcess.spawn(launch, { cwd, logger: this.opts.logger });
    this.process = proc;
    const client = await AcpClient.start({
      process: proc,
      hooks: this.opts.hooks,
      logger: this.opts.logger,
      clientInfo: this.opts.clientInfo,
      terminalOutput: true,
    });
    client.onDidExit((exit) => {
      if (this.client !== client) return;
      // The transcript stays on screen (the session is marked disconnected); the next prompt starts a new agent.
      this.setStatus({ state: 'error', message: `The agent exited: ${describeExit(exit)}` });
    });
    return client;
  }

  private stopAgent(): void {
    const client = this.client;
    this.client = undefined;
    client?.dispose();
  }

  private setStatus(status: ChatStatus): void {
    this.currentStatus = status;
    this.statusEmitter.fire(status);
  }
}
