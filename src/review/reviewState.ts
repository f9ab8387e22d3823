// Which files are under review and what the user has judged, as data: each file's base (before the agent's changes
// not judged yet) and the agent's text. Pure: how a turn's change set, a tool call's write, Keep and Undo move them.
import type { FileDiff } from '../checkpoints/turnChangeModel';
import { undoDiffs } from '../checkpoints/turnChangeModel';
import { computeHunks, keepHunk, undoHunk, type Hunk } from './hunks';

export interface FileUnderReview {
  path: string;
  /** Before the agent's changes not judged yet (`null`: the file did not exist). */
  base: string | null;
  /** What the agent left (after the Undos done since). */
  agent: string | null;
}

/** The file's hunks; none when there is nothing left to judge. */
export function hunksOf(f: FileUnderReview): Hunk[] {
  return f.agent === null ? [] : computeHunks(f.base, f.agent);
}

/**
 * A turn ended having changed `path` from `before` to `after`. A file the agent already left as the turn found it
 * goes on from its base; a file the user changed between (or one not under review) starts from `before`: what the
 * user did is theirs, never the agent's to undo.
 */
export function afterTurn(current: FileUnderReview | undefined, path: string, before: string | null, after: string | null): FileUnderReview | undefined {
  if (after === null) return undefined; // deleted: nothing to show in an editor
  if (current && current.agent === after) return current; // followed while the turn ran
  const next = current && current.agent === before ? { path, base: current.base, agent: after } : { path, base: before, agent: after };
  return hunksOf(next).length ? next : undefined;
}

/**
 * While a turn runs, a tool call wrote `path` (now `now`) with `diffs`: the file comes under review, or its agent
 * text moves on, when what the file held before the write is known and is what the review expects. Otherwise the
 * turn's end decides (undefined: no change).
 */
export function afterWrite(current: FileUnderReview | undefined, path: string, now: string, diffs: readonly FileDiff[]): FileUnderReview | undefined {
  const before = undoDiffs(now, diffs);
  if (!before.known) return undefined;
  if (current && current.agent !== before.text) return undefined;
  const next = { path, base: current ? current.base : before.text, agent: now };
  return hunksOf(next).length ? next : undefined;
}

/** The review once `hunk` is kept (undefined: nothing left to judge). */
export function kept(f: FileUnderReview, hunk: Hunk): FileUnderReview | undefined {
  const next = { ...f, base: keepHunk(f.base, hunk) };
  return hunksOf(next).length ? next : undefined;
}

/** The review once `hunk` is undone in the file (undefined: nothing left to judge). */
export function undone(f: FileUnderReview, hunk: Hunk): FileUnderReview | undefined {
  const next = { ...f, agent: undoHunk(f.agent, hunk) };
  return hunksOf(next).length ? next : undefined;
}
