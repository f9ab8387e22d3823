// Composition root: builds the parts and wires them together. Nothing starts until the chat view is shown or a
// command runs (activation is driven by the contributed view and commands).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ChatService } from './acpClient/chatService';
import { parseLaunchSettings, resolveAgentLaunch, usesBundledAdapter } from './acpClient/agentLaunch';
import { ClaudeCodeOffer } from './claudeCode/claudeCodeOffer';
import { ClaudeCodeSetup, DOWNLOAD_COMMAND, LOCATE_COMMAND, REMOVE_COMMAND } from './claudeCode/claudeCodeSetup';
import { ClaudeCodeNotFoundError } from './claudeCode/errors';
import type { Logger } from './acpClient/logger';
import { EditorActions } from './editor/editorActions';
import { PendingAttention } from './permissionUI/pendingAttention';
import { PermissionController } from './permissionUI/permissionController';
import { ChatPanel, OPEN_CHAT_IN_EDITOR_COMMAND } from './webview/chatPanel';
import { ChatViewProvider } from './webview/chatViewProvider';
import { createChatActions, createChatSource } from './webview/chatBindings';
import type { ChatWebviewDeps } from './webview/chatWebviewController';
import { selectionAttachment } from './webview/selectionAttachment';
import { errorMessage } from './acpClient/errors';

export function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('ACP Chat', { log: true });
  const logger = outputLogger(log);
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const editor = new EditorActions(logger);
  const permissions = new PermissionController({ logger, editor, inspectable: testing });
  const claudeCode = new ClaudeCodeSetup({
    extensionPath: context.extensionPath,
    globalStorageDir: context.globalStorageUri.fsPath,
    logger,
    // Start the agent with it now: the chat was left showing what was missing.
    onInstalled: () => void chat.ensureSession().catch(() => {}),
  });
  const claudeCodeOffer = new ClaudeCodeOffer(claudeCode);
  const chat = new ChatService({
    resolveLaunch: () => resolveLaunch(launchInput(context, logger), claudeCode, claudeCodeOffer),
    cwd: () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? context.globalStorageUri.fsPath,
    hooks: permissions.hooks,
    logger,
    clientInfo: { name: 'acp-chat-vscode', version: String(context.extension.packageJSON.version ?? '0.0.0') },
    initialMode: () => vscode.workspace.getConfiguration('acpChat').get<string>('initialMode') || undefined,
  });
  const source = createChatSource(chat, permissions);
  const deps: ChatWebviewDeps = { extensionUri: context.extensionUri, source, actions: createChatActions(chat, permissions, editor, logger), log };
  const view = new ChatViewProvider(deps);
  const attention = new PendingAttention(permissions.broker, (n) => view.setPendingApprovals(n), logger);

  context.subscriptions.push(
    log,
    editor,
    permissions,
    attention,
    source,
    { dispose: () => chat.dispose() },
    view,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    permissions.onDidRequestReveal(() => void view.reveal()),
    // Show the agent's start-up error where the user is looking.
    chat.onDidChangeStatus((s) => {
      if (s.state === 'error' && !claudeCodeOffer.presents(s.message)) void vscode.window.showErrorMessage(`ACP Chat: ${s.message.split('\n')[0]}`, 'Show Log').then((c) => c && log.show());
    }),
    vscode.commands.registerCommand('acpChat.newSession', () => run(logger, 'New session', () => chat.newSession())),
    vscode.commands.registerCommand(OPEN_CHAT_IN_EDITOR_COMMAND, () => ChatPanel.show(deps)),
    vscode.commands.registerCommand('acpChat.cancelTurn', () => run(logger, 'Stop', () => chat.cancel())),
    vscode.commands.registerCommand('acpChat.restartAgent', () => run(logger, 'Restart', () => chat.restart())),
    vscode.commands.registerCommand('acpChat.showLog', () => log.show()),
    vscode.commands.registerCommand(DOWNLOAD_COMMAND, () => claudeCode.download()),
    vscode.commands.registerCommand(LOCATE_COMMAND, () => claudeCode.locate()),
    vscode.commands.registerCommand(REMOVE_COMMAND, () => run(logger, 'Remove Downloaded Claude Code', () => claudeCode.remove())),
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
  return testing ? { chat, permissions, editor } : undefined;
}

export function deactivate() {}

/** The agent's launch; for the bundled adapter, with the Claude Code it is to run (other agents are left alone). */
async function resolveLaunch(input: ReturnType<typeof launchInput>, claudeCode: ClaudeCodeSetup, offer: ClaudeCodeOffer) {
  const launch = resolveAgentLaunch(input); // first: a missing adapter or an old Node is the problem to report
  if (!usesBundledAdapter(input.settings)) return launch;
  try {
    const resolved = await claudeCode.resolve({ ...input.baseEnv, ...input.settings.env });
    return resolveAgentLaunch({ ...input, claudeCodeExecutable: resolved.path });
  } catch (err) {
    if (err instanceof ClaudeCodeNotFoundError) offer.offer(err);
    throw err;
  }
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
