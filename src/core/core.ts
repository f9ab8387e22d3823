// The core every capability stands on: the log, the settings, the agent and the chats on it, the one error presenter,
// the approval surfaces, the chats' views and the owner of each chat's parts. Built once, in dependency order; what
// a capability provides back (where a session works, the MCP servers a session gets) goes through a slot.
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { AgentProcess } from '../acpClient/agentProcess';
import { CommandRuns } from '../acpClient/commandRuns';
import type { Logger } from '../acpClient/logger';
import { AgentChoice } from '../agents/agentChoice';
import type { SessionTools } from '../agents/agentLaunch';
import { AgentLauncher } from '../agents/agentLauncher';
import { ClaudeCodeSetup } from '../agents/claudeCode/claudeCodeSetup';
import { ProjectSettingsConsent } from '../agents/projectSettingsConsent';
import { describeProjectSettingsLeftOut } from '../agents/claudeCode/projectSettingsWording';
import { AgentHost } from '../chat/agentHost';
import type { WorkPlace } from '../chat/chat';
import { ChatParts, partKey, type ChatPartBase } from '../chat/chatParts';
import { ChatRegistry } from '../chat/chatRegistry';
import type { HistoryPlaces } from '../chat/historySource';
import { SessionStore, trackSessions } from '../chat/sessionStore';
import { autoRestart } from '../chat/autoRestart';
import { TurnStartGate } from '../chat/turnStartGate';
import { UserErrorPresenter } from '../feedback/userErrorPresenter';
import { PendingAttention } from '../permissionUI/pendingAttention';
import { PermissionController } from '../permissionUI/permissionController';
import type { ChatPagePart } from '../webview/host/chatPage';
import { chatCorePart } from './chatPart';
import { ChatViewProvider } from '../webview/host/chatViewProvider';
import { ChatViews } from '../webview/host/chatViews';
import { agentStatusItem } from '../workbench/agentStatusItem';
import { AgentFolders } from '../workbench/agentFolders';
import { openAgentTerminal } from '../workbench/agentTerminals';
import { EditorActions } from '../workbench/editorActions';
import { workspaceFolderPaths } from '../workbench/locationOpener';
import { ApiKeyStore } from '../workbench/apiKeyStore';
import { WorkspaceFiles } from '../workbench/workspaceFiles';
import { resolveInWorkspace } from '../workbench/workspacePaths';
import { outputLogger } from './outputLogger';
import { settings, type Settings } from './settings';
import { Slot } from './slot';

/** One capability's part of one chat: its share of the chat's page, disposed with the chat. */
export type ChatPart = ChatPartBase & ChatPagePart;

/** The chat's own part of its page: the transcript, status, notices, approvals, the agent picker. */
export const CHAT = partKey<ChatPart>('chat');

/** Where each session works, when not in the workspace's folder (provided by the worktrees). */
export interface WorkPlaces extends HistoryPlaces {
  placeOf(sessionId: string): WorkPlace | undefined;
  /** The folders `sessionId`'s files and terminals may reach, when they are not the workspace's. */
  rootsOf(sessionId: string): string[] | undefined;
  /** Every such folder: the agent works in them as in the workspace's. */
  roots(): readonly string[];
}

export interface Core {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly settings: Settings;
  /** ExtensionMode.Test: the extension-host tests look inside. */
  readonly testing: boolean;
  /** The extension's version, as the agent and the MCP servers are told it. */
  readonly version: string;
  /** The workspace's first folder, where the agent starts. */
  cwd(): string | undefined;
  readonly keys: ApiKeyStore;
  readonly agents: AgentChoice;
  readonly claudeCode: ClaudeCodeSetup;
  readonly launcher: AgentLauncher;
  readonly host: AgentHost;
  readonly chats: ChatRegistry;
  readonly sessions: SessionStore;
  readonly parts: ChatParts<ChatPart>;
  readonly presenter: UserErrorPresenter;
  readonly views: ChatViews;
  readonly editor: EditorActions;
  readonly permissions: PermissionController;
  /** Where each turn's prompt waits for its chat's snapshot of the files. */
  readonly turnStarts: TurnStartGate;
  /** The folders the agent works in: the workspace's and the chats' worktrees. */
  readonly folders: AgentFolders;
  readonly places: Slot<WorkPlaces>;
  readonly sessionTools: Slot<((cwd: string) => Promise<SessionTools>) | undefined>;
  /** Why the chat showing a conversation waits for the user, worded (provided by the attention capability). */
  readonly needsYou: Slot<(sessionId: string) => string | undefined>;
  /** The running agent's process id (the tests' view). */
  agentPid(): number | undefined;
  /** Disposed last-in first-out after every capability's. */
  readonly disposables: vscode.Disposable[];
}

