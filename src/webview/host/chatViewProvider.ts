// The chat in its own activity-bar container. Lazy: nothing exists until VS Code resolves the view; host → view
// calls are no-ops until then. The badge shows how many approvals wait on the user.
import * as vscode from 'vscode';
import type { ChatChrome } from './chatChrome';
import { ChatWebviewController, PAGE_LOAD_WAIT_MS, type ChatWebviewDeps } from './chatWebviewController';
import type { Attachment } from '../protocol/protocol';

/**
 * The view's title before its chat has one: the container's own title, which VS Code then shows once ("ACP Chat")
 * instead of "ACP Chat: Chat". The manifest's view name stays "Chat" (it names the view's commands, "Focus on Chat View").
 */
const UNTITLED = 'ACP Chat';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewType = 'acpChat.chatView';

  private view: vscode.WebviewView | undefined;
  private controller: ChatWebviewController | undefined;
  private pendingApprovals = 0;
  /** What its chat waits for besides approvals (a finished turn, an error…), worded for the badge's tooltip. */
  private waiting: string | undefined;
  private title: string | undefined;
  private description: string | undefined;
  private turnRunning = false;
  private endProgress: (() => void) | undefined;
  private disposables: vscode.Disposable[] = [];

  /** `deps` is asked for when VS Code first shows the view; `onDidChangeVisibility` hears it come on screen or go. */
  constructor(
    private readonly deps: () => ChatWebviewDeps,
    private readonly onDidChangeVisibility: () => void = () => undefined,
  ) {}

  /**
   * What the view's title bar shows of its chat: the title beside the view's name, the context usage as its
   * description, and VS Code's progress bar while a turn runs and no approval waits (VS Code shows the progress on
   * the activity-bar icon in place of the badge, and the number of approvals waiting is what the icon must show).
   */
  readonly chrome: ChatChrome = {
    setTitle: (title) => {
      this.title = title;
      this.applyTitle();
    },
    setDescription: (text) => {
      this.description = text;
      this.applyTitle();
    },
    setRunning: (running) => {
      this.turnRunning = running;
      this.applyProgress();
    },
  };

  resolveWebviewView(view: vscode.WebviewView): void {
    this.controller?.dispose();
    this.view = view;
    this.controller = new ChatWebviewController(view.webview, this.deps());
    this.applyBadge();
    this.applyTitle();
    view.onDidChangeVisibility(() => this.onDidChangeVisibility(), null, this.disposables);
    view.onDidDispose(
      () => {
        this.controller?.dispose();
        this.controller = undefined;
        this.view = undefined;
        this.onDidChangeVisibility();
      },
      null,
      this.disposables,
    );
    this.onDidChangeVisibility();
  }

  /** Shows `n` pending approvals on the view's icon (0 clears it). */
  setPendingApprovals(n: number): void {
    this.pendingApprovals = Math.max(0, Math.floor(n));
    this.applyBadge();
    this.applyProgress();
  }

  /** Counts its chat on the view's badge while it waits for the user (`why` is the tooltip's line; undefined clears it). */
  setWaiting(why: string | undefined): void {
    this.waiting = why;
    this.applyBadge();
  }

  /** Reveals the view and puts an attachment in its composer. */
  async attach(attachment: Attachment): Promise<void> {
    await this.reveal();
    this.controller?.attach(attachment);
  }

  /**
   * Shows the view with the keyboard in its composer. Focusing the view alone can leave the keyboard on the webview's
   * frame, outside the page, where typing lands nowhere: the page itself puts it in the composer.
   */
  async reveal(): Promise<void> {
    // A hidden view's page was dropped: shown again, it loads anew, and only that page can take the keyboard.
    const reloading = this.view && !this.view.visible ? this.controller?.nextReady(PAGE_LOAD_WAIT_MS) : undefined;
    if (this.view) this.view.show(false);
    else await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
    await reloading;
    this.controller?.focusComposer();
  }

  /** The view is on screen (resolved and not collapsed or hidden behind another view). */
  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  dispose(): void {
    this.turnRunning = false;
    this.applyProgress();
    this.controller?.dispose();
    this.controller = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private applyTitle(): void {
    if (!this.view) return;
    this.view.title = this.title ?? UNTITLED;
    this.view.description = this.description;
  }

  private applyProgress(): void {
    const show = this.turnRunning && this.pendingApprovals === 0;
    if (show && !this.endProgress) {
      const ended = new Promise<void>((resolve) => (this.endProgress = resolve));
      void vscode.window.withProgress({ location: { viewId: ChatViewProvider.viewType } }, () => ended);
    } else if (!show && this.endProgress) {
      this.endProgress();
      this.endProgress = undefined;
    }
  }

  private applyBadge(): void {
    if (!this.view) return;
    const n = this.pendingApprovals;
    const approvals = n > 0 ? (n === 1 ? vscode.l10n.t('1 approval waiting') : vscode.l10n.t('{0} approvals waiting', n)) : undefined;
    const value = n + (this.waiting === undefined ? 0 : 1);
    this.view.badge = value > 0 ? { value, tooltip: [approvals, this.waiting].filter(Boolean).join('\n') } : undefined;
  }
}
