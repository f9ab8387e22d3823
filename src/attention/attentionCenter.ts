// Tells the user what happened in a chat by the means attentionMeans.ts chooses: a turn that ended, an error or a limit
// that stopped it, a question or an approval that waits. It keeps which chats need the user (needsYou.ts) — marked on
// their views, in the status bar and in Show Chats… — and clears what only waited to be seen once the user looks at
// that chat (its view on screen, the window focused). Show on a notification brings that chat forward.
import * as vscode from 'vscode';
import { withoutLinks } from '../acpClient/displayText';
import { Emitter } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Chat } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import { COMMANDS } from '../contributions/commandIds';
import type { Settings } from '../core/settings';
import type { PermissionBroker, Prompt } from '../permissionUI/permissionBroker';
import type { ChatViews } from '../webview/host/chatViews';
import { chooseMeans, type AttentionKind, type Means } from './attentionMeans';
import { readAttentionSetting, readLongTurnMs } from './attentionSettings';
import { chatName, limitMessage, promptMessage, reasonsText, turnMessage, waitingLine } from './attentionWording';
import { NeedsYou, type WaitReason } from './needsYou';
import { watchTurns, type TurnEvent } from './turnWatch';

export interface AttentionDeps {
  chats: ChatRegistry;
  views: ChatViews;
  broker: PermissionBroker;
  settings: Settings;
  logger: Logger;
  /** Whether the one error presenter tells of a chat's error itself (it notifies when no chat is on screen). */
  presenterNotifies(): boolean;
}

/** A notification raised (the tests' view). */
export interface RaisedNotification {
  kind: AttentionKind;
  message: string;
  chat: Chat | undefined;
}

const REASON: Record<TurnEvent['kind'], WaitReason> = { turnEnded: 'finished', error: 'error', limit: 'limit' };

export class AttentionCenter implements vscode.Disposable {
  readonly needsYou = new NeedsYou<Chat>();
  private readonly statusItem: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly notifyEmitter = new Emitter<RaisedNotification>();
  /** Every notification raised, in order (the tests' view). */
  readonly raised: RaisedNotification[] = [];
  readonly onDidNotify = this.notifyEmitter.event;

  constructor(private readonly deps: AttentionDeps) {
    const { chats, views, broker } = deps;
    this.statusItem = vscode.window.createStatusBarItem('acpChat.needsYou', vscode.StatusBarAlignment.Left, 99);
    this.statusItem.name = vscode.l10n.t('ACP Chat: chats that need you');
    this.statusItem.command = COMMANDS.nextChatNeedingYou;
    const lookedAt = () => this.clearSeen();
    this.disposables.push(
      this.statusItem,
      this.needsYou,
      this.notifyEmitter,
      watchTurns(chats, (chat, event) =>
        this.tell(event.kind, chat, { turnMs: event.turnMs, reason: REASON[event.kind], message: () => turnMessage(chatName(chat), event) }),
      ),
      broker.onDidAdd((prompt) => this.onPrompt(prompt)),
      broker.onDidSettle(({ key }) => this.needsYou.settle(key)),
      this.needsYou.onDidChange(() => this.render()),
      vscode.window.onDidChangeWindowState(lookedAt),
      views.onDidChangeVisibility(lookedAt),
      chats.onDidChangeActive(lookedAt),
      chats.onDidRemove((chat) => this.needsYou.forget(chat)),
      // Another conversation in the same chat: what the old one waited for to be seen is gone with it.
      chats.onDidChangeSession(({ chat }) => this.needsYou.seen(chat)),
    );
  }

  /** The agent reported a usage limit in `chat` (`title`: the notice the chat shows). */
  limitReported(chat: Chat, title: string): void {
    this.tell('limit', chat, { reason: 'limit', message: () => limitMessage(chatName(chat), title) });
  }

  /** Reveals the next chat that needs the user (oldest waiting first); false when none does. */
  async goToNext(): Promise<boolean> {
    const chat = this.needsYou.next();
    if (!chat) {
      void vscode.window.showInformationMessage(vscode.l10n.t('ACP Chat: no chat needs you now.'));
      return false;
    }
    await this.deps.views.reveal(chat);
    return true;
  }

