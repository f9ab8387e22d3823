// Shared set-up for the extension-host tests: the fake Messages API (run inside the extension host, so each test
// scripts it directly), the adapter's environment pointed at it, and access to the extension's internals.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { createRequire } from 'node:module';
import type { AgentHost } from '../../src/chat/agentHost';
import type { Chat } from '../../src/chat/chat';
import type { ChatRegistry } from '../../src/chat/chatRegistry';
import type { AgentChoice } from '../../src/agents/agentChoice';
import type { SessionStore } from '../../src/chat/sessionStore';
import type { HistoryPicker } from '../../src/workbench/historyPicker';
import type { ChatViews } from '../../src/webview/host/chatViews';
import type { PermissionRecord, ToolCallState } from '../../src/acpClient/transcript';
import type { EditorActions } from '../../src/workbench/editorActions';
import type { TurnChangeTracker } from '../../src/checkpoints/turnChangeTracker';
import type { EditorReview } from '../../src/review/editorReview';
import type { TurnReview } from '../../src/review/turnReview';
import type { ReviewRangePicker } from '../../src/review/reviewRangePicker';
import type { PermissionController } from '../../src/permissionUI/permissionController';
import type { ApiKeyStore } from '../../src/workbench/apiKeyStore';
import type { SignIn } from '../../src/signIn/signInCommands';
import type { ChatActions } from '../../src/webview/host/chatPage';
import type { UserErrorPresenter } from '../../src/feedback/userErrorPresenter';
import { fakeApiAgentEnv, installedClaudeCode } from '../fixtures/agentEnv';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import type { ReviewStore } from '../../src/reviewComments/reviewStore';
import type { CommentThreads } from '../../src/reviewComments/commentThreads';
import type { ReviewSender } from '../../src/reviewComments/reviewSender';
import type { PlanReview } from '../../src/reviewComments/planReview';
import type { AttentionCenter } from '../../src/attention/attentionCenter';

export const EXTENSION_ID = 'acp-chat.acp-chat';

/** What `activate()` returns in ExtensionMode.Test (and only there). */
export interface ExtensionApi {
  /** The agent process and connection. */
  host: AgentHost;
  /** The open chats and the one the user is in. */
  chats: ChatRegistry;
  /** The side view's chat. */
  chat: Chat;
  /** Where the chats are shown (the side view, tabs). */
  views: ChatViews;
  /** The running agent's process id. */
  agentPid(): number | undefined;
  permissions: PermissionController;
  editor: EditorActions;
  turnChanges: TurnChangeTracker;
  turnReview: TurnReview;
  /** Review Changes…'s QuickPick (which of the chat's changes). */
  reviewRangePicker: ReviewRangePicker;
  /** The agent's changes under review in the editor (every chat's). */
  editorReview: EditorReview;
  /** The review's threads (drafts and sent), what the comment threads on screen show, Send Review, plan documents. */
  reviewStore: ReviewStore;
  commentThreads: CommentThreads;
  reviewSender: ReviewSender;
  planReview: PlanReview;
  signIn: SignIn;
  presenter: UserErrorPresenter;
  keys: ApiKeyStore;
  /** What the side view's page calls (prompt, notice buttons…): tests act through it as the webview does. */
  actions: ChatActions;
  /** What `chat`'s page calls. */
  pageActions(chat: Chat): ChatActions;
  /** The extension's log folder (context.logUri). */
  logDir: string;
  history: HistoryPicker;
  sessions: SessionStore;
  context: vscode.ExtensionContext;
  /** The agents of `acpChat.agents` and the one picked for new sessions. */
  agents: AgentChoice;
  /** The chats' events told to the user, and which chats need the user. */
  attention: AttentionCenter;
  /** How long activate() itself took (what it logs). */
  activationMs: number;
}

/**
 * What VS Code does to an extension on deactivate and activate (a reload, minus the window): dispose everything the
 * activation registered, then activate the extension's module again with the same context (same workspace storage).
 */
