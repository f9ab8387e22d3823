// The transcript's entries apart from their DOM: their order, the turns they fall in (a user message starts one), the
// tool calls by id, the calls the user was asked about (they never fold), and the agent messages an error repeats
// (errorEcho.ts). Entries are only ever appended; a snapshot clears it all. The main flow is one model; each subagent's
// lane is another, of one turn (transcriptLanes.ts).
import type { ToolCallState, TranscriptEntry } from '../protocol/protocol';
import { echoesError } from './errorEcho';
import type { EntryView } from './messageViews';
import { groupKey } from './toolGroups';

/** An entry, and its view while it has one. */
export interface Slot {
  entry: TranscriptEntry;
  view?: EntryView;
}

export class TranscriptModel {
  readonly order: string[] = [];
  readonly slots = new Map<string, Slot>();
  /** Each entry's index in `order`. */
  readonly index = new Map<string, number>();
  /** The turn (block of the virtual list) of each entry, by index in `order`. */
  readonly turnOf: number[] = [];
  /** Index in `order` of each turn's first entry. */
  readonly turnStart: number[] = [];
  /** Each turn's user message's place among the conversation's user messages (-1: a turn without one, at the start). */
  readonly userIndexOfTurn: number[] = [];
  private users = 0;
  /** Tool calls the user was asked about (a permission entry names them): they never fold. */
  private readonly asked = new Set<string>();
  /** The tool entry of each tool call id. */
  private readonly toolEntry = new Map<string, string>();
  /** Agent messages the error right after them repeats: not shown, nor found. */
  readonly echoes = new Set<string>();

  /** `oneTurn`: a lane's model, whose entries are all one turn (a user message does not start another). */
  constructor(private readonly oneTurn = false) {}

  clear(): void {
    this.order.length = 0;
    this.turnOf.length = 0;
    this.turnStart.length = 0;
    this.userIndexOfTurn.length = 0;
    this.users = 0;
    this.slots.clear();
    this.index.clear();
    this.asked.clear();
    this.toolEntry.clear();
    this.echoes.clear();
  }

  /** The entries in order, the echoes left out. */
  *entries(): IterableIterator<TranscriptEntry> {
    for (const id of this.order) if (!this.echoes.has(id)) yield this.slots.get(id)!.entry;
  }

  /** The entries from the newest back (the echoes left out): a reader stops where it has read enough. */
  *newestFirst(): IterableIterator<TranscriptEntry> {
    for (let i = this.order.length - 1; i >= 0; i--) {
      const id = this.order[i]!;
      if (!this.echoes.has(id)) yield this.slots.get(id)!.entry;
    }
  }

  /** The turn entry `entryId` is in, undefined for an unknown id. */
  turnOfEntry(entryId: string): number | undefined {
    const i = this.index.get(entryId);
    return i === undefined ? undefined : this.turnOf[i];
  }

  /** Index in `order` just past turn `t`'s last entry. */
  turnEnd(t: number): number {
    return this.turnStart[t + 1] ?? this.order.length;
  }

  /** The last entry, when `e` (the next) repeats it: an echo from now on (its view, if it has one, is hidden). */
  noteEcho(e: TranscriptEntry): Slot | undefined {
    const before = this.slots.get(this.order[this.order.length - 1] ?? '');
    if (!before || !echoesError(before.entry, e)) return undefined;
    this.echoes.add(before.entry.id);
    return before;
  }

  /** Starts a turn when `e`, the next entry, is a user message or the first entry: true then. */
  startsTurn(e: TranscriptEntry): boolean {
    if ((e.kind !== 'user' || this.oneTurn) && this.order.length > 0) return false;
    this.turnStart.push(this.order.length);
    this.userIndexOfTurn.push(e.kind === 'user' ? this.users++ : -1);
    return true;
  }

  /** Appends an entry to the last turn. */
  push(slot: Slot): void {
    const e = slot.entry;
    this.turnOf.push(this.turnStart.length - 1);
    this.index.set(e.id, this.order.length);
    this.order.push(e.id);
    this.slots.set(e.id, slot);
    if (e.kind === 'tool') this.toolEntry.set(e.toolCall.toolCallId, e.id);
    if (e.kind === 'permission') this.asked.add(e.permission.toolCallId);
  }

  /**
   * A permission names `toolCallId`: that call no longer folds. Returns its tool entry's id when that is news (the call
   * leaves its group).
   */
  noteAsked(toolCallId: string): string | undefined {
    if (this.asked.has(toolCallId)) return undefined;
    this.asked.add(toolCallId);
    return this.toolEntry.get(toolCallId);
  }

  /** The entry id of a tool call, if the transcript holds the call. */
  toolEntryOf(toolCallId: string): string | undefined {
    return this.toolEntry.get(toolCallId);
  }

  /** The transcript's state of a tool call, if it holds the call. */
  toolCallOf(toolCallId: string): ToolCallState | undefined {
    const id = this.toolEntry.get(toolCallId);
    const e = id === undefined ? undefined : this.slots.get(id)?.entry;
    return e?.kind === 'tool' ? e.toolCall : undefined;
  }

  /** The fold key of entry `i` when it is in turn `t` (runs never leave their turn). */
  keyAt(t: number, i: number): string | undefined {
    if (i < this.turnStart[t]! || i >= this.turnEnd(t)) return undefined;
    return groupKey(this.slots.get(this.order[i]!)!.entry, this.asked);
  }
}
