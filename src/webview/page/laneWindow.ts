// A running lane's window: while a subagent works, its lane shows its latest few steps (a folded run of calls among
// them shown whole, as its one line), always with an approval still waiting and what came after it, and above them one row, "N earlier steps", that shows
// the rest. So a lane's page stays the same size however long the subagent runs. Pure: the lane's flow
// (transcriptLanes.ts) keeps its window in step, the folds (transcriptFolds.ts) build only what is in it.
import type { TranscriptModel } from './transcriptModel';

/** The steps a running lane shows: its latest five (a folded run among them shown whole, as its one line). */
export const LANE_WINDOW = 5;

/** What the window reads of the lane's folds: the calls folded with an entry, if it is. */
export interface Folded {
  members(entryId: string): readonly string[] | undefined;
}

/**
 * Index of the first entry of the lane's window: the last `steps` steps (a folded run counts its calls and is taken
 * whole; an approval or an echo is no step of its own), widened to the tool card of each approval in it
 * (an approval is shown in its call's card) and to every approval still waiting (`pending`: their entry ids) and its
 * call. Always at a row's start (never inside a folded run); 0 when nothing above it is a step. `earlier`: the steps
 * above it.
 */
export function laneWindow(model: TranscriptModel, folds: Folded, pending: Iterable<string>, steps = LANE_WINDOW): { start: number; earlier: number } {
  const { order, index, slots } = model;
  let i = order.length;
  let n = 0;
  let start = i;
  const withCall = (permissionId: string) => {
    const e = slots.get(permissionId)?.entry;
    const call = e?.kind === 'permission' ? model.toolEntryOf(e.permission.toolCallId) : undefined;
    const at = call === undefined ? undefined : index.get(call);
    if (at !== undefined) start = Math.min(start, at);
  };
  while (i > 0 && n < steps) {
    const id = order[i - 1]!;
    const members = folds.members(id);
    if (members) {
      i = index.get(members[0]!)!;
      n += members.length;
      continue;
    }
    i--;
    const e = slots.get(id)!.entry;
    if (e.kind === 'permission' && model.toolEntryOf(e.permission.toolCallId) !== undefined) withCall(id);
    else if (!model.echoes.has(id)) n++;
  }
  start = Math.min(start, i);
  for (const id of pending) {
    const at = index.get(id);
    if (at === undefined) continue;
    start = Math.min(start, at);
    withCall(id);
  }
  const first = start < order.length ? folds.members(order[start]!) : undefined;
  if (first) start = index.get(first[0]!)!;
  const earlier = stepsBefore(model, start);
  return { start: earlier === 0 ? 0 : start, earlier };
}

/** How many steps are before entry `end`: what the lane did (messages, thoughts, calls, nested lanes), not its approvals, echoes or turn ends. */
export function stepsBefore(model: TranscriptModel, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const id = model.order[i]!;
    const kind = model.slots.get(id)!.entry.kind;
    if (kind !== 'permission' && kind !== 'turn-end' && !model.echoes.has(id)) n++;
  }
  return n;
}
