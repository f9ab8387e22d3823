// Where the chats are shown: the side view shows the side view's chat; each editor tab shows its own chat ("New Chat
// in Editor"), or the side view's chat again ("Open Chat in Editor"). Every view of a chat reads the same source and
// drives the same actions, and tells the registry when the user moves into it (commands then act on that chat).
import * as vscode from 'vscode';
import type { Chat } from '../../chat/chat';
import type { ChatRegistry } from '../../chat/chatRegistry';
import type { Logger } from '../../acpClient/logger';
import type { EditorActions } from '../../workbench/editorActions';
import type { PermissionController } from '../../permissionUI/permissionController';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';
import type { AgentChoice } from '../../agents/agentChoice';
import { agentPickerActions, agentPickerSource } from './agentPickerBinding';
import { createChatActions, createChatSource } from './chatBindings';
import { bindChatChrome } from './chatChrome';
import { ChatPanel } from './chatPanel';
import { ChatViewProvider } from './chatViewProvider';
import type { ChatActions, ChatLog, ChatWebviewDeps } from './chatWebviewController';
import type { EditorSide } from './editorSideBinding';
import type { Attachment } from '../protocol/protocol';
import type { ChatContextActions } from './chatBindings';

export interface ChatViewsDeps {
  /** Add Context's question, `@` suggestions, dropped files (chatContext/chatContext.ts). */
  context: ChatContextActions;
  chats: ChatRegistry;
  permissions: PermissionController;
  editor: EditorActions;
  presenter: UserErrorPresenter;
  agents: AgentChoice;
  logger: Logger;
  extensionUri: vscode.Uri;
  log: ChatLog;
  /** The chat's turn changes and Follow the agent. */
  editorSide(chat: Chat): EditorSide;
}

/** What one chat's views share. */
interface Binding {
  deps: ChatWebviewDeps;
  side: EditorSide;
  dispose(): void;
}

export class ChatViews implements vscode.Disposable {
  readonly sideView: ChatViewProvider;
  private readonly bindings = new Map<Chat, Binding>();
  private readonly tabs = new Map<Chat, ChatPanel>();
  /** The side view's chat shown in a tab too ("Open Chat in Editor"). */
  private mainTab: ChatPanel | undefined;
  private readonly subs: vscode.Disposable[] = [];

  constructor(private readonly deps: ChatViewsDeps) {
    const { chats } = deps;
    this.sideView = new ChatViewProvider(this.bind(chats.sideView).deps);
    this.subs.push(bindChatChrome(chats.sideView, this.sideView.chrome));
    this.subs.push({
      dispose: chats.onDidRemove((chat) => {
        this.bindings.get(chat)?.dispose();
        this.bindings.delete(chat);
        this.tabs.get(chat)?.dispose();
        this.tabs.delete(chat);
      }).dispose,
    });
  }

  /** "New Chat in Editor": a new chat in its own tab; closing the tab closes the chat. */
  openTab(): Chat {
    const chat = this.deps.chats.open();
    const panel = ChatPanel.create(this.bind(chat).deps, vscode.ViewColumn.Active, {
      onDidClose: () => {
        chrome.dispose();
        this.tabs.delete(chat);
        void this.deps.chats.close(chat);
      },
      onDidBecomeActive: () => this.deps.chats.focus(chat),
    });
    const chrome = bindChatChrome(chat, panel.chrome);
    this.tabs.set(chat, panel);
    return chat;
  }

  /** "Open Chat in Editor": the side view's chat in a tab (revealed again when it is open). */
  showSideViewChatInTab(): void {
    if (this.mainTab) {
      this.mainTab.reveal(vscode.ViewColumn.Beside);
      return;
    }
    const chat = this.deps.chats.sideView;
    const panel = ChatPanel.create(this.bind(chat).deps, vscode.ViewColumn.Beside, {
      onDidClose: () => {
        chrome.dispose();
        this.mainTab = undefined;
      },
      onDidBecomeActive: () => this.deps.chats.focus(chat),
    });
    const chrome = bindChatChrome(chat, panel.chrome);
    this.mainTab = panel;
    this.deps.chats.focus(chat);
  }

  /** Brings `chat`'s view forward: its tab, else the side view. */
  async reveal(chat: Chat): Promise<void> {
    const tab = this.tabOf(chat);
    if (tab) tab.reveal();
    else await this.sideView.reveal();
  }

  /** Puts an attachment in `chat`'s composer, revealing its view. */
  async attach(chat: Chat, attachment: Attachment): Promise<void> {
    const tab = this.tabOf(chat);
    if (tab) {
      await tab.attach(attachment);
    } else {
      await this.sideView.attach(attachment);
    }
  }

  /** Closes `chat`'s tab, as the user closing it does. */
  closeTab(chat: Chat): void {
    this.tabs.get(chat)?.dispose();
  }

  /** A chat (the side view or a tab) is on screen. */
  get anyVisible(): boolean {
    return this.sideView.isVisible || !!this.mainTab?.visible || [...this.tabs.values()].some((t) => t.visible);
  }

  /** The editor side of `chat` (for the tests' view). */
  editorSide(chat: Chat): EditorSide | undefined {
    return this.bindings.get(chat)?.side;
  }

  /** The actions `chat`'s views drive (the tests act as the page does). */
  actions(chat: Chat): ChatActions | undefined {
    return this.bindings.get(chat)?.deps.actions;
  }

  dispose(): void {
    for (const s of this.subs.splice(0)) s.dispose();
    this.mainTab?.dispose();
    for (const tab of [...this.tabs.values()]) tab.dispose();
    this.tabs.clear();
    this.sideView.dispose();
    for (const b of this.bindings.values()) b.dispose();
    this.bindings.clear();
  }

  /** The tab showing `chat`: its own, or for the side view's chat the one Open Chat in Editor opened. */
  private tabOf(chat: Chat): ChatPanel | undefined {
    return this.tabs.get(chat) ?? (chat === this.deps.chats.sideView ? this.mainTab : undefined);
  }

  private bind(chat: Chat): Binding {
    const existing = this.bindings.get(chat);
    if (existing) return existing;
    const { permissions, editor, logger, presenter, agents, chats } = this.deps;
    const chatSource = createChatSource(chat, permissions);
    const side = this.deps.editorSide(chat);
    const source = { ...chatSource, ...side.source, ...agentPickerSource(agents) };
    const actions: ChatActions = {
      ...createChatActions(chat, { chats, permissions, editor, logger, presenter, context: this.deps.context }),
      ...side.actions,
      ...agentPickerActions(agents, () => chats.switchAgent(chat)),
    };
    const binding: Binding = {
      deps: { extensionUri: this.deps.extensionUri, source, actions, log: this.deps.log, reportError: (err, what) => presenter.report(err, { chat, what }) },
      side,
      dispose: () => {
        chatSource.dispose();
        side.dispose();
      },
    };
    this.bindings.set(chat, binding);
    return binding;
  }
}
