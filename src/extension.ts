// Composition root: builds the parts in order, registers them, and keeps their disposables. Nothing starts until a
// chat view is shown or a command runs (activation is driven by the contributed views and commands).
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { AgentProcess } from './acpClient/agentProcess';
import { CommandRuns } from './acpClient/commandRuns';
import type { Logger } from './acpClient/logger';
import { AgentLauncher } from './agents/agentLauncher';
import { ClaudeCodeSetup } from './agents/claudeCode/claudeCodeSetup';
import { ProjectSettingsConsent } from './agents/projectSettingsConsent';
import { PendingAttention } from './permissionUI/pendingAttention';
import { PermissionController } from './permissionUI/permissionController';
import { AgentHost } from './chat/agentHost';
import { autoRestart } from './chat/autoRestart';
import { ChatRegistry } from './chat/chatRegistry';
import { chatHistory } from './chat/historySource';
import { SessionStore, trackSessions } from './chat/sessionStore';
import { TurnStartGate } from './chat/turnStartGate';
import { Checkpoints } from './checkpoints/checkpoints';
import { registerCommands } from './commands/registerCommands';
import { DiffApprovals } from './review/diffApprovals';
import { EDITOR_SERVER_NAME, EditorToolServer } from './ideTools/editorToolServer';
import { SessionMcpServers } from './mcpServers/sessionMcpServers';
import { UserMcpServers } from './mcpServers/userServers';
import { EditorReview } from './review/editorReview';
import { claudeLocations, PermissionsView } from './grants/permissionsView';
import { permissionsShown } from './grants/permissionsShown';
import { UserErrorPresenter } from './feedback/userErrorPresenter';
import { describeProjectSettingsLeftOut } from './feedback/userErrors';
import { AgentChoice } from './agents/agentChoice';
import { ChatViewProvider } from './webview/host/chatViewProvider';
import { ChatViews } from './webview/host/chatViews';
import { createEditorSide } from './webview/host/editorSideBinding';
import { followsAgent } from './workbench/agentFollower';
import { openAgentTerminal } from './workbench/agentTerminals';
import { EditorActions } from './workbench/editorActions';
import { agentStatusItem } from './workbench/agentStatusItem';
import { exportConversation } from './workbench/exportConversation';
import { HistoryPicker } from './workbench/historyPicker';
import { agentFolderPaths, workspaceFolderPaths } from './workbench/locationOpener';
import { ApiKeyStore } from './workbench/signIn/apiKeyStore';
import { SignIn } from './workbench/signIn/signInCommands';
import { WorkspaceFiles } from './workbench/workspaceFiles';
import { resolveInWorkspace } from './workbench/workspacePaths';
import { ChatWorktrees } from './worktrees/chatWorktrees';
import { ChatContext } from './chatContext/chatContext';
import { TerminalOutput } from './chatContext/terminalOutput';
import { WorktreeStore } from './worktrees/worktreeStore';
import { useTranslator } from './contributions/l10n';

