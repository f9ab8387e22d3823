// What "Rewind the code to before this prompt" does, file by file. Pure: the turns' records in, the plan out; the caller
// reads the disk and applies it. Each file the prompt's turn or a later one changed goes back to what it held before
// the first of those turns touched it, but only while it still holds what the last of them left: a file someone
// changed since is left alone with the reason, so nothing is overwritten silently.
import type { TurnRecord } from './checkpointStore';
import { l10n } from '../contributions/l10n';

export interface RestoreFile {
  path: string;
  /** What the file held before the turns (`null`: it did not exist). */
  target: string | null;
  /** What the agent's turns left in it (or, after a revert, what the revert left). */
  expected: string | null;
}

export interface RestorePlan {
  /** Files to put back, with what they must still hold. */
  files: RestoreFile[];
  /** Files whose content before the turns is not known: they cannot be restored. */
  unknown: { path: string; reason: string }[];
}

/** The plan for restoring to before the prompt at `userIndex`, from the session's records (oldest first). */
export function planRestore(turns: readonly TurnRecord[], userIndex: number): RestorePlan {
  const first = new Map<string, { target: string | null } | { reason: string }>();
  const last = new Map<string, string | null>();
  for (const turn of turns) {
    if (turn.userIndex < userIndex) continue;
    for (const f of turn.files) {
      if (!first.has(f.path))
        first.set(f.path, f.before === undefined ? { reason: f.beforeUnknown ?? l10n.t('no record of its content before') } : { target: f.before });
      // A reverted file holds what it held before that turn; one whose before is unknown was never reverted.
      last.set(f.path, f.reverted && f.before !== undefined ? f.before : f.after);
    }
  }
  const plan: RestorePlan = { files: [], unknown: [] };
  for (const [path, start] of [...first].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if ('reason' in start) plan.unknown.push({ path, reason: start.reason });
    else plan.files.push({ path, target: start.target, expected: last.get(path)! });
  }
  return plan;
}

export type RestoreCheck = { action: 'restore' } | { action: 'unchanged' } | { action: 'refuse'; reason: string };

/** What to do with one file of the plan given what it holds now (`undefined`: it cannot be read as text). */
export function checkRestore(file: RestoreFile, current: string | null | undefined): RestoreCheck {
  if (current === undefined) return { action: 'refuse', reason: l10n.t('it cannot be read as text') };
  if (current === file.target) return { action: 'unchanged' };
  if (current !== file.expected) return { action: 'refuse', reason: l10n.t('it changed after the agent wrote it') };
  return { action: 'restore' };
}
