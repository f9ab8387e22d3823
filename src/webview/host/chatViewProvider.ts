// The chat in its own activity-bar container. Lazy: nothing exists until VS Code resolves the view; host → view
// calls are no-ops until then. The badge shows how many approvals wait on the user.
import * as vscode from 'vscode';
import { ChatWebviewController, type ChatWebviewDeps } from './chatWebviewController';
import type { Attachment } from '../protocol/protocol';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewType = 'acpChat.chatView';

  private view: vscode.WebviewView | undefined;
  private controller: ChatWebviewController | undefined;
  private pendingApprovals = 0;
  private disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: ChatWebviewDeps) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.controller?.dispose();
    this.view = view;
    this.controller = new ChatWebviewController(view.webview, this.deps);
    this.applyBadge();
    view.onDidDispose(
      () => {
        this.controller?.dispose();
        this.controller = undefined;
        this.view = undefined;
      },
      null,
      this.disposables,
    );
  }

  /** Shows `n` pending approvals on the view's icon (0 clears it). */
  setPendingApprovals(n: number): void {
    this.pendingApprovals = Math.max(0, Math.floor(n));
    this.applyBadge();
  }

  /** Reveals the view and puts an attachment in its composer. */
  async attach(attachment: Attachment): Promise<void> {
    await this.reveal();
    this.controller?.attach(attachment);
  }

  async reveal(): Promise<void> {
    if (this.view) this.view.show(false);
    else await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
    this.controller?.focusComposer();
  }

  /** The view is on screen (resolved and not collapsed or hidden behind another view). */
  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  dispose(): void {
    this.controller?.dispose();
    this.controller = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private applyBadge(): void {
    if (!this.view) return;
    const n = this.pendingApprovals;
    this.view.badge = n > 0 ? { value: n, tooltip: n === 1 ? '1 approval waiting' : `${n} approvals waiting` } : undefined;
  }
}
