// The transcript list. Keeps a Map entryId → view and patches only the entries that arrive in a patch (each view
// re-renders only the parts that changed); streamed text and command output arrive as appends to the entry held here.
// Entries are grouped in turns (a user message starts one; transcriptModel.ts keeps the order), and the turns are a
// virtual list (virtualList.ts): only those near the viewport are in the DOM, and a turn's views are built the first
// time it is shown. Runs of finished calls of one kind fold into one line (transcriptFolds.ts), their cards built only
// while it is expanded. Permission entries whose tool card is on screen are mounted inside that card. An agent message
// that only repeats the error after it is not shown (errorEcho.ts). A subagent's entries leave the main flow for its
// lane (transcriptLanes.ts), a block at its place in its parent's flow (laneView.ts) whose body holds them, built with
// the same views, folds and cards as the main flow's while the lane is open and not at all while it is folded; while
// its subagent runs, only its latest steps are built (laneWindow.ts), the earlier ones when the user asks for them.
import type { SubagentLane, ToolCallState, TranscriptEntry } from '../protocol/protocol';
import type { EntryAppend } from '../protocol/protocol';
import { AgentView, ThoughtView } from './agentMessageView';
import { h } from './dom';
import { appended } from './entryAppend';
import { l10n } from './l10n';
import { laneActive, laneFinished, laneNews } from './laneState';
import { LaneClock, LaneView } from './laneView';
import { ErrorView, NoticeView, TurnEndView, type EntryOf, type EntryView } from './messageViews';
import { PermissionView } from './permissionView';
import { ToolCallView } from './toolCallView';
import { Flow, Flows } from './transcriptLanes';
import type { TranscriptModel, Slot } from './transcriptModel';
import { UserMessageView } from './userMessageView';
import { VirtualList } from './virtualList';
import type { Renderable, ViewContext } from './viewContext';
import { unreachable } from '../protocol/protocol';

export class TranscriptView {
  readonly node: HTMLElement;
  private readonly turns: VirtualList;
  private readonly flows: Flows;
  private readonly clock: LaneClock;
  /** Called for each main-flow agent message render (announcements; a lane's words are not read out as they come). */
  onAgentText: ((entryId: string, text: string) => void) | undefined;
  /** Called with what a screen reader hears when a lane finishes or needs the user. */
  onLaneNews: ((text: string) => void) | undefined;

  constructor(
    private readonly ctx: ViewContext,
    scroller: HTMLElement,
    now: () => number = Date.now,
  ) {
    this.clock = new LaneClock(now);
    this.turns = new VirtualList(
      scroller,
      (t) => this.flows.main.folds.refold(this.model.turnStart[t]!, this.model.turnEnd(t)),
      (t) => this.rerender(t),
    );
    const blocks = { built: (t: number) => this.turns.block(t).built, container: (t: number) => this.turns.block(t).body };
    const views = {
      mount: (slot: Slot, flow: Flow, container?: HTMLElement) => this.mount(slot, flow, null, container),
      unmount: (slot: Slot) => this.unmount(slot),
    };
    this.flows = new Flows((lane) => new Flow(lane, lane ? undefined : blocks, views));
    this.node = h('div', { class: 'transcript', role: 'log', 'aria-label': l10n.t('Chat'), 'data-testid': 'transcript' }, this.turns.node);
  }

  /** The main flow's model: its turns are the virtual list's blocks. */
  private get model(): TranscriptModel {
    return this.flows.main.model;
  }

  /** Replaces everything (snapshot). Builds only the turns the viewport shows (at the end). */
  reset(entries: readonly TranscriptEntry[]): void {
    this.flows.clear();
    this.clock.clear();
    this.turns.clear();
    for (const e of entries) this.add({ entry: e }, this.flows.place(e), false);
    this.turns.layout(true);
  }

  /** Brings the mounted turns in step with the viewport (after a scroll, a resize or a render). */
  layout(atEnd: boolean): void {
    this.turns.layout(atEnd);
  }

  /** How many entries the conversation holds (shown or not, in lanes too). */
  get size(): number {
    return this.flows.size;
  }

