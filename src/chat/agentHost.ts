// Owns the agent process and its connection, and nothing else: starts it on first use, restarts and stops it, says
// what state it is in and how it is signed in, and opens sessions on it for the chats. Which session a chat shows is
// the chat's (chat.ts). No `vscode` here: the composition root passes in how to launch and where to work.
import type { AuthMethod, SessionInfo } from '@agentclientprotocol/sdk';
import type { AcpClient } from '../acpClient/acpClient';
import { AgentProcess, type AgentExit, type AgentProcessLike } from '../acpClient/agentProcess';
import type { AgentLaunch } from '../acpClient/agentProcess';
import type { FileService } from '../acpClient/clientServices';
import type { TerminalService } from '../acpClient/commandRuns';
import { AgentExitedError, AgentStartError, errorMessage } from '../acpClient/errors';
import { Emitter, type Event } from '../acpClient/events';
import { describeExit } from '../acpClient/exitDescription';
import type { ClientHooks } from '../acpClient/hooks';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { ChatStatus } from './chatStatus';
import { UnavailableError } from './unavailableError';
import { l10n } from '../contributions/l10n';

export interface AgentHostOptions {
  /**
   * Resolves the launch each time (settings may have changed, a program may have been installed since); throws (or
   * rejects with) AgentStartError when it cannot.
   */
  resolveLaunch(cwd: string): AgentLaunch | Promise<AgentLaunch>;
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
  /** Spawns something other than a real process (the unit tests' in-process agent). */
  spawn?(launch: AgentLaunch, cwd: string, logger: Logger): AgentProcessLike;
}

export class AgentHost {
  private client: AcpClient | undefined;
  private process: AgentProcessLike | undefined;
  private starting: Promise<AcpClient> | undefined;
  private currentStatus: ChatStatus = { state: 'idle' };
  /** Bumped by every stop: a start that began before it must not install its agent. */
  private generation = 0;
  private disposed = false;
  /** The folder the running agent was started in; its sessions open there. */
  private workingDir = '';
  private readonly statusEmitter: Emitter<ChatStatus>;
  private readonly exitEmitter: Emitter<AgentExitedError>;

  readonly onDidChangeStatus: Event<ChatStatus>;
  /** The agent went away without being asked to (crash, kill, exit); pending approvals are already settled. */
  readonly onDidExitUnexpectedly: Event<AgentExitedError>;

  constructor(private readonly opts: AgentHostOptions) {
    const onError = (err: unknown) => opts.logger.error('[agent] listener failed', err);
    this.statusEmitter = new Emitter(onError);
    this.exitEmitter = new Emitter(onError);
    this.onDidChangeStatus = this.statusEmitter.event;
    this.onDidExitUnexpectedly = this.exitEmitter.event;
  }

  get status(): ChatStatus {
    return this.currentStatus;
  }

  /** The running agent's connection, if any (closed once it exits). */
  get agent(): AcpClient | undefined {
    return this.client;
  }

  /** The agent's sign-in methods from its last `initialize` (empty when it needs none or is not running). */
  get authMethods(): AuthMethod[] {
    return this.live()?.initializeResponse.authMethods ?? [];
  }

