// Which chats wait for the user, and why: an approval or a question until it is answered; an error, a limit or a
// finished turn until the user looks at that chat. "Go to Next Chat That Needs You" walks them oldest waiting first.
// Pure: no vscode (the chat is any object).
import { Emitter } from '../acpClient/events';

export type WaitReason = 'approval' | 'question' | 'error' | 'limit' | 'finished';

/** Reasons that last until the request is answered, not until the user looks. */
const UNTIL_ANSWERED: ReadonlySet<WaitReason> = new Set(['approval', 'question']);

interface Wait<C> {
  chat: C;
  reason: WaitReason;
  /** The request's key for an approval or question; the reason itself otherwise (one of each a chat). */
  key: string;
  /** When it began, as an order: smaller waited longer. */
  order: number;
}

/** One waiting chat: its reasons (oldest first) and its place in the walk (its oldest wait). */
export interface WaitingChat<C> {
  chat: C;
  reasons: WaitReason[];
  order: number;
}

export class NeedsYou<C> {
  private waits: Wait<C>[] = [];
  private nextOrder = 1;
  /** Where the walk is: the place of the chat it went to last. */
  private walkedTo = 0;
  private readonly changeEmitter = new Emitter<void>();
  readonly onDidChange = this.changeEmitter.event;

  /** `chat` waits for `reason` (an approval's or question's `key`); a wait already there keeps its place. */
  add(chat: C, reason: WaitReason, key: string = reason): void {
    if (this.waits.some((w) => w.chat === chat && w.key === key)) return;
    this.waits.push({ chat, reason, key, order: this.nextOrder++ });
    this.changeEmitter.fire();
  }

  /** The request `key` was answered or withdrawn. */
  settle(key: string): void {
    this.drop((w) => UNTIL_ANSWERED.has(w.reason) && w.key === key);
  }

  /** The user looks at `chat`: what waited only to be seen is seen. */
  seen(chat: C): void {
    this.drop((w) => w.chat === chat && !UNTIL_ANSWERED.has(w.reason));
  }

  /** `chat` closed, or shows another chat now: none of its waits stands. */
  forget(chat: C): void {
    this.drop((w) => w.chat === chat);
  }

  /** The waiting chats, the one that has waited longest first. */
  waiting(): WaitingChat<C>[] {
    const byChat = new Map<C, WaitingChat<C>>();
    for (const w of [...this.waits].sort((a, b) => a.order - b.order)) {
      const entry = byChat.get(w.chat);
      if (!entry) byChat.set(w.chat, { chat: w.chat, reasons: [w.reason], order: w.order });
      else if (!entry.reasons.includes(w.reason)) entry.reasons.push(w.reason);
    }
    return [...byChat.values()];
  }

  /** What `chat` waits for, oldest first (empty when nothing). */
  reasonsOf(chat: C): WaitReason[] {
    return this.waiting().find((w) => w.chat === chat)?.reasons ?? [];
  }

  /** The next waiting chat after the one the walk went to last, wrapping round to the oldest; undefined when none waits. */
  next(): C | undefined {
    const all = this.waiting();
    const to = all.find((w) => w.order > this.walkedTo) ?? all[0];
    if (!to) return undefined;
    this.walkedTo = to.order;
    return to.chat;
  }

  dispose(): void {
    this.waits = [];
    this.changeEmitter.dispose();
  }

  private drop(which: (w: Wait<C>) => boolean): void {
    const before = this.waits.length;
    this.waits = this.waits.filter((w) => !which(w));
    if (this.waits.length !== before) this.changeEmitter.fire();
  }
}