  /** Why the chat showing `sessionId` waits, worded; undefined when it does not. */
  waitingOf(sessionId: string): string | undefined {
    const chat = this.deps.chats.all().find((c) => c.session?.id === sessionId);
    const reasons = chat ? this.needsYou.reasonsOf(chat) : [];
    return reasons.length ? reasonsText(reasons) : undefined;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }

  private onPrompt(prompt: Prompt): void {
    const chat = this.deps.chats.forSession(prompt.sessionId);
    const kind = prompt.type === 'permission' ? 'approval' : 'question';
    const message = () => promptMessage(prompt, chat && chatName(chat));
    // Show answers it where the user answers it: the chat comes forward with the request.
    this.tell(kind, chat, { reason: kind, key: prompt.key, message, show: () => vscode.commands.executeCommand(COMMANDS.showPendingPermission, prompt.key) });
  }

  private tell(
    kind: AttentionKind,
    chat: Chat | undefined,
    what: { reason: WaitReason; message: () => string; turnMs?: number; key?: string; show?: () => Thenable<unknown> },
  ): void {
    const { settings } = this.deps;
    const where = { windowFocused: vscode.window.state.focused, chatVisible: chat !== undefined && this.deps.views.isVisible(chat) };
    let means: Means = chooseMeans({ kind, turnMs: what.turnMs }, readAttentionSetting(settings, kind), where, readLongTurnMs(settings));
    // The presenter already notifies of an error when no chat is on screen: one notification is enough.
    if (means === 'notify' && kind === 'error' && this.deps.presenterNotifies()) means = 'mark';
    this.deps.logger.debug?.(`[attention] ${kind} in ${chat ? 'a chat' : 'no chat'}: ${means}`);
    if (means === 'none') return;
    if (chat) this.needsYou.add(chat, what.reason, what.key);
    if (means === 'notify') this.notify(kind, chat, withoutLinks(what.message()), what.show ?? (() => this.reveal(chat)));
  }

  private async reveal(chat: Chat | undefined): Promise<void> {
    if (chat && this.deps.chats.all().includes(chat)) await this.deps.views.reveal(chat);
  }

  private notify(kind: AttentionKind, chat: Chat | undefined, message: string, show: () => Thenable<unknown>): void {
    const raised = { kind, message, chat };
    this.raised.push(raised);
    const label = vscode.l10n.t('Show');
    void vscode.window.showInformationMessage(message, label).then(
      (choice) => (choice === label ? show() : undefined),
      (err: unknown) => this.deps.logger.error('[attention] notification failed', err),
    );
    this.notifyEmitter.fire(raised);
  }

  /** The user looks at a chat that waited to be seen: it no longer does. */
  private clearSeen(): void {
    if (!vscode.window.state.focused) return;
    for (const { chat } of this.needsYou.waiting()) if (this.deps.views.isVisible(chat)) this.needsYou.seen(chat);
  }

  private render(): void {
    const waiting = this.needsYou.waiting();
    const { views, chats } = this.deps;
    // The view's badge counts the chat's requests already (the approvals' count): the rest marks it.
    for (const chat of chats.all()) {
      const reasons = this.needsYou.reasonsOf(chat).filter((r) => r !== 'approval' && r !== 'question');
      views.markWaiting(chat, reasons.length ? waitingLine(chatName(chat), reasons) : undefined);
    }
    // The approvals have their own item: this one shows once something else waits.
    if (!waiting.some((w) => w.reasons.some((r) => r !== 'approval' && r !== 'question'))) {
      this.statusItem.hide();
      return;
    }
    this.statusItem.text = `$(bell-dot) ${waiting.length}`;
    this.statusItem.tooltip = [
      waiting.length === 1 ? vscode.l10n.t('1 chat needs you') : vscode.l10n.t('{0} chats need you', waiting.length),
      ...waiting.map((w) => waitingLine(chatName(w.chat), w.reasons)),
      vscode.l10n.t('Click to go to the next one'),
    ].join('\n');
    this.statusItem.accessibilityInformation = { label: this.statusItem.tooltip };
    this.statusItem.show();
  }
}
