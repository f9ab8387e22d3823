// One ACP session: its transcript state (folded by the pure reducers) and the user's intents (prompt, cancel, mode,
// config, close, stopping one subagent) sent to the agent. Updates are applied synchronously in arrival order; its
// subagents' child sessions are folded in as lanes (subagentLanes.ts).
import * as acp from '@agentclientprotocol/sdk/unstable';
import type { ClientContext } from '@agentclientprotocol/sdk/unstable';
import type {
  AgentCapabilities,
  ContentBlock,
  PromptResponse,
  RequestPermissionRequest,
  SessionUpdate,
  SetSessionConfigOptionRequest,
} from '@agentclientprotocol/sdk';
import { applyClientEvent, failedTurnLine, type ClientEvent } from './clientEvents';
import { isAuthRequired, NotSupportedError } from './errors';
import { Emitter, type Disposable } from './events';
import { OnceLog, type Logger } from './logger';
import type { PendingRequests } from './pendingRequests';
import type { PermissionSessionView } from './permissionHandler';
import { HeldTerminals, type TerminalExit } from './heldTerminals';
import { agentQueuesPrompts } from './steering';
import { applySessionUpdate } from './sessionReducer';
import { applyLaneUpdate, laneOf, subagentName, type LaneUpdate } from './subagentLanes';
import {
  type PermissionOutcome,
  type PermissionRecord,
  type SessionMeta,
  type SubagentLane,
  type ToolCallState,
  type TranscriptChange,
  type TranscriptEntry,
  type TranscriptSnapshot,
  type TurnState,
} from './transcript';
import { emptyTranscript, toSnapshot, type ReduceResult, type TranscriptState } from './transcriptState';
import { l10n } from '../contributions/l10n';

/** What a Session needs from its AcpClient. */
export interface SessionHost {
  readonly agent: ClientContext;
  readonly capabilities: AgentCapabilities | undefined;
  /** The agent takes `_session/steering` (top-level `InitializeResponse._meta.steering.supported`). */
  readonly steering: boolean;
  readonly pending: PendingRequests;
  readonly logger: Logger;
  /** Why the connection is gone, if it is (exit code, signal, stderr tail). */
  disconnectReason(): string | undefined;
  /** Turn a failed request into the error the caller should see (waits briefly for the exit to explain it). */
  explainFailure(err: unknown): Promise<Error>;
  /** Called once by close(): the client stops routing updates here. */
  forget(sessionId: string): void;
  /** What must happen before a prompt is sent (ClientHooks.beforePrompt); never rejects. */
  beforePrompt(sessionId: string): Promise<void>;
}

export class Session implements PermissionSessionView {
  private state: TranscriptState;
  private readonly changeEmitter: Emitter<TranscriptChange[]>;
  private closedLocally = false;
  /** Settles when the latest prompt has ended: what a prompt for a non-queueing agent waits on. */
  private turnChain: Promise<void> = Promise.resolve();
  private inFlight = 0;
  /** How many times the turn was stopped: a prompt still waiting to leave when it changes is not sent. */
  private cancels = 0;
  /** While a load replays the history, changes are folded silently; the owner then shows one snapshot. */
  private replaying = false;
  private queueCounter = 0;
  /** Client terminals (`terminal/create`) of this session and its subagents: their output goes to the embedding call. */
  private readonly terminals = new HeldTerminals((event) => this.apply(event));
  /** What the agent's subagent updates could not say, each logged once. */
  private readonly problems: OnceLog;

  /** Fired after every applied update or client event with the changes it made. */
  readonly onDidChange: (listener: (changes: TranscriptChange[]) => void) => Disposable;

  constructor(
    readonly id: string,
    private readonly host: SessionHost,
    private readonly now: () => number = Date.now,
  ) {
    this.state = emptyTranscript(id);
    this.changeEmitter = new Emitter((err) => host.logger.error(`[session ${id}] change listener failed`, err));
    this.onDidChange = this.changeEmitter.event;
    this.problems = new OnceLog(host.logger, `[session ${id}]`);
  }

  /** Turn and connection state, without copying the transcript. */
  get status(): Pick<SessionMeta, 'turn' | 'connection'> {
    return { turn: this.state.meta.turn, connection: this.state.meta.connection };
  }

  /** The session-level fields as they are now, without copying the transcript. Read-only: the state is replaced, never
   *  mutated, so the object stays as it was when read. */
  get meta(): Readonly<SessionMeta> {
    return this.state.meta;
  }

