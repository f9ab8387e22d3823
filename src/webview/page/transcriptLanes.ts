// The transcript's flows: the main agent's, and one lane per subagent. The host sends one flat list; an entry whose
// `lane` names a subagent the page knows (its `subagent` entry came first) goes to that lane, every other entry (the
// main agent's, or one naming a lane never announced) to the main flow, so nothing is lost. A `subagent` entry sits in
// its parent's flow (the main one, or for a nested subagent its parent's lane) and its view is the lane's block. Each
// flow keeps its own order, folds and tool cards; where an entry went is decided once, when it arrives. A running lane
// shows its window (laneWindow.ts): its latest steps, the earlier ones behind one row until the user asks for them.
import type { TranscriptEntry } from '../protocol/protocol';
import { laneActive, laneName } from './laneState';
import type { LaneView } from './laneView';
import { laneWindow } from './laneWindow';
import type { ToolCallView } from './toolCallView';
import { TranscriptFolds, type FoldTarget } from './transcriptFolds';
import { TranscriptModel, type Slot } from './transcriptModel';

/** Where a flow's turns live: the virtual list's blocks for the main flow. */
export interface FlowBlocks {
  built(t: number): boolean;
  container(t: number): HTMLElement;
}

/** A lane's place: its child session, its `subagent` entry, and the flow that entry is in. */
export interface LaneOf {
  readonly sessionId: string;
  readonly entryId: string;
  readonly parent: Flow;
}

export class Flow {
  readonly model: TranscriptModel;
  readonly folds: TranscriptFolds;
  /** The tool cards on screen, by tool call id: a permission of this flow mounts in its call's card. */
  readonly toolViews = new Map<string, ToolCallView>();
  /** A lane's view, while it is mounted. */
  view: LaneView | undefined;
  /** A lane's entries are shown (a running lane, one that needs the user, one the user unfolded). */
  open = true;
  /** The user asked for every step of this lane while it runs (it stays so). */
  all = false;
  /** Index of the first entry shown: a running lane's window; 0 when every entry is. */
  from = 0;
  /** The lane's approvals still waiting for the user: always in its window. */
  private readonly pending = new Set<string>();

  constructor(
    /** Undefined: the main flow. */
    readonly lane: LaneOf | undefined,
    private readonly blocks: FlowBlocks | undefined,
    views: Pick<FoldTarget, 'unmount'> & { mount(slot: Slot, flow: Flow, container?: HTMLElement): void },
  ) {
    this.model = new TranscriptModel(lane !== undefined);
    this.folds = new TranscriptFolds(this.model, {
      built: (t) => this.built(t),
      container: (t) => this.container(t),
      mount: (slot, container) => views.mount(slot, this, container),
      unmount: (slot) => views.unmount(slot),
      from: () => this.from,
    });
  }

  /** Notes an entry that arrived or changed: whether it is an approval still waiting. */
  note(e: TranscriptEntry): void {
    if (e.kind !== 'permission') return;
    if (e.permission.outcome.status === 'pending') this.pending.add(e.id);
    else this.pending.delete(e.id);
  }

  /** Whether turn `t`'s entries have their views: a lane's while it is open and its view mounted. */
  built(t: number): boolean {
    return this.blocks ? this.blocks.built(t) : this.open && this.view !== undefined;
  }

  /** The element that holds turn `t`'s entries: a lane's body. */
  container(t: number): HTMLElement {
    return this.blocks ? this.blocks.container(t) : this.view!.body;
  }

  /**
   * Brings a lane that was just opened or mounted into its body, folded as the main flow folds: its folds first, with
   * nothing built, then the entries of its window (every entry when it is not running).
   */
  fill(): void {
    if (!this.built(0)) return;
    this.from = this.model.order.length;
    this.folds.refold(0, this.model.order.length);
    this.fit();
  }

  /**
   * Brings a built lane's window in step after its entries or its state changed: the steps that left it unmounted, those
   * that came in built, and the "N earlier steps" row. A running lane shows its window unless the user asked for all.
   */
  fit(): void {
    if (!this.lane || !this.built(0)) return;
    const { start, earlier } = laneWindow(this.model, this.folds, this.pending);
    const running = this.running();
    const from = running && !this.all ? start : 0;
    if (from !== this.from) {
      const [lo, hi] = from < this.from ? [from, this.from] : [this.from, from];
      this.from = from;
      this.folds.refold(lo, hi);
    }
    this.view!.setEarlier(running ? earlier : 0, this.all);
  }

