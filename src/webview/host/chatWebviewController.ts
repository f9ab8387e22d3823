// One chat webview (sidebar view or editor tab): sets the HTML, publishes the transcript, validates what the
// webview posts and turns it into calls on ChatActions. It never reaches the transport; the composition root wires
// ChatActions to the session core and the permission controller.
import * as vscode from 'vscode';
import type { SessionMeta, TranscriptChange, TranscriptSnapshot } from '../../acpClient/transcript';
import { buildChatHtml } from './html';
import { parseExternalLink } from '../protocol/linkPolicy';
import { parseWebviewMessage } from '../protocol/messageValidation';
import { createNonce } from './nonce';
import {
  PROTOCOL_VERSION,
  type AgentChoiceView,
  type ApprovalSignalView,
  type Attachment,
  type ChatNotice,
  type ComposerCapabilities,
  type ConnectionStatus,
  type ElicitationView,
  type HostToWebview,
  type GrantView,
  type Mention,
  type MentionCompletion,
  type TurnsView,
  type WebviewToHost,
  type WorktreeView,
} from '../protocol/protocol';
import { TranscriptPublisher } from './transcriptPublisher';
import { errorMessage } from '../../acpClient/errors';
import type { AnswerResult } from '../../acpClient/pendingRequests';
import { unreachable } from '../../acpClient/unreachable';

type AnswerElicitation = Extract<WebviewToHost, { type: 'answerElicitation' }>;

/** Attachments kept for a page still loading (Add File to Chat on several files at once). */
const MAX_QUEUED_ATTACHMENTS = 100;

/**
 * How long an attachment waits for a chat's page that is loading again (its view was hidden): long enough for a slow
 * machine's load, short enough that nothing waits on a page that never comes (then it is posted anyway).
 */
export const PAGE_LOAD_WAIT_MS = 10_000;

/** What the chat UI can ask for, one method per intent. Implemented by chatBindings; a method may reject. */
export interface ChatActions {
  /** The chat is on screen: start the agent and a session if there is none yet. */
  start(): Promise<void>;
  /** The user is in this chat now (its page took focus): commands act on it. */
  focused(): Promise<void>;
  blurred(): Promise<void>;
  sendPrompt(text: string, attachments: Attachment[]): Promise<void>;
  cancelTurn(): Promise<void>;
  /** A prompt on the session's queue: take it off, steer it into the running turn, or send it now. */
  queuedPrompt(id: string, action: 'remove' | 'steer' | 'send'): Promise<void>;
  editQueuedPrompt(id: string, text: string): Promise<void>;
  /** Restart the agent after it exited, reloading the conversation. */
  restartAgent(): Promise<void>;
  /** VS Code's Open Folder (the welcome of a window with no folder). */
  openFolder(): Promise<void>;
  setMode(modeId: string): Promise<void>;
  setConfigOption(configId: string, value: string | boolean): Promise<void>;
  answerPermission(key: string, optionId: string): AnswerResult;
  answerElicitation(key: string, action: AnswerElicitation['action'], content?: AnswerElicitation['content']): AnswerResult;
  /** False when the location was not opened. */
  openLocation(path: string, line?: number | null): Promise<boolean>;
  openDiff(toolCallId: string, contentIndex: number): Promise<void>;
  /** Add Context: asks the user what to attach; the attachments for the composer. */
  addContext(): Promise<Attachment[]>;
  /** `@` suggestions beyond files: folders, symbols, the problems, the terminal's output, the git changes. */
  completeMentions(query: string): Promise<MentionCompletion[]>;
  /** The attachments of a picked `@` suggestion (checked again by the host). */
  attachMention(mention: Mention): Promise<Attachment[]>;
  /** The attachments of URIs dropped on the composer (files and folders inside the workspace only). */
  dropUris(uris: string[]): Promise<Attachment[]>;
  /** Opens the multi-file diff of a turn's changes. */
  reviewTurnChanges(id: string): Promise<void>;
  /** Reverts one file of a turn's changes, or all of them when `path` is undefined. */
  revertTurnChanges(id: string, path?: string): Promise<void>;
  /** Sends the user message `entryId` again with `text`, continuing from just before it. */
  editPrompt(entryId: string, text: string): Promise<void>;
  /** Restore the code, rewind the conversation, or both, to just before the user message `entryId` (asked). */
  goBack(entryId: string): Promise<void>;
  /** Sends the prompt of the failed turn holding `entryId` again. */
  retryTurn(entryId: string): Promise<void>;
  /** Takes back the rules the durable answer `key` added (each removed from its settings file). */
  undoGrant(key: string): Promise<void>;
  /** Opens the settings file the durable answer `key` wrote to. */
  openGrant(key: string): Promise<void>;
  setFollowAgent(enabled: boolean): Promise<void>;
  /** Picks the agent for new sessions (by name); a new session starts with it. */
  selectAgent(name: string): Promise<void>;
  /** An action of the chat's worktree bar (`path`: Review of one file). */
  worktreeAction(action: 'review' | 'apply' | 'openWindow' | 'discard', path?: string): Promise<void>;
  /** A button of the chat's error or sign-in card. */
  /** `resend`: the user asked for the kept prompt to be sent once signed in. */
  noticeAction(noticeId: number, action: string, methodId?: string, resend?: boolean): Promise<void>;
}

