// Every command the extension contributes, registered here and only here. A chat command acts on the chat the user
// is in (`chats.active`), except the side view's own title-bar buttons, which act on the side view's chat.
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import type { Logger } from '../acpClient/logger';
import type { ChatRegistry } from '../chat/chatRegistry';
import type { ClaudeCodeSetup } from '../agents/claudeCode/claudeCodeSetup';
import type { PermissionController } from '../permissionUI/permissionController';
import type { UserErrorPresenter } from '../feedback/userErrorPresenter';
import type { HistoryPicker } from '../workbench/historyPicker';
import type { SignIn } from '../workbench/signIn/signInCommands';
import type { ChatViews } from '../webview/host/chatViews';
import { selectionAttachment } from '../webview/host/selectionAttachment';
import { COMMANDS } from '../contributions/commandIds';
import { DIFF_NOT_ASKING } from '../feedback/userErrors';
import type { DiffAnswer } from '../review/diffApprovalChoices';
import type { DiffApprovals } from '../review/diffApprovals';
import type { EditorReview } from '../review/editorReview';
import type { PermissionsView } from '../grants/permissionsView';
import type { ChatWorktrees } from '../worktrees/chatWorktrees';
import { workspaceFolderPaths } from '../workbench/locationOpener';
import { showAgentMenu } from '../workbench/agentStatusItem';
import { bindContextKeys } from './contextKeys';
import { isSignedIn } from '../chat/chatStatus';

