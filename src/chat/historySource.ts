// Where the history comes from and what can be done with an item: the agent's session/list when it offers it, else
// the sessions this extension opened (workspace storage, every chat's). Open and fork go into the chat the picker was
// opened for; delete through the chats (a chat showing the session moves to a fresh one first).
import type { Chat } from './chat';
import type { ChatRegistry } from './chatRegistry';
import { historyFromList, remember, type HistoryItem } from './sessionHistory';
import type { SessionStore } from './sessionStore';

/** Where the history is shown into: the chat the picker was opened for. */
export type HistoryTarget = Pick<Chat, 'session' | 'openSession' | 'openFork'>;

export interface HistorySource {
  /** The workspace's conversations, newest first; the one `into` shows is always among them. */
  list(into?: HistoryTarget): Promise<HistoryItem[]>;
  canFork(): boolean;
  canDelete(): boolean;
  open(sessionId: string, into: HistoryTarget): Promise<unknown>;
  fork(sessionId: string, into: HistoryTarget): Promise<unknown>;
  delete(sessionId: string): Promise<unknown>;
}

/** Conversations that work in a worktree of their own (the agent lists a folder's sessions: these are in another). */
export interface HistoryPlaces {
  /** The branch `sessionId` works on, when it works in a worktree. */
  branchOf(sessionId: string): string | undefined;
  /** A conversation was deleted: what else goes with it is asked about (its worktree). */
  deleted?(sessionId: string): Promise<void>;
}

export function chatHistory(chats: ChatRegistry, store: SessionStore, places?: HistoryPlaces): HistorySource {
  const host = chats.host;
  return {
    async list(into) {
      await host.ensureAgent();
      let items = host.supports('list') ? historyFromList(await host.listSessions()) : store.recent();
      if (places) {
        // The worktrees' conversations, from what this extension remembers of them, each with its branch.
        for (const known of store.recent())
          if (places.branchOf(known.sessionId) && !items.some((i) => i.sessionId === known.sessionId)) items = remember(items, known);
        items = items.map((i) => {
          const branch = places.branchOf(i.sessionId);
          return branch ? { ...i, branch } : i;
        });
      }
      // A prompt the agent never answered names nothing yet, whatever title the agent made of it.
      items = items.map((i) => (i.title !== null && store.isUnanswered(i.sessionId) ? { ...i, title: null } : i));
      // The agent may list a session only once its transcript is on disk; the one on screen belongs in any case.
      const shown = into?.session;
      if (!shown || items.some((i) => i.sessionId === shown.id)) return items;
      const known = store.recent().find((i) => i.sessionId === shown.id);
      const title = store.isUnanswered(shown.id) ? null : (shown.meta.title ?? known?.title ?? null);
      return remember(items, { sessionId: shown.id, title, updatedAt: known?.updatedAt ?? new Date().toISOString() });
    },
    canFork: () => host.supports('fork'),
    canDelete: () => host.supports('delete'),
    open: (id, into) => into.openSession(id),
    fork: (id, into) => into.openFork(id),
    async delete(id) {
      await chats.deleteSession(id);
      store.forget(id);
      await places?.deleted?.(id);
    },
  };
}