export function activate(context: vscode.ExtensionContext) {
  const started = performance.now();
  // The modules that import no vscode word their text through contributions/l10n.ts: VS Code's l10n from here on.
  useTranslator(vscode.l10n.t);
  const log = vscode.window.createOutputChannel(vscode.l10n.t('ACP Chat'), { log: true });
  const logger = outputLogger(log);
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const settings = () => vscode.workspace.getConfiguration('acpChat');
  const cwd = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  /** A setting that decides how much runs without asking: the user's value only, never a workspace's. */
  const userValue = <T>(key: string): T | undefined => {
    const value = settings().inspect<T>(key);
    return value?.globalValue ?? value?.defaultValue;
  };

  // What the agent is launched with: the picked agent; for the bundled Claude adapter, Claude Code and the stored key.
  const keys = new ApiKeyStore(context.secrets);
  const agents = new AgentChoice(context.globalState, logger);
  const claudeCode = new ClaudeCodeSetup({ extensionPath: context.extensionPath, globalStorageDir: context.globalStorageUri.fsPath, logger });
  const projectSettings = new ProjectSettingsConsent(context.workspaceState, logger);
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  // The MCP servers every session gets: the editor's knowledge as tools, and the user's servers (trusted workspace).
  const editorTools = new EditorToolServer({
    logger,
    version,
    folders: agentFolderPaths,
    follows: () => followsAgent(context.globalState),
    enabled: () => userValue<boolean>('ideTools.enabled') !== false,
  });
  let say: (message: string) => void = () => undefined; // the presenter, once it is built below
  const mcpServers = new SessionMcpServers({
    editor: editorTools,
    user: new UserMcpServers({
      secrets: context.secrets,
      logger,
      folders: workspaceFolderPaths,
      trusted: () => vscode.workspace.isTrusted,
      reserved: [EDITOR_SERVER_NAME],
    }),
    logger,
    version,
    say: (message) => say(message),
  });
  const launcher = new AgentLauncher({
    extensionPath: context.extensionPath,
    logger,
    selected: () => agents.selected,
    keys,
    claudeCode,
    projectSettings,
    sessionTools: () => mcpServers.forSession(),
  });
  const resolveLaunch = (dir: string) => launcher.resolve(dir);
  const apiKeyApplies = () => launcher.apiKeyApplies();

  // Chats in their own git worktrees: where each session works, and the folders its fs/* and terminals may reach.
  const worktrees = new ChatWorktrees({
    store: new WorktreeStore(context.workspaceState, logger),
    logger,
    storageDir: context.storageUri?.fsPath,
    trusted: () => vscode.workspace.isTrusted,
    say: (message, severity, actions, chat) => presenter.showMessage(message, severity, actions, chat),
  });
  const sessionFolders = (sessionId: string) => worktrees.rootsOf(sessionId) ?? workspaceFolderPaths();

  // The agent and the chats on it.
  const editor = new EditorActions(logger);
  const permissions = new PermissionController({ logger, editor, inspectable: testing });
  // A turn's prompt leaves once its chat's snapshot of the files is taken (what Review and Revert compare with).
  const turnStarts = new TurnStartGate();
  const terminals = new CommandRuns({
    logger,
    defaultCwd: (sessionId) => worktrees.placeOf(sessionId)?.folder ?? cwd() ?? homedir(),
    checkCwd: (dir, sessionId) => resolveInWorkspace(dir, sessionFolders(sessionId)),
    display: openAgentTerminal,
  });
  let spawned: AgentProcess | undefined;
  const host = new AgentHost({
    resolveLaunch,
    cwd,
    trusted: () => vscode.workspace.isTrusted,
    initializeTimeoutMs: () => Math.max(1, settings().get<number>('agent.initializeTimeout') ?? 60) * 1000,
    hooks: { ...permissions.hooks, beforePrompt: (sessionId) => turnStarts.wait(sessionId) },
    logger,
    clientInfo: { name: 'acp-chat-vscode', version },
    // It decides how much new sessions ask: the user's value only, never a workspace's (application scope, and read so).
    initialMode: () => userValue<string>('initialMode') || undefined,
    files: new WorkspaceFiles(logger, sessionFolders),
    terminals,
    // In the extension-host tests only: the tests' view below reads the spawned process's id.
    spawn: testing ? (launch, dir, log) => (spawned = AgentProcess.spawn(launch, { cwd: dir, logger: log })) : undefined,
  });
  const sessions = new SessionStore(context.workspaceState, logger);
  const chats = new ChatRegistry(host, { logger, resumeSessionId: () => sessions.currentId(), placeOf: (sessionId) => worktrees.placeOf(sessionId) });

  // How they are shown.
  let views: ChatViews | undefined; // the presenter asks only once there is something to show
  const presenter = new UserErrorPresenter({ chats, logger, isChatVisible: () => views?.anyVisible ?? false, apiKeyApplies });
  say = (message) => presenter.showMessage(message, 'warning', ['showMcpServers']);
  const history = new HistoryPicker(
    chatHistory(chats, sessions, { branchOf: (id) => worktrees.branchOf(id), deleted: (id) => worktrees.offerDiscardWith(id, chats) }),
    (what, err) => presenter.report(err, { what }),
  );
  // Each turn's changes, kept per session in the workspace's storage: Review, Revert, and restore to before a prompt.
  const checkpoints = new Checkpoints(context.storageUri && join(context.storageUri.fsPath, 'checkpoints'), logger);
  // The agent's changes under review where the code is: Keep / Undo per hunk, from every chat's turns.
  const editorReview = new EditorReview({
    memento: context.workspaceState,
    logger,
    say: (message) => presenter.showMessage(message, 'warning', []),
    marksOn: () => settings().get<boolean>('review.marks') !== false,
    openAfterTurn: () => settings().get<'never' | 'preview' | 'focus'>('review.openAfterTurn') ?? 'never',
  });
  const followToggled = new vscode.EventEmitter<void>();
  /** A chat's durable answers changed: the Permissions view lists the active conversation's own. */
  const grantsChanged = new vscode.EventEmitter<void>();
  // Add Context in the composer: files, a symbol, the problems, a terminal's recent output, the git changes.
  const terminalOutput = new TerminalOutput(logger);
  const chatContext = new ChatContext({ terminals: terminalOutput, logger, say: (message, severity) => presenter.showMessage(message, severity, []) });
  views = new ChatViews({
    context: chatContext,
    chats,
    permissions,
    editor,
    presenter,
    agents,
    logger,
    extensionUri: context.extensionUri,
    // The webviews log through the logger, which survives a channel closed by deactivation.
    log: { debug: (m) => logger.debug?.(m), warn: (m) => logger.warn(m), error: (m) => (typeof m === 'string' ? logger.error(m) : logger.error(m.message, m)) },
    editorSide: (chat) =>
      createEditorSide(chat, {
        review: checkpoints.review,
        restore: checkpoints.restore,
        editorReview,
        checkpoints: checkpoints.store,
        memento: context.globalState,
        followToggled,
        grantsChanged,
        presenter,
        logger,
        cwd,
        turnStarts,
        worktrees,
        chats,
      }),
  });
  const chatViews = views;
  const attention = new PendingAttention(permissions.broker, (n) => chatViews.sideView.setPendingApprovals(n), logger);
  // A diff opened for an approval answers it from its title bar.
  const diffApprovals = new DiffApprovals({ permissions, editor, logger });
  // Claude Code's rules in its settings files, and this conversation's grants: the Permissions view.
  const permissionsView = new PermissionsView({
    locate: claudeLocations,
    trusted: () => vscode.workspace.isTrusted,
    logger,
    say: (message, severity, actions) => presenter.showMessage(message, severity, actions),
    sessionGrants: () => chatViews.editorSide(chats.active)?.grants.sessionGrants() ?? [],
    onDidChangeSessionGrants: (listener) =>
      vscode.Disposable.from(
        grantsChanged.event(listener),
        chats.onDidChangeActive(() => listener(undefined)),
      ),
  });
  const signIn = new SignIn({
    chats,
    keys,
    presenter,
    logger,
    resolveLaunch: () => launcher.resolve(cwd() ?? homedir(), { sessions: false }),
    cwd,
    apiKeyApplies,
  });

  // Disposed last-in first-out, so the log outlives everything that may still log while it shuts down (the agent's
  // pending requests are answered `cancelled` on dispose, and their listeners log).
  const parts: vscode.Disposable[] = [];
  shutdown = () => disposeInReverse(parts);
  context.subscriptions.push({ dispose: shutdown });
  parts.push(
    log,
    keys,
    editorTools,
    editor,
    permissions,
    attention,
    { dispose: () => terminals.dispose() },
    terminalOutput,
    { dispose: () => host.dispose() },
    { dispose: () => chats.dispose() },
    presenter,
    checkpoints,
    editorReview,
    followToggled,
    grantsChanged,
    agents,
    trackSessions(chats, sessions),
    worktrees,
    worktrees.track(chats),
    autoRestart(
      { onDidExitUnexpectedly: host.onDidExitUnexpectedly, restart: () => chats.restart() },
      { enabled: () => settings().get<boolean>('autoRestartAgent') === true, logger },
    ),
    history,
    chatViews,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, chatViews.sideView),
    diffApprovals,
    permissionsView,
    agentStatusItem(host),
    registerCommands({
      chats,
      views: chatViews,
      permissions,
      presenter,
      history,
      signIn,
      claudeCode,
      diffApprovals,
      review: editorReview,
      showLog: () => log.show(),
      logger,
      // Loaded on first use: the registry's parser (zod) and the installer (tar) are not activation's cost.
      addAgentFromRegistry: async (id) => {
        const { addAgentFromRegistry } = await import('./agents/registry/addAgentFromRegistry');
        return addAgentFromRegistry(
          { storageDir: join(context.globalStorageUri.fsPath, 'agents'), logger, report: (err, what) => presenter.report(err, { what }) },
          id,
        );
      },
      showPermissions: permissionsShown(context.globalState).show,
      undoRestore: (chat) => checkpoints.undo(chat, chatViews.editorSide(chat)!.turnChanges, presenter),
      exportConversation,
      showMcpServers: () => mcpServers.showList(),
      worktrees,
      permissionsView,
    }),
    // Claude Code just put in place (downloaded, located, chosen): start the agent with it in the chat that asked.
    claudeCode.onDidInstall(() => void chats.active.ensureSession().catch(() => undefined)), // a failure is reported through the chat
    // Failures of what the user asked for outside a chat's own actions, shown by the one presenter.
    claudeCode.onDidFail(({ err, what }) => presenter.report(err, { what })),
    launcher,
    launcher.onDidFindProblems((err) => presenter.report(err)),
    launcher.onDidLeaveOutProjectSettings((leftOut) => presenter.showMessage(describeProjectSettingsLeftOut(leftOut), 'info', [])),
    agents.onDidFindProblems((err) => presenter.report(err)),
    editor.onDidFail(({ err, what }) => presenter.report(err, { what })),
    permissions.onDidFail((err) => presenter.report(err)),
    // A workspace trusted while the chat shows the Restricted Mode notice: start now.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (chatViews.anyVisible) chats.active.ensureSession().catch(() => undefined); // a failure is reported through the chat
    }),
  );
  // Our part of activation (VS Code's own comes around it); the bench reads it from the tests' view below.
  const activationMs = performance.now() - started;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  // Only the extension-host tests look inside (ExtensionMode.Test); there is no public API.
  return testing
    ? {
        host,
        chats,
        /** The side view's chat. */
        chat: chats.sideView,
        views: chatViews,
        /** The side view's chat as its page drives it. */
        actions: chatViews.actions(chats.sideView)!,
        permissions,
        editor,
        signIn,
        presenter,
        keys,
        logDir: context.logUri.fsPath,
        history,
        sessions,
        context,
        turnChanges: chatViews.editorSide(chats.sideView)!.turnChanges,
        follower: chatViews.editorSide(chats.sideView)!.follower,
        turnReview: checkpoints.review,
        codeRestore: checkpoints.restore,
        editorReview,
        agents,
        /** The editor tools' server: its address and token, as the agent gets them. */
        editorTools,
        /** The chats' worktrees: made, applied and discarded as the commands do, with the questions' answers given. */
        worktrees,
        /** The MCP servers the agent's sessions get, and the list Show MCP Servers shows. */
        mcpServers,
        /** The Permissions view's model: the settings files as read, and the rules' edits. */
        grants: permissionsView.model,
        activationMs,
        /** The running agent's process id. */
        agentPid: () => (host.agent && !host.agent.closed ? spawned?.pid : undefined),
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

function outputLogger(log: vscode.LogOutputChannel): Logger {
  const text = (msg: string, rest: unknown[]) =>
    [msg, ...rest.map((r) => (r instanceof Error ? (r.stack ?? r.message) : typeof r === 'string' ? r : JSON.stringify(r)))].join(' ');
  // The agent's exit and the answers to its requests are logged asynchronously, possibly after deactivation closed
  // the channel (which then throws): those lines go to the console instead of becoming uncaught errors.
  const write =
    (level: 'info' | 'warn' | 'error' | 'debug') =>
    (m: string, ...r: unknown[]) => {
      const line = text(m, r);
      try {
        log[level](line);
      } catch {
        console[level === 'debug' ? 'log' : level](`[ACP Chat] ${line}`);
      }
    };
  return { info: write('info'), warn: write('warn'), error: write('error'), debug: write('debug') };
}
