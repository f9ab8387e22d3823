// Where the history comes from and what can be done with an item: the agent's session/list when it offers it, else
// the sessions this extension opened (workspace storage). Open, fork and delete go through the chat service.
import type { ChatService } from './chatService';
import type { ChatSlot } from './conversation';
import { historyFromList, remember, type HistoryItem } from './sessionHistory';
import type { SessionStore } from './sessionStore';

/** Where the history is shown into: the main chat or an editor tab's conversation. */
export type HistoryTarget = Pick<ChatSlot, 'session' | 'openSession'>;

export interface HistorySource {
  /** The workspace's conversations, newest first; the one `into` shows is always among them. */
  list(into?: HistoryTarget): Promise<HistoryItem[]>;
  canFork(): boolean;
  canDelete(): boolean;
  open(sessionId: string, into: HistoryTarget): Promise<unknown>;
  fork(sessionId: string, into: HistoryTarget): Promise<unknown>;
  delete(sessionId: string): Promise<unknown>;
}

export function chatHistory(chat: ChatService, store: SessionStore): HistorySource {
  const supports = (name: 'list' | 'fork' | 'delete') => !!chat.agent && !chat.agent.closed && chat.agent.supports(name);
  return {
    async list(into) {
      await chat.ensureSession();
      const items = supports('list') ? historyFromList(await chat.listSessions()) : store.recent();
      // The agent may list a session only once its transcript is on disk; the one on screen belongs in any case.
      const shown = into?.session;
      if (!shown || items.some((i) => i.sessionId === shown.id)) return items;
      const known = store.recent().find((i) => i.sessionId === shown.id);
      return remember(items, { sessionId: shown.id, title: shown.snapshot().meta.title ?? known?.title ?? null, updatedAt: known?.updatedAt ?? new Date().toISOString() });
    },
    canFork: () => supports('fork'),
    canDelete: () => supports('delete'),
    open: (id, into) => into.openSession(id),
    fork: (id, into) => chat.forkSession(id, into),
    async delete(id) {
      await chat.deleteSession(id);
      store.forget(id);
    },
  };
}
