// Chats in their own git worktrees: New Chat in Worktree, the chat's bar (its branch and changes, Review, Apply, Open
// in New Window, Discard), Manage Worktrees; where each such session works, for the agent's files and terminals.
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import { partKey } from '../chat/chatParts';
import { COMMANDS } from '../contributions/commandIds';
import { inActiveChat, reporting } from '../core/commandHandlers';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import { workspaceFolderPaths } from '../workbench/locationOpener';
import { ChatWorktrees } from './chatWorktrees';
import { bindWorktree } from './worktreeBinding';
import { WorktreeStore } from './worktreeStore';

export const WORKTREE = partKey<ChatPart>('worktree');

export function activateWorktrees(core: Core): Feature {
  const { chats, logger, presenter } = core;
  const worktrees = new ChatWorktrees({
    store: new WorktreeStore(core.context.workspaceState, logger),
    logger,
    storageDir: core.context.storageUri?.fsPath,
    trusted: () => vscode.workspace.isTrusted,
    say: (message, severity, actions, chat) => presenter.showMessage(message, severity, actions, chat),
  });
  // New Chat in Worktree…, and the empty chat's offer of the same.
  const startInWorktree = (chat: Chat) => worktrees.create(chat, workspaceFolderPaths());
  return {
    disposables: [
      worktrees,
      worktrees.track(chats),
      core.places.provide({
        placeOf: (id) => worktrees.placeOf(id),
        rootsOf: (id) => worktrees.rootsOf(id),
        roots: () => worktrees.roots(),
        branchOf: (id) => worktrees.branchOf(id),
        // A conversation deleted from the history: its worktree's removal is offered.
        deleted: (id) => worktrees.offerDiscardWith(id, chats),
      }),
    ],
    chatPart: {
      key: WORKTREE,
      make: (chat) => bindWorktree(chat, { worktrees, chats, logger, startInWorktree }),
    },
    commands: {
      [COMMANDS.newChatInWorktree]: inActiveChat(core, vscode.l10n.t('Starting a chat in a worktree'), startInWorktree),
      [COMMANDS.manageWorktrees]: reporting(core, vscode.l10n.t('Managing the worktrees'), () => worktrees.manage(chats)),
    },
    /** The chats' worktrees: made, applied and discarded as the commands do, with the questions' answers given. */
    test: { worktrees },
  };
}
