// Composition root: builds the parts and wires them together. Nothing starts until the chat view is shown or a
// command runs (activation is driven by the contributed view and commands).
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ChatService } from './chat/chatService';
import { parseLaunchSettings, resolveAgentLaunch, usesBundledAdapter } from './agents/agentLaunch';
import { ClaudeCodeSetup, DOWNLOAD_COMMAND, LOCATE_COMMAND, REMOVE_COMMAND, USE_COMMAND } from './agents/claudeCode/claudeCodeSetup';
import type { Logger } from './acp/logger';
import { EditorActions } from './workbench/editorActions';
import { TurnReview } from './workbench/turnReview';
import { resolveInWorkspace, WorkspaceFiles } from './workbench/workspaceFiles';
import { openAgentTerminal } from './workbench/agentTerminals';
import { workspaceFolderPaths } from './workbench/locationOpener';
import { CommandRuns } from './acp/commandRuns';
import { PendingAttention } from './approvals/pendingAttention';
import { PermissionController } from './approvals/permissionController';
import { ChatPanel, NEW_CHAT_IN_EDITOR_COMMAND, OPEN_CHAT_IN_EDITOR_COMMAND } from './webview/host/chatPanel';
import { ChatViewProvider } from './webview/host/chatViewProvider';
import { createChatActions, createChatSource } from './webview/host/chatBindings';
import type { ChatWebviewDeps } from './webview/host/chatWebviewController';
import { selectionAttachment } from './webview/host/selectionAttachment';
import { createEditorSide } from './webview/host/editorSideBinding';
import { AgentChoice, agentPickerActions, agentPickerSource } from './webview/host/agentPickerBinding';
import { launchSettingsFor, type AgentEntry } from './agents/agentList';
import type { ChatSlot } from './chat/conversation';
import { errorMessage } from './acp/errors';
import { UserErrorPresenter } from './feedback/userErrorPresenter';
import { ApiKeyStore } from './workbench/signIn/apiKeyStore';
import { SignIn } from './workbench/signIn/signInCommands';

import { autoRestart } from './chat/autoRestart';
import { chatHistory } from './chat/historySource';
import { SessionStore, trackSessions } from './chat/sessionStore';
import { ChatTabs } from './webview/host/chatTabs';
import { HistoryPicker } from './workbench/historyPicker';

