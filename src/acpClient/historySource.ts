// Where the history comes from and what can be done with an item: the agent's session/list when it offers it, else
// the sessions this extension opened (workspace storage). Open, fork and delete go through the chat service.
import type { ChatService } from './chatService';
import { historyFromList, type HistoryItem } from './sessionHistory';
import type { SessionStore } from './sessionStore';

export interface HistorySource {
  list(): Promise<HistoryItem[]>;
  currentId(): string | undefined;
  canFork(): boolean;
  canDelete(): boolean;
  open(sessionId: string): Promise<unknown>;
  fork(sessionId: string): Promise<unknown>;
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
    currentId: () => chat.session?.id,
    canFork: () => supports('fork'),
    canDelete: () => supports('delete'),
    open: (id) => chat.openSession(id),
    fork: (id) => chat.forkSession(id),
    async delete(id) {
      await chat.deleteSession(id);
      store.forget(id);
    },
  };
}
