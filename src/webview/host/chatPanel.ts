// The chat in an editor tab. "Open Chat in Editor" shows the main chat (the side view's conversation) in one tab,
// revealed again when the command runs twice; "New Chat in Editor" opens more tabs, each with its own conversation
// (the caller passes that conversation's source and actions in `deps`). Same controller as the sidebar view.
import * as vscode from 'vscode';
import { ChatWebviewController, chatWebviewOptions, type ChatWebviewDeps } from './chatWebviewController';
import type { Attachment } from '../protocol/protocol';

export const OPEN_CHAT_IN_EDITOR_COMMAND = 'acpChat.openChatInEditor';
export const NEW_CHAT_IN_EDITOR_COMMAND = 'acpChat.newChatInEditor';

export class ChatPanel implements vscode.Disposable {
  static readonly viewType = 'acpChat.chatPanel';
  private static main: ChatPanel | undefined;
  private static open = new Set<ChatPanel>();
  private static lastActive: ChatPanel | undefined;

  private disposables: vscode.Disposable[] = [];
  private readonly controller: ChatWebviewController;
  private disposed = false;

  /** Opens the main chat's tab, or reveals the existing one. */
  static show(deps: ChatWebviewDeps, column: vscode.ViewColumn = vscode.ViewColumn.Beside): ChatPanel {
    if (ChatPanel.main) {
      ChatPanel.main.panel.reveal(column);
      return ChatPanel.main;
    }
    ChatPanel.main = ChatPanel.create(deps, 'ACP Chat', column);
    return ChatPanel.main;
  }

  /** A new tab; `onDidClose` runs once when the user (or dispose) closes it. */
  static create(deps: ChatWebviewDeps, title: string, column: vscode.ViewColumn = vscode.ViewColumn.Beside, onDidClose?: () => void): ChatPanel {
    const panel = vscode.window.createWebviewPanel(ChatPanel.viewType, title, column, chatWebviewOptions(deps.extensionUri));
    return new ChatPanel(panel, deps, onDidClose);
  }

  /** The chat tab the user was in last (for "Add Selection to Chat"), if still open. */
  static get active(): ChatPanel | undefined {
    return ChatPanel.lastActive;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    deps: ChatWebviewDeps,
    private readonly onDidClose?: () => void,
  ) {
    this.controller = new ChatWebviewController(panel.webview, deps);
    ChatPanel.open.add(this);
    ChatPanel.lastActive = this;
    panel.onDidDispose(() => this.dispose(), null, this.disposables);
    panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) ChatPanel.lastActive = this;
    }, null, this.disposables);
  }

  attach(attachment: Attachment): void {
    this.controller.attach(attachment);
  }

  reveal(): void {
    this.panel.reveal(this.panel.viewColumn, false);
    this.controller.focusComposer();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (ChatPanel.main === this) ChatPanel.main = undefined;
    ChatPanel.open.delete(this);
    if (ChatPanel.lastActive === this) ChatPanel.lastActive = [...ChatPanel.open].at(-1);
    this.controller.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
    this.onDidClose?.();
  }
}