export function activate(context: vscode.ExtensionContext) {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('ACP Chat', { log: true });
  const logger = outputLogger(log);
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const editor = new EditorActions(logger);
  const permissions = new PermissionController({ logger, editor, inspectable: testing });
  const keys = new ApiKeyStore(context.secrets);
  const claudeCode = new ClaudeCodeSetup({
    extensionPath: context.extensionPath,
    globalStorageDir: context.globalStorageUri.fsPath,
    logger,
    // Start the agent with it now: the chat was left showing what was missing.
    onInstalled: () => void chat.ensureSession().catch(() => undefined), // a failure is reported through onDidFail
    report: (err, what) => presenter.report(err, { what }),
  });
  const sessions = new SessionStore(context.workspaceState, logger);
  const agents = new AgentChoice(context.globalState, logger);
  // The agent picked in the chat header; only the bundled Claude entry gets Claude Code and the stored API key.
  // The stored key is an Anthropic key for the bundled Claude adapter; no other agent gets it or is offered it.
  const apiKeyApplies = () => usesBundledAdapter(launchSettingsFor(agents.selected, { path: vscode.workspace.getConfiguration('acpChat.agent').get<string>('path') }));
  const resolveLaunch = () => launchWithClaudeCode(launchInput(context, logger, agents.selected), keys, claudeCode);
  const cwd = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const files = new WorkspaceFiles(logger);
  const terminals = new CommandRuns({
    logger,
    defaultCwd: () => cwd() ?? homedir(),
    checkCwd: (dir) => resolveInWorkspace(dir, workspaceFolderPaths()),
    display: openAgentTerminal,
  });
  const chat = new ChatService({
    resolveLaunch,
    cwd,
    trusted: () => vscode.workspace.isTrusted,
    initializeTimeoutMs: () => Math.max(1, vscode.workspace.getConfiguration('acpChat.agent').get<number>('initializeTimeout') ?? 60) * 1000,
    hooks: permissions.hooks,
    logger,
    clientInfo: { name: 'acp-chat-vscode', version: String(context.extension.packageJSON.version ?? '0.0.0') },
    initialMode: () => vscode.workspace.getConfiguration('acpChat').get<string>('initialMode') || undefined,
    files,
    terminals,
    resumeSessionId: () => sessions.currentId(),
  });
  // `view` is created below; the presenter asks it only later, when there is something to show.
  const presenter = new UserErrorPresenter({ chat, logger, isChatVisible: () => view.isVisible || !!ChatPanel.active?.panel.visible, apiKeyApplies });
  const signIn = new SignIn({ chat, keys, presenter, logger, resolveLaunch, cwd, apiKeyApplies });
  const turnReview = new TurnReview(logger);
  const followToggled = new vscode.EventEmitter<void>();
  const editorSide = (slot: ChatSlot) => createEditorSide(slot, { review: turnReview, memento: context.globalState, followToggled, presenter, logger, cwd });
  const mainSide = editorSide(chat);
  const history = new HistoryPicker(chatHistory(chat, sessions), (what, err) => presenter.report(err, { what }));
  const chatSource = createChatSource(chat, permissions, presenter);
  const agentPicker = { source: agentPickerSource(agents), actions: agentPickerActions(agents, chat) };
  const source = { ...chatSource, ...mainSide.source, ...agentPicker.source };
  const actions = { ...createChatActions(chat, permissions, editor, logger, presenter, chat, () => history.show(chat)), ...mainSide.actions, ...agentPicker.actions };
  // The webviews log through the logger, which survives a channel closed by deactivation.
  const chatLog = { debug: (m: string) => logger.debug?.(m), warn: (m: string) => logger.warn(m), error: (m: string | Error) => (typeof m === 'string' ? logger.error(m) : logger.error(m.message, m)) };
  const deps: ChatWebviewDeps = { extensionUri: context.extensionUri, source, actions, log: chatLog, reportError: (err, what) => presenter.report(err, { what }) };
  const view = new ChatViewProvider(deps);
  const attention = new PendingAttention(permissions.broker, (n) => view.setPendingApprovals(n), logger);
  const tabs = new ChatTabs({
    chat,
    permissions,
    editor,
    presenter,
    logger,
    base: { extensionUri: context.extensionUri, log: chatLog, reportError: (err, what) => presenter.report(err, { what }) },
    openHistory: (into) => history.show(into),
    editorSide,
    agentPicker,
  });

  // Disposed last-in first-out, so the log outlives everything that may still log while it shuts down (the agent's
  // pending requests are answered `cancelled` on dispose, and their listeners log).
  const parts: vscode.Disposable[] = [];
  shutdown = () => disposeInReverse(parts);
  context.subscriptions.push({ dispose: shutdown });
  parts.push(
    log,
    keys,
    editor,
    permissions,
    attention,
    { dispose: () => terminals.dispose() },
    { dispose: () => chat.dispose() },
    presenter,
    chatSource,
    turnReview,
    followToggled,
    mainSide,
    agents,
    trackSessions(chat, sessions),
    autoRestart(chat, { enabled: () => vscode.workspace.getConfiguration('acpChat').get<boolean>('autoRestartAgent') === true, logger }),
    history,
    view,
    tabs,
    signIn.register(),
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    // "Show Pending Approval" reveals the chat whose session asked: its tab, else the side view.
    permissions.onDidRequestReveal((p) => {
      if (!tabs.reveal(p.sessionId)) void view.reveal();
    }),
    // A workspace trusted while the chat shows the Restricted Mode notice: start now.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (view.isVisible) chat.ensureSession().catch(() => undefined); // a failure is reported through onDidFail
    }),
    vscode.commands.registerCommand('acpChat.newSession', () => run(presenter, 'Starting a new session', () => chat.newSession())),
    vscode.commands.registerCommand('acpChat.openConversation', () => history.show(tabs.activeConversation() ?? chat)),
    vscode.commands.registerCommand(NEW_CHAT_IN_EDITOR_COMMAND, () => tabs.open()),
    vscode.commands.registerCommand(OPEN_CHAT_IN_EDITOR_COMMAND, () => ChatPanel.show(deps)),
    vscode.commands.registerCommand('acpChat.cancelTurn', () => run(presenter, 'Stopping the turn', () => chat.cancel())),
    vscode.commands.registerCommand('acpChat.restartAgent', () => run(presenter, 'Restarting the agent', () => chat.restart())),
    vscode.commands.registerCommand('acpChat.showLog', () => log.show()),
    vscode.commands.registerCommand(DOWNLOAD_COMMAND, () => claudeCode.download()),
    vscode.commands.registerCommand(LOCATE_COMMAND, () => claudeCode.locate()),
    vscode.commands.registerCommand(USE_COMMAND, (path: unknown) => (typeof path === 'string' ? claudeCode.use(path) : false)),
    // Loaded on first use: the registry's parser (zod) and the installer (tar) are not activation's cost.
    vscode.commands.registerCommand('acpChat.addAgentFromRegistry', async (id: unknown) => {
      const { addAgentFromRegistry } = await import('./agents/registry/addAgentFromRegistry');
      return addAgentFromRegistry({ storageDir: join(context.globalStorageUri.fsPath, 'agents'), logger, report: (err, what) => presenter.report(err, { what }) }, typeof id === 'string' ? id : undefined);
    }),
    vscode.commands.registerCommand(REMOVE_COMMAND, () => run(presenter, 'Removing the downloaded Claude Code', () => claudeCode.remove())),
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
  // Our part of activation (VS Code's own comes around it); the bench reads it from the tests' view below.
  const activationMs = performance.now() - started;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  // Only the extension-host tests look inside (ExtensionMode.Test; `actions` is the chat webview's entry point, to act
  // as the webview does); there is no public API.
  return testing
    ? {
        chat,
        permissions,
        editor,
        signIn,
        presenter,
        keys,
        actions,
        logDir: context.logUri.fsPath,
        history,
        sessions,
        tabs,
        context,
        turnChanges: mainSide.turnChanges,
        turnReview,
        follower: mainSide.follower,
        agents,
        activationMs,
      }
    : undefined;
}