  /** A deep copy of the transcript, safe to post. */
  snapshot(): TranscriptSnapshot {
    return toSnapshot(this.state);
  }

  /** Whether the transcript holds an entry of one of `kinds`, without copying it (snapshot() clones the whole). */
  hasEntry(...kinds: TranscriptEntry['kind'][]): boolean {
    return this.state.entries.some((e) => kinds.includes(e.kind));
  }

  /** Whether a turn is running, without copying the transcript. */
  get turn(): TurnState {
    return this.state.meta.turn;
  }

  /** The lane of the subagent whose child session is `sessionId`, if one was announced here (a copy). */
  subagentLane(sessionId: string): SubagentLane | undefined {
    const lane = laneOf(this.state, sessionId);
    return lane && { ...lane };
  }

  getToolCall(toolCallId: string): ToolCallState | undefined {
    const at = this.state.toolIndex.get(toolCallId);
    const entry = at === undefined ? undefined : this.state.entries[at];
    return entry?.kind === 'tool' ? structuredClone(entry.toolCall) : undefined;
  }

  /**
   * Send a prompt; the turn is 'running' until the agent answers. While a turn runs, a new prompt goes straight to an
   * agent that queues prompts (Claude's `promptQueueing`); for any other agent it waits here for the running turn to
   * end. Rejects (with a readable error) on failure.
   */
  async prompt(blocks: ContentBlock[]): Promise<PromptResponse> {
    this.assertUsable();
    const previous = this.turnChain;
    let done!: () => void;
    this.turnChain = new Promise<void>((resolve) => (done = resolve));
    try {
      if (!agentQueuesPrompts(this.host.capabilities)) await previous;
      this.assertUsable();
      this.inFlight += 1;
      this.apply({ type: 'prompt-sent', content: blocks });
      const cancelsBefore = this.cancels;
      await this.host.beforePrompt(this.id);
      // Stopped while it waited to leave (the turn's snapshot): not sent, as the agent has no turn to cancel yet.
      if (this.cancels !== cancelsBefore) {
        this.inFlight -= 1;
        this.apply({ type: 'turn-ended', stopReason: 'cancelled', stillRunning: this.inFlight > 0 });
        return { stopReason: 'cancelled' };
      }
      try {
        const response = await this.host.agent.request(acp.methods.agent.session.prompt, { sessionId: this.id, prompt: blocks });
        this.inFlight -= 1;
        this.apply({ type: 'turn-ended', stopReason: response.stopReason, stillRunning: this.inFlight > 0, usage: (response as { usage?: unknown }).usage });
        // A cancelled turn leaves the queue waiting: the user stopped to think, not to send the next one.
        if (this.inFlight === 0 && response.stopReason !== 'cancelled') this.sendNextQueued();
        return response;
      } catch (err) {
        this.inFlight -= 1;
        const error = await this.host.explainFailure(err);
        this.apply({
          type: 'turn-failed',
          message: failedTurnLine(this.state, error),
          stillRunning: this.inFlight > 0,
          ...(isAuthRequired(error) ? { needsSignIn: true } : {}),
        });
        throw error;
      }
    } finally {
      done();
    }
  }

  /** What the composer sends: straight to the agent when idle with nothing queued, else onto the queue (shown, editable), sent in turn. */
  submit(blocks: ContentBlock[]): { sent: Promise<PromptResponse> } | { queued: string } {
    this.assertUsable();
    if (this.state.meta.turn === 'idle' && !this.state.meta.queue?.length) return { sent: this.prompt(blocks) };
    const id = `q${++this.queueCounter}`;
    this.apply({ type: 'prompt-queued', id, content: blocks });
    return { queued: id };
  }

  /** Replace a queued prompt's text (its attachments stay). False when it is no longer queued. */
  editQueued(id: string, text: string): boolean {
    const item = this.queued(id);
    if (!item) return false;
    const others = item.content.filter((b) => b.type !== 'text');
    const content: ContentBlock[] = text.trim() === '' ? others : [{ type: 'text', text }, ...others];
    if (content.length === 0) return this.removeQueued(id);
    this.apply({ type: 'queued-prompt-edited', id, content });
    return true;
  }

  removeQueued(id: string): boolean {
    if (!this.queued(id)) return false;
    this.apply({ type: 'queued-prompt-removed', id });
    return true;
  }

