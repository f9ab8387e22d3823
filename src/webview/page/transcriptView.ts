// The transcript list. Keeps a Map entryId → view and patches only the entries that arrive in a patch (each view
// re-renders only the parts that changed); streamed text and command output arrive as appends to the entry held here.
// Entries are grouped in turns (a user message starts one), and the turns are a virtual list (virtualList.ts): only
// those near the viewport are in the DOM, and a turn's views are built the first time it is shown. Runs of finished
// calls of one kind fold into one line (toolGroups.ts), their cards built only while it is expanded. Permission entries
// whose tool card is on screen are mounted inside that card. An agent message that only repeats the error after it is
// not shown (errorEcho.ts).
import type { ToolCallState, TranscriptEntry } from '../protocol/protocol';
import type { EntryAppend } from '../protocol/protocol';
import { h } from './dom';
import { echoesError } from './errorEcho';
import { AgentView, ErrorView, NoticeView, ThoughtView, TurnEndView, UserMessageView, type EntryView } from './messageViews';
import { PermissionView } from './permissionView';
import { ToolCallView } from './toolCallView';
import { ToolGroupView } from './toolGroupView';
import { foldRuns, groupKey } from './toolGroups';
import { VirtualList } from './virtualList';
import type { Renderable, ViewContext } from './viewContext';
import { unreachable } from '../protocol/protocol';

interface Slot {
  entry: TranscriptEntry;
  view?: EntryView;
}

export class TranscriptView {
  readonly node: HTMLElement;
  private readonly turns: VirtualList;
  private readonly order: string[] = [];
  private readonly slots = new Map<string, Slot>();
  private readonly toolViews = new Map<string, ToolCallView>();
  /** Each entry's index in `order` (entries are only ever appended). */
  private readonly index = new Map<string, number>();
  /** The turn (block of the virtual list) of each entry, by index in `order`. */
  private readonly turnOf: number[] = [];
  /** Index in `order` of each turn's first entry. */
  private readonly turnStart: number[] = [];
  /** Each turn's user message's place among the conversation's user messages (-1: a turn without one, at the start). */
  private readonly userIndexOfTurn: number[] = [];
  private users = 0;
  /** Tool calls the user was asked about (a permission entry names them): they never fold. */
  private readonly asked = new Set<string>();
  /** The tool entry of each tool call id. */
  private readonly toolEntry = new Map<string, string>();
  /** The group an entry is folded into. */
  private readonly groupOf = new Map<string, ToolGroupView>();
  /** Agent messages the error right after them repeats: not shown, nor found. */
  private readonly echoes = new Set<string>();
  /** Called for each agent message render (announcements). */
  onAgentText: ((entryId: string, text: string) => void) | undefined;

  constructor(
    private readonly ctx: ViewContext,
    scroller: HTMLElement,
  ) {
    this.turns = new VirtualList(
      scroller,
      (t) => this.refold(this.turnStart[t]!, this.turnEnd(t)),
      (t) => this.rerender(t),
    );
    this.node = h('div', { class: 'transcript', role: 'log', 'aria-label': 'Conversation', 'data-testid': 'transcript' }, this.turns.node);
  }

  /** Replaces everything (snapshot). Builds only the turns the viewport shows (at the end). */
  reset(entries: readonly TranscriptEntry[]): void {
    this.order.length = 0;
    this.turnOf.length = 0;
    this.turnStart.length = 0;
    this.userIndexOfTurn.length = 0;
    this.users = 0;
    this.slots.clear();
    this.toolViews.clear();
    this.index.clear();
    this.asked.clear();
    this.toolEntry.clear();
    this.groupOf.clear();
    this.echoes.clear();
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
    return this.order.length;
  }

  /** The entries in order (find searches them all, mounted or not). */
  *entries(): IterableIterator<TranscriptEntry> {
    for (const id of this.order) if (!this.echoes.has(id)) yield this.slots.get(id)!.entry;
  }

  /**
   * Puts an entry in the DOM to scroll to it: its turn mounted (built if need be) and its folded group expanded.
   * Returns its node, or undefined for an unknown id.
   */
  reveal(entryId: string): HTMLElement | undefined {
    const i = this.index.get(entryId);
    if (i === undefined) return undefined;
    this.turns.reveal(this.turnOf[i]!);
    const group = this.groupOf.get(entryId);
    if (group && !group.expanded) this.toggleGroup(group);
    return this.slots.get(entryId)?.view?.node;
  }

