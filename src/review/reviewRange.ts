// Review Changes…: which of a chat's turns can be reviewed together (all of them, or from one prompt on), how each
// choice reads, and for each file the turns changed where its content before the first of them lives (the left side
// of the multi-file diff). Pure: TurnReview opens the diff, the review's door asks which.
import { escapeCodicons, toDisplayText } from '../acpClient/displayText';
import type { TurnChangeSet } from '../checkpoints/turnChangeTracker';
import { l10n } from '../contributions/l10n';

/** What this module reads of a change set. */
export type RangeSet = Pick<TurnChangeSet, 'userIndex' | 'files'>;

/** One answer to "which changes": the turns it reviews. */
export interface ReviewRange<S extends RangeSet = TurnChangeSet> {
  label: string;
  description: string;
  /** From the chosen turn to the newest, oldest first. */
  sets: readonly S[];
  /** The prompt the range starts at (1 = the chat's first); absent: all the chat's changes. */
  since?: number;
}

/** A file under review: the set and index of its content before the first reviewed turn that changed it. */
export interface ReviewFile<S extends RangeSet = TurnChangeSet> {
  path: string;
  set: S;
  index: number;
  /** The newest reviewed turn that changed it left it deleted: there is no "now" to show. */
  deleted: boolean;
}

const PROMPT_CHARS = 60;

/** The turns with something left to review: a file not put back (by Undo or a rewind). */
export function reviewableSets<S extends RangeSet>(sets: readonly S[]): S[] {
  return sets.filter((s) => s.files.some((f) => !f.reverted));
}

/**
 * What Review Changes… offers for `sets` (oldest first): all the chat's changes first, then each turn newest first
 * (from it to the newest). One turn: only "all", opened without asking; none: nothing. `prompt(userIndex)` is the
 * text of the prompt at that place among the chat's prompts, when the transcript has it.
 */
export function reviewRanges<S extends RangeSet>(sets: readonly S[], prompt: (userIndex: number) => string | undefined): ReviewRange<S>[] {
  if (!sets.length) return [];
  const all: ReviewRange<S> = { label: l10n.t('All changes in this chat'), description: filesCount(reviewFiles(sets).length), sets };
  if (sets.length === 1) return [all];
  const since = sets.map((set, i): ReviewRange<S> => {
    const n = set.userIndex + 1;
    const text = promptLine(prompt(set.userIndex));
    const chosen = sets.slice(i);
    return {
      label: text ? l10n.t('Since prompt {0}: {1}', n, text) : l10n.t('Since prompt {0}', n),
      description: filesCount(reviewFiles(chosen).length),
      sets: chosen,
      since: n,
    };
  });
  return [all, ...since.reverse()];
}

/**
 * Each file `sets` (oldest first) changed, once, by path: its content before the earliest of them that changed it
 * (that set's `before`), and whether the newest of them that changed it deleted it.
 */
export function reviewFiles<S extends RangeSet>(sets: readonly S[]): ReviewFile<S>[] {
  const byPath = new Map<string, ReviewFile<S>>();
  for (const set of sets) {
    set.files.forEach((f, index) => {
      const earlier = byPath.get(f.path);
      if (earlier) earlier.deleted = f.after === null;
      else byPath.set(f.path, { path: f.path, set, index, deleted: f.after === null });
    });
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A prompt's first line with text, on one line, cut to fit a QuickPick row; shown as written, never as icons. */
function promptLine(text: string | undefined): string {
  const line = text?.split('\n').find((l) => l.trim()) ?? '';
  return escapeCodicons(toDisplayText(line, PROMPT_CHARS));
}

function filesCount(n: number): string {
  return n === 1 ? l10n.t('1 file') : l10n.t('{0} files', n);
}