export async function reactivate(api: ExtensionApi): Promise<ExtensionApi> {
  const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not loaded`);
  for (const d of api.context.subscriptions.splice(0)) d.dispose();
  const mod = createRequire(join(ext.extensionPath, 'package.json'))('./dist/extension.js') as {
    activate(c: vscode.ExtensionContext): ExtensionApi;
    deactivate(): void;
  };
  mod.deactivate();
  activated = mod.activate(api.context);
  (globalThis as Reactivated)[REACTIVATED] = activated;
  return activated;
}

/**
 * The API of the last reactivate(), for the suites that run after it: VS Code's own activate() keeps returning the
 * first, disposed one. Kept on globalThis because each test file is bundled with its own copy of this module.
 */
const REACTIVATED = Symbol.for('acpChat.test.reactivated');
type Reactivated = { [REACTIVATED]?: ExtensionApi };

let activated: ExtensionApi | undefined;

/** Everything a host test waits for changes on one of these; `waitFor` re-checks when any fires (no polling). */
function changes(api: ExtensionApi | undefined): vscode.Event<unknown>[] {
  const own: vscode.Event<unknown>[] = api
    ? [
        api.chats.onDidChangeSession,
        api.chats.onDidChangeActive,
        api.chats.onDidChangeKeyboardFocus,
        api.chats.onDidAdd,
        api.chats.onDidRemove,
        api.host.onDidChangeStatus,
        api.permissions.onDidChangeView,
        api.permissions.broker.onDidAdd,
        api.permissions.broker.onDidSettle,
        api.permissions.broker.onDidDismiss,
        api.permissions.broker.onDidChangeCount,
        api.history.onDidChangeView,
        api.reviewRangePicker.onDidChangeView,
      ]
    : [];
  return [
    ...own,
    vscode.workspace.onDidChangeConfiguration,
    vscode.window.onDidChangeActiveTextEditor,
    vscode.window.onDidChangeTextEditorSelection,
    vscode.window.tabGroups.onDidChangeTabs,
    vscode.extensions.onDidChange,
    vscode.window.onDidOpenTerminal,
    vscode.window.onDidCloseTerminal,
    vscode.languages.onDidChangeDiagnostics,
  ];
}

/** Resolves with the first truthy `check()`, tested now and whenever the extension or the editor reports a change. */
export function waitFor<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 20_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const subs: { dispose(): void }[] = [];
    const chatSubs: { dispose(): void }[] = [];
    const stop = () => {
      clearTimeout(timer);
      for (const s of chatSubs.splice(0)) s.dispose();
      for (const s of subs.splice(0)) s.dispose();
    };
    const test = () => {
      // Every chat's transcript, notice and status changes count too; follow chats and sessions as they come and go.
      for (const s of chatSubs.splice(0)) s.dispose();
      for (const chat of activated?.chats.all() ?? []) {
        chatSubs.push(chat.notices.onDidChange(test), chat.onDidChangeStatus(test));
        if (chat.session) chatSubs.push(chat.session.onDidChange(test));
      }
      try {
        const v = check();
        if (!v) return;
        stop();
        resolve(v);
      } catch (err) {
        stop();
        reject(err);
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    for (const event of changes(activated)) subs.push(event(test));
    test();
  });
}

/**
 * For facts outside VS Code that no event announces (a file a child process wrote, whether a process still exists,
 * its command line in /proc): checked every 50 ms until true.
 */
export async function pollFor<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts the fake API and points the extension's agent at it through the user's own setting (acpChat.agent.env). */
export async function setUpAgentEnvironment(): Promise<FakeAnthropic> {
  const fake = await startFakeAnthropic();
  const home = mkdtempSync(join(tmpdir(), 'acp-chat-host-home-'));
  mkdirSync(join(home, 'tmp'));
  // The machines here set IS_SANDBOX and run as root, which makes Claude Code refuse to start; the extension passes
  // its own environment through to the agent, so clear it in this (test) extension host.
  delete process.env.IS_SANDBOX;
  const config = vscode.workspace.getConfiguration('acpChat');
  await config.update(
    'agent.env',
    fakeApiAgentEnv({ apiUrl: fake.url, home, claudeCode: installedClaudeCode(extensionPath()) }),
    vscode.ConfigurationTarget.Global,
  );
  // Writes ask for permission: Manual mode is the extension's default for new sessions (acpChat.initialMode).
  return fake;
}

/** The extension under test's folder: the repository root. */
function extensionPath(): string {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not loaded`);
  return ext.extensionPath;
}

