// The sessions of one connection: opening them (session/new, load with its replay, resume, fork), listing, closing and
// deleting them, and routing the agent's updates to them (buffered for a session not open yet; a subagent's to its
// root session's lane, laneRouting.ts). Apart from acpClient.ts, which owns the connection and what happens when it
// ends, and offers these as its own methods.
import * as acp from '@agentclientprotocol/sdk/unstable';
import type { McpServer } from '@agentclientprotocol/sdk';
import type {
  AgentCapabilities,
  ListSessionsRequest,
  ListSessionsResponse,
  SessionConfigOption,
  SessionInfo,
  SessionModeState,
} from '@agentclientprotocol/sdk';
import type { SessionNotification, SessionUpdate } from '@agentclientprotocol/sdk/unstable';
import type { NotSupportedError } from './errors';
import { withForkPoint } from './forkPoint';
import { LaneRoutes, permissionView, requestOwner, type LaneTarget } from './laneRouting';
import { OnceLog } from './logger';
import type { PermissionSessionView } from './permissionHandler';
import { Session, type SessionHost } from './session';
import { offeredServers } from './sessionServers';
import { UpdateBuffer } from './updateBuffer';

/** What opening sessions needs of the client. */
export interface SessionRequestsDeps {
  host: SessionHost;
  /** `_meta` for every session/new, load, resume and fork. */
  sessionMeta?: Record<string, unknown>;
  /** The MCP servers each session is offered, those the agent can reach. */
  mcpServers?: readonly McpServer[];
  /** Throws AgentExitedError once the agent is not running. */
  assertOpen(): void;
  /** How the agent exited, once it did: a session opened after that starts disconnected. */
  exitReason(): string | undefined;
  /** The error for a method the agent did not advertise (`what` names it). */
  unsupported(what: string): NotSupportedError;
}

export class SessionRequests {
  private readonly sessions = new Map<string, Session>();
  private readonly buffer: UpdateBuffer;
  private readonly lanes = new LaneRoutes();
  private readonly problems: OnceLog;

  constructor(private readonly deps: SessionRequestsDeps) {
    this.buffer = new UpdateBuffer(deps.host.logger);
    this.problems = new OnceLog(deps.host.logger, '[acpClient]');
  }

  private get capabilities(): AgentCapabilities | undefined {
    return this.deps.host.capabilities;
  }