export interface CommandDeps {
  chats: ChatRegistry;
  views: ChatViews;
  permissions: PermissionController;
  presenter: UserErrorPresenter;
  history: HistoryPicker;
  signIn: SignIn;
  claudeCode: ClaudeCodeSetup;
  /** Allow, Allow Always and Deny in the title bar of a diff opened for an approval. */
  diffApprovals: DiffApprovals;
  /** The agent's changes under review in the editor. */
  review: EditorReview;
  showLog(): void;
  logger: Logger;
  /** "Add Agent from Registry…" (loaded on first use); `id` skips the picker. */
  addAgentFromRegistry(id?: string): Promise<unknown>;
  /** Shows or hides the Permissions view under the chat. */
  showPermissions(shown: boolean): Promise<void>;
  /** Takes back `chat`'s last code restore. */
  undoRestore(chat: Chat): Promise<unknown>;
  /** Writes `chat`'s conversation to a Markdown file the user picks. */
  exportConversation(chat: Chat): Promise<unknown>;
  /** Lists the MCP servers the agent's sessions get, with their state and tools. */
  showMcpServers(): Promise<void>;
  /** The chats' git worktrees: New Chat in Worktree, Manage Worktrees. */
  worktrees: Pick<ChatWorktrees, 'create' | 'manage'>;
  /** The Permissions view: Claude Code's rules in its settings files. */
  permissionsView: Pick<PermissionsView, 'addRule' | 'removeRule' | 'openSettingsFile' | 'refresh'>;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable {
  const { chats, views, permissions, presenter, history, signIn, claudeCode } = deps;
  /** Runs `op` on the chat the user is in; a failure is shown in that chat. */
  const inActiveChat = (what: string, op: (chat: Chat) => Promise<unknown>) => async () => {
    const chat = chats.active;
    try {
      await op(chat);
    } catch (err) {
      presenter.report(err, { chat, what });
    }
  };
  /** Answers the diff's approval: the diff clicked (its title bar passes its resource), else the active tab. */
  const answerFromDiff = (answer: DiffAnswer) => async (target?: unknown) => {
    if (!(await deps.diffApprovals.answer(answer, target))) presenter.showMessage(DIFF_NOT_ASKING.message, DIFF_NOT_ASKING.severity, DIFF_NOT_ASKING.actions);
  };
  const reporting = (what: string, op: () => Promise<unknown>) => async () => {
    try {
      await op();
    } catch (err) {
      presenter.report(err, { what });
    }
  };
  const commands: Record<(typeof COMMANDS)[keyof typeof COMMANDS], (...args: unknown[]) => unknown> = {
    [COMMANDS.newSession]: inActiveChat(vscode.l10n.t('Starting a new session'), (chat) => chat.newSession()),
    [COMMANDS.newSessionInView]: reporting(vscode.l10n.t('Starting a new session'), () => chats.sideView.newSession()),
    [COMMANDS.openConversation]: () => history.show(chats.active),
    [COMMANDS.openConversationInView]: () => history.show(chats.sideView),
    [COMMANDS.newChatInEditor]: () => views.openTab(),
    [COMMANDS.openChatInEditor]: () => views.showSideViewChatInTab(),
    [COMMANDS.cancelTurn]: inActiveChat(vscode.l10n.t('Stopping the turn'), (chat) => chat.cancel()),
    [COMMANDS.restartAgent]: inActiveChat(vscode.l10n.t('Restarting the agent'), (chat) => chats.restart(chat)),
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
    [COMMANDS.showLog]: () => deps.showLog(),
    [COMMANDS.downloadClaudeCode]: () => claudeCode.download(),
    [COMMANDS.locateClaudeCode]: () => claudeCode.locate(),
    // Only an id the presenter issued for its "Use claude" button: a path from anywhere else is not taken.
    [COMMANDS.useClaudeCode]: (id?: unknown) => {
      const path = presenter.offeredClaudePath(id);
      return path !== undefined ? claudeCode.use(path) : false;
    },
    [COMMANDS.removeDownloadedClaudeCode]: reporting(vscode.l10n.t('Removing the downloaded Claude Code'), () => claudeCode.remove()),
    [COMMANDS.signIn]: (methodId?: unknown) => signIn.signIn(typeof methodId === 'string' ? methodId : undefined),
    [COMMANDS.setApiKey]: () => signIn.askForApiKey(),
    [COMMANDS.signOut]: () => signIn.signOut(),
    [COMMANDS.addAgentFromRegistry]: (id?: unknown) => deps.addAgentFromRegistry(typeof id === 'string' ? id : undefined),
    [COMMANDS.permissionsShow]: () => deps.showPermissions(true),
    [COMMANDS.permissionsHide]: () => deps.showPermissions(false),
    [COMMANDS.undoRestore]: inActiveChat(vscode.l10n.t('Undoing the code restore'), (chat) => deps.undoRestore(chat)),
    [COMMANDS.exportConversation]: inActiveChat(vscode.l10n.t('Exporting the conversation'), (chat) => deps.exportConversation(chat)),
    [COMMANDS.showMcpServers]: reporting(vscode.l10n.t('Listing the MCP servers'), () => deps.showMcpServers()),
    [COMMANDS.newChatInWorktree]: inActiveChat(vscode.l10n.t('Starting a chat in a worktree'), (chat) => deps.worktrees.create(chat, workspaceFolderPaths())),
    [COMMANDS.manageWorktrees]: reporting(vscode.l10n.t('Managing the worktrees'), () => deps.worktrees.manage(chats)),
    [COMMANDS.diffApprovalAllow]: answerFromDiff('allow'),
    [COMMANDS.diffApprovalAllowAlways]: answerFromDiff('allowAlways'),
    [COMMANDS.diffApprovalDeny]: answerFromDiff('deny'),
    // Keep and Undo of one hunk: from its CodeLens (path and hunk id), or at the cursor from the keyboard.
    [COMMANDS.reviewKeep]: (path?: unknown, id?: unknown) => typeof path === 'string' && typeof id === 'string' && deps.review.keep(path, id),
    [COMMANDS.reviewUndo]: (path?: unknown, id?: unknown) => typeof path === 'string' && typeof id === 'string' && deps.review.undo(path, id),
    [COMMANDS.reviewKeepAtCursor]: async () => {
      const at = await deps.review.atCursor();
      if (at) await deps.review.keep(at.path, at.id);
    },
    [COMMANDS.reviewUndoAtCursor]: async () => {
      const at = await deps.review.atCursor();
      if (at) await deps.review.undo(at.path, at.id);
    },
    // Keep All / Undo All in the editor title: for the file shown (the title passes its URI), else the active editor's.
    [COMMANDS.reviewKeepFile]: (uri?: unknown) => {
      const path = fileOf(uri);
      if (path) deps.review.keepFile(path);
    },
    [COMMANDS.reviewUndoFile]: (uri?: unknown) => {
      const path = fileOf(uri);
      return path ? deps.review.undoFile(path) : undefined;
    },
    [COMMANDS.reviewNext]: () => deps.review.go(1),
    [COMMANDS.reviewPrevious]: () => deps.review.go(-1),
    // A rule's Remove and a file's Open get the item they were run on; from the palette, Open asks which file.
    [COMMANDS.permissionsAddRule]: reporting(vscode.l10n.t('Adding a permission rule'), () => deps.permissionsView.addRule()),
    [COMMANDS.permissionsRemoveRule]: (item?: unknown) => reporting(vscode.l10n.t('Removing a permission rule'), () => deps.permissionsView.removeRule(item))(),
    [COMMANDS.permissionsOpenSettingsFile]: (item?: unknown) =>
      reporting(vscode.l10n.t('Opening the settings file'), () => deps.permissionsView.openSettingsFile(item))(),
    [COMMANDS.permissionsRefresh]: reporting(vscode.l10n.t('Reading the settings files'), () => deps.permissionsView.refresh()),
  };
  // "Show Pending Approval" brings the chat whose session asked forward: its tab, else the side view.
  const reveal = permissions.onDidRequestReveal((p) => {
    const chat = chats.forSession(p.sessionId) ?? chats.sideView;
    void views.reveal(chat);
  });
  return vscode.Disposable.from(
    reveal,
    bindContextKeys(chats, permissions.broker, deps.logger),
    ...Object.entries(commands).map(([id, run]) => vscode.commands.registerCommand(id, run)),
  );
}

/** The file an editor-title command is for: the URI it was given, else the active editor's. */
function fileOf(uri: unknown): string | undefined {
  if (uri instanceof vscode.Uri && uri.scheme === 'file') return uri.fsPath;
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === 'file' ? active.fsPath : undefined;
}
