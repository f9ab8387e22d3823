// The transcript list. Keeps a Map entryId → view and patches only the entries that arrive in a patch (each view
// re-renders only the parts that changed); streamed text and command output arrive as appends to the entry held here. The DOM is bounded by windowing: only the last `windowSize` entries are rendered,
// with a "Show earlier" button that widens the window; CSS `content-visibility: auto` makes off-screen cards cheap.
// Permission entries whose tool card is on screen are mounted inside that card.
import type { TranscriptEntry } from '../protocol/protocol';
import type { EntryAppend } from '../protocol/protocol';
import { button, h } from './dom';
import { AgentView, ErrorView, NoticeView, ThoughtView, TurnEndView, UserMessageView, type EntryView } from './messageViews';
import { PermissionView } from './permissionView';
import { ToolCallView } from './toolCallView';
import type { ViewContext } from './viewContext';
import { unreachable } from '../protocol/protocol';

export const DEFAULT_WINDOW = 200;

interface Slot {
  entry: TranscriptEntry;
  view?: EntryView;
}

export class TranscriptView {
  readonly node: HTMLElement;
  private readonly list = h('div', { class: 'transcript-list' });
  private readonly earlier = button('Show earlier messages', { class: 'text-btn show-earlier', 'data-testid': 'show-earlier' });
  private readonly order: string[] = [];
  private readonly slots = new Map<string, Slot>();
  private readonly toolViews = new Map<string, ToolCallView>();
  private windowSize: number;
  /** Index in `order` of the first rendered entry. */
  private start = 0;
  /** Called for each agent message render (announcements). */
  onAgentText: ((entryId: string, text: string) => void) | undefined;

  constructor(
    private readonly ctx: ViewContext,
    windowSize = DEFAULT_WINDOW,
  ) {
    this.windowSize = windowSize;
    this.node = h('div', { class: 'transcript', role: 'log', 'aria-label': 'Conversation', 'data-testid': 'transcript' }, this.earlier, this.list);
    this.earlier.addEventListener('click', () => this.showEarlier());
    this.earlier.hidden = true;
  }

  /** Replaces everything (snapshot). */
  reset(entries: readonly TranscriptEntry[]): void {
    this.order.length = 0;
    this.slots.clear();
    this.toolViews.clear();
    this.list.replaceChildren();
    for (const e of entries) {
      this.order.push(e.id);
      this.slots.set(e.id, { entry: e });
    }
    this.start = Math.max(0, this.order.length - this.windowSize);
    for (let i = this.start; i < this.order.length; i++) this.mount(this.slots.get(this.order[i]!)!, null);
    this.earlier.hidden = this.start === 0;
  }

  /** Upserts entries: known ids update their view in place, new ids are appended in order. */
  patch(entries: readonly TranscriptEntry[]): void {
    const added: Slot[] = [];
    for (const e of entries) {
      const slot = this.slots.get(e.id);
      if (slot) {
        slot.entry = e;
        if (slot.view && slot.view.node.dataset.entryKind !== e.kind) {
          // Never expected: an id changing kind. Rebuild it rather than misrender.
          this.unmount(slot);
          this.mount(slot, null);
        } else slot.view?.update(e);
        continue;
      }
      const s: Slot = { entry: e };
      this.order.push(e.id);
      this.slots.set(e.id, s);
      added.push(s);
    }
    this.trimWindow();
    // Only the new entries that fall inside the window are built (a big patch would otherwise build and drop them).
    const firstAdded = this.order.length - added.length;
    added.forEach((s, i) => {
      if (firstAdded + i >= this.start) this.mount(s, null);
    });
  }

  /**
   * Adds text at the end of an entry's field. False (nothing changed) when the entry is unknown or does not hold the
   * state the append builds on: the page missed a message and needs a snapshot.
   */
  append(a: EntryAppend): boolean {
    const slot = this.slots.get(a.id);
    const next = slot && appended(slot.entry, a);
    if (!slot || !next) return false;
    slot.entry = next;
    slot.view?.update(next);
    return true;
  }

  /** The DOM node of an entry if it is rendered (tests and scrolling). */
  nodeOf(entryId: string): HTMLElement | undefined {
    return this.slots.get(entryId)?.view?.node;
  }

  get renderedCount(): number {
    let n = 0;
    for (const s of this.slots.values()) if (s.view) n++;
    return n;
  }

