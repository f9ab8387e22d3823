// Composition root: builds the parts and wires them together. Nothing starts until the chat view is shown or a
// command runs (activation is driven by the contributed view and commands).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ChatService } from './acpClient/chatService';
import { parseLaunchSettings, resolveAgentLaunch } from './acpClient/agentLaunch';
import type { Logger } from './acpClient/logger';
import { EditorActions } from './editor/editorActions';
import { PendingAttention } from './permissionUI/pendingAttention';
import { PermissionController } from './permissionUI/permissionController';
import { ChatPanel, NEW_CHAT_IN_EDITOR_COMMAND, OPEN_CHAT_IN_EDITOR_COMMAND } from './webview/chatPanel';
import { ChatTabs } from './conversations/chatTabs';
import { ChatViewProvider } from './webview/chatViewProvider';
import { createChatActions, createChatSource } from './webview/chatBindings';
import type { ChatWebviewDeps } from './webview/chatWebviewController';
import { selectionAttachment } from './webview/selectionAttachment';
import { errorMessage } from './acpClient/errors';
import { autoRestart } from './acpClient/autoRestart';
import { chatHistory } from './acpClient/historySource';
import { SessionStore, trackSessions } from './acpClient/sessionStore';
import { HistoryPicker } from './conversations/historyPicker';

export function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('ACP Chat', { log: true });
  let logOpen = true;
  const logger = outputLogger(log, () => logOpen);
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const editor = new EditorActions(logger);
  const permissions = new PermissionController({ logger, editor, inspectable: testing });
  const sessions = new SessionStore(context.workspaceState, logger);
  const chat = new ChatService({
    resolveLaunch: () => resolveAgentLaunch(launchInput(context, logger)),
    cwd: () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? context.globalStorageUri.fsPath,
    hooks: permissions.hooks,
    logger,
    clientInfo: { name: 'acp-chat-vscode', version: String(context.extension.packageJSON.version ?? '0.0.0') },
    initialMode: () => vscode.workspace.getConfiguration('acpChat').get<string>('initialMode') || undefined,
    resumeSessionId: () => sessions.currentId(),
  });
  const history = new HistoryPicker(chatHistory(chat, sessions), (what, err) => reportFailure(logger, what, err));
  const source = createChatSource(chat, permissions);
  const deps: ChatWebviewDeps = {
    extensionUri: context.extensionUri,
    source,
    actions: createChatActions(chat, permissions, editor, logger, chat, () => history.show(chat)),
    log,
  };
  const view = new ChatViewProvider(deps);
  const attention = new PendingAttention(permissions.broker, (n) => view.setPendingApprovals(n), logger);
  const tabs = new ChatTabs({ chat, permissions, editor, logger, base: { extensionUri: context.extensionUri, log }, openHistory: (into) => history.show(into) });

  context.subscriptions.push(
    // The agent's exit is logged after deactivation disposed the channel; writing then would throw.
    { dispose: () => (logOpen = false) },
    log,
    editor,
    permissions,
    attention,
    source,
    { dispose: () => chat.dispose() },
    trackSessions(chat, sessions),
    autoRestart(chat, { enabled: () => vscode.workspace.getConfiguration('acpChat').get<boolean>('autoRestartAgent') === true, logger }),
    history,
    view,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    tabs,
    // "Show Pending Approval" reveals the chat whose session asked: its tab, else the side view.
    permissions.onDidRequestReveal((p) => {
      if (!tabs.reveal(p.sessionId)) void view.reveal();
    }),
    // Show the agent's start-up error where the user is looking.
    chat.onDidChangeStatus((s) => {
      if (s.state === 'error') void vscode.window.showErrorMessage(`ACP Chat: ${s.message.split('\n')[0]}`, 'Show Log').then((c) => c && log.show());
    }),
    vscode.commands.registerCommand('acpChat.newSession', () => run(logger, 'New session', () => chat.newSession())),
    vscode.commands.registerCommand('acpChat.openConversation', () => history.show(tabs.activeConversation() ?? chat)),
    vscode.commands.registerCommand(NEW_CHAT_IN_EDITOR_COMMAND, () => tabs.open()),
    vscode.commands.registerCommand(OPEN_CHAT_IN_EDITOR_COMMAND, () => ChatPanel.show(deps)),
    vscode.commands.registerCommand('acpChat.cancelTurn', () => run(logger, 'Stop', () => chat.cancel())),
    vscode.commands.registerCommand('acpChat.restartAgent', () => run(logger, 'Restart', () => chat.restart())),
    vscode.commands.registerCommand('acpChat.showLog', () => log.show()),
    vscode.commands.registerCommand('acpChat.addSelectionToChat', async () => {
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
      if (!attachment) return;
      if (ChatPanel.active) ChatPanel.active.attach(attachment);
      else await view.attach(attachment);
    }),
  );
  // Only the extension-host tests look inside (ExtensionMode.Test); there is no public API.
  return testing ? { chat, permissions, editor, history, sessions, tabs, context } : undefined;
}

export function deactivate() {}

function launchInput(context: vscode.ExtensionContext, logger: Logger) {
  const config = vscode.workspace.getConfiguration('acpChat.agent');
  const { settings, problems } = parseLaunchSettings({ path: config.get('path'), args: config.get('args'), env: config.get('env') });
  for (const p of problems) {
    logger.warn(`[settings] ${p}`);
    void vscode.window.showWarningMessage(`ACP Chat: ${p}`);
  }
  const entry = join(context.extensionPath, 'node_modules', '@agentclientprotocol', 'claude-agent-acp', 'dist', 'index.js');
  return {
    settings,
    // The extension host's own runtime: Electron run as Node inside VS Code, plain Node in the VS Code server.
    node: { path: process.execPath, version: process.versions.node, env: { ELECTRON_RUN_AS_NODE: '1' } },
    adapterEntry: existsSync(entry) ? entry : undefined,
    baseEnv: process.env,
  };
}

function outputLogger(log: vscode.LogOutputChannel, open: () => boolean = () => true): Logger {
  const text = (msg: string, rest: unknown[]) =>
    [msg, ...rest.map((r) => (r instanceof Error ? (r.stack ?? r.message) : typeof r === 'string' ? r : JSON.stringify(r)))].join(' ');
  return {
    info: (m, ...r) => open() && log.info(text(m, r)),
    warn: (m, ...r) => open() && log.warn(text(m, r)),
    error: (m, ...r) => open() && log.error(text(m, r)),
    debug: (m, ...r) => open() && log.debug(text(m, r)),
  };
}

async function run(logger: Logger, what: string, op: () => Promise<unknown>): Promise<void> {
  try {
    await op();
  } catch (err) {
    reportFailure(logger, what, err);
  }
}

function reportFailure(logger: Logger, what: string, err: unknown): void {
  const message = errorMessage(err);
  logger.error(`[command] ${what} failed: ${message}`);
  void vscode.window.showErrorMessage(`ACP Chat: ${what} failed: ${message.split('\n')[0]}`);
}
