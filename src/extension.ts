// Composition root: builds the parts and wires them together. Nothing starts until the chat view is shown or a
// command runs (activation is driven by the contributed view and commands).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ChatService } from './acpClient/chatService';
import { parseLaunchSettings, resolveAgentLaunch } from './acpClient/agentLaunch';
import type { Logger } from './acpClient/logger';
import { EditorActions } from './editor/editorActions';
import { TurnChangeTracker } from './editor/turnChangeTracker';
import { TurnReview } from './editor/turnReview';
import { AgentFollower } from './editor/agentFollower';
import { resolveInWorkspace, WorkspaceFiles } from './editor/workspaceFiles';
import { openAgentTerminal } from './editor/agentTerminals';
import { workspaceFolderPaths } from './editor/locationOpener';
import { CommandRuns } from './acpClient/commandRuns';
import { PendingAttention } from './permissionUI/pendingAttention';
import { PermissionController } from './permissionUI/permissionController';
import { ChatPanel, OPEN_CHAT_IN_EDITOR_COMMAND } from './webview/chatPanel';
import { ChatViewProvider } from './webview/chatViewProvider';
import { createChatActions, createChatSource } from './webview/chatBindings';
import type { ChatWebviewDeps } from './webview/chatWebviewController';
import { selectionAttachment } from './webview/selectionAttachment';
import { turnChangesActions, turnChangesSource } from './webview/turnChangesBinding';
import { followAgentActions, followAgentSource } from './webview/followAgentBinding';
import { errorMessage } from './acpClient/errors';

export function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('ACP Chat', { log: true });
  const logger = outputLogger(log);
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const editor = new EditorActions(logger);
  const permissions = new PermissionController({ logger, editor, inspectable: testing });
  const files = new WorkspaceFiles(logger);
  const terminals = new CommandRuns({
    logger,
    defaultCwd: () => workspaceCwd(context),
    checkCwd: (cwd) => resolveInWorkspace(cwd, workspaceFolderPaths()),
    display: openAgentTerminal,
  });
  const chat = new ChatService({
    resolveLaunch: () => resolveAgentLaunch(launchInput(context, logger)),
    cwd: () => workspaceCwd(context),
    hooks: permissions.hooks,
    logger,
    clientInfo: { name: 'acp-chat-vscode', version: String(context.extension.packageJSON.version ?? '0.0.0') },
    initialMode: () => vscode.workspace.getConfiguration('acpChat').get<string>('initialMode') || undefined,
    files,
    terminals,
  });
  const cwd = () => workspaceCwd(context);
  const turnChanges = new TurnChangeTracker(chat, logger, cwd);
  const turnReview = new TurnReview(turnChanges, logger);
  const chatSource = createChatSource(chat, permissions);
  const follower = new AgentFollower(chat, context.globalState, logger);
  const source = { ...chatSource, ...turnChangesSource(turnChanges), ...followAgentSource(follower) };
  const actions = { ...createChatActions(chat, permissions, editor, logger), ...turnChangesActions(turnReview), ...followAgentActions(follower) };
  const deps: ChatWebviewDeps = { extensionUri: context.extensionUri, source, actions, log };
  const view = new ChatViewProvider(deps);
  const attention = new PendingAttention(permissions.broker, (n) => view.setPendingApprovals(n), logger);

  context.subscriptions.push(
    log,
    editor,
    permissions,
    attention,
    chatSource,
    turnChanges,
    turnReview,
    follower,
    { dispose: () => chat.dispose() },
    { dispose: () => terminals.dispose() },
    view,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    permissions.onDidRequestReveal(() => void view.reveal()),
    // Show the agent's start-up error where the user is looking.
    chat.onDidChangeStatus((s) => {
      if (s.state === 'error') void vscode.window.showErrorMessage(`ACP Chat: ${s.message.split('\n')[0]}`, 'Show Log').then((c) => c && log.show());
    }),
    vscode.commands.registerCommand('acpChat.newSession', () => run(logger, 'New session', () => chat.newSession())),
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
  return testing ? { chat, permissions, editor, turnChanges, turnReview, follower } : undefined;
}

export function deactivate() {}

/** Where sessions run (and whose tracked files a turn's snapshot covers). */
function workspaceCwd(context: vscode.ExtensionContext): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? context.globalStorageUri.fsPath;
}

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

function outputLogger(log: vscode.LogOutputChannel): Logger {
  const text = (msg: string, rest: unknown[]) =>
    [msg, ...rest.map((r) => (r instanceof Error ? (r.stack ?? r.message) : typeof r === 'string' ? r : JSON.stringify(r)))].join(' ');
  return {
    info: (m, ...r) => log.info(text(m, r)),
    warn: (m, ...r) => log.warn(text(m, r)),
    error: (m, ...r) => log.error(text(m, r)),
    debug: (m, ...r) => log.debug(text(m, r)),
  };
}

async function run(logger: Logger, what: string, op: () => Promise<unknown>): Promise<void> {
  try {
    await op();
  } catch (err) {
    const message = errorMessage(err);
    logger.error(`[command] ${what} failed: ${message}`);
    void vscode.window.showErrorMessage(`ACP Chat: ${what} failed: ${message.split('\n')[0]}`);
  }
}
