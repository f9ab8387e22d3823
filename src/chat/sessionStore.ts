// What the extension remembers about conversations in workspace storage: the session the chat showed last (to
// reopen it after a reload), for agents without session/list the sessions it opened (ids, titles, times; never
// their content), and the sessions whose prompt the agent never answered (titled by nothing until it does). The store is VS Code's `Memento` in production, passed in by shape so no `vscode` import is needed.
import type { Chat } from './chat';
import type { Session } from '../acpClient/session';
import type { ChatRegistry } from './chatRegistry';
import type { Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import { parseStoredHistory, remember, type HistoryItem } from './sessionHistory';

/** The part of `vscode.Memento` used here. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const CURRENT_KEY = 'acpChat.currentSession';
const HISTORY_KEY = 'acpChat.sessionHistory';
const UNANSWERED_KEY = 'acpChat.unansweredSessions';
/** Enough for any user's recent unanswered prompts; the oldest go first. */
const MAX_UNANSWERED = 200;

/**
 * Whether the agent has answered in `session` (said, thought or done something): until it has, a title made from a
 * prompt names a conversation that has not happened.
 */
export function agentAnswered(session: Pick<Session, 'hasEntry'>): boolean {
  return session.hasEntry('agent', 'thought', 'tool');
}

export class SessionStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly logger: Logger,
  ) {}

  /** The session the chat showed last in this workspace. */
  currentId(): string | undefined {
    const id = this.kv.get<unknown>(CURRENT_KEY);
    return typeof id === 'string' && id !== '' ? id : undefined;
  }

  setCurrent(sessionId: string | undefined): void {
    this.write(CURRENT_KEY, sessionId);
  }

  recent(): HistoryItem[] {
    return parseStoredHistory(this.kv.get<unknown>(HISTORY_KEY));
  }

  remember(item: HistoryItem): void {
    this.write(HISTORY_KEY, remember(this.recent(), item));
  }

  /**
   * Whether a prompt was sent in `sessionId` here and the agent has not answered it: the agent titles a session from
   * its first prompt even when nothing came of it (a sign-in was needed, the model failed), and such a title would
   * name a conversation that has not happened.
   */
  isUnanswered(sessionId: string): boolean {
    return this.unanswered().includes(sessionId);
  }

  setUnanswered(sessionId: string, unanswered: boolean): void {
    const ids = this.unanswered();
    if (ids.includes(sessionId) === unanswered) return;
    this.write(UNANSWERED_KEY, unanswered ? [...ids, sessionId].slice(-MAX_UNANSWERED) : ids.filter((id) => id !== sessionId));
  }

  forget(sessionId: string): void {
    this.setUnanswered(sessionId, false);
    this.write(
      HISTORY_KEY,
      this.recent().filter((i) => i.sessionId !== sessionId),
    );
    if (this.currentId() === sessionId) this.setCurrent(undefined);
  }

  private unanswered(): string[] {
    const ids = this.kv.get<unknown>(UNANSWERED_KEY);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  }

  private write(key: string, value: unknown): void {
    this.kv.update(key, value).then(undefined, (err: unknown) => this.logger.warn(`[sessions] could not save ${key}`, err));
  }
}

/**
 * Keeps the store in step with the chats: every session a chat shows (the side view's or a tab's) is remembered with
 * its title as the agent names it; the side view's is also the one to continue after a reload.
 */
export function trackSessions(chats: ChatRegistry, store: SessionStore, now: () => number = Date.now): Disposable {
  const titles = new Map<Chat, Disposable>();
  const stopTitle = (chat: Chat) => {
    titles.get(chat)?.dispose();
    titles.delete(chat);
  };
  const sub = chats.onDidChangeSession(({ chat, session }) => {
    stopTitle(chat);
    if (!session) return;
    if (chat === chats.sideView) store.setCurrent(session.id);
    const known = store.recent().find((i) => i.sessionId === session.id)?.title;
    if (known) session.rememberTitle(known);
    const unanswered = () => session.hasEntry('user') && !agentAnswered(session);
    const note = () => {
      store.setUnanswered(session.id, unanswered());
      store.remember({ sessionId: session.id, title: agentAnswered(session) ? (session.meta.title ?? null) : null, updatedAt: new Date(now()).toISOString() });
    };
    note();
    titles.set(
      chat,
      session.onDidChange((changes) => {
        const titled = changes.some((c) => c.type === 'meta-changed' && c.keys.includes('title'));
        // The first prompt, and the first answer to it, change what the history may call the session.
        const answeredChanged = changes.some((c) => c.type === 'entry-added') && store.isUnanswered(session.id) !== unanswered();
        if (titled || answeredChanged) note();
      }),
    );
  });
  return {
    dispose: () => {
      for (const chat of [...titles.keys()]) stopTitle(chat);
      sub.dispose();
    },
  };
}
