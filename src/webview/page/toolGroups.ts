// Which tool calls fold into a group: a run of at least MIN_GROUP consecutive entries that are finished calls of the
// same kind, none of which asked the user (a call with an approval stays in sight: it is what the user judged), none
// denied or failed. A long turn of reads or edits then shows one line per run ("Read 40 files"), expandable, instead
// of a card per call. Pure: the transcript view keeps the groups in step with it.
import type { TranscriptEntry } from '../protocol/protocol';
import { l10n } from './l10n';

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

/**
 * A count as en-US writes it ("1,234"), without Intl: a page's first `toLocaleString('en-US')` starts ICU's number
 * formatting, 13–23 ms in the screen bench's Chromium, in the patch that folds the first run; and each later call
 * makes a formatter again.
 */
export function countText(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "Read 40 files", "Ran 3 commands", "Used 5 tools": each kind's whole phrase, in the singular and the plural, so a
 * translation words the verb and the noun together.
 */
export function groupLabel(kind: string, count: number): string {
  const n = countText(count);
  const one = count === 1;
  switch (kind) {
    case 'read':
      return one ? l10n.t('Read {0} file', n) : l10n.t('Read {0} files', n);
    case 'edit':
      return one ? l10n.t('Edited {0} file', n) : l10n.t('Edited {0} files', n);
    case 'delete':
      return one ? l10n.t('Deleted {0} file', n) : l10n.t('Deleted {0} files', n);
    case 'move':
      return one ? l10n.t('Moved {0} file', n) : l10n.t('Moved {0} files', n);
    case 'search':
      return one ? l10n.t('Ran {0} search', n) : l10n.t('Ran {0} searches', n);
    case 'execute':
      return one ? l10n.t('Ran {0} command', n) : l10n.t('Ran {0} commands', n);
    case 'fetch':
      return one ? l10n.t('Fetched {0} page', n) : l10n.t('Fetched {0} pages', n);
    case 'think':
      return one ? l10n.t('Took {0} thinking step', n) : l10n.t('Took {0} thinking steps', n);
    case 'switch_mode':
      return one ? l10n.t('Switched {0} mode', n) : l10n.t('Switched {0} modes', n);
    default:
      return one ? l10n.t('Used {0} tool', n) : l10n.t('Used {0} tools', n);
  }
}
