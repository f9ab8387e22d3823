// One conversation, shown in one chat view (the side view or an editor tab: the same class). It holds its current
// session on the shared agent (queue and transcript live in the session), its own notice, and its own status on top
// of the agent's. Opening, leaving and closing a session are done here and only here.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { AgentExitedError, errorMessage } from '../acpClient/errors';
import { Emitter, type Disposable } from '../acpClient/events';
import { planGoBack } from '../acpClient/forkPoint';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { TranscriptEntry } from '../acpClient/transcript';
import { unreachable } from '../acpClient/unreachable';
import type { AgentHost } from './agentHost';
import { ChatNotices } from './chatNotices';
import type { ChatStatus } from './chatStatus';
import { UnavailableError } from './unavailableError';
import { l10n } from '../contributions/l10n';

export interface ChatOptions {
  host: AgentHost;
  logger: Logger;
  /** The session to continue when the chat starts with none yet (the one the side view showed before a reload). */
  resumeSessionId?(): string | undefined;
  /** Where a session works when it is not in the agent's folder (a chat's worktree); undefined: the agent's folder. */
  placeOf?(sessionId: string): WorkPlace | undefined;
}

/** A folder of its own a chat's sessions work in (a git worktree on its own branch), instead of the workspace's. */
export interface WorkPlace {
  folder: string;
  branch: string;
}

/** Where going back to an earlier prompt left the chat: in a fork of the session, or in a new one (and why). */
export type GoBackOutcome =
  | { kind: 'forked'; sessionId: string; from: string }
  /** `first-prompt`: there was nothing before it to keep. `cannot-fork`: the agent cannot copy the turns before it. */
  | { kind: 'new'; sessionId: string; reason: 'first-prompt' | 'cannot-fork' };

export class Chat {
  readonly notices = new ChatNotices();
  private current: Session | undefined;
  /** Where the current session works, and the next new one: undefined is the agent's folder. */
  private place: WorkPlace | undefined;
  private starting: Promise<Session> | undefined;
  /** The remembered session is for the chat's first start only (a window reload), not for New Chat. */
  private shownAny = false;
  private closed = false;
  /** Why this chat's last start failed (cleared when a session opens); the agent's own state is the host's. */
  private failure: string | undefined;
  /** A listener that throws is logged, and the others still run. */
  private readonly onListenerError = (err: unknown) => this.opts.logger.error('[chat] listener failed', err);
  private readonly sessionEmitter = new Emitter<Session | undefined>(this.onListenerError);
  private readonly statusEmitter = new Emitter<void>(this.onListenerError);
  private readonly failureEmitter = new Emitter<unknown>(this.onListenerError);
  private readonly closeEmitter = new Emitter<void>(this.onListenerError);
  private readonly hostSub: Disposable;

  /** Another session (or none) is shown: new session, history, restart. */
  readonly onDidChangeSession = this.sessionEmitter.event;
  /** `status` changed (the agent's, or this chat's start failure). */
  readonly onDidChangeStatus = this.statusEmitter.event;
  /** Opening this chat's session failed (a start failure, sign-in needed, …): what to tell the user here. */
  readonly onDidFail = this.failureEmitter.event;
  readonly onDidClose = this.closeEmitter.event;

  constructor(private readonly opts: ChatOptions) {
    this.hostSub = opts.host.onDidChangeStatus(() => this.statusEmitter.fire());
  }

  get host(): AgentHost {
    return this.opts.host;
  }

  get session(): Session | undefined {
    return this.current;
  }

  /** The worktree this chat's session works in; undefined while it works in the agent's folder. */
  get workPlace(): WorkPlace | undefined {
    return this.place;
  }

  /** The agent's state, or this chat's start failure while the agent itself is fine. */
  get status(): ChatStatus {
    const agent = this.opts.host.status;
    if (this.failure !== undefined && agent.state !== 'error' && agent.state !== 'starting') return { state: 'error', message: this.failure };
    return agent;
  }

