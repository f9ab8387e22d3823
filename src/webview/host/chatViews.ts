// Where the chats are shown: the side view shows the side view's chat; each editor tab shows its own chat ("New Chat
// in Editor"), or the side view's chat again ("Open Chat in Editor"). Every view of a chat reads the same source and
// drives the same actions, and tells the registry when the user moves into it (commands then act on that chat).
import * as vscode from 'vscode';
import { Emitter } from '../../acpClient/events';
import type { Chat } from '../../chat/chat';
import type { ChatParts } from '../../chat/chatParts';
import type { ChatRegistry } from '../../chat/chatRegistry';
import { bindChatChrome } from './chatChrome';
import { composeChatPage, type ChatPagePart } from './chatPage';
import { ChatPanel } from './chatPanel';
import { ChatViewProvider } from './chatViewProvider';
import type { ChatLog, ChatWebviewDeps } from './chatWebviewController';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';
import type { Attachment } from '../protocol/protocol';

export interface ChatViewsDeps {
  chats: ChatRegistry;
  /** Each chat's parts, which make up its page (the chat's own binding first). */
  parts: ChatParts<ChatPagePart & { dispose(): void }>;
  presenter: Pick<UserErrorPresenter, 'report'>;
  extensionUri: vscode.Uri;
  log: ChatLog;
}

export class ChatViews implements vscode.Disposable {
  readonly sideView: ChatViewProvider;
  private readonly tabs = new Map<Chat, ChatPanel>();
  /** The side view's chat shown in a tab too ("Open Chat in Editor"). */
  private mainTab: ChatPanel | undefined;
  private readonly subs: vscode.Disposable[] = [];
  private readonly visibilityEmitter = new Emitter<void>();
  /** A chat's view came on screen or went off it (the side view, a tab). */
  readonly onDidChangeVisibility = this.visibilityEmitter.event;

  constructor(private readonly deps: ChatViewsDeps) {
    const { chats } = deps;
    // The side view's page is bound when VS Code first shows it, after every capability has registered its part.
    this.sideView = new ChatViewProvider(
      () => this.bind(chats.sideView),
      () => this.visibilityEmitter.fire(),
    );
    this.subs.push(bindChatChrome(chats.sideView, this.sideView.chrome));
    this.subs.push({
      dispose: chats.onDidRemove((chat) => {
        this.tabs.get(chat)?.dispose();
        this.tabs.delete(chat);
      }).dispose,
    });
  }

  /** "New Chat in Editor": a new chat in its own tab; closing the tab closes the chat. */
  openTab(): Chat {
    const chat = this.deps.chats.open();
    const panel = ChatPanel.create(this.bind(chat), vscode.ViewColumn.Active, {
      onDidClose: () => {
        chrome.dispose();
        this.tabs.delete(chat);
        void this.deps.chats.close(chat);
      },
      onDidBecomeActive: () => this.deps.chats.focus(chat),
      onDidChangeVisibility: () => this.visibilityEmitter.fire(),
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
    const panel = ChatPanel.create(this.bind(chat), vscode.ViewColumn.Beside, {
      onDidClose: () => {
        chrome.dispose();
        this.mainTab = undefined;
        this.visibilityEmitter.fire();
      },
      onDidBecomeActive: () => this.deps.chats.focus(chat),
      onDidChangeVisibility: () => this.visibilityEmitter.fire(),
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

  /** `chat`'s view is on screen: its tab, or for the side view's chat the side view or its tab. */
  isVisible(chat: Chat): boolean {
    if (chat === this.deps.chats.sideView && this.sideView.isVisible) return true;
    return !!this.tabOf(chat)?.visible;
  }

  /** Marks `chat`'s view while it waits for the user (`why`, one line; undefined clears): the side view's badge, a tab's title. */
  markWaiting(chat: Chat, why: string | undefined): void {
    if (chat === this.deps.chats.sideView) this.sideView.setWaiting(why);
    this.tabOf(chat)?.setWaiting(why !== undefined);
  }

  /** A chat (the side view or a tab) is on screen. */
  get anyVisible(): boolean {
    return this.sideView.isVisible || !!this.mainTab?.visible || [...this.tabs.values()].some((t) => t.visible);
  }

  dispose(): void {
    for (const s of this.subs.splice(0)) s.dispose();
    this.visibilityEmitter.dispose();
    this.mainTab?.dispose();
    for (const tab of [...this.tabs.values()]) tab.dispose();
    this.tabs.clear();
    this.sideView.dispose();
  }

  /** The tab showing `chat`: its own, or for the side view's chat the one Open Chat in Editor opened. */
  private tabOf(chat: Chat): ChatPanel | undefined {
    return this.tabs.get(chat) ?? (chat === this.deps.chats.sideView ? this.mainTab : undefined);
  }

  /** What `chat`'s webviews need: its page as its parts make it up. */
  private bind(chat: Chat): ChatWebviewDeps {
    const { presenter } = this.deps;
    const { source, actions } = composeChatPage(this.deps.parts.all(chat));
    return { extensionUri: this.deps.extensionUri, source, actions, log: this.deps.log, reportError: (err, what) => presenter.report(err, { chat, what }) };
  }
}