  addNotice = (severity: 'info' | 'warning', title: string, description?: string) => this.apply({ type: 'notice-added', severity, title, description });
  /** The title this session had before (a load does not replay it); ignored once the agent has named it. */
  rememberTitle(title: string): void {
    this.apply({ type: 'title-remembered', title });
  }

  /** Send a queued prompt now (the session is idle, e.g. after a cancelled turn left the queue waiting). */
  async sendQueued(id: string): Promise<PromptResponse | undefined> {
    const item = this.queued(id);
    if (!item) return undefined;
    this.assertUsable();
    this.apply({ type: 'queued-prompt-removed', id });
    return this.prompt(item.content);
  }

  /**
   * Send a queued prompt into the running turn (`_session/steering`) so the agent changes course without stopping.
   * When the turn ended meanwhile the agent answers `promptRequired` and the prompt is sent as a new turn instead.
   */
  async steerQueued(id: string): Promise<void> {
    const item = this.queued(id);
    if (!item) return;
    this.assertUsable();
    if (!this.host.steering) throw new Error('This agent cannot take a message into a running turn (no steering support).');
    this.apply({ type: 'queued-prompt-removed', id });
    let outcome: unknown;
    try {
      const r = await this.host.agent.request<{ outcome?: unknown }>('_session/steering', {
        sessionId: this.id,
        prompt: item.content,
        _meta: { steering: { idleBehavior: 'promptRequired' } },
      });
      outcome = r?.outcome;
    } catch (err) {
      // Nothing was delivered: the prompt goes back on the queue, and the caller says why.
      this.apply({ type: 'prompt-queued', id, content: item.content });
      throw await this.host.explainFailure(err);
    }
    if (outcome === 'promptRequired') {
      await this.prompt(item.content);
      return;
    }
    this.apply({ type: 'prompt-steered', content: item.content });
  }

  /**
   * session/cancel, and settle the main agent's open permissions/elicitations of this session `cancelled`
   * ('turn-cancelled') ourselves: the spec puts that on the client, and the SDK does not do it (a subagent's: see
   * PendingRequests.cancelLane). The main agent's unfinished tool calls → 'cancelled'.
   */
  async cancel(): Promise<void> {
    this.cancels += 1;
    this.apply({ type: 'turn-cancelling' });
    // The notification is queued before the permission answers, so the agent sees a cancel, not a plain refusal
    // (a lone `cancelled` outcome does not stop a Claude turn). The main agent's requests: see cancelLane.
    const sent =
      this.host.disconnectReason() === undefined ? this.host.agent.notify(acp.methods.agent.session.cancel, { sessionId: this.id }) : Promise.resolve();
    this.host.pending.cancelLane(this.id, undefined, 'turn-cancelled');
    try {
      await sent;
    } catch (err) {
      this.host.logger.warn(`[session ${this.id}] session/cancel could not be sent`, err);
    }
  }

  /**
   * Stop one subagent: `session/cancel` with its child session id, which Claude's adapter takes as a stop of that
   * child's work alone while the parent's turn goes on (acp-agent.js `cancel` → `cancelChildSession` →
   * native-subagents.js `cancelChild` → the SDK's `stopTask`; it then reports the child idle, `cancelled`). Only for a
   * lane the agent granted `capabilities.cancel`; the child's open requests are settled `cancelled`.
   */
  async cancelSubagent(childSessionId: string): Promise<void> {
    this.assertUsable();
    const lane = laneOf(this.state, childSessionId);
    if (!lane) throw new Error(l10n.t('This chat has no such subagent.'));
    const name = subagentName(lane.title);
    if (!lane.cancellable) throw new NotSupportedError(l10n.t('The agent does not allow stopping “{0}” on its own; stop the turn instead.', name));
    const sent = this.host.agent.notify(acp.methods.agent.session.cancel, { sessionId: childSessionId });
    this.host.pending.cancelLane(this.id, childSessionId, 'turn-cancelled');
    await sent.catch(async (err: unknown) => Promise.reject(await this.host.explainFailure(err)));
  }

