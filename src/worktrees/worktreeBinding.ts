// Binds the chat to the worktree it works in (worktrees/chatWorktrees.ts): the bar's view (branch, files changed,
// commits), read again when the chat's session changes, a turn ends or the worktree changes; its buttons as actions.
import type { Chat } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import { Emitter } from '../acpClient/events';
import { errorMessage } from '../acpClient/errors';
import { WorktreeError } from './worktreeError';
import type { Logger } from '../acpClient/logger';
import type { ChatWorktrees } from './chatWorktrees';
import type { WorktreeView } from '../webview/protocol/protocol';
import type { ChatActions, ChatSource } from '../webview/host/chatPage';
import { l10n } from '../contributions/l10n';

export type WorktreeSource = Pick<ChatSource, 'getWorktree' | 'onDidChangeWorktree'>;
export type WorktreeActions = Pick<ChatActions, 'worktreeAction'>;

export function bindWorktree(
  chat: Chat,
  deps: { worktrees: ChatWorktrees; chats: ChatRegistry; logger: Logger; startInWorktree: (chat: Chat) => Promise<unknown> },
): {
  source: WorktreeSource;
  actions: WorktreeActions;
  dispose(): void;
} {
  const { worktrees } = deps;
  const changed = new Emitter<void>();
  let view: WorktreeView | null = null;
  /** Only the latest reading is shown: one that started earlier and ends later is dropped. */
  let reading = 0;
  const refresh = async () => {
    const mine = ++reading;
    const record = worktrees.recordOf(chat);
    let next: WorktreeView | null = null;
    if (record) {
      next = { branch: record.branch, path: record.path, files: [], commits: 0 };
      try {
        const { files, commits } = await worktrees.changes(record);
        next = {
          ...next,
          files: files.map((f) => ({ path: f.path, status: f.status, ...(f.added !== undefined ? { added: f.added, removed: f.removed } : {}) })),
          commits: commits.length,
        };
      } catch (err) {
        deps.logger.warn(`[worktrees] could not read the changes of ${record.branch}: ${errorMessage(err)}`);
      }
    }
    if (mine !== reading) return;
    view = next;
    changed.fire();
  };
  const subs = [chat.onDidChangeSession(() => void refresh()), worktrees.onDidChangeFiles(() => void refresh())];
  void refresh();
  const requireRecord = () => {
    const record = worktrees.recordOf(chat);
    if (!record) throw new WorktreeError('missing', l10n.t('This chat does not work in a worktree.'));
    return record;
  };
  return {
    source: { getWorktree: () => view, onDidChangeWorktree: changed.event },
    actions: {
      worktreeAction: async (action, path) => {
        if (action === 'start') {
          await deps.startInWorktree(chat);
          return;
        }
        const record = requireRecord();
        switch (action) {
          case 'review':
            return worktrees.review(record, path);
          case 'apply': {
            if (chat.session && chat.session.status.turn !== 'idle') throw new WorktreeError('turn-running', l10n.t('A turn is running in the worktree.'));
            worktrees.sayApplied(await worktrees.apply(record), chat);
            return;
          }
          case 'openWindow':
            return worktrees.openInNewWindow(record);
          case 'discard':
            await worktrees.discard(record, deps.chats);
            return;
        }
      },
    },
    dispose: () => {
      reading++;
      for (const s of subs) s.dispose();
      changed.dispose();
    },
  };
}