  /** The running agent's connection, starting it if needed (one start however many callers ask at once). */
  ensureAgent(): Promise<AcpClient> {
    if (this.disposed) return Promise.reject(new UnavailableError('shutting-down'));
    const live = this.live();
    if (live) return Promise.resolve(live);
    if (this.starting) return this.starting;
    const starting = this.start().finally(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    this.starting = starting;
    return starting;
  }

  /** Kill the agent (also one still starting) and start it again. Also how new credentials take effect. */
  restart(): Promise<AcpClient> {
    this.stop();
    return this.ensureAgent();
  }

  /** Stops the running agent and one still starting (its process is killed; its start rejects). */
  stop(): void {
    this.generation += 1;
    const client = this.client;
    const proc = this.process;
    this.client = undefined;
    this.process = undefined;
    this.starting = undefined;
    client?.dispose();
    proc?.kill();
    // Said at once: what shows the agent as running (the status bar, the palette's commands) must not wait for the exit.
    if (this.currentStatus.state !== 'idle') this.setStatus({ state: 'idle' });
  }

  /**
   * A new session on the running agent, switched to the configured initial mode where the agent offers it; in `cwd`
   * (a chat's worktree) when given, else in the folder the agent was started in.
   */
  async newSession(cwd: string = this.workingDir): Promise<Session> {
    const session = await this.require().newSession(cwd);
    const mode = this.opts.initialMode?.();
    if (mode && session.snapshot().meta.modes?.availableModes.some((m) => m.id === mode)) await session.setMode(mode);
    return session;
  }

  /** `session` is open on the running agent (not one of an agent that exited or was stopped). */
  isLive(session: Session): boolean {
    return session.status.connection === 'connected' && this.live()?.getSession(session.id) === session;
  }

  /** True when the running agent can open an earlier session (session/load, else session/resume). */
  canReopen(): boolean {
    const client = this.live();
    return !!client && (!!client.initializeResponse.agentCapabilities?.loadSession || client.supports('resume'));
  }

  /** `sessionId` on the running agent: the open one, else session/load (history replayed), else session/resume. */
  reopenSession(sessionId: string, cwd: string = this.workingDir): Promise<Session> {
    const client = this.require();
    const open = client.getSession(sessionId);
    if (open && open.status.connection === 'connected') return Promise.resolve(open);
    return client.initializeResponse.agentCapabilities?.loadSession ? client.loadSession(sessionId, cwd) : client.resumeSession(sessionId, cwd);
  }

  /** session/fork (up to and including the agent message `at`, when given): the copy's id. */
  forkSession(sessionId: string, at?: { messageId: string }, cwd: string = this.workingDir): Promise<string> {
    return this.require().forkSession(sessionId, cwd, at);
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.require().deleteSession(sessionId);
  }

  /** The agent's sessions for this workspace (every page of session/list). */
  listSessions(): Promise<SessionInfo[]> {
    return this.require().listAllSessions(this.workingDir);
  }

  supports(name: 'list' | 'fork' | 'delete' | 'resume' | 'close'): boolean {
    return this.live()?.supports(name) ?? false;
  }

  /** `logout` where the agent offers it (the caller restarts the agent so its state matches). */
  async signOut(): Promise<void> {
    const client = this.live();
    if (client?.initializeResponse.agentCapabilities?.auth?.logout) await client.logout();
  }

  /** `authenticate` with an agent-handled method; new sessions then no longer need sign-in. */
  async authenticate(methodId: string): Promise<void> {
    const client = await this.ensureAgent();
    await client.authenticate(methodId);
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
    this.statusEmitter.dispose();
    this.exitEmitter.dispose();
  }

  private live(): AcpClient | undefined {
    return this.client && !this.client.closed ? this.client : undefined;
  }

  private require(): AcpClient {
    const client = this.live();
    if (!client) throw new UnavailableError('agent-not-running');
    return client;
  }

  private async start(): Promise<AcpClient> {
    const generation = this.generation;
    try {
      this.setStatus({ state: 'starting' });
      const client = await this.spawn(generation);
      this.client = client;
      this.setStatus(readyStatus(client));
      return client;
    } catch (err) {
      // Stopped on purpose while starting (Restart): a caller waiting for the agent gets the restarted one. After
      // dispose there is none to get.
      if (generation !== this.generation) {
        if (this.disposed) throw err;
        return this.ensureAgent();
      }
      const message = errorMessage(err);
      this.opts.logger.error(`[agent] could not start: ${message}`);
      this.setStatus({ state: 'error', message, ...(err instanceof AgentStartError && err.reason === 'no-folder' ? { needsFolder: true as const } : {}) });
      throw err;
    }
  }

  private async spawn(generation: number): Promise<AcpClient> {
    const cwd = this.opts.cwd();
    // Checked before anything is spawned: a missing folder would otherwise surface as a bare ENOENT.
    if (cwd === undefined) throw new AgentStartError(l10n.t('No folder is open; the agent works in a folder.'), 'no-folder');
    if (this.opts.trusted && !this.opts.trusted()) {
      throw new AgentStartError(l10n.t('The workspace is not trusted (Restricted Mode); the agent can edit files and run commands.'), 'untrusted');
    }
    const launch = await this.opts.resolveLaunch(cwd);
    if (generation !== this.generation) throw new AgentStoppedWhileStarting();
    this.workingDir = cwd;
    const proc = this.opts.spawn ? this.opts.spawn(launch, cwd, this.opts.logger) : AgentProcess.spawn(launch, { cwd, logger: this.opts.logger });
    this.process = proc;
    // Loaded on first start, not at activation: the SDK builds its schemas when loaded, most of activation's cost.
    const { AcpClient } = await import('../acpClient/acpClient');
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
      sessionMeta: launch.sessionMeta,
      mcpServers: launch.mcpServers,
    }).catch((err: unknown) => {
      // The user's message names the program that failed.
      if (err instanceof AgentStartError) throw new AgentStartError(err.message, err.reason, { ...err.details, command: launch.command });
      throw err;
    });
    if (generation !== this.generation) {
      client.dispose();
      throw new AgentStoppedWhileStarting();
    }
    client.onDidExit((exit: AgentExit) => {
      if (this.client !== client) return;
      // The chats keep their transcripts (their sessions are marked disconnected); the next prompt starts a new agent.
      const error = new AgentExitedError(describeExit(exit), exit);
      this.setStatus({ state: 'error', message: error.message });
      this.exitEmitter.fire(error);
    });
    client.onDidChangeAuthStatus(() => {
      if (this.client === client && this.currentStatus.state === 'ready') this.setStatus(readyStatus(client));
    });
    return client;
  }

  private setStatus(status: ChatStatus): void {
    this.currentStatus = status;
    this.statusEmitter.fire(status);
  }
}

function readyStatus(client: AcpClient): ChatStatus {
  const info = client.initializeResponse.agentInfo;
  const auth = client.authStatus;
  // Claude's adapter reports a logged-out agent as kind "none" ("Not logged in"; auth-status.js NOT_LOGGED_IN): that is
  // no account, and the chat says so in its own words.
  if (auth?.kind === 'none') return { state: 'ready', agentName: info?.title ?? info?.name ?? 'Agent', agentVersion: info?.version, signedOut: true };
  const account = auth?.label ?? auth?.kind;
  return { state: 'ready', agentName: info?.title ?? info?.name ?? 'Agent', agentVersion: info?.version, ...(account ? { account } : {}) };
}

/** A start overtaken by a stop (Restart, another agent picked, dispose); never shown to the user. */
class AgentStoppedWhileStarting extends Error {
  constructor() {
    super('The agent was stopped while it was starting.');
    this.name = 'AgentStoppedWhileStarting';
  }
}