/** A `vscode.Event`-compatible subscription, so the chat core can provide it without importing vscode. */
export type Subscribe<T> = (listener: (e: T) => void) => { dispose(): void };

/** Where the chat state comes from. The controller reads it on `ready` and listens for changes. */
export interface ChatSource {
  getSnapshot(): TranscriptSnapshot | null;
  /** The current session's meta, read without copying the transcript (the publisher reads it on every flush). */
  getMeta(): Readonly<SessionMeta> | undefined;
  getStatus(): ConnectionStatus;
  getCapabilities(): ComposerCapabilities;
  getElicitations(): ElicitationView[];
  onDidChangeTranscript: Subscribe<readonly TranscriptChange[]>;
  /** A different session (or none) is now shown: the webview gets a fresh snapshot. */
  onDidChangeSession: Subscribe<void>;
  onDidChangeStatus: Subscribe<void>;
  onDidChangeElicitations: Subscribe<void>;
  getTurns(): TurnsView;
  onDidChangeTurns: Subscribe<void>;
  /** Text to put in the composer (a rewound prompt). */
  onDidRequestDraft: Subscribe<string>;
  getGrants(): GrantView[];
  onDidChangeGrants: Subscribe<void>;
  getFollowAgent(): boolean;
  onDidChangeFollowAgent: Subscribe<void>;
  getApprovalSignal(): ApprovalSignalView;
  onDidChangeApprovalSignal: Subscribe<void>;
  /** The worktree the chat works in (null: the workspace's folder). */
  getWorktree(): WorktreeView | null;
  onDidChangeWorktree: Subscribe<void>;
  getAgents(): { agents: AgentChoiceView[]; selected: string };
  onDidChangeAgents: Subscribe<void>;
  /** The error or sign-in card to show (null: none). */
  getNotice(): ChatNotice | null;
  onDidChangeNotice: Subscribe<void>;
}

/** The log channel subset the controller uses (a `LogOutputChannel` fits). */
export interface ChatLog {
  debug(msg: string): void;
  warn(msg: string): void;
  error(msg: string | Error): void;
}

export interface ChatWebviewDeps {
  extensionUri: vscode.Uri;
  source: ChatSource;
  actions: ChatActions;
  log: ChatLog;
  /** Shows an action's failure to the user (the extension's one error presenter). */
  reportError(err: unknown, what: string): void;
  /** Asks the user before a link leaves the editor; defaults to a modal warning. Injected for tests. */
  confirmExternal?: (url: URL) => Thenable<boolean>;
  openExternal?: (url: URL) => Thenable<boolean>;
}

/** Webview options for a chat webview: scripts on, command links off, resources only from dist/webview. */
export function chatWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')],
  };
}

export class ChatWebviewController implements vscode.Disposable {
  private disposables: vscode.Disposable[] = [];
  private readonly publisher: TranscriptPublisher;
  /** Until the page says `ready` (after every load or reload) nothing is posted: it would be lost. */
  private ready = false;
  /** Attachments for a page that is not there yet (its view is being shown): given to it once it is ready. */
  private readonly queued: Attachment[] = [];
  private readonly readyWaiters: Array<() => void> = [];
  private disposed = false;

