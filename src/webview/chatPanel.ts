// The chat in an editor tab (`acpChat.openChatInEditor`). Same controller as the sidebar view; one panel at a time,
// revealed again when the command runs twice.
import * as vscode from 'vscode';
import { ChatWebviewController, chatWebviewOptions, type ChatWebviewDeps } from './chatWebviewController';
import type { Attachment } from './protocol';

export const OPEN_CHAT_IN_EDITOR_COMMAND = 'acpChat.openChatInEditor';

export class ChatPanel implements vscode.Disposable {
  static readonly viewType = 'acpChat.chatPanel';
  private static current: ChatPanel | undefined;

  private disposables: vscode.Disposable[] = [];
  private readonly controller: ChatWebviewController;

  /** Opens the chat tab, or reveals the existing one. */
  static show(deps: ChatWebviewDeps, column: vscode.ViewColumn = vscode.ViewColumn.Beside): ChatPanel {
    if (ChatPanel.current) {
      ChatPanel.current.panel.reveal(column);
      return ChatPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(ChatPanel.viewType, 'ACP Chat', column, chatWebviewOptions(deps.extensionUri));
    ChatPanel.current = new ChatPanel(panel, deps);
    return ChatPanel.current;
  }

  static get active(): ChatPanel | undefined {
    return ChatPanel.current;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    deps: ChatWebviewDeps,
  ) {
    this.controller = new ChatWebviewController(panel.webview, deps);
    panel.onDidDispose(() => this.dispose(), null, this.disposables);
  }

  attach(attachment: Attachment): void {
    this.controller.attach(attachment);
  }

  dispose(): void {
    if (ChatPanel.current === this) ChatPanel.current = undefined;
    this.controller.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
