// Which chat touched this file: each chat's turns that changed files are noted in an index kept in the workspace's
// state (touchIndex.ts), and the editor shows on such a file's first line the chats that changed it, each lens
// opening its chat (touchLens.ts): revealed where it is open, else shown in the side view.
import * as vscode from 'vscode';
import type { Disposable } from '../acpClient/events';
import type { Session } from '../acpClient/session';
import type { Chat } from '../chat/chat';
import { partKey } from '../chat/chatParts';
import { TURN_CHANGES } from '../checkpoints/feature';
import type { TurnChangeSet } from '../checkpoints/turnChangeTracker';
import { COMMANDS } from '../contributions/commandIds';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import { workspaceFolderPaths } from '../workbench/locationOpener';
import { TouchIndex, touchKey, type TouchEntry } from './touchIndex';
import { TouchLens } from './touchLens';

const STATE_KEY = 'acpChat.touchedFiles';

export const TOUCHED_FILES = partKey<ChatPart>('touchedFiles');

export function activateTouchedFiles(core: Core): Feature {
  const { logger } = core;
  const state = core.context.workspaceState;
  const index = TouchIndex.parse(state.get<unknown>(STATE_KEY));
  const changed = new vscode.EventEmitter<void>();
  const save = () => {
    state.update(STATE_KEY, index.toStored()).then(undefined, (err: unknown) => logger.warn('[touchedFiles] could not save the index', err));
    changed.fire();
  };

  /** The chats that changed `path`, newest first: it is named relative to any folder the agent works in. */
  const touchedBy = (path: string): TouchEntry[] => {
    const found = new Map<string, TouchEntry>();
    for (const folder of core.folders.paths()) {
      const key = touchKey(folder, path);
      for (const entry of key === undefined ? [] : index.touchedBy(key)) {
        const known = found.get(entry.sessionId);
        if (!known || entry.at > known.at) found.set(entry.sessionId, entry);
      }
    }
    return [...found.values()].sort((a, b) => b.at - a.at);
  };

  /** Notes the files of `chat`'s turns, named relative to the folder it works in (its worktree, else the workspace's). */
  const record = (chat: Chat, sets: readonly TurnChangeSet[]) => {
    const roots = chat.workPlace ? [chat.workPlace.folder] : workspaceFolderPaths();
    const session = chat.session;
    const named = session?.meta.title || undefined;
    const at = Date.now();
    let any = session !== undefined && named !== undefined && index.retitle(session.id, named);
    for (const set of sets) {
      const title = session?.id === set.sessionId ? named : undefined;
      for (const file of set.files) {
        const key = roots.map((root) => touchKey(root, file.path)).find((k) => k !== undefined);
        if (key !== undefined && index.record(key, { sessionId: set.sessionId, userIndex: set.userIndex, title }, at)) any = true;
      }
    }
    if (any) save();
  };

  const lens = new TouchLens({
    touchedBy,
    titleOf: (entry) =>
      core.chats.forSession(entry.sessionId)?.session?.meta.title ||
      entry.title ||
      core.sessions.recent().find((i) => i.sessionId === entry.sessionId)?.title ||
      undefined,
    onDidChange: changed.event,
  });

  /** The chat that changed a file, from its lens: revealed where it is shown, else opened in the side view. */
  const openChatTurn = async (sessionId?: unknown, userIndex?: unknown) => {
    if (typeof sessionId !== 'string' || sessionId === '') return;
    logger.info(`[touchedFiles] opening ${sessionId}${typeof userIndex === 'number' ? ` (prompt ${userIndex + 1})` : ''}`);
    const shown = core.chats.forSession(sessionId);
    if (shown) {
      await core.views.reveal(shown);
      return;
    }
    // Leaving the side view's session would stop its running turn: then the chat opens in a tab of its own.
    const side = core.chats.sideView;
    const busy = side.session !== undefined && side.session.turn !== 'idle';
    const chat = busy ? core.views.openTab() : side;
    try {
      if (!busy) await core.views.reveal(side);
      await chat.openSession(sessionId);
    } catch (err) {
      core.presenter.report(err, { chat, what: vscode.l10n.t('Opening the chat') });
    }
  };

  return {
    disposables: [changed, lens],
    chatPart: {
      key: TOUCHED_FILES,
      make: (chat) => {
        const tracker = core.parts.get(chat, TURN_CHANGES).turnChanges;
        const turns = tracker.onDidChange(() => record(chat, tracker.sets));
        // The agent may name the chat after its turns changed files.
        let titles: Disposable | undefined;
        const follow = (session: Session | undefined) => {
          titles?.dispose();
          titles = session?.onDidChange((changes) => {
            if (!changes.some((c) => c.type === 'meta-changed' && c.keys.includes('title'))) return;
            const title = session.meta.title;
            if (title && index.retitle(session.id, title)) save();
          });
        };
        const sessions = chat.onDidChangeSession(follow);
        follow(chat.session);
        record(chat, tracker.sets);
        return {
          dispose: () => {
            turns.dispose();
            sessions.dispose();
            titles?.dispose();
          },
        };
      },
    },
    commands: { [COMMANDS.openChatTurn]: openChatTurn },
    test: { touchedBy },
  };
}