  constructor(
    private readonly webview: vscode.Webview,
    private readonly deps: ChatWebviewDeps,
  ) {
    this.publisher = new TranscriptPublisher({
      post: (m) => this.post(m),
      getMeta: () => deps.source.getMeta(),
    });
    const { source } = deps;
    this.disposables.push(
      webview.onDidReceiveMessage((m: unknown) => this.onMessage(m)),
      source.onDidChangeTranscript((changes) => {
        if (this.ready) this.publisher.push(changes);
      }),
      source.onDidChangeSession(() => this.sendSnapshot()),
      source.onDidChangeStatus(() => this.post({ type: 'status', status: source.getStatus(), capabilities: source.getCapabilities() })),
      source.onDidChangeElicitations(() => this.post({ type: 'elicitations', elicitations: source.getElicitations() })),
      source.onDidChangeTurns(() => this.post({ type: 'turns', turns: source.getTurns() })),
      source.onDidRequestDraft((text) => this.post({ type: 'draft', text })),
      source.onDidChangeGrants(() => this.post({ type: 'grants', grants: source.getGrants() })),
      source.onDidChangeFollowAgent(() => this.post({ type: 'followAgent', enabled: source.getFollowAgent() })),
      source.onDidChangeApprovalSignal(() => this.post({ type: 'approvalSignal', ...source.getApprovalSignal() })),
      source.onDidChangeWorktree(() => this.post({ type: 'worktree', worktree: source.getWorktree() })),
      source.onDidChangeAgents(() => this.post({ type: 'agents', ...source.getAgents() })),
      source.onDidChangeNotice(() => this.post({ type: 'notice', notice: source.getNotice() })),
    );
    webview.options = chatWebviewOptions(deps.extensionUri);
    webview.html = this.html();
  }

  /** Puts an attachment (e.g. the editor selection) into the composer. */
  attach(attachment: Attachment): void {
    if (this.ready) this.post({ type: 'attach', attachment });
    else if (this.queued.length < MAX_QUEUED_ATTACHMENTS) this.queued.push(attachment);
  }

  /**
   * Resolves when the page next says `ready`, or after `timeoutMs`. A view shown again after it was hidden loads its
   * page anew (VS Code drops a hidden webview's content): what is posted before then is lost.
   */
  nextReady(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  focusComposer(): void {
    this.post({ type: 'focusComposer' });
  }

  dispose(): void {
    this.disposed = true;
    this.publisher.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private html(): string {
    const asset = (f: string) => this.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'webview', f)).toString();
    return buildChatHtml({
      cspSource: this.webview.cspSource,
      nonce: createNonce(),
      scriptUri: asset('main.js'),
      styleUri: asset('styles.css'),
      codiconUri: asset('codicon.css'),
    });
  }

  private sendSnapshot(): void {
    if (!this.ready) return;
    // Pending patches describe the old state; the snapshot supersedes them.
    this.publisher.reset();
    const s = this.deps.source;
    this.post({
      type: 'snapshot',
      v: PROTOCOL_VERSION,
      snapshot: s.getSnapshot(),
      status: s.getStatus(),
      capabilities: s.getCapabilities(),
      elicitations: s.getElicitations(),
    });
    this.post({ type: 'turns', turns: s.getTurns() });
    this.post({ type: 'grants', grants: s.getGrants() });
    this.post({ type: 'followAgent', enabled: s.getFollowAgent() });
    this.post({ type: 'approvalSignal', ...s.getApprovalSignal() });
    this.post({ type: 'worktree', worktree: s.getWorktree() });
    this.post({ type: 'agents', ...s.getAgents() });
    // The notice is independent of the session; a freshly loaded page has none, so only a current one is sent.
    const notice = s.getNotice();
    if (notice) this.post({ type: 'notice', notice });
  }

  private post(msg: HostToWebview): void {
    if (this.disposed || !this.ready) return;
    this.webview.postMessage(msg).then(
      (delivered) => {
        if (!delivered) this.deps.log.debug(`[chatWebview] ${msg.type} not delivered (view hidden)`);
      },
      (err: unknown) => this.deps.log.warn(`[chatWebview] postMessage ${msg.type} failed: ${String(err)}`),
    );
  }

