// The transcript list. Keeps a Map entryId → view and patches only the entries that arrive in a patch (each view
// re-renders only the parts that changed); streamed text and command output arrive as appends to the entry held here.
// Entries are grouped in turns (a user message starts one; transcriptModel.ts keeps the order), and the turns are a
// virtual list (virtualList.ts): only those near the viewport are in the DOM, and a turn's views are built the first
// time it is shown. Runs of finished calls of one kind fold into one line (transcriptFolds.ts), their cards built only
// while it is expanded. Permission entries whose tool card is on screen are mounted inside that card. An agent message
// that only repeats the error after it is not shown (errorEcho.ts).
import type { ToolCallState, TranscriptEntry } from '../protocol/protocol';
import type { EntryAppend } from '../protocol/protocol';
import { AgentView, ThoughtView } from './agentMessageView';
import { h } from './dom';
import { appended } from './entryAppend';
import { l10n } from './l10n';
import { ErrorView, NoticeView, TurnEndView, type EntryView } from './messageViews';
import { PermissionView } from './permissionView';
import { ToolCallView } from './toolCallView';
import { TranscriptFolds } from './transcriptFolds';
import { TranscriptModel, type Slot } from './transcriptModel';
import { UserMessageView } from './userMessageView';
import { VirtualList } from './virtualList';
import type { Renderable, ViewContext } from './viewContext';
import { unreachable } from '../protocol/protocol';

export class TranscriptView {
  readonly node: HTMLElement;
  private readonly turns: VirtualList;
  private readonly model = new TranscriptModel();
  private readonly folds: TranscriptFolds;
  private readonly toolViews = new Map<string, ToolCallView>();
  /** Called for each agent message render (announcements). */
  onAgentText: ((entryId: string, text: string) => void) | undefined;

  constructor(
    private readonly ctx: ViewContext,
    scroller: HTMLElement,
  ) {
    this.turns = new VirtualList(
      scroller,
      (t) => this.folds.refold(this.model.turnStart[t]!, this.model.turnEnd(t)),
      (t) => this.rerender(t),
    );
    this.folds = new TranscriptFolds(this.model, {
      built: (t) => this.turns.block(t).built,
      container: (t) => this.container(t),
      mount: (slot, container) => this.mount(slot, null, container),
      unmount: (slot) => this.unmount(slot),
    });
    this.node = h('div', { class: 'transcript', role: 'log', 'aria-label': l10n.t('Chat'), 'data-testid': 'transcript' }, this.turns.node);
  }

  /** Replaces everything (snapshot). Builds only the turns the viewport shows (at the end). */
  reset(entries: readonly TranscriptEntry[]): void {
    this.model.clear();
    this.toolViews.clear();
    this.folds.clear();
    this.turns.clear();
    for (const e of entries) this.add({ entry: e }, false);
    this.turns.layout(true);
  }

  /** Brings the mounted turns in step with the viewport (after a scroll, a resize or a render). */
  layout(atEnd: boolean): void {
    this.turns.layout(atEnd);
  }

  /** How many entries the conversation holds (shown or not). */
  get size(): number {
    return this.model.order.length;
  }

  /** The entries in order (find searches them all, mounted or not). */
  entries(): IterableIterator<TranscriptEntry> {
    return this.model.entries();
  }

  /** The entries from the newest back. */
  newestFirst(): IterableIterator<TranscriptEntry> {
    return this.model.newestFirst();
  }

  /**
   * Puts an entry in the DOM to scroll to it: its turn mounted (built if need be) and its folded group expanded.
   * Returns its node, or undefined for an unknown id.
   */
  reveal(entryId: string): HTMLElement | undefined {
    const t = this.model.turnOfEntry(entryId);
    if (t === undefined) return undefined;
    this.turns.reveal(t);
    this.folds.expandAround(entryId);
    return this.model.slots.get(entryId)?.view?.node;
  }

  /** Upserts entries: known ids update their view in place, new ids are appended in order. */
  patch(entries: readonly TranscriptEntry[]): void {
    const added: Slot[] = [];
    // The indices of the tool calls this patch touches (a call, or the permission that names it): where folds change.
    let lo = Infinity;
    let hi = -1;
    const touch = (id: string | undefined) => {
      const i = id === undefined ? undefined : this.model.index.get(id);
      if (i === undefined) return;
      lo = Math.min(lo, i);
      hi = Math.max(hi, i);
    };
    for (const e of entries) {
      const slot = this.model.slots.get(e.id);
      if (slot) {
        slot.entry = e;
        if (e.kind === 'tool') touch(e.id);
        if (e.kind === 'permission') touch(this.model.noteAsked(e.permission.toolCallId));
        if (slot.view && slot.view.node.dataset.entryKind !== e.kind) {
          // Never expected: an id changing kind. Rebuild it rather than misrender.
          this.unmount(slot);
          this.mount(slot, null);
        } else slot.view?.update(e);
        continue;
      }
      const s: Slot = { entry: e };
      if (e.kind === 'permission') touch(this.model.noteAsked(e.permission.toolCallId));
      this.add(s, true);
      if (e.kind === 'tool') touch(e.id);
      added.push(s);
    }
    // New entries are built when their turn is (a turn the user scrolled away from waits until it is shown).
    for (const s of added) {
      const block = this.turns.block(this.model.turnOfEntry(s.entry.id)!);
      if (block.built && !s.view && !this.folds.folds(s.entry.id)) this.mount(s, null);
    }
    if (hi >= 0) this.folds.refold(lo, hi + 1);
  }