  /** The current session: starts the agent if needed, continues the session after a restart, else opens a new one. */
  ensureSession(): Promise<Session> {
    if (this.closed) return Promise.reject(new UnavailableError('chat-closed'));
    if (this.current && this.opts.host.isLive(this.current)) return Promise.resolve(this.current);
    if (this.starting) return this.starting;
    const starting = this.start().finally(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    this.starting = starting;
    return starting;
  }

  /** Sends `blocks`, or queues them while a turn runs (the session sends them in order as turns end). */
  async submit(blocks: ContentBlock[]): Promise<void> {
    const submitted = (await this.ensureSession()).submit(blocks);
    if ('sent' in submitted) await submitted.sent;
  }

  /** Stops the running turn, if any. */
  async cancel(): Promise<void> {
    if (this.current && this.current.status.turn !== 'idle') await this.current.cancel();
  }

  /**
   * Stops one subagent of this chat's session (`session/cancel` on its child session); the turn goes on. Rejects when
   * there is no such subagent or the agent does not allow stopping it on its own (Session.cancelSubagent).
   */
  async cancelSubagent(childSessionId: string): Promise<void> {
    if (!this.current) throw new Error('This chat has no session.');
    await this.current.cancelSubagent(childSessionId);
  }

  /**
   * A fresh session (the old one is cancelled and, where the agent supports it, closed); in `place` when given (a
   * worktree), else in the agent's folder.
   */
  async newSession(place?: WorkPlace): Promise<Session> {
    await this.leave();
    this.place = place;
    return this.ensureSession();
  }

  /**
   * Shows another of the agent's sessions instead of the current one, which stays until the other is open. It works
   * where it worked before (`place`, else where the chat's options say).
   */
  async openSession(sessionId: string, place: WorkPlace | undefined = this.opts.placeOf?.(sessionId)): Promise<Session> {
    if (this.current?.id === sessionId) return this.ensureSession();
    await this.opts.host.ensureAgent();
    const session = await this.opts.host.reopenSession(sessionId, place?.folder);
    if (this.current !== session) await this.leave();
    this.place = place;
    this.show(session);
    return session;
  }

  /**
   * session/fork of `sessionId` (up to and including the agent message `at`, when given), the copy opened here
   * ("continue in a copy"). The original stays as it was, in the agent's history.
   */
  async openFork(sessionId: string, at?: { messageId: string }): Promise<Session> {
    await this.opts.host.ensureAgent();
    // The copy works where the original does (its worktree too).
    const place = this.current?.id === sessionId ? this.place : this.opts.placeOf?.(sessionId);
    const copy = await this.opts.host.forkSession(sessionId, at, place?.folder);
    this.opts.logger.info(`[chat] forked ${sessionId}${at ? ` at ${at.messageId}` : ''} as ${copy}`);
    return this.openSession(copy, place);
  }

  /**
   * Sends `blocks` in place of an earlier prompt: the conversation goes back to just before that prompt (see
   * rewindTo), then `blocks` are sent there. Resolves, like submit, when that turn has ended.
   */
  async editPrompt(userEntryId: string, blocks: ContentBlock[]): Promise<GoBackOutcome> {
    if (blocks.length === 0) throw new Error(l10n.t('The edited prompt is empty.'));
    const outcome = await this.goBack(userEntryId);
    await this.submit(blocks);
    return outcome;
  }

  /**
   * Continues from just before an earlier prompt, sending nothing: a fork up to the agent's last message before it,
   * else (the first prompt, or an agent that cannot fork there) a new session. The original session is left as it
   * was, in the agent's history. Refused while a turn runs.
   */
  rewindTo(userEntryId: string): Promise<GoBackOutcome> {
    return this.goBack(userEntryId);
  }

  /** Sends an earlier prompt's content again, in the current session (a failed turn, tried once more). */
  async retry(userEntryId: string): Promise<void> {
    const entry = userEntry(this.idleSession(l10n.t('retry a prompt')), userEntryId);
    await this.submit(entry.content);
  }

  /**
   * The chat's view closed for good (a tab): its session is closed on the agent, so its pending approvals are answered
   * `cancelled` (session-closed); then a running turn is stopped (an agent without session/close would run it on).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const old = this.current;
    this.current = undefined;
    this.closeEmitter.fire();
    this.dispose();
    if (!old || old.status.connection !== 'connected') return;
    const running = old.status.turn !== 'idle';
    await old.close().catch((err: unknown) => this.opts.logger.warn('[chat] session/close failed', err));
    if (running) await old.cancel().catch((err: unknown) => this.opts.logger.warn('[chat] cancel failed', err));
  }

  /** Cancels and closes (where advertised) the session the chat moves away from. */
  async leave(): Promise<void> {
    const old = this.current;
    this.current = undefined;
    if (!old || old.status.connection !== 'connected') return;
    if (old.status.turn !== 'idle') await old.cancel().catch((err: unknown) => this.opts.logger.warn('[chat] cancel before leaving the session failed', err));
    if (this.opts.host.supports('close')) await old.close().catch((err: unknown) => this.opts.logger.warn('[chat] session/close failed', err));
  }

  dispose(): void {
    this.closed = true;
    this.hostSub.dispose();
    this.sessionEmitter.dispose();
    this.statusEmitter.dispose();
    this.failureEmitter.dispose();
    this.closeEmitter.dispose();
    this.notices.dispose();
  }

  private async start(): Promise<Session> {
    const host = this.opts.host;
    // A failure to start the agent itself is this chat's to show too: it is what the user asked for here.
    const client = await host.ensureAgent().catch((err: unknown) => {
      if (!this.closed) this.failureEmitter.fire(err);
      throw err;
    });
    try {
      const session = (await this.continuePrevious()) ?? (await host.newSession(this.place?.folder));
      if (this.closed) throw new UnavailableError('chat-closed');
      this.shownAny = true;
      this.setFailure(undefined);
      this.show(session);
      return session;
    } catch (err) {
      // The agent was restarted while the session opened: open it on the new agent.
      if (!this.closed && host.agent !== client) return this.start();
      if (!this.closed && !(err instanceof UnavailableError)) {
        this.opts.logger.error(`[chat] could not open a session: ${errorMessage(err)}`);
        this.setFailure(errorMessage(err));
        this.failureEmitter.fire(err);
      }
      throw err;
    }
  }

  /**
   * After the agent went away (crash, restart), the same conversation where the agent can open it again (load replays
   * its history); on the chat's first start, the session it showed before a reload. Undefined when there is none.
   */
  private async continuePrevious(): Promise<Session | undefined> {
    const previousId = this.current?.id ?? (this.shownAny ? undefined : this.opts.resumeSessionId?.());
    if (!previousId || !this.opts.host.canReopen()) return undefined;
    // After a reload, the session works where it did before (its worktree); after a restart, where it works now.
    if (!this.current) this.place = this.opts.placeOf?.(previousId);
    try {
      const session = await this.opts.host.reopenSession(previousId, this.place?.folder);
      this.opts.logger.info(`[chat] continued session ${previousId}`);
      return session;
    } catch (err) {
      if (err instanceof AgentExitedError) throw err;
      this.opts.logger.warn(`[chat] could not continue session ${previousId}; starting a new one`, err);
      return undefined;
    }
  }

  private async goBack(userEntryId: string): Promise<GoBackOutcome> {
    const from = this.idleSession(l10n.t('rewind to an earlier prompt'));
    const entries = from.snapshot().entries;
    // The agent may have gone away since (its transcript is still shown): the restarted one forks from its store.
    await this.opts.host.ensureAgent();
    const plan = planGoBack(entries, userEntryId, this.opts.host.supports('fork'));
    switch (plan.kind) {
      case 'fork': {
        const copy = await this.openFork(from.id, { messageId: plan.messageId });
        return { kind: 'forked', sessionId: copy.id, from: from.id };
      }
      case 'new': {
        const session = await this.newSession();
        this.opts.logger.info(`[chat] went back in ${from.id} with a new session ${session.id} (${plan.reason})`);
        return { kind: 'new', sessionId: session.id, reason: plan.reason };
      }
      case 'unknown-entry':
        throw new Error(l10n.t('That prompt is not in this chat.'));
      default:
        return unreachable(plan, 'going back');
    }
  }

  /** The session shown, refusing `what` while a turn runs in it (the turn would be cut off without the user asking). */
  private idleSession(what: string): Session {
    const session = this.current;
    if (!session) throw new Error(l10n.t('This chat has not started yet.'));
    if (session.status.turn !== 'idle') throw new Error(l10n.t('Stop the running turn first, then {0}.', what));
    return session;
  }

  private show(session: Session): void {
    this.current = session;
    this.sessionEmitter.fire(session);
  }

  private setFailure(message: string | undefined): void {
    if (this.failure === message) return;
    this.failure = message;
    this.statusEmitter.fire();
  }
}

/** The user entry `userEntryId` of `session`'s transcript; throws when there is none. */
function userEntry(session: Session, userEntryId: string): Extract<TranscriptEntry, { kind: 'user' }> {
  const entry = session.snapshot().entries.find((e) => e.kind === 'user' && e.id === userEntryId);
  if (entry?.kind !== 'user') throw new Error(l10n.t('That prompt is not in this chat.'));
  return entry;
}