  /** Upserts entries: known ids update their view in place, new ids are appended in order. */
  patch(entries: readonly TranscriptEntry[]): void {
    const added: Slot[] = [];
    // The indices of the tool calls this patch touches (a call, or the permission that names it): where folds change.
    let lo = Infinity;
    let hi = -1;
    const touch = (id: string | undefined) => {
      const i = id === undefined ? undefined : this.index.get(id);
      if (i === undefined) return;
      lo = Math.min(lo, i);
      hi = Math.max(hi, i);
    };
    for (const e of entries) {
      const slot = this.slots.get(e.id);
      if (slot) {
        slot.entry = e;
        if (e.kind === 'tool') touch(e.id);
        if (e.kind === 'permission') this.noteAsked(e.permission.toolCallId, touch);
        if (slot.view && slot.view.node.dataset.entryKind !== e.kind) {
          // Never expected: an id changing kind. Rebuild it rather than misrender.
          this.unmount(slot);
          this.mount(slot, null);
        } else slot.view?.update(e);
        continue;
      }
      const s: Slot = { entry: e };
      if (e.kind === 'permission') this.noteAsked(e.permission.toolCallId, touch);
      this.add(s, true);
      if (e.kind === 'tool') touch(e.id);
      added.push(s);
    }
    // New entries are built when their turn is (a turn the user scrolled away from waits until it is shown).
    for (const s of added) {
      const block = this.turns.block(this.turnOf[this.index.get(s.entry.id)!]!);
      if (block.built && !s.view && !this.groupOf.has(s.entry.id)) this.mount(s, null);
    }
    if (hi >= 0) this.refold(lo, hi + 1);
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

  /** Renders the mounted permission cards again (what a durable answer did came from the host). */
  refreshPermissions(): void {
    for (const slot of this.slots.values()) if (slot.view instanceof PermissionView) slot.view.refresh(slot.entry);
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

  /** Appends an entry; a user message (or the first entry) starts a turn. `follow`: see VirtualList.push. */
  private add(slot: Slot, follow: boolean): void {
    const e = slot.entry;
    const before = this.slots.get(this.order[this.order.length - 1] ?? '');
    if (before && echoesError(before.entry, e)) {
      this.echoes.add(before.entry.id);
      if (before.view) before.view.node.hidden = true;
    }
    if (e.kind === 'user' || this.order.length === 0) {
      this.turnStart.push(this.order.length);
      this.userIndexOfTurn.push(e.kind === 'user' ? this.users++ : -1);
      this.turns.push(follow);
    }
    this.turnOf.push(this.turnStart.length - 1);
    this.index.set(e.id, this.order.length);
    this.order.push(e.id);
    this.slots.set(e.id, slot);
    if (e.kind === 'tool') this.toolEntry.set(e.toolCall.toolCallId, e.id);
    if (e.kind === 'permission') this.asked.add(e.permission.toolCallId);
  }

  /** A permission names `toolCallId`: that call no longer folds (touches it, to leave its group). */
  private noteAsked(toolCallId: string, touch: (id: string | undefined) => void): void {
    if (this.asked.has(toolCallId)) return;
    this.asked.add(toolCallId);
    touch(this.toolEntry.get(toolCallId));
  }

  /** The state of a tool call the transcript holds, on screen or not (a permission asks its question from it). */
  /** The transcript's state of a tool call, if it holds the call. */
  toolCallOf(toolCallId: string): ToolCallState | undefined {
    const id = this.toolEntry.get(toolCallId);
    const e = id === undefined ? undefined : this.slots.get(id)?.entry;
    return e?.kind === 'tool' ? e.toolCall : undefined;
  }

  /** Index in `order` just past turn `t`'s last entry. */
  private turnEnd(t: number): number {
    return this.turnStart[t + 1] ?? this.order.length;
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
    for (let t = 0; t < this.userIndexOfTurn.length; t++) {
      const block = this.turns.block(t);
      const userIndex = this.userIndexOfTurn[t]!;
      block.el.classList.toggle('superseded', superseded.has(userIndex));
      const wanted = nodes.get(userIndex) ?? [];
      if (block.footer.childNodes.length === wanted.length && wanted.every((n, i) => block.footer.childNodes[i] === n)) continue;
      block.footer.replaceChildren(...wanted);
    }
  }

  /** The fold key of entry `i` when it is in turn `t` (runs never leave their turn). */
  private keyAt(t: number, i: number): string | undefined {
    if (i < this.turnStart[t]! || i >= this.turnEnd(t)) return undefined;
    return groupKey(this.slots.get(this.order[i]!)!.entry, this.asked);
  }

  /** Refolds `[lo, hi)` in each built turn it spans (a turn not built yet is folded when it is). */
  private refold(lo: number, hi: number): void {
    const end = Math.min(hi, this.order.length);
    for (let t = this.turnOf[lo]; t !== undefined && t < this.turnStart.length && this.turnStart[t]! < end; t++) {
      if (this.turns.block(t).built) this.refoldTurn(t, Math.max(lo, this.turnStart[t]!), Math.min(end, this.turnEnd(t)));
    }
  }

  /**
   * Brings the folds of `[lo, hi)` (widened to the whole runs and groups it touches) in turn `t` in step with the
   * entries: groups made, grown, shrunk or dissolved, the entries outside a group mounted, and the region's nodes in
   * transcript order.
   */
  private refoldTurn(t: number, lo: number, hi: number): void {
    const list = this.container(t);
    let L = lo;
    let R = hi;
    if (L >= R) return;
    const left = this.keyAt(t, L - 1);
    if (left !== undefined && this.keyAt(t, L) === left) while (this.keyAt(t, L - 1) === left) L--;
    const right = this.keyAt(t, R);
    if (right !== undefined && this.keyAt(t, R - 1) === right) while (this.keyAt(t, R) === right) R++;
    for (let i = L; i < R; i++) {
      const g = this.groupOf.get(this.order[i]!);
      if (!g) continue;
      L = Math.min(L, this.index.get(g.members[0]!)!);
      R = Math.max(R, this.index.get(g.members[g.members.length - 1]!)! + 1);
    }
    const old = new Set<ToolGroupView>();
    for (let i = L; i < R; i++) {
      const g = this.groupOf.get(this.order[i]!);
      if (g) old.add(g);
    }
    const keys: (string | undefined)[] = [];
    for (let i = L; i < R; i++) keys.push(this.keyAt(t, i));
    for (const [a, b] of foldRuns(keys)) {
      const ids = this.order.slice(L + a, L + b);
      const run = new Set(ids);
      const g =
        [...old].find((x) => x.members[0] === ids[0]) ??
        [...old].find((x) => x.members.some((m) => run.has(m))) ??
        new ToolGroupView(keys[a]!, (x) => this.toggleGroup(x));
      old.delete(g);
      for (const m of g.members) if (!run.has(m)) this.groupOf.delete(m);
      for (const id of ids) {
        if (this.groupOf.get(id) === g) continue;
        this.groupOf.set(id, g);
        const slot = this.slots.get(id)!;
        if (slot.view) this.unmount(slot);
      }
      g.setMembers(ids);
      if (g.expanded) this.fillGroup(g);
    }
    for (const g of old) {
      for (const m of g.members) if (this.groupOf.get(m) === g) this.groupOf.delete(m);
      for (const m of g.members) {
        const slot = this.slots.get(m);
        if (slot?.view) this.unmount(slot);
      }
      g.node.remove();
    }
    // Everything not folded is mounted at the top level (a call that left an expanded group comes out of it).
    for (let i = L; i < R; i++) {
      const id = this.order[i]!;
      if (this.groupOf.has(id)) continue;
      const slot = this.slots.get(id)!;
      if (slot.view && slot.entry.kind !== 'permission' && slot.view.node.parentNode !== list) this.unmount(slot);
      if (!slot.view) this.mount(slot, null);
    }
    // The region's nodes in order, before the first node after it.
    let next: Node | null = null;
    for (let j = R; j < this.turnEnd(t) && !next; j++) next = this.topNode(j, list) ?? null;
    for (let i = R - 1; i >= L; i--) {
      const n = this.topNode(i, list);
      if (!n) continue;
      if (n.parentNode !== list || n.nextSibling !== next) list.insertBefore(n, next);
      next = n;
    }
  }

  /** The node an entry puts in the list itself: its group's (for the group's first member) or its own. */
  private topNode(i: number, list: HTMLElement): Node | undefined {
    const id = this.order[i]!;
    const g = this.groupOf.get(id);
    if (g) return g.members[0] === id ? g.node : undefined;
    // Not an entry's own when it is elsewhere: a permission inside its tool card, a card inside an expanded group.
    const node = this.slots.get(id)?.view?.node;
    return node?.parentNode === list ? node : undefined;
  }

  private toggleGroup(g: ToolGroupView): void {
    g.setExpanded(!g.expanded);
    if (g.expanded) this.fillGroup(g);
    else {
      for (const id of g.members) {
        const slot = this.slots.get(id);
        if (slot?.view) this.unmount(slot);
      }
    }
  }

  /** An expanded group's cards, in order, in its body. */
  private fillGroup(g: ToolGroupView): void {
    for (const id of g.members) {
      const slot = this.slots.get(id)!;
      if (!slot.view) this.mount(slot, null, g.body);
      else g.body.appendChild(slot.view.node);
    }
  }

  /** Puts back the deferred renders of turn `t`'s views (a view out of the DOM is not rendered). */
  private rerender(t: number): void {
    for (let i = this.turnStart[t]!; i < this.turnEnd(t); i++) {
      const view = this.slots.get(this.order[i]!)?.view;
      if (view && 'renderNow' in view) this.ctx.requestRender(view as EntryView & Renderable);
    }
  }

  private mount(slot: Slot, before: Node | null, container: HTMLElement = this.container(this.turnOf[this.index.get(slot.entry.id)!]!)): void {
    const view = this.createView(slot.entry);
    slot.view = view;
    view.node.dataset.entryId = slot.entry.id;
    view.node.dataset.entryKind = slot.entry.kind;
    if (this.echoes.has(slot.entry.id)) view.node.hidden = true;
    view.update(slot.entry);
    if (view instanceof ToolCallView) {
      this.toolViews.set((slot.entry as Extract<TranscriptEntry, { kind: 'tool' }>).toolCall.toolCallId, view);
      container.insertBefore(view.node, before);
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