  /**
   * Adds text at the end of an entry's field. False (nothing changed) when the entry is unknown or does not hold the
   * state the append builds on: the page missed a message and needs a snapshot.
   */
  append(a: EntryAppend): boolean {
    const slot = this.model.slots.get(a.id);
    const next = slot && appended(slot.entry, a);
    if (!slot || !next) return false;
    slot.entry = next;
    slot.view?.update(next);
    return true;
  }

  /** Renders the mounted permission cards again (what a durable answer did came from the host). */
  refreshPermissions(): void {
    for (const slot of this.model.slots.values()) if (slot.view instanceof PermissionView) slot.view.refresh(slot.entry);
  }

  /** The DOM node of an entry if it is rendered (tests and scrolling). */
  nodeOf(entryId: string): HTMLElement | undefined {
    return this.model.slots.get(entryId)?.view?.node;
  }

  get renderedCount(): number {
    let n = 0;
    for (const s of this.model.slots.values()) if (s.view) n++;
    return n;
  }

  entry(entryId: string): TranscriptEntry | undefined {
    return this.model.slots.get(entryId)?.entry;
  }

  /** Appends an entry; a user message (or the first entry) starts a turn. `follow`: see VirtualList.push. */
  private add(slot: Slot, follow: boolean): void {
    const echo = this.model.noteEcho(slot.entry);
    if (echo?.view) echo.view.node.hidden = true;
    if (this.model.startsTurn(slot.entry)) this.turns.push(follow);
    this.model.push(slot);
  }

  /** The state of a tool call the transcript holds, on screen or not (a permission asks its question from it). */
  toolCallOf(toolCallId: string): ToolCallState | undefined {
    return this.model.toolCallOf(toolCallId);
  }

  /** The element that holds turn `t`'s entries. */
  private container(t: number): HTMLElement {
    return this.turns.block(t).body;
  }

  /**
   * Puts `nodes` at the end of the turns they belong to (by their user message's place), and marks the turns whose
   * failed prompt was retried. A node whose turn is not in the conversation (yet) is left out until it is.
   */
  placeAtTurnEnds(nodes: ReadonlyMap<number, readonly HTMLElement[]>, superseded: ReadonlySet<number>): void {
    const userIndexOfTurn = this.model.userIndexOfTurn;
    for (let t = 0; t < userIndexOfTurn.length; t++) {
      const block = this.turns.block(t);
      const userIndex = userIndexOfTurn[t]!;
      block.el.classList.toggle('superseded', superseded.has(userIndex));
      const wanted = nodes.get(userIndex) ?? [];
      if (block.footer.childNodes.length === wanted.length && wanted.every((n, i) => block.footer.childNodes[i] === n)) continue;
      block.footer.replaceChildren(...wanted);
    }
  }

  /** Puts back the deferred renders of turn `t`'s views (a view out of the DOM is not rendered). */
  private rerender(t: number): void {
    for (let i = this.model.turnStart[t]!; i < this.model.turnEnd(t); i++) {
      const view = this.model.slots.get(this.model.order[i]!)?.view;
      if (view && 'renderNow' in view) this.ctx.requestRender(view as EntryView & Renderable);
    }
  }

  private mount(slot: Slot, before: Node | null, container: HTMLElement = this.container(this.model.turnOfEntry(slot.entry.id)!)): void {
    const view = this.createView(slot.entry);
    slot.view = view;
    view.node.dataset.entryId = slot.entry.id;
    view.node.dataset.entryKind = slot.entry.kind;
    if (this.model.echoes.has(slot.entry.id)) view.node.hidden = true;
    view.update(slot.entry);
    if (view instanceof ToolCallView) {
      this.toolViews.set((slot.entry as Extract<TranscriptEntry, { kind: 'tool' }>).toolCall.toolCallId, view);
      container.insertBefore(view.node, before);
      // A permission that arrived before its card (or was shown standalone) moves in.
      for (const s of this.model.slots.values()) {
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
      else container.insertBefore(view.node, before);
      return;
    }
    container.insertBefore(view.node, before);
    // Its deferred render, asked for by update() before the node was in the page (where renders run), asked again.
    if ('renderNow' in view) this.ctx.requestRender(view as EntryView & Renderable);
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
        view = new PermissionView(
          this.ctx,
          () => !view || !this.toolViews.has(view.toolCallId),
          (id) => this.toolCallOf(id),
        );
        return view;
      }
      case 'notice':
        return new NoticeView();
      case 'error':
        return new ErrorView(this.ctx);
      case 'turn-end':
        return new TurnEndView(this.ctx);
      default:
        return unreachable(e, 'entry');
    }
  }
}
