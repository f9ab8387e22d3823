// One chat webview (sidebar view or editor tab): sets the HTML, publishes the transcript, validates what the
// webview posts and turns it into calls on ChatActions. It never reaches the transport; the composition root wires
// ChatActions to the session core and the permission controller.
import * as vscode from 'vscode';
import { buildChatHtml } from './html';
import { parseExternalLink } from '../protocol/linkPolicy';
import { parseWebviewMessage } from '../protocol/messageValidation';
import { createNonce } from './nonce';
import { PROTOCOL_VERSION, type Attachment, type HostToWebview } from '../protocol/protocol';
import { TranscriptPublisher } from './transcriptPublisher';
import { errorMessage } from '../../acpClient/errors';
import { unreachable } from '../../acpClient/unreachable';
import type { ChatActions, ChatSource } from './chatPage';

/** Attachments kept for a page still loading (Add File to Chat on several files at once). */
const MAX_QUEUED_ATTACHMENTS = 100;

/**
 * How long an attachment waits for a chat's page that is loading again (its view was hidden): long enough for a slow
 * machine's load, short enough that nothing waits on a page that never comes (then it is posted anyway).
 */
export const PAGE_LOAD_WAIT_MS = 10_000;

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
  private focusWhenReady = false;
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
      source.onDidChangeUsage(() => this.post({ type: 'usage', usage: source.getUsage() })),
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

  /** Puts the keyboard in the composer; a page still loading takes it once it is ready. */
  focusComposer(): void {
    if (this.ready) this.post({ type: 'focusComposer' });
    else this.focusWhenReady = true;
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
      l10nBundle: vscode.l10n.bundle,
      lang: vscode.l10n.bundle ? vscode.env.language : 'en',
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
      folders: s.getFolders(),
    });
    this.post({ type: 'turns', turns: s.getTurns() });
    this.post({ type: 'grants', grants: s.getGrants() });
    this.post({ type: 'followAgent', enabled: s.getFollowAgent() });
    this.post({ type: 'approvalSignal', ...s.getApprovalSignal() });
    this.post({ type: 'worktree', worktree: s.getWorktree() });
    this.post({ type: 'agents', ...s.getAgents() });
    this.post({ type: 'usage', usage: s.getUsage() });
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
        if (this.focusWhenReady) this.post({ type: 'focusComposer' });
        this.focusWhenReady = false;
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
      case 'cancelSubagent':
        return this.run(m.type, () => a.cancelSubagent(m.sessionId));
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
      case 'keepTurnChanges':
        return this.run(m.type, () => a.keepTurnChanges(m.id, m.path));
      case 'showReviewComments':
        return this.run(m.type, () => a.showReviewComments());
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
