// The chats' own commands: sessions and chats, the history, the agent and its log, Claude Code's setup, attaching the
// editor's selection or files, exporting a conversation; the context keys their `when` clauses read.
import * as vscode from 'vscode';
import { isSignedIn } from '../chat/chatStatus';
import { chatHistory } from '../chat/historySource';
import { COMMANDS } from '../contributions/commandIds';
import { inActiveChat, reporting } from '../core/commandHandlers';
import type { Core } from '../core/core';
import type { Feature } from '../core/feature';
import { selectionAttachment } from '../webview/host/selectionAttachment';
import { showAgentMenu } from '../workbench/agentStatusItem';
import { USAGE } from '../usage/feature';
import { exportConversation } from '../workbench/exportConversation';
import { HistoryPicker } from '../workbench/historyPicker';
import { bindContextKeys } from './contextKeys';

export function activateChatCommands(core: Core): Feature {
  const { chats, views, permissions, presenter, claudeCode } = core;
  const history = new HistoryPicker(
    chatHistory(chats, core.sessions, {
      branchOf: (id) => core.places.current.branchOf(id),
      deleted: (id) => core.places.current.deleted?.(id) ?? Promise.resolve(),
    }),
    (what, err) => presenter.report(err, { what }),
    Date.now,
    (id) => core.needsYou.current(id),
  );
  const starting = vscode.l10n.t('Starting a new chat');
  return {
    disposables: [
      history,
      // "Show Pending Approval" brings the chat whose session asked forward: its tab, else the side view.
      permissions.onDidRequestReveal((p) => void views.reveal(chats.forSession(p.sessionId) ?? chats.sideView)),
      bindContextKeys(chats, permissions.broker, core.logger),
    ],
    commands: {
      [COMMANDS.newSession]: inActiveChat(core, starting, (chat) => chat.newSession()),
      [COMMANDS.newSessionInView]: reporting(core, starting, () => chats.sideView.newSession()),
      [COMMANDS.openConversation]: () => history.show(chats.active),
      [COMMANDS.openConversationInView]: () => history.show(chats.sideView),
      [COMMANDS.newChatInEditor]: () => views.openTab(),
      [COMMANDS.openChatInEditor]: () => views.showSideViewChatInTab(),
      // The focus key: the chat the user was last in, with the keyboard in its composer (as the add-selection key does).
      [COMMANDS.focusChat]: () => views.reveal(chats.active),
      [COMMANDS.cancelTurn]: inActiveChat(core, vscode.l10n.t('Stopping the turn'), (chat) => chat.cancel()),
      [COMMANDS.restartAgent]: inActiveChat(core, vscode.l10n.t('Restarting the agent'), (chat) => chats.restart(chat)),
      // A key comes from a notification's Show button (that request); without one, the active chat's requests first.
      [COMMANDS.showPendingPermission]: (key?: unknown) => permissions.showPending(typeof key === 'string' ? key : undefined, chats.active.session?.id),
      [COMMANDS.addSelectionToChat]: async () => {
        const active = vscode.window.activeTextEditor;
        if (!active) return;
        const { document, selection } = active;
        const attachment = selectionAttachment({
          path: document.uri.fsPath,
          name: vscode.workspace.asRelativePath(document.uri),
          start: selection.start,
          end: selection.end,
          text: document.getText(selection),
        });
        if (attachment) await views.attach(chats.active, attachment);
      },
      // From the Explorer (the clicked file and the other selected ones), an editor tab's menu, or the active editor.
      [COMMANDS.addFileToChat]: async (uri?: unknown, uris?: unknown) => {
        const picked = (Array.isArray(uris) && uris.length ? uris : [uri ?? vscode.window.activeTextEditor?.document.uri]).filter(
          (u): u is vscode.Uri => u instanceof vscode.Uri && u.scheme === 'file',
        );
        for (const file of picked) await views.attach(chats.active, { type: 'file', path: file.fsPath, name: vscode.workspace.asRelativePath(file) });
      },
      [COMMANDS.showAgentMenu]: () => showAgentMenu(isSignedIn(chats.host.status)),
      [COMMANDS.showLog]: () => core.log.show(),
      [COMMANDS.downloadClaudeCode]: () => claudeCode.download(),
      [COMMANDS.locateClaudeCode]: () => claudeCode.locate(),
      // Only an id the presenter issued for its "Use claude" button: a path from anywhere else is not taken.
      [COMMANDS.useClaudeCode]: (id?: unknown) => {
        const path = presenter.offeredClaudePath(id);
        return path !== undefined ? claudeCode.use(path) : false;
      },
      [COMMANDS.removeDownloadedClaudeCode]: reporting(core, vscode.l10n.t('Removing the downloaded Claude Code'), () => claudeCode.remove()),
      [COMMANDS.exportConversation]: inActiveChat(core, vscode.l10n.t('Exporting the chat'), (chat) =>
        exportConversation(chat, core.parts.get(chat, USAGE).usage.exportNotes()),
      ),
    },
    test: { history },
  };
}
