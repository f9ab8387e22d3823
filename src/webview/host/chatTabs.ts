// "New Chat in Editor": each editor tab is its own conversation (its own session and pending approvals) on the
// shared agent. Closing a tab answers its pending approvals `cancelled` and closes its session on the agent.
import * as vscode from 'vscode';
import type { ChatService } from '../../chat/chatService';
import { Conversation, type ChatSlot } from '../../chat/conversation';
import type { Logger } from '../../acp/logger';
import type { EditorActions } from '../../workbench/editorActions';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';
import type { PermissionController } from '../../approvals/permissionController';
import { createChatActions, createChatSource } from './chatBindings';
import { ChatPanel } from './chatPanel';
import type { ChatWebviewDeps } from './chatWebviewController';
import type { EditorSide } from './editorSideBinding';
import type { AgentPickerActions, AgentPickerSource } from './agentPickerBinding';

interface Tab {
  conversation: Conversation;
  panel: ChatPanel;
}

export interface ChatTabsDeps {
  chat: ChatService;
  permissions: PermissionController;
  editor: EditorActions;
  presenter: UserErrorPresenter;
  logger: Logger;
  base: Pick<ChatWebviewDeps, 'extensionUri' | 'log' | 'reportError'>;
  openHistory(into: ChatSlot): unknown;
  /** The tab's own turn changes and Follow the agent. */
  editorSide(slot: ChatSlot): EditorSide;
  /** The agent picker (one choice for every chat). */
  agentPicker: { source: AgentPickerSource; actions: AgentPickerActions };
}

export class ChatTabs implements vscode.Disposable {
  private readonly tabs = new Set<Tab>();
  private counter = 1;
  private readonly sessionEmitter = new vscode.EventEmitter<void>();
  /** A tab's conversation shows another session (or the tab closed). */
  readonly onDidChangeSession = this.sessionEmitter.event;

  constructor(private readonly deps: ChatTabsDeps) {}

  /** Opens a tab with a new conversation; its session starts when the tab's chat is ready. */
  open(): Conversation {
    const { chat, permissions, editor, presenter, logger, base } = this.deps;
    const conversation = new Conversation(chat, logger);
    const chatSource = createChatSource(chat, permissions, presenter, conversation);
    const side = this.deps.editorSide(conversation);
    const source = { ...chatSource, ...side.source, ...this.deps.agentPicker.source };
    const actions = { ...createChatActions(chat, permissions, editor, logger, presenter, conversation, () => this.deps.openHistory(conversation)), ...side.actions, ...this.deps.agentPicker.actions };
    const sub = conversation.onDidChangeSession(() => this.sessionEmitter.fire());
    const panel = ChatPanel.create({ ...base, source, actions }, `ACP Chat ${++this.counter}`, vscode.ViewColumn.Active, () => {
      this.tabs.delete(tab);
      sub.dispose();
      chatSource.dispose();
      side.dispose();
      this.sessionEmitter.fire();
      conversation.close().catch((err: unknown) => logger.warn('[tabs] closing the conversation failed', err));
    });
    const tab: Tab = { conversation, panel };
    this.tabs.add(tab);
    return conversation;
  }

  /** The conversations in tabs (for tests and the status bar). */
  conversations(): Conversation[] {
    return [...this.tabs].map((t) => t.conversation);
  }

  /** Closes the tab showing `conversation` (as the user closing it does). */
  close(conversation: Conversation): void {
    for (const t of this.tabs) if (t.conversation === conversation) t.panel.dispose();
  }

  /** Reveals the tab whose conversation shows `sessionId`; false when no tab does. */
  reveal(sessionId: string | undefined): boolean {
    if (sessionId === undefined) return false;
    for (const t of this.tabs) {
      if (t.conversation.session?.id === sessionId) {
        t.panel.reveal();
        return true;
      }
    }
    return false;
  }

  /** The conversation of the tab the user was in last, when that is one of these tabs. */
  activeConversation(): Conversation | undefined {
    const active = ChatPanel.active;
    for (const t of this.tabs) if (t.panel === active && active.panel.active) return t.conversation;
    return undefined;
  }

  dispose(): void {
    for (const t of [...this.tabs]) t.panel.dispose();
    this.sessionEmitter.dispose();
  }
}