  private onMessage(raw: unknown): void {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.deps.log.warn(`[chatWebview] ${parsed.error}`);
      return;
    }
    const m = parsed.message;
    this.deps.log.debug(`[chatWebview] <- ${m.type}`);
    const a = this.deps.actions;
    switch (m.type) {
      case 'ready':
        if (m.v !== PROTOCOL_VERSION) this.deps.log.warn(`[chatWebview] webview protocol v${m.v}, host v${PROTOCOL_VERSION}`);
        this.ready = true;
        this.sendSnapshot();
        for (const attachment of this.queued.splice(0)) this.post({ type: 'attach', attachment });
        for (const resolve of this.readyWaiters.splice(0)) resolve();
        // A chat on screen should be ready to type into: start the agent (no-op when it runs).
        return this.run('start', () => a.start());
      case 'resync':
        // The page got an append it could not apply (it missed a message): the whole state again.
        this.deps.log.debug(`[chatWebview] resync requested: ${m.reason}`);
        return this.sendSnapshot();
      case 'focused':
        return this.run(m.type, () => a.focused());
      case 'blurred':
        return this.run(m.type, () => a.blurred());
      case 'sendPrompt':
        return this.run(m.type, () => a.sendPrompt(m.text, m.attachments));
      case 'cancelTurn':
        return this.run(m.type, () => a.cancelTurn());
      case 'queuedPrompt':
        return this.run(`${m.action} queued prompt`, () => a.queuedPrompt(m.id, m.action));
      case 'editQueuedPrompt':
        return this.run('edit queued prompt', () => a.editQueuedPrompt(m.id, m.text));
      case 'restartAgent':
        return this.run(m.type, () => a.restartAgent());
      case 'openFolder':
        return this.run(m.type, () => a.openFolder());
      case 'setMode':
        return this.run(m.type, () => a.setMode(m.modeId));
      case 'setConfigOption':
        return this.run(m.type, () => a.setConfigOption(m.configId, m.value));
      case 'answerPermission':
        return this.run(m.type, () => {
          // A refused answer (not offered, already settled) changes nothing the transcript would publish: resend the
          // state, so the card's buttons (disabled on click) come back or show how the request ended.
          if (a.answerPermission(m.key, m.optionId) !== 'accepted') this.sendSnapshot();
        });
      case 'answerElicitation':
        return this.run(m.type, () => a.answerElicitation(m.key, m.action, m.content));
      case 'openLocation':
        return this.run(m.type, () => a.openLocation(m.path, m.line));
      case 'openDiff':
        return this.run(m.type, () => a.openDiff(m.toolCallId, m.contentIndex));
      case 'openLink':
        return this.run(m.type, () => this.openLink(m.href));
      case 'noticeAction':
        return this.run(m.type, () => a.noticeAction(m.noticeId, m.action, m.methodId, m.resend));
      case 'reviewTurnChanges':
        return this.run(m.type, () => a.reviewTurnChanges(m.id));
      case 'revertTurnChanges':
        return this.run(m.type, () => a.revertTurnChanges(m.id, m.path));
      case 'editPrompt':
        return this.run(m.type, () => a.editPrompt(m.entryId, m.text));
      case 'goBack':
        return this.run(m.type, () => a.goBack(m.entryId));
      case 'retryTurn':
        return this.run(m.type, () => a.retryTurn(m.entryId));
      case 'undoGrant':
        return this.run(m.type, () => a.undoGrant(m.key));
      case 'openGrant':
        return this.run(m.type, () => a.openGrant(m.key));
      case 'setFollowAgent':
        return this.run(m.type, () => a.setFollowAgent(m.enabled));
      case 'selectAgent':
        return this.run(m.type, () => a.selectAgent(m.name));
      case 'addContext':
        return this.run(m.type, async () => {
          for (const attachment of await a.addContext()) this.attach(attachment);
        });
      case 'completeMentions':
        return this.run(m.type, async () => {
          const items = await a.completeMentions(m.query);
          this.post({ type: 'mentionCompletions', requestId: m.requestId, items });
        });
      case 'attachMention':
        return this.run(m.type, async () => {
          for (const attachment of await a.attachMention(m.mention)) this.attach(attachment);
        });
      case 'dropUris':
        return this.run(m.type, async () => {
          for (const attachment of await a.dropUris(m.uris)) this.attach(attachment);
        });
      case 'worktree':
        return this.run(m.type, () => a.worktreeAction(m.action, m.path));
      default:
        unreachable(m, 'webview message');
    }
  }

  /** Runs an action; a failure is logged and shown, never an unhandled rejection. */
  private run(what: string, fn: () => unknown): void {
    Promise.resolve()
      .then(fn)
      .catch((err: unknown) => {
        this.deps.log.error(`[chatWebview] ${what} failed: ${errorMessage(err)}`);
        this.deps.reportError(err, what);
      });
  }

  private async openLink(href: string): Promise<void> {
    const url = parseExternalLink(href);
    if (!url) {
      // command:, file:, javascript: … from agent text are never executed.
      this.deps.log.warn(`[chatWebview] refused to open non-web link ${JSON.stringify(href.slice(0, 200))}`);
      return;
    }
    const confirm = this.deps.confirmExternal ?? defaultConfirm;
    if (!(await confirm(url))) return;
    await (this.deps.openExternal ?? ((u: URL) => vscode.env.openExternal(vscode.Uri.parse(u.toString(), true))))(url);
  }
}

async function defaultConfirm(url: URL): Promise<boolean> {
  const open = 'Open';
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t("Open a link from the agent's output?"), { modal: true, detail: url.toString() }, open);
  return choice === open;
}
