// What the extension remembers about conversations in workspace storage: the session the chat showed last (to
// reopen it after a reload) and, for agents without session/list, the sessions it opened (ids, titles, times; never
// their content). The store is VS Code's `Memento` in production, passed in by shape so no `vscode` import is needed.
import type { Chat } from './chat';
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

  forget(sessionId: string): void {
    this.write(HISTORY_KEY, this.recent().filter((i) => i.sessionId !== sessionId));
    if (this.currentId() === sessionId) this.setCurrent(undefined);
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
    const note = () => {
      const meta = session.snapshot().meta;
      store.remember({ sessionId: session.id, title: meta.title ?? null, updatedAt: new Date(now()).toISOString() });
    };
    note();
    titles.set(
      chat,
      session.onDidChange((changes) => {
        if (changes.some((c) => c.type === 'meta-changed' && c.keys.includes('title'))) note();
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
