// A chat in an editor tab: the same controller as the side view, in a webview panel. Which chat it shows and what
// happens when it closes or takes focus is the caller's (chatViews.ts).
import * as vscode from 'vscode';
import type { ChatChrome } from './chatChrome';
import { ChatWebviewController, chatWebviewOptions, PAGE_LOAD_WAIT_MS, type ChatWebviewDeps } from './chatWebviewController';
import type { Attachment } from '../protocol/protocol';

/** A tab's title before its chat has one. */
const untitled = (): string => vscode.l10n.t('New chat');

export interface ChatPanelEvents {
  /** Runs once when the user (or dispose) closes the tab. */
  onDidClose?(): void;
  /** The tab became the active editor. */
  onDidBecomeActive?(): void;
  /** The tab came on screen or went off it. */
  onDidChangeVisibility?(): void;
}

export class ChatPanel implements vscode.Disposable {
  static readonly viewType = 'acpChat.chatPanel';

  private disposables: vscode.Disposable[] = [];
  private readonly controller: ChatWebviewController;
  private disposed = false;
  private title: string | undefined;
  /** Its chat waits for the user: the tab's title says so. */
  private waiting = false;

  static create(deps: ChatWebviewDeps, column: vscode.ViewColumn, events: ChatPanelEvents = {}): ChatPanel {
    const panel = vscode.window.createWebviewPanel(ChatPanel.viewType, untitled(), column, chatWebviewOptions(deps.extensionUri));
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'chat.svg');
    return new ChatPanel(panel, deps, events);
  }

  /** What the tab shows of its chat: the chat's title. */
  readonly chrome: ChatChrome = {
    setTitle: (title) => {
      this.title = title;
      this.applyTitle();
    },
  };

  /** Marks the tab's title while its chat waits for the user (a tab has no badge). */
  setWaiting(waiting: boolean): void {
    this.waiting = waiting;
    this.applyTitle();
  }

  private applyTitle(): void {
    if (!this.disposed) this.panel.title = `${this.waiting ? '● ' : ''}${this.title ?? untitled()}`;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    deps: ChatWebviewDeps,
    private readonly events: ChatPanelEvents,
  ) {
    this.controller = new ChatWebviewController(panel.webview, deps);
    panel.onDidDispose(() => this.dispose(), null, this.disposables);
    panel.onDidChangeViewState(
      (e) => {
        if (e.webviewPanel.active) events.onDidBecomeActive?.();
        events.onDidChangeVisibility?.();
      },
      null,
      this.disposables,
    );
  }

  get visible(): boolean {
    return !this.disposed && this.panel.visible;
  }

  /** Reveals the tab and puts the attachment in its composer (once its page, dropped while hidden, has loaded again). */
  async attach(attachment: Attachment): Promise<void> {
    const reloading = this.panel.visible ? undefined : this.controller.nextReady(PAGE_LOAD_WAIT_MS);
    this.reveal();
    await reloading;
    this.controller.attach(attachment);
  }

  reveal(column: vscode.ViewColumn | undefined = this.panel.viewColumn): void {
    this.panel.reveal(column, false);
    this.controller.focusComposer();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.controller.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
    this.events.onDidClose?.();
  }
}