export function createCore(context: vscode.ExtensionContext): Core {
  const log = vscode.window.createOutputChannel(vscode.l10n.t('ACP Chat'), { log: true });
  const logger = outputLogger(log);
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const cwd = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const trusted = () => vscode.workspace.isTrusted;

  // What the agent is launched with: the picked agent; for the bundled Claude adapter, Claude Code and the stored key.
  const keys = new ApiKeyStore(context.secrets);
  const agents = new AgentChoice(context.globalState, logger);
  const claudeCode = new ClaudeCodeSetup({ extensionPath: context.extensionPath, globalStorageDir: context.globalStorageUri.fsPath, logger });
  const sessionTools = new Slot<((cwd: string) => Promise<SessionTools>) | undefined>('The MCP servers of a session', undefined);
  const needsYou = new Slot<(sessionId: string) => string | undefined>('Why a chat waits for the user', () => undefined);
  const launcher = new AgentLauncher({
    extensionPath: context.extensionPath,
    logger,
    selected: () => agents.selected,
    keys,
    claudeCode,
    projectSettings: new ProjectSettingsConsent(context.workspaceState, logger),
    // None until the MCP servers' capability provides them: the launcher starts the agent without any then.
    sessionTools: async (dir) => sessionTools.current?.(dir),
  });

  // Where each session works: the workspace's folder, or a chat's worktree (the worktrees provide it).
  const places = new Slot<WorkPlaces>('Where sessions work', {
    placeOf: () => undefined,
    rootsOf: () => undefined,
    roots: () => [],
    branchOf: () => undefined,
  });
  const folders = new AgentFolders(() => places.current.roots());
  const sessionFolders = (sessionId: string) => places.current.rootsOf(sessionId) ?? workspaceFolderPaths();

  const editor = new EditorActions(logger, folders);
  const permissions = new PermissionController({ logger, editor, folders, inspectable: testing });
  const turnStarts = new TurnStartGate();
  const terminals = new CommandRuns({
    logger,
    defaultCwd: (sessionId) => places.current.placeOf(sessionId)?.folder ?? cwd() ?? homedir(),
    checkCwd: (dir, sessionId) => resolveInWorkspace(dir, sessionFolders(sessionId)),
    display: openAgentTerminal,
  });
  let spawned: AgentProcess | undefined;
  const host = new AgentHost({
    resolveLaunch: (dir) => launcher.resolve(dir),
    cwd,
    trusted,
    initializeTimeoutMs: () => Math.max(1, settings.get<number>('agent.initializeTimeout') ?? 60) * 1000,
    hooks: { ...permissions.hooks, beforePrompt: (sessionId) => turnStarts.wait(sessionId) },
    logger,
    clientInfo: { name: 'acp-chat-vscode', version },
    // It decides how much new sessions ask: the user's value only (application scope, and read so).
    initialMode: () => settings.userValue<string>('initialMode') || undefined,
    files: new WorkspaceFiles(logger, sessionFolders),
    terminals,
    // In the extension-host tests only: the tests' view reads the spawned process's id.
    spawn: testing ? (launch, dir, log) => (spawned = AgentProcess.spawn(launch, { cwd: dir, logger: log })) : undefined,
  });
  const sessions = new SessionStore(context.workspaceState, logger);
  const chats = new ChatRegistry(host, { logger, resumeSessionId: () => sessions.currentId(), placeOf: (id) => places.current.placeOf(id) });
  const parts = new ChatParts<ChatPart>(chats);

  // How they are shown. The presenter asks whether a chat is on screen only once something is to be shown.
  const presenter: UserErrorPresenter = new UserErrorPresenter({
    chats,
    logger,
    isChatVisible: () => views.anyVisible,
    apiKeyApplies: () => launcher.apiKeyApplies(),
  });
  parts.register(CHAT, (chat) => chatCorePart(chat, { chats, permissions, editor, logger, presenter, agents, folders: () => folders.paths() }));
  const views: ChatViews = new ChatViews({
    chats,
    parts,
    presenter,
    extensionUri: context.extensionUri,
    // The webviews log through the logger, which survives a channel closed by deactivation.
    log: { debug: (m) => logger.debug?.(m), warn: (m) => logger.warn(m), error: (m) => (typeof m === 'string' ? logger.error(m) : logger.error(m.message, m)) },
  });

  const disposables: vscode.Disposable[] = [
    log,
    keys,
    editor,
    permissions,
    { dispose: () => terminals.dispose() },
    { dispose: () => host.dispose() },
    { dispose: () => chats.dispose() },
    parts,
    presenter,
    agents,
    launcher,
    views,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, views.sideView),
    new PendingAttention(permissions.broker, (n) => views.sideView.setPendingApprovals(n)),
    trackSessions(chats, sessions),
    autoRestart(
      { onDidExitUnexpectedly: host.onDidExitUnexpectedly, restart: () => chats.restart() },
      { enabled: () => settings.get<boolean>('autoRestartAgent') === true, logger },
    ),
    agentStatusItem(host),
    // Claude Code just put in place (downloaded, located, chosen): start the agent with it in the chat that asked.
    claudeCode.onDidInstall(() => void chats.active.ensureSession().catch(() => undefined)), // a failure is reported through the chat
    // Failures of what the user asked for outside a chat's own actions, shown by the one presenter.
    claudeCode.onDidFail(({ err, what }) => presenter.report(err, { what })),
    launcher.onDidFindProblems((err) => presenter.report(err)),
    launcher.onDidLeaveOutProjectSettings((leftOut) => presenter.showMessage(describeProjectSettingsLeftOut(leftOut), 'info', [])),
    agents.onDidFindProblems((err) => presenter.report(err)),
    editor.onDidFail(({ err, what }) => presenter.report(err, { what })),
    permissions.onDidFail((err) => presenter.report(err)),
    // A workspace trusted while the chat shows the Restricted Mode notice: start now.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (views.anyVisible) chats.active.ensureSession().catch(() => undefined); // a failure is reported through the chat
    }),
  ];
  return {
    context,
    log,
    logger,
    settings,
    testing,
    version,
    cwd,
    keys,
    agents,
    claudeCode,
    launcher,
    host,
    chats,
    sessions,
    parts,
    presenter,
    views,
    editor,
    permissions,
    turnStarts,
    folders,
    places,
    sessionTools,
    needsYou,
    agentPid: () => (host.agent && !host.agent.closed ? spawned?.pid : undefined),
    disposables,
  };
}