  async setMode(modeId: string): Promise<void> {
    this.assertUsable();
    await this.host.agent.request(acp.methods.agent.session.setMode, { sessionId: this.id, modeId });
    // The agent confirmed it: fold it as the update the agent would send.
    this.applyUpdate({ sessionUpdate: 'current_mode_update', currentModeId: modeId });
  }

  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    this.assertUsable();
    const params: SetSessionConfigOptionRequest =
      typeof value === 'boolean' ? { sessionId: this.id, configId, type: 'boolean' as const, value } : { sessionId: this.id, configId, value };
    const response = await this.host.agent.request(acp.methods.agent.session.setConfigOption, params);
    if (response?.configOptions) this.applyUpdate({ sessionUpdate: 'config_option_update', configOptions: response.configOptions });
  }

  /** session/close when the agent advertises it; open requests are settled 'session-closed' either way. */
  async close(): Promise<void> {
    if (this.closedLocally) return;
    this.closedLocally = true;
    this.host.pending.cancelSession(this.id, 'session-closed');
    this.host.forget(this.id);
    const connected = this.host.disconnectReason() === undefined;
    if (this.state.meta.connection === 'connected') this.apply({ type: 'disconnected', reason: l10n.t('The chat was closed.') });
    if (connected && this.host.capabilities?.sessionCapabilities?.close) {
      await this.host.agent.request(acp.methods.agent.session.close, { sessionId: this.id });
    }
  }

  /** @internal Fold one agent update (called by AcpClient in arrival order); `lane`: it came on that subagent's child session. */
  applyUpdate(update: SessionUpdate, lane?: string): void {
    this.commit(applySessionUpdate(this.state, update, this.now(), lane));
    this.terminals.embedded(update);
  }

  /**
   * @internal Fold a subagent update (`subagent_update`, `session_message`, its chunk) that came on this session or on
   * the child session `lane`. Returns the child session id of a lane it opened. What it could not use is logged once.
   */
  applyLaneUpdate(update: LaneUpdate, lane?: string): string | undefined {
    const result = applyLaneUpdate(this.state, update, this.now(), lane);
    for (const p of result.problems) this.problems.warn(p.key, p.log);
    this.commit(result);
    return result.opened;
  }

  /** @internal The client's terminal `terminalId`, created for this session, printed `text`. */
  terminalOutput(terminalId: string, text: string): void {
    this.terminals.output(terminalId, text);
  }

  /** @internal The client's terminal `terminalId` exited. */
  terminalExited(terminalId: string, exit: TerminalExit): void {
    this.terminals.exited(terminalId, exit);
  }

  /** @internal The agent released the terminal: what no tool call showed is dropped. */
  terminalReleased(terminalId: string): void {
    this.terminals.released(terminalId);
  }

  /** @internal Fold one client-side event. */
  apply(event: ClientEvent): void {
    this.commit(applyClientEvent(this.state, event, this.now()));
  }

  /** @internal PermissionSessionView: fold the request's tool call so the record shows current details. */
  recordToolCall(toolCall: RequestPermissionRequest['toolCall']): ToolCallState | undefined {
    this.applyUpdate({ sessionUpdate: 'tool_call_update', ...toolCall });
    return this.getToolCall(toolCall.toolCallId);
  }

  /** @internal */
  recordPermission(record: PermissionRecord): void {
    this.apply({ type: 'permission-requested', permission: record });
  }

  /** @internal */
  settlePermission(key: string, outcome: Exclude<PermissionOutcome, { status: 'pending' }>): void {
    this.apply({ type: 'permission-settled', key, outcome });
  }

  /**
   * @internal Runs `op` (a session/load) with change events held back: the replayed history is applied to the state
   * as it arrives, but nobody is told entry by entry. Whoever shows the session sends one snapshot afterwards.
   */
  async replay<T>(op: () => Promise<T>): Promise<T> {
    this.replaying = true;
    try {
      return await op();
    } finally {
      this.replaying = false;
    }
  }

  /** @internal */
  dispose(): void {
    this.changeEmitter.dispose();
  }

  private queued(id: string) {
    return this.state.meta.queue?.find((q) => q.id === id);
  }

  private sendNextQueued(): void {
    const next = this.state.meta.queue?.[0];
    if (!next || this.host.disconnectReason() !== undefined || this.closedLocally) return;
    // Its failure is recorded in the transcript (turn-failed) by prompt() itself.
    this.sendQueued(next.id).catch((err: unknown) => this.host.logger.warn(`[session ${this.id}] queued prompt failed`, err));
  }

  private commit(result: ReduceResult): void {
    this.state = result.state;
    if (result.changes.length && !this.replaying) this.changeEmitter.fire(result.changes);
  }

  private assertUsable(): void {
    if (this.closedLocally) throw new Error('This session was closed; start a new one.');
    const reason = this.host.disconnectReason();
    if (reason !== undefined) throw new Error(`The agent is not running (${reason}). Start a new session to continue.`);
  }
}