function disposeInReverse(parts: vscode.Disposable[]): void {
  for (const part of parts.splice(0).reverse()) {
    try {
      part.dispose();
    } catch (err) {
      console.error('[ACP Chat] dispose failed', err);
    }
  }
}

/** Set by activate(): disposes what it built, the log last. */
let shutdown: (() => void) | undefined;

export function deactivate() {
  shutdown?.();
  shutdown = undefined;
}

/**
 * The agent's launch; for the bundled adapter, with the stored API key and the Claude Code it is to run (other agents
 * are left alone). Claude Code missing rejects with ClaudeCodeNotFoundError, a start failure the presenter words.
 */
async function launchWithClaudeCode(input: ReturnType<typeof launchInput>, keys: ApiKeyStore, claudeCode: ClaudeCodeSetup) {
  const withKey = { ...input, apiKey: await keys.get() };
  const launch = resolveAgentLaunch(withKey); // first: a missing adapter or an old Node is the problem to report
  if (!usesBundledAdapter(input.settings)) return launch;
  const resolved = await claudeCode.resolve({ ...input.baseEnv, ...input.settings.env });
  return resolveAgentLaunch({ ...withKey, claudeCodeExecutable: resolved.path });
}

function launchInput(context: vscode.ExtensionContext, logger: Logger, agent: AgentEntry) {
  const config = vscode.workspace.getConfiguration('acpChat.agent');
  const { settings: claude, problems } = parseLaunchSettings({ path: config.get('path'), args: config.get('args'), env: config.get('env') });
  for (const p of problems) {
    logger.warn(`[settings] ${p}`);
    void vscode.window.showWarningMessage(`ACP Chat: ${p}`);
  }
  const entry = join(context.extensionPath, 'node_modules', '@agentclientprotocol', 'claude-agent-acp', 'dist', 'index.js');
  return {
    settings: launchSettingsFor(agent, claude),
    // The extension host's own runtime: Electron run as Node inside VS Code, plain Node in the VS Code server.
    node: { path: process.execPath, version: process.versions.node, env: { ELECTRON_RUN_AS_NODE: '1' } },
    adapterEntry: existsSync(entry) ? entry : undefined,
    baseEnv: process.env,
  };
}

function outputLogger(log: vscode.LogOutputChannel): Logger {
  const text = (msg: string, rest: unknown[]) =>
    [msg, ...rest.map((r) => (r instanceof Error ? (r.stack ?? r.message) : typeof r === 'string' ? r : JSON.stringify(r)))].join(' ');
  // The agent's exit and the answers to its requests are logged asynchronously, possibly after deactivation closed
  // the channel (which then throws): those lines go to the console instead of becoming uncaught errors.
  const write = (level: 'info' | 'warn' | 'error' | 'debug') => (m: string, ...r: unknown[]) => {
    const line = text(m, r);
    try {
      log[level](line);
    } catch {
      console[level === 'debug' ? 'log' : level](`[ACP Chat] ${line}`);
    }
  };
  return { info: write('info'), warn: write('warn'), error: write('error'), debug: write('debug') };
}

async function run(presenter: UserErrorPresenter, what: string, op: () => Promise<unknown>): Promise<void> {
  try {
    await op();
  } catch (err) {
    presenter.report(err, { what });
  }
}