  /** Puts an entry of this lane in its window: every step shown when it is above it. */
  show(entryId: string): void {
    const i = this.model.index.get(entryId);
    if (i === undefined || i >= this.from) return;
    this.all = true;
    this.fit();
  }

  /** Shows every step of a running lane, or its window again. */
  toggleAll(): void {
    this.all = !this.all;
    this.fit();
  }

  /** The lane's subagent is at work (running or waiting for the user). */
  private running(): boolean {
    const lane = this.lane;
    const e = lane && lane.parent.model.slots.get(lane.entryId)?.entry;
    return e?.kind === 'subagent' && laneActive(e.subagent);
  }
}

export class Flows {
  readonly main: Flow;
  /** The lanes, by child session id. */
  private readonly lanes = new Map<string, Flow>();
  /** The flow of each entry. */
  private readonly flowOf = new Map<string, Flow>();
  /** Every entry id in the order it arrived (the working row reads the newest). */
  private readonly arrival: string[] = [];

  constructor(private readonly makeFlow: (lane: LaneOf | undefined) => Flow) {
    this.main = makeFlow(undefined);
  }

  clear(): void {
    this.main.model.clear();
    this.main.toolViews.clear();
    this.main.folds.clear();
    this.lanes.clear();
    this.flowOf.clear();
    this.arrival.length = 0;
  }

  get size(): number {
    return this.arrival.length;
  }

  /** The flow a new entry goes to (its lane when that is known), noted for it; a `subagent` entry's lane is made. */
  place(e: TranscriptEntry): Flow {
    const flow = (e.lane !== undefined && this.lanes.get(e.lane)) || this.main;
    this.flowOf.set(e.id, flow);
    this.arrival.push(e.id);
    if (e.kind === 'subagent' && !this.lanes.has(e.subagent.sessionId)) {
      this.lanes.set(e.subagent.sessionId, this.makeFlow({ sessionId: e.subagent.sessionId, entryId: e.id, parent: flow }));
    }
    return flow;
  }

  of(entryId: string): Flow | undefined {
    return this.flowOf.get(entryId);
  }

  slot(entryId: string): Slot | undefined {
    return this.flowOf.get(entryId)?.model.slots.get(entryId);
  }

  /** The lane a `subagent` entry places (undefined for a second entry naming a lane another placed). */
  laneOf(e: TranscriptEntry): Flow | undefined {
    if (e.kind !== 'subagent') return undefined;
    const lane = this.lanes.get(e.subagent.sessionId);
    return lane?.lane?.entryId === e.id ? lane : undefined;
  }

  /** The lanes `flow` is in, outermost first (itself last when it is one); empty for the main flow. */
  chain(flow: Flow): Flow[] {
    const out: Flow[] = [];
    for (let f: Flow | undefined = flow; f?.lane; f = f.lane.parent) out.unshift(f);
    return out;
  }

  /** The name of the subagent whose lane `flow` is; undefined for the main flow. */
  nameOf(flow: Flow): string | undefined {
    const lane = flow.lane;
    const entry = lane && lane.parent.model.slots.get(lane.entryId)?.entry;
    return entry?.kind === 'subagent' ? laneName(entry.subagent) : undefined;
  }

  /** Every flow, the main one first. */
  all(): Flow[] {
    return [this.main, ...this.lanes.values()];
  }

  /** The entries as the page shows them: the main flow's, each lane's right after its `subagent` entry. */
  *entries(flow: Flow = this.main): IterableIterator<TranscriptEntry> {
    for (const e of flow.model.entries()) {
      yield e;
      const lane = this.laneOf(e);
      if (lane) yield* this.entries(lane);
    }
  }

  /** The entries from the newest to arrive back (the echoes left out). */
  *newestFirst(): IterableIterator<TranscriptEntry> {
    for (let i = this.arrival.length - 1; i >= 0; i--) {
      const id = this.arrival[i]!;
      const flow = this.flowOf.get(id)!;
      if (!flow.model.echoes.has(id)) yield flow.model.slots.get(id)!.entry;
    }
  }
}
