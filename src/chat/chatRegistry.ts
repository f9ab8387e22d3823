// The open chats and which one the user is in. Every chat command acts on `active`: the chat whose view the user
// focused last (the side view's chat when no other was focused, or after the focused tab closed). What spans chats
// (restarting or switching the shared agent, deleting a session some chat shows) is done here.
import { errorMessage } from '../acpClient/errors';
import { Emitter, type Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { AgentHost } from './agentHost';
import { Chat, type WorkPlace } from './chat';

export interface ChatRegistryOptions {
  logger: Logger;
  /** The session the side view showed before a window reload (continued on its first start). */
  resumeSessionId?(): string | undefined;
  /** Where a session works when not in the agent's folder (a chat's worktree). */
  placeOf?(sessionId: string): WorkPlace | undefined;
}

export class ChatRegistry {
  /** The side view's chat: there from activation to the end of the window. */
  readonly sideView: Chat;
  private readonly chats: Chat[] = [];
  private focused: Chat;
  /** The chat whose page holds the keyboard focus now, if any (`focused` stays when the user leaves for an editor). */
  private keyboardIn: Chat | undefined;
  private readonly subs = new Map<Chat, Disposable>();
  /** A listener that throws is logged, and the others still run. */
  private readonly onListenerError = (err: unknown) => this.opts.logger.error('[chats] listener failed', err);
  private readonly addEmitter = new Emitter<Chat>(this.onListenerError);
  private readonly removeEmitter = new Emitter<Chat>(this.onListenerError);
  private readonly activeEmitter = new Emitter<Chat>(this.onListenerError);
  private readonly sessionEmitter = new Emitter<{ chat: Chat; session: Session | undefined }>(this.onListenerError);
  private readonly keyboardEmitter = new Emitter<boolean>(this.onListenerError);

  readonly onDidAdd = this.addEmitter.event;
  readonly onDidRemove = this.removeEmitter.event;
  readonly onDidChangeActive = this.activeEmitter.event;
  /** Some chat shows another session (or none). */
  readonly onDidChangeSession = this.sessionEmitter.event;
  /** A chat's page took or lost the keyboard focus. */
  readonly onDidChangeKeyboardFocus = this.keyboardEmitter.event;

  constructor(
    readonly host: AgentHost,
    private readonly opts: ChatRegistryOptions,
  ) {
    this.sideView = this.add(new Chat({ host, logger: opts.logger, resumeSessionId: opts.resumeSessionId, placeOf: opts.placeOf }));
    this.focused = this.sideView;
  }

  /** The chat the user is in. */
  get active(): Chat {
    return this.focused;
  }

  all(): readonly Chat[] {
    return this.chats;
  }

  /** A new chat for an editor tab. */
  open(): Chat {
    const chat = this.add(new Chat({ host: this.host, logger: this.opts.logger, placeOf: this.opts.placeOf }));
    this.focus(chat);
    return chat;
  }

  /** Whether the keyboard focus is in the active chat's page. */
  get hasKeyboardFocus(): boolean {
    return this.keyboardIn !== undefined && this.keyboardIn === this.focused;
  }

  /** The user is in `chat` now (its view took focus). */
  focus(chat: Chat): void {
    if (!this.chats.includes(chat)) return;
    this.setKeyboardIn(chat);
    if (chat === this.focused) return;
    this.focused = chat;
    this.activeEmitter.fire(chat);
  }

  /** `chat`'s page lost the keyboard focus (to an editor, another view or another chat). */
  blur(chat: Chat): void {
    if (this.keyboardIn === chat) this.setKeyboardIn(undefined);
  }

  private setKeyboardIn(chat: Chat | undefined): void {
    if (this.keyboardIn === chat) return;
    this.keyboardIn = chat;
    this.keyboardEmitter.fire(chat !== undefined);
  }

  /** The chat showing `sessionId`: the active one if it does, else the first. */
  forSession(sessionId: string | undefined): Chat | undefined {
    if (sessionId === undefined) return undefined;
    if (this.focused.session?.id === sessionId) return this.focused;
    return this.chats.find((c) => c.session?.id === sessionId);
  }

  /** Closes a tab's chat (its session is closed on the agent); the side view's chat stays. */
  async close(chat: Chat): Promise<void> {
    if (chat === this.sideView || !this.chats.includes(chat)) return;
    await chat.close().catch((err: unknown) => this.opts.logger.warn(`[chats] closing a chat failed: ${errorMessage(err)}`));
  }

  /**
   * Kills the agent and starts it again; `chat` (the one the user is in) continues its conversation first and is
   * awaited, the other chats with a session continue theirs on the new agent in the background.
   */
  async restart(chat: Chat = this.focused): Promise<Session> {
    this.host.stop();
    // Through the chat, so a failure to start is shown in it.
    const continued = chat.ensureSession();
    for (const other of this.chats) {
      if (other !== chat && other.session)
        other.ensureSession().catch((err: unknown) => this.opts.logger.warn(`[chats] a chat could not continue after the restart: ${errorMessage(err)}`));
    }
    return continued;
  }

  /** Another agent was picked: the agent stops and `chat` starts a new session with the other one. */
  async switchAgent(chat: Chat = this.focused): Promise<Session> {
    await chat.leave();
    this.host.stop();
    return chat.ensureSession();
  }

  /** session/delete; a chat showing that session moves to a fresh one first. */
  async deleteSession(sessionId: string): Promise<void> {
    await this.host.ensureAgent();
    for (const chat of this.chats) if (chat.session?.id === sessionId) await chat.newSession();
    await this.host.deleteSession(sessionId);
  }

  dispose(): void {
    for (const sub of this.subs.values()) sub.dispose();
    this.subs.clear();
    for (const chat of this.chats.splice(0)) chat.dispose();
    for (const e of [this.addEmitter, this.removeEmitter, this.activeEmitter, this.sessionEmitter, this.keyboardEmitter]) e.dispose();
  }

  private add(chat: Chat): Chat {
    this.chats.push(chat);
    const session = chat.onDidChangeSession((s) => this.sessionEmitter.fire({ chat, session: s }));
    // However it was closed (its tab, or the chat itself), it leaves the list.
    const closed = chat.onDidClose(() => this.remove(chat));
    this.subs.set(chat, { dispose: () => (session.dispose(), closed.dispose()) });
    this.addEmitter.fire(chat);
    return chat;
  }

  private remove(chat: Chat): void {
    const index = this.chats.indexOf(chat);
    if (index < 0) return;
    this.chats.splice(index, 1);
    this.subs.get(chat)?.dispose();
    this.subs.delete(chat);
    if (this.keyboardIn === chat) this.setKeyboardIn(undefined);
    if (this.focused === chat) {
      this.focused = this.sideView;
      this.activeEmitter.fire(this.sideView);
    }
    this.removeEmitter.fire(chat);
    this.sessionEmitter.fire({ chat, session: undefined });
  }
}
