// Each turn's changes and going back: every chat tracks its session's turns (a git snapshot at each turn's start and
// the agent's diffs, kept in the workspace's storage), restores the code to before a prompt, and undoes a restore.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import { partKey } from '../chat/chatParts';
import { COMMANDS } from '../contributions/commandIds';
import { inActiveChat } from '../core/commandHandlers';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import { CheckpointStore } from './checkpointStore';
import { CodeRestore } from './codeRestore';
import { bindGoBack, type GoBackBinding } from './goBackBinding';
import { describeRestore, noRestoreToUndo } from './goBackWording';
import { TurnChangeTracker } from './turnChangeTracker';

export interface TurnChangesPart extends ChatPart {
  /** The chat's turns' changes, in the folder its session works in (its worktree's, else the workspace's). */
  readonly turnChanges: TurnChangeTracker;
  readonly goBack: GoBackBinding;
}

export const TURN_CHANGES = partKey<TurnChangesPart>('checkpoints');

export function activateCheckpoints(core: Core): Feature {
  const { logger, presenter } = core;
  const storage = core.context.storageUri;
  const store = new CheckpointStore(storage && join(storage.fsPath, 'checkpoints'), logger);
  const restore = new CodeRestore(logger);

  const undoRestore = async (chat: Chat) => {
    const tracker = core.parts.get(chat, TURN_CHANGES).turnChanges;
    if (!restore.canUndo(tracker)) {
      presenter.showMessage(noRestoreToUndo(), 'info', [], chat);
      return;
    }
    const said = describeRestore(await restore.undo(tracker), (p) => vscode.workspace.asRelativePath(p), 'undo');
    presenter.showMessage(said.message, said.severity, said.actions, chat);
  };

  return {
    disposables: [restore],
    chatPart: {
      key: TURN_CHANGES,
      make: (chat) => {
        const turnChanges = new TurnChangeTracker(chat, logger, () => chat.workPlace?.folder ?? core.cwd(), store, core.turnStarts);
        const goBack = bindGoBack(chat, turnChanges, { restore, presenter });
        return {
          turnChanges,
          goBack,
          source: goBack.source,
          actions: goBack.actions,
          dispose: () => {
            goBack.dispose();
            turnChanges.dispose();
          },
        };
      },
    },
    commands: { [COMMANDS.undoRestore]: inActiveChat(core, vscode.l10n.t('Undoing the rewind'), undoRestore) },
  };
}