  /** The entries in the order they are shown, each lane's after its place (find searches them all, mounted or not). */
  entries(): IterableIterator<TranscriptEntry> {
    return this.flows.entries();
  }

  /** The entries from the newest to arrive back. */
  newestFirst(): IterableIterator<TranscriptEntry> {
    return this.flows.newestFirst();
  }

  /**
   * Puts an entry in the DOM to scroll to it: its turn mounted (built if need be), the lanes it is in opened and its
   * folded group expanded. A lane's own entry opens it (its task is shown whole then) and gives its header. Returns
   * its node, or undefined for an unknown id.
   */
  reveal(entryId: string): HTMLElement | undefined {
    const flow = this.flows.of(entryId);
    if (!flow) return undefined;
    const chain = this.flows.chain(flow);
    const t = this.model.turnOfEntry(chain[0]?.lane?.entryId ?? entryId);
    if (t === undefined) return undefined;
    this.turns.reveal(t);
    // Each lane opened, and the entry it holds on the way (a nested lane's place, or the entry) in its window.
    chain.forEach((lane, k) => {
      this.setOpen(lane, true);
      lane.show(chain[k + 1]?.lane?.entryId ?? entryId);
    });
    flow.folds.expandAround(entryId);
    const slot = flow.model.slots.get(entryId);
    const lane = slot && this.flows.laneOf(slot.entry);
    if (lane) {
      this.setOpen(lane, true);
      return lane.view?.head;
    }
    return slot?.view?.node;
  }

  /**
   * Upserts entries: known ids update their view in place, new ids are appended in order, each in its flow (a lane's
   * entry touches only its lane's DOM). Lanes open and fold as their state says, after the entries are in.
   */
  patch(entries: readonly TranscriptEntry[]): void {
    const added: Slot[] = [];
    // Per flow, the indices of the tool calls this patch touches (a call, or the permission that names it): where folds change.
    const touched = new Map<Flow, [number, number]>();
    const touch = (flow: Flow, id: string | undefined) => {
      const i = id === undefined ? undefined : flow.model.index.get(id);
      if (i === undefined) return;
      const r = touched.get(flow);
      touched.set(flow, r ? [Math.min(r[0], i), Math.max(r[1], i)] : [i, i]);
    };
    const opens: [Flow, boolean][] = [];
    // The lanes whose window may move: an entry of theirs arrived or changed, or their state did.
    const lanes = new Set<Flow>();
    for (const e of entries) {
      let flow = this.flows.of(e.id);
      const slot = flow?.model.slots.get(e.id);
      const before = slot?.entry;
      if (flow && slot && before) {
        slot.entry = e;
        if (e.kind === 'tool') touch(flow, e.id);
        if (e.kind === 'permission') touch(flow, flow.model.noteAsked(e.permission.toolCallId));
        if (slot.view && slot.view.node.dataset.entryKind !== e.kind) {
          // Never expected: an id changing kind. Rebuild it rather than misrender.
          this.unmount(slot);
          this.mount(slot, flow, null);
        } else slot.view?.update(e);
        flow.note(e);
        if (before.kind === 'subagent' && e.kind === 'subagent') this.laneChanged(e, before.subagent, opens);
      } else {
        const s: Slot = { entry: e };
        flow = this.flows.place(e);
        if (e.kind === 'permission') touch(flow, flow.model.noteAsked(e.permission.toolCallId));
        this.add(s, flow, true);
        if (e.kind === 'tool') touch(flow, e.id);
        added.push(s);
      }
      // A new approval inside a lane is in sight: its lane (and the lanes around it) open.
      if (pending(e) && !(before && pending(before))) for (const lane of this.flows.chain(flow)) opens.push([lane, true]);
      for (const f of [flow, this.flows.laneOf(e)]) if (f?.lane) lanes.add(f);
    }
    // New entries are built when their turn is (a turn the user scrolled away from waits until it is shown; a folded
    // lane's until it is opened).
    for (const s of added) {
      const flow = this.flows.of(s.entry.id)!;
      if (flow.built(flow.model.turnOfEntry(s.entry.id)!) && !s.view && !flow.folds.folds(s.entry.id)) this.mount(s, flow, null);
    }
    for (const [flow, [lo, hi]] of touched) flow.folds.refold(lo, hi + 1);
    for (const [lane, open] of opens) this.setOpen(lane, open);
    // A new step mounts at the end of its lane's window; the one that leaves it at the top is unmounted.
    for (const lane of lanes) lane.fit();
  }

