// Where the history comes from and what can be done with an item: the agent's session/list when it offers it, else
// the sessions this extension opened (workspace storage). Open, fork and delete go through the chat service.
import type { ChatService } from './chatService';
import type { ChatSlot } from './conversation';
import { historyFromList, type HistoryItem } from './sessionHistory';
import type { SessionStore } from './sessionStore';

/** Where the history is shown into: the main chat or an editor tab's conversation. */
export type HistoryTarget = Pick<ChatSlot, 'session' | 'openSession'>;

export interface HistorySource {
  list(): Promise<HistoryItem[]>;
  canFork(): boolean;
  canDelete(): boolean;
  open(sessionId: string, into: HistoryTarget): Promise<unknown>;
  fork(sessionId: string, into: HistoryTarget): Promise<unknown>;
  delete(sessionId: string): Promise<unknown>;
}

export function chatHistory(chat: ChatService, store: SessionStore): HistorySource {
  const supports = (name: 'list' | 'fork' | 'delete') => !!chat.agent && !chat.agent.closed && chat.agent.supports(name);
  return {
    async list() {
      await chat.ensureSession();
      if (!supports('list')) return store.recent();
      return historyFromList(await chat.listSessions());
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