export async function activate(): Promise<ExtensionApi> {
  const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not loaded`);
  // Suites that run after a reactivate() get the live activation, not the one VS Code remembers.
  activated = (globalThis as Reactivated)[REACTIVATED] ?? (await ext.activate());
  if (!activated) throw new Error('activate() returned no test API: is the extension host in ExtensionMode.Test?');
  return activated;
}

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the test bed opens a workspace folder');
  return folder.uri.fsPath;
}

export function toolCalls(api: ExtensionApi): ToolCallState[] {
  return api.chat.session?.snapshot().entries.flatMap((e) => (e.kind === 'tool' ? [e.toolCall] : [])) ?? [];
}

export function permissionRecords(api: ExtensionApi): PermissionRecord[] {
  return api.chat.session?.snapshot().entries.flatMap((e) => (e.kind === 'permission' ? [e.permission] : [])) ?? [];
}

export async function quickInput(command: 'next' | 'accept' | 'close'): Promise<void> {
  // A permission QuickPick refilled for the next request takes no Enter in its first moments, as for a person; that
  // ends with time, which no event announces.
  if (command === 'accept' && activated) {
    const api = activated;
    await pollFor(() => api.permissions.openPromptView()?.acceptsAnswer !== false, 'the permission QuickPick to take answers');
  }
  const id = {
    next: 'workbench.action.quickOpenSelectNext',
    accept: 'workbench.action.acceptSelectedQuickOpenItem',
    close: 'workbench.action.closeQuickOpen',
  }[command];
  await vscode.commands.executeCommand(id);
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Points the agent at `fake` through acpChat.agent.env, with a fresh empty home; `withKey: false` leaves no credential. */
export async function pointAgentAt(fake: FakeAnthropic, opts: { withKey: boolean }): Promise<{ home: string }> {
  const home = mkdtempSync(join(tmpdir(), 'acp-chat-host-home-'));
  mkdirSync(join(home, 'tmp'));
  const env = fakeApiAgentEnv({ apiUrl: fake.url, home, claudeCode: installedClaudeCode(extensionPath()) });
  if (!opts.withKey) delete env.ANTHROPIC_API_KEY;
  await vscode.workspace.getConfiguration('acpChat').update('agent.env', env, vscode.ConfigurationTarget.Global);
  return { home };
}

/**
 * A suite whose sessions start in acceptEdits (edits run without asking; a shell command still asks), on a fresh agent
 * with its own fake API and a fresh session; afterwards the mode is the user's default again (in acceptEdits the adapter
 * runs file-touching shell commands without asking, which would starve later suites of the permissions they wait for).
 */
export function acceptEditsSuite(): { readonly api: ExtensionApi; readonly fake: FakeAnthropic } {
  const held: { api?: ExtensionApi; fake?: FakeAnthropic } = {};
  suiteSetup(async () => {
    held.fake = await setUpAgentEnvironment();
    await vscode.workspace.getConfiguration('acpChat').update('initialMode', 'acceptEdits', vscode.ConfigurationTarget.Global);
    held.api = await activate();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await held.api.chats.restart();
    await held.api.chat.newSession();
  });
  suiteTeardown(async () => {
    await held.api?.chat.cancel().catch(() => undefined);
    await closeAllEditors();
    await held.fake?.close();
    await vscode.workspace.getConfiguration('acpChat').update('initialMode', undefined, vscode.ConfigurationTarget.Global);
  });
  return {
    get api() {
      return held.api!;
    },
    get fake() {
      return held.fake!;
    },
  };
}

/** The side view's chat started over on the current settings (whatever ran before in this window), with its session. */
export async function freshSideChat(api: ExtensionApi): Promise<void> {
  await vscode.commands.executeCommand('acpChat.chatView.focus');
  await api.chats.restart(api.chat);
  await waitFor(() => api.chat.session, 'a session', 40_000);
}

/** Sets (or with `undefined` resets) an acpChat setting in the user settings. */
export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('acpChat').update(key, value, vscode.ConfigurationTarget.Global);
}