  async newSession(cwd: string): Promise<Session> {
    this.deps.assertOpen();
    const response = await this.explained(this.deps.host.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: this.mcpServers(), ...this.meta() }));
    const session = this.attach(response.sessionId);
    // Buffered updates were drained first; the response is newer than any of them.
    session.apply({ type: 'session-configured', modes: response.modes, configOptions: response.configOptions });
    return session;
  }

  async loadSession(sessionId: string, cwd: string): Promise<Session> {
    this.deps.assertOpen();
    if (!this.capabilities?.loadSession) throw this.deps.unsupported('loading sessions (session/load)');
    return this.reopen(
      sessionId,
      async () => {
        const r = await this.deps.host.agent.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: this.mcpServers(), ...this.meta() });
        return r ?? {};
      },
      { replay: true },
    );
  }

  async resumeSession(sessionId: string, cwd: string): Promise<Session> {
    this.deps.assertOpen();
    if (!this.capabilities?.sessionCapabilities?.resume) throw this.deps.unsupported('resuming sessions (session/resume)');
    return this.reopen(sessionId, () =>
      this.deps.host.agent.request(acp.methods.agent.session.resume, { sessionId, cwd, mcpServers: this.mcpServers(), ...this.meta() }),
    );
  }

  async listSessions(params: ListSessionsRequest = {}): Promise<ListSessionsResponse> {
    this.deps.assertOpen();
    if (!this.capabilities?.sessionCapabilities?.list) throw this.deps.unsupported('listing sessions (session/list)');
    return this.deps.host.agent.request(acp.methods.agent.session.list, params);
  }

  async listAllSessions(cwd: string, maxPages: number): Promise<SessionInfo[]> {
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

  async deleteSession(sessionId: string): Promise<void> {
    this.deps.assertOpen();
    if (!this.capabilities?.sessionCapabilities?.delete) throw this.deps.unsupported('deleting sessions (session/delete)');
    await this.sessions
      .get(sessionId)
      ?.close()
      .catch((err: unknown) => this.deps.host.logger.warn(`[acpClient] closing ${sessionId} before delete failed`, err));
    await this.deps.host.agent.request(acp.methods.agent.session.delete, { sessionId });
  }

  async forkSession(sessionId: string, cwd: string, at?: { messageId: string }): Promise<string> {
    this.deps.assertOpen();
    if (!this.supports('fork')) throw this.deps.unsupported('forking sessions (session/fork)');
    const meta = at ? { _meta: withForkPoint(this.deps.sessionMeta, at.messageId) } : this.meta();
    const r = await this.explained(
      this.deps.host.agent.request<{ sessionId?: unknown }>('session/fork', { sessionId, cwd, mcpServers: this.mcpServers(), ...meta }),
    );
    if (typeof r?.sessionId !== 'string' || r.sessionId === '') throw new Error('The agent answered session/fork without a session id.');
    return r.sessionId;
  }

  supports(name: 'list' | 'delete' | 'fork' | 'resume' | 'close'): boolean {
    const caps = this.capabilities?.sessionCapabilities as Record<string, unknown> | null | undefined;
    return caps?.[name] !== undefined && caps?.[name] !== null;
  }

  async closeSession(sessionId: string): Promise<void> {
    if (!this.capabilities?.sessionCapabilities?.close) throw this.deps.unsupported('closing sessions (session/close)');
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No open session ${sessionId}.`);
    await session.close();
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** The open session `id`'s traffic goes to: itself, or its root session for a subagent's child session. */
  owner(id: string): Session | undefined {
    return this.target(id)?.session;
  }

  /** Where a permission request of `id` is recorded (a subagent's: in its root session's lane). */
  permissionView(id: string): PermissionSessionView | undefined {
    const target = this.target(id);
    return target && permissionView(target);
  }

  /** The root session and subagent a request of `id` is from, for its Approval. */
  requestOwner(id: string): ReturnType<typeof requestOwner> | undefined {
    const target = this.target(id);
    return target && requestOwner(target);
  }

  /** A session closed: its updates, and its subagents', are no longer routed to it. */
  forget(id: string): void {
    this.sessions.delete(id);
    this.lanes.forgetRoot(id);
  }

  /** The agent is gone: every open session says so. */
  disconnectAll(reason: string): void {
    for (const session of this.sessions.values()) session.apply({ type: 'disconnected', reason });
  }

  route(notification: SessionNotification): void {
    const target = this.target(notification.sessionId);
    if (!target) {
      // Held until the session opens or the subagent is announced (the adapter announces a child before its traffic).
      this.buffer.push(notification.sessionId, notification.update);
      return;
    }
    this.deliver(target, notification.sessionId, notification.update);
  }

  private target(id: string): LaneTarget | undefined {
    return this.lanes.resolve(id, (s) => this.sessions.get(s));
  }

  /** Fold `update`, which came on `from`, into its target; never throws (the SDK does not await the handler). */
  private deliver(target: LaneTarget, from: string, update: SessionUpdate): void {
    const { session, lane } = target;
    try {
      switch (update.sessionUpdate) {
        case 'subagent_update':
        case 'session_message':
        case 'session_message_chunk': {
          const opened = session.applyLaneUpdate(update, lane);
          if (opened !== undefined) this.laneOpened(session, opened);
          return;
        }
        case 'plan_update':
        case 'plan_removed':
          // The client does not advertise `plan` (the unstable plan updates): an agent sending them anyway is not followed.
          this.problems.warn(`${update.sessionUpdate}:${from}`, `${update.sessionUpdate} on ${from} is not handled (not advertised); dropped`);
          return;
        default:
          session.applyUpdate(update, lane);
      }
    } catch (err) {
      this.deps.host.logger.error(`[acpClient] could not apply ${update.sessionUpdate} to ${from}`, err);
    }
  }

  /** `session` announced the subagent `child`: its traffic, and what was held of it, goes to that session's lane. */
  private laneOpened(session: Session, child: string): void {
    if (!this.lanes.add(child, session.id)) {
      this.problems.warn(
        `lane:${child}`,
        `subagent ${child} of ${session.id} cannot be followed (another session's child, or too many); its updates are dropped`,
      );
      return;
    }
    for (const update of this.buffer.drain(child)) this.deliver({ session, lane: child }, child, update);
  }

  private mcpServers(): McpServer[] {
    return offeredServers(this.deps.mcpServers ?? [], this.capabilities?.mcpCapabilities).offered;
  }

  private meta(): { _meta?: Record<string, unknown> } {
    return this.deps.sessionMeta ? { _meta: this.deps.sessionMeta } : {};
  }

  /** `request`, its failure explained as a prompt's is (an agent that exited meanwhile says how). */
  private explained<T>(request: Promise<T>): Promise<T> {
    return request.catch(async (err: unknown) => {
      throw await this.deps.host.explainFailure(err);
    });
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
      throw await this.deps.host.explainFailure(err);
    }
  }

  private attach(sessionId: string): Session {
    const session = new Session(sessionId, this.deps.host);
    this.sessions.set(sessionId, session);
    for (const update of this.buffer.drain(sessionId)) this.deliver({ session }, sessionId, update);
    const exitReason = this.deps.exitReason();
    if (exitReason !== undefined) session.apply({ type: 'disconnected', reason: exitReason });
    this.deps.host.logger.info(`[acpClient] session ${sessionId} open`);
    return session;
  }
}