  /**
   * Adds text at the end of an entry's field. False (nothing changed) when the entry is unknown or does not hold the
   * state the append builds on: the page missed a message and needs a snapshot.
   */
  append(a: EntryAppend): boolean {
    const slot = this.flows.slot(a.id);
    const next = slot && appended(slot.entry, a);
    if (!slot || !next) return false;
    slot.entry = next;
    slot.view?.update(next);
    return true;
  }

  /** Renders the mounted permission cards again (what a durable answer did came from the host). */
  refreshPermissions(): void {
    for (const flow of this.flows.all()) {
      for (const slot of flow.model.slots.values()) if (slot.view instanceof PermissionView) slot.view.refresh(slot.entry);
    }
  }

  /** The DOM node of an entry if it is rendered (tests and scrolling). */
  nodeOf(entryId: string): HTMLElement | undefined {
    return this.flows.slot(entryId)?.view?.node;
  }

  get renderedCount(): number {
    let n = 0;
    for (const flow of this.flows.all()) for (const s of flow.model.slots.values()) if (s.view) n++;
    return n;
  }

  entry(entryId: string): TranscriptEntry | undefined {
    return this.flows.slot(entryId)?.entry;
  }

  /** Appends an entry to its flow (placed by the caller); a user message of the main flow (or its first entry) starts a turn. `follow`: see VirtualList.push. */
  private add(slot: Slot, flow: Flow, follow: boolean): void {
    const e = slot.entry;
    const echo = flow.model.noteEcho(e);
    if (echo?.view) echo.view.node.hidden = true;
    if (flow.model.startsTurn(e) && flow === this.flows.main) this.turns.push(follow);
    flow.model.push(slot);
    flow.note(e);
    // A lane arrives open while its subagent works, folded once it is done.
    const lane = this.flows.laneOf(e);
    if (lane && e.kind === 'subagent') lane.open = !laneFinished(e.subagent);
  }

  /** A lane's entry changed: what a screen reader hears of it, and whether it opens (at work again, needs the user) or folds (finished). */
  private laneChanged(e: EntryOf<'subagent'>, before: SubagentLane, opens: [Flow, boolean][]): void {
    const news = laneNews(before, e.subagent);
    if (news) this.onLaneNews?.(news);
    const lane = this.flows.laneOf(e);
    if (!lane) return;
    if (laneFinished(e.subagent) && !laneFinished(before)) opens.push([lane, false]);
    else if (laneActive(e.subagent) && (!laneActive(before) || (e.subagent.state === 'requires_action' && before.state !== 'requires_action'))) {
      for (const f of this.flows.chain(lane)) opens.push([f, true]);
    }
  }

  /** Opens a lane (its entries built into its body) or folds it (its body emptied: a folded lane holds no views). */
  private setOpen(lane: Flow, open: boolean): void {
    if (lane.open === open) return;
    lane.open = open;
    if (!lane.view) return;
    lane.view.setOpen(open);
    if (open) lane.fill();
    else this.empty(lane);
  }

  private empty(lane: Flow): void {
    for (const slot of lane.model.slots.values()) this.unmount(slot);
    lane.view?.body.replaceChildren();
  }