  entry(entryId: string): TranscriptEntry | undefined {
    return this.slots.get(entryId)?.entry;
  }

  private showEarlier(): void {
    const newStart = Math.max(0, this.start - DEFAULT_WINDOW);
    const anchor = this.list.firstChild;
    for (let i = newStart; i < this.start; i++) this.mount(this.slots.get(this.order[i]!)!, anchor);
    this.windowSize += this.start - newStart;
    this.start = newStart;
    this.earlier.hidden = this.start === 0;
  }

  private trimWindow(): void {
    while (this.order.length - this.start > this.windowSize) {
      const slot = this.slots.get(this.order[this.start]!);
      if (slot) this.unmount(slot);
      this.start++;
    }
    this.earlier.hidden = this.start === 0;
  }

  private mount(slot: Slot, before: Node | null): void {
    const view = this.createView(slot.entry);
    slot.view = view;
    view.node.dataset.entryId = slot.entry.id;
    view.node.dataset.entryKind = slot.entry.kind;
    view.update(slot.entry);
    if (view instanceof ToolCallView) {
      this.toolViews.set((slot.entry as Extract<TranscriptEntry, { kind: 'tool' }>).toolCall.toolCallId, view);
      this.list.insertBefore(view.node, before);
      // A permission that arrived before its card (or was shown standalone) moves in.
      for (const s of this.slots.values()) {
        if (s.view instanceof PermissionView && s.view.toolCallId === view.node.dataset.toolCallId && !view.permissionSlot.contains(s.view.node)) {
          view.permissionSlot.appendChild(s.view.node);
          s.view.refresh(s.entry);
        }
      }
      return;
    }
    if (view instanceof PermissionView) {
      const tool = this.toolViews.get(view.toolCallId);
      if (tool) tool.permissionSlot.appendChild(view.node);
      else this.list.insertBefore(view.node, before);
      return;
    }
    this.list.insertBefore(view.node, before);
  }

  private unmount(slot: Slot): void {
    const view = slot.view;
    if (!view) return;
    view.node.remove();
    if (view instanceof ToolCallView) {
      const id = view.node.dataset.toolCallId;
      if (id && this.toolViews.get(id) === view) this.toolViews.delete(id);
    }
    slot.view = undefined;
  }

  private createView(e: TranscriptEntry): EntryView {
    switch (e.kind) {
      case 'user':
        return new UserMessageView(this.ctx);
      case 'agent': {
        const v = new AgentView(this.ctx);
        v.onRendered = (text) => this.onAgentText?.(e.id, text);
        return v;
      }
      case 'thought':
        return new ThoughtView(this.ctx);
      case 'tool':
        return new ToolCallView(this.ctx);
      case 'permission': {
        let view: PermissionView | undefined = undefined;
        view = new PermissionView(this.ctx, () => !view || !this.toolViews.has(view.toolCallId));
        return view;
      }
      case 'notice':
        return new NoticeView();
      case 'error':
        return new ErrorView();
      case 'turn-end':
        return new TurnEndView();
      default:
        return unreachable(e, 'entry');
    }
  }
}

/** `entry` with `a` applied, or undefined when `a` does not build on it. Only the touched block or call is copied. */
function appended(entry: TranscriptEntry, a: EntryAppend): TranscriptEntry | undefined {
  if (a.field === 'text') {
    if (entry.kind !== 'agent' && entry.kind !== 'thought' && entry.kind !== 'user') return undefined;
    const last = entry.content[entry.content.length - 1];
    if (last?.type !== 'text' || last.text.length !== a.from) return undefined;
    return { ...entry, content: [...entry.content.slice(0, -1), { ...last, text: last.text + a.text }] };
  }
  if (entry.kind !== 'tool') return undefined;
  const tc = entry.toolCall;
  if (tc.terminalOutput === undefined || tc.terminalOutput.length !== a.from) return undefined;
  let output = tc.terminalOutput + a.text;
  // The host keeps only the tail of long output; `length` is what it kept.
  if (output.length > a.length) output = output.slice(output.length - a.length);
  const toolCall = { ...tc, terminalOutput: output };
  if (a.dropped !== undefined) toolCall.terminalOutputDropped = a.dropped;
  return { ...entry, toolCall };
}
