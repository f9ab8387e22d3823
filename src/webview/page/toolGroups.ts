// Which tool calls fold into a group: a run of at least MIN_GROUP consecutive entries that are finished calls of the
// same kind, none of which asked the user (a call with an approval stays in sight: it is what the user judged), none
// denied or failed. A long turn of reads or edits then shows one line per run ("Read 40 files"), expandable, instead
// of a card per call. Pure: the transcript view keeps the groups in step with it.
import type { TranscriptEntry } from '../protocol/protocol';

export const MIN_GROUP = 3;

/** The group key of an entry (the call's kind), or undefined when it never folds. */
export function groupKey(e: TranscriptEntry, asked: ReadonlySet<string>): string | undefined {
  if (e.kind !== 'tool') return undefined;
  const tc = e.toolCall;
  if (tc.status !== 'completed' || tc.deniedByUser || asked.has(tc.toolCallId)) return undefined;
  return tc.kind ?? 'other';
}

/**
 * The runs to fold within `keys[from, to)` (each key as `groupKey` gives it): `[first, end)` index pairs of MIN_GROUP
 * or more consecutive equal keys.
 */
export function foldRuns(keys: readonly (string | undefined)[], from = 0, to = keys.length): [number, number][] {
  const runs: [number, number][] = [];
  let i = from;
  while (i < to) {
    const key = keys[i];
    let j = i + 1;
    if (key !== undefined) while (j < to && keys[j] === key) j++;
    if (key !== undefined && j - i >= MIN_GROUP) runs.push([i, j]);
    i = j;
  }
  return runs;
}

const WORDS: Record<string, [string, string, string]> = {
  // kind: [verb, one, many]
  read: ['Read', 'file', 'files'],
  edit: ['Edited', 'file', 'files'],
  delete: ['Deleted', 'file', 'files'],
  move: ['Moved', 'file', 'files'],
  search: ['Ran', 'search', 'searches'],
  execute: ['Ran', 'command', 'commands'],
  fetch: ['Fetched', 'page', 'pages'],
  think: ['Took', 'thinking step', 'thinking steps'],
  switch_mode: ['Switched', 'mode', 'modes'],
};

/** "Read 40 files", "Ran 3 commands", "Used 5 tools". */
export function groupLabel(kind: string, count: number): string {
  const [verb, one, many] = WORDS[kind] ?? ['Used', 'tool', 'tools'];
  return `${verb} ${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