  /** The state of a tool call the transcript holds, on screen or not, in any flow (a permission asks its question from it). */
  toolCallOf(toolCallId: string): ToolCallState | undefined {
    for (const flow of this.flows.all()) {
      const call = flow.model.toolCallOf(toolCallId);
      if (call) return call;
    }
    return undefined;
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

  /** Puts back the deferred renders of turn `t`'s views, in its lanes too (a view out of the DOM is not rendered). */
  private rerender(t: number): void {
    for (let i = this.model.turnStart[t]!; i < this.model.turnEnd(t); i++) this.rerenderSlot(this.model.slots.get(this.model.order[i]!)!);
  }

  private rerenderSlot(slot: Slot): void {
    const view = slot.view;
    if (view && 'renderNow' in view) this.ctx.requestRender(view as EntryView & Renderable);
    if (!(view instanceof LaneView)) return;
    view.tick(this.clock.now());
    const lane = this.flows.laneOf(slot.entry);
    if (lane?.view === view) for (const s of lane.model.slots.values()) this.rerenderSlot(s);
  }

  private mount(slot: Slot, flow: Flow, before: Node | null, container: HTMLElement = flow.container(flow.model.turnOfEntry(slot.entry.id)!)): void {
    const view = this.createView(slot.entry, flow);
    slot.view = view;
    view.node.dataset.entryId = slot.entry.id;
    view.node.dataset.entryKind = slot.entry.kind;
    if (flow.model.echoes.has(slot.entry.id)) view.node.hidden = true;
    view.update(slot.entry);
    if (view instanceof ToolCallView) {
      flow.toolViews.set((slot.entry as EntryOf<'tool'>).toolCall.toolCallId, view);
      container.insertBefore(view.node, before);
      // A permission that arrived before its card (or was shown standalone) moves in.
      for (const s of flow.model.slots.values()) {
        if (s.view instanceof PermissionView && s.view.toolCallId === view.node.dataset.toolCallId && !view.permissionSlot.contains(s.view.node)) {
          view.permissionSlot.appendChild(s.view.node);
          s.view.refresh(s.entry);
        }
      }
      return;
    }
    if (view instanceof PermissionView) {
      const tool = flow.toolViews.get(view.toolCallId);
      if (tool) tool.permissionSlot.appendChild(view.node);
      else container.insertBefore(view.node, before);
      return;
    }
    container.insertBefore(view.node, before);
    if (view instanceof LaneView) {
      const lane = this.flows.laneOf(slot.entry);
      view.setOpen(lane?.open ?? false);
      if (lane) {
        lane.view = view;
        lane.fill();
      }
    }
    // Its deferred render, asked for by update() before the node was in the page (where renders run), asked again.
    if ('renderNow' in view) this.ctx.requestRender(view as EntryView & Renderable);
  }

  private unmount(slot: Slot): void {
    const view = slot.view;
    if (!view) return;
    view.node.remove();
    slot.view = undefined;
    if (view instanceof ToolCallView) {
      const id = view.node.dataset.toolCallId;
      const flow = this.flows.of(slot.entry.id);
      if (id && flow?.toolViews.get(id) === view) flow.toolViews.delete(id);
    }
    if (view instanceof LaneView) {
      // The lane's views go with it (built again when it is mounted again).
      view.dispose();
      const lane = this.flows.laneOf(slot.entry);
      if (lane?.view === view) {
        for (const s of lane.model.slots.values()) this.unmount(s);
        lane.view = undefined;
      }
    }
  }

  private createView(e: TranscriptEntry, flow: Flow): EntryView {
    switch (e.kind) {
      case 'user':
        return new UserMessageView(this.ctx);
      case 'agent': {
        const v = new AgentView(this.ctx);
        if (!flow.lane) v.onRendered = (text) => this.onAgentText?.(e.id, text);
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
          () => !view || !flow.toolViews.has(view.toolCallId),
          (id) => flow.model.toolCallOf(id),
          () => this.flows.nameOf(flow),
        );
        return view;
      }
      case 'notice':
        return new NoticeView();
      case 'error':
        return new ErrorView(this.ctx);
      case 'turn-end':
        return new TurnEndView(this.ctx);
      case 'subagent':
        return new LaneView(
          this.clock,
          () => {
            const lane = this.flows.laneOf(e);
            if (lane) this.setOpen(lane, !lane.open);
          },
          (sessionId) => this.ctx.post({ type: 'cancelSubagent', sessionId }),
          () => this.flows.laneOf(e)?.toggleAll(),
        );
      default:
        return unreachable(e, 'entry');
    }
  }
}

/** A permission still waiting for the user's answer. */
function pending(e: TranscriptEntry): boolean {
  return e.kind === 'permission' && e.permission.outcome.status === 'pending';
}
