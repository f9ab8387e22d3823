// The folded runs of tool calls in the transcript's turns (toolGroups.ts says which runs fold): each group kept in
// step with the entries as they change, a folded call's card built only while its group is expanded, and a turn's
// nodes in transcript order. A turn not built yet is folded when it is. A running lane shows only its latest entries
// (its window, laneWindow.ts): what is above it is folded as the rest but built only when it is shown.
import type { Slot, TranscriptModel } from './transcriptModel';
import { ToolGroupView } from './toolGroupView';
import { foldRuns } from './toolGroups';

/** What the folds do to the transcript's DOM. */
export interface FoldTarget {
  /** Whether turn `t` is built (its entries' nodes made). */
  built(t: number): boolean;
  /** The element that holds turn `t`'s entries. */
  container(t: number): HTMLElement;
  /** Builds an entry's view at the end of `container` (by default its turn's). */
  mount(slot: Slot, container?: HTMLElement): void;
  unmount(slot: Slot): void;
  /** Index of turn `t`'s first entry shown (a running lane's window); the entries before it have no nodes. */
  from?(t: number): number;
}

export class TranscriptFolds {
  /** The group an entry is folded into. */
  private readonly groupOf = new Map<string, ToolGroupView>();

  constructor(
    private readonly model: TranscriptModel,
    private readonly target: FoldTarget,
  ) {}

  clear(): void {
    this.groupOf.clear();
  }

  /** Whether an entry is folded into a group. */
  folds(entryId: string): boolean {
    return this.groupOf.has(entryId);
  }

  /** The calls of the group an entry is folded into, in order; undefined when it is not folded. */
  members(entryId: string): readonly string[] | undefined {
    return this.groupOf.get(entryId)?.members;
  }

  /** Expands the group an entry is folded into, if it is and the group is collapsed. */
  expandAround(entryId: string): void {
    const group = this.groupOf.get(entryId);
    if (group && !group.expanded) this.toggleGroup(group);
  }

  /** Refolds `[lo, hi)` in each built turn it spans (a turn not built yet is folded when it is). */
  refold(lo: number, hi: number): void {
    const { order, turnOf, turnStart } = this.model;
    const end = Math.min(hi, order.length);
    for (let t = turnOf[lo]; t !== undefined && t < turnStart.length && turnStart[t]! < end; t++) {
      if (this.target.built(t)) this.refoldTurn(t, Math.max(lo, turnStart[t]!), Math.min(end, this.model.turnEnd(t)));
    }
  }

  /**
   * Brings the folds of `[lo, hi)` (widened to the whole runs and groups it touches) in turn `t` in step with the
   * entries: groups made, grown, shrunk or dissolved, the entries outside a group mounted, and the region's nodes in
   * transcript order.
   */
  private refoldTurn(t: number, lo: number, hi: number): void {
    const { order, index, slots } = this.model;
    const list = this.target.container(t);
    const from = this.target.from?.(t) ?? 0;
    let L = lo;
    let R = hi;
    if (L >= R) return;
    const left = this.model.keyAt(t, L - 1);
    if (left !== undefined && this.model.keyAt(t, L) === left) while (this.model.keyAt(t, L - 1) === left) L--;
    const right = this.model.keyAt(t, R);
    if (right !== undefined && this.model.keyAt(t, R - 1) === right) while (this.model.keyAt(t, R) === right) R++;
    for (let i = L; i < R; i++) {
      const g = this.groupOf.get(order[i]!);
      if (!g) continue;
      L = Math.min(L, index.get(g.members[0]!)!);
      R = Math.max(R, index.get(g.members[g.members.length - 1]!)! + 1);
    }
    const old = new Set<ToolGroupView>();
    for (let i = L; i < R; i++) {
      const g = this.groupOf.get(order[i]!);
      if (g) old.add(g);
    }
    const keys: (string | undefined)[] = [];
    for (let i = L; i < R; i++) keys.push(this.model.keyAt(t, i));
    for (const [a, b] of foldRuns(keys)) {
      const ids = order.slice(L + a, L + b);
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
        const slot = slots.get(id)!;
        if (slot.view) this.target.unmount(slot);
      }
      g.setMembers(ids);
      if (g.expanded && this.shown(g, from)) this.fillGroup(g);
    }
    for (const g of old) {
      for (const m of g.members) if (this.groupOf.get(m) === g) this.groupOf.delete(m);
      for (const m of g.members) {
        const slot = slots.get(m);
        if (slot?.view) this.target.unmount(slot);
      }
      g.node.remove();
    }
    // Everything not folded is mounted at the top level (a call that left an expanded group comes out of it); what is
    // above the window (a group whose calls all are) goes.
    for (let i = L; i < R; i++) {
      const id = order[i]!;
      const g = this.groupOf.get(id);
      if (g) {
        if (g.members[0] === id && !this.shown(g, from)) this.hide(g);
        continue;
      }
      const slot = slots.get(id)!;
      if (i < from) {
        if (slot.view) this.target.unmount(slot);
        continue;
      }
      if (slot.view && slot.entry.kind !== 'permission' && slot.view.node.parentNode !== list) this.target.unmount(slot);
      if (!slot.view) this.target.mount(slot);
    }
    // The region's nodes in order, before the first node after it.
    let next: Node | null = null;
    for (let j = R; j < this.model.turnEnd(t) && !next; j++) next = this.topNode(j, list, from) ?? null;
    for (let i = R - 1; i >= L; i--) {
      const n = this.topNode(i, list, from);
      if (!n) continue;
      if (n.parentNode !== list || n.nextSibling !== next) list.insertBefore(n, next);
      next = n;
    }
  }

  /** The node an entry puts in the list itself: its group's (for the group's first member) or its own. */
  private topNode(i: number, list: HTMLElement, from: number): Node | undefined {
    const id = this.model.order[i]!;
    const g = this.groupOf.get(id);
    if (g) return g.members[0] === id && this.shown(g, from) ? g.node : undefined;
    // Not an entry's own when it is elsewhere: a permission inside its tool card, a card inside an expanded group.
    const node = this.model.slots.get(id)?.view?.node;
    return node?.parentNode === list ? node : undefined;
  }

  /** Whether a group is in the window (one of its calls is at or after `from`). */
  private shown(g: ToolGroupView, from: number): boolean {
    return this.model.index.get(g.members[g.members.length - 1]!)! >= from;
  }

  /** A group above the window: its line and its cards out of the page. */
  private hide(g: ToolGroupView): void {
    for (const id of g.members) {
      const slot = this.model.slots.get(id);
      if (slot?.view) this.target.unmount(slot);
    }
    g.node.remove();
  }

  private toggleGroup(g: ToolGroupView): void {
    g.setExpanded(!g.expanded);
    if (g.expanded) this.fillGroup(g);
    else {
      for (const id of g.members) {
        const slot = this.model.slots.get(id);
        if (slot?.view) this.target.unmount(slot);
      }
    }
  }

  /** An expanded group's cards, in order, in its body. */
  private fillGroup(g: ToolGroupView): void {
    for (const id of g.members) {
      const slot = this.model.slots.get(id)!;
      if (!slot.view) this.target.mount(slot, g.body);
      else g.body.appendChild(slot.view.node);
    }
  }
}
