// One conversation shown in one chat (an editor tab beside the main chat): its own current session on the shared
// agent, and its own pending approvals (they belong to its session). The main chat is the ChatService itself; both
// fit `ChatSlot`, which is all a chat view needs.
import type { ChatService } from './chatService';
import { Emitter, type Event } from '../acp/events';
import type { Logger } from '../acp/logger';
import type { Session } from '../acp/session';

/** What a chat view shows and drives: one current session at a time. */
export interface ChatSlot {
  readonly session: Session | undefined;
  readonly onDidChangeSession: Event<Session | undefined>;
  /** The current session, starting the agent or reopening the session after an agent restart when needed. */
  ensureSession(): Promise<Session>;
  newSession(): Promise<Session>;
  openSession(sessionId: string): Promise<Session>;
  cancel(): Promise<void>;
}

export class Conversation implements ChatSlot {
  private current: Session | undefined;
  private starting: Promise<Session> | undefined;
  private closed = false;
  private readonly sessionEmitter: Emitter<Session | undefined>;
  readonly onDidChangeSession: Event<Session | undefined>;

  constructor(
    private readonly chat: ChatService,
    private readonly logger: Logger,
  ) {
    this.sessionEmitter = new Emitter((err) => logger.error('[conversation] listener failed', err));
    this.onDidChangeSession = this.sessionEmitter.event;
  }

  get session(): Session | undefined {
    return this.current;
  }

  ensureSession(): Promise<Session> {
    if (this.closed) return Promise.reject(new Error('This chat was closed.'));
    if (this.current && this.current.status.connection === 'connected') return Promise.resolve(this.current);
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async newSession(): Promise<Session> {
    await this.leave();
    return this.ensureSession();
  }

  async openSession(sessionId: string): Promise<Session> {
    if (this.current?.id === sessionId) return this.ensureSession();
    const session = await this.chat.reopenSession(sessionId);
    await this.leave();
    this.show(session);
    return session;
  }

  async cancel(): Promise<void> {
    if (this.current && this.current.status.turn !== 'idle') await this.current.cancel();
  }

  /**
   * The tab closed: its pending approvals are answered `cancelled` (session-closed) and the session is closed on the
   * agent where it supports session/close. Other conversations' approvals are untouched.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const old = this.current;
    this.current = undefined;
    this.sessionEmitter.dispose();
    if (!old || old.status.connection !== 'connected') return;
    const running = old.status.turn !== 'idle';
    // Close first, so its approvals are settled as `session-closed`; then stop a running turn (an agent without
    // session/close would otherwise run it to the end).
    await old.close().catch((err: unknown) => this.logger.warn('[conversation] session/close failed', err));
    if (running) await old.cancel().catch((err: unknown) => this.logger.warn('[conversation] cancel failed', err));
  }

  private async start(): Promise<Session> {
    // After an agent restart the session this tab showed is reopened (load replays it); else a new one.
    const previous = this.current;
    let session: Session | undefined;
    if (previous) {
      session = await this.chat.reopenSession(previous.id).catch((err: unknown) => {
        this.logger.warn(`[conversation] could not continue session ${previous.id}; starting a new one`, err);
        return undefined;
      });
    }
    session ??= await this.chat.createSession();
    this.show(session);
    return session;
  }

  private async leave(): Promise<void> {
    const old = this.current;
    this.current = undefined;
    if (!old || old.status.connection !== 'connected') return;
    if (old.status.turn !== 'idle') await old.cancel().catch((err: unknown) => this.logger.warn('[conversation] cancel failed', err));
    await old.close().catch((err: unknown) => this.logger.warn('[conversation] session/close failed', err));
  }

  private show(session: Session): void {
    this.current = session;
    if (!this.closed) this.sessionEmitter.fire(session);
  }
}
