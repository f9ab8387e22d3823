// Claude's Edit diff carries only the replaced snippet (`oldText` → `newText`), not the file. To show a real
// whole-file diff we find the snippet in the current text and splice in the replacement. Pure: the caller reads
// the current text (open buffer first, else disk) and renders the result.
import { l10n } from '../contributions/l10n';

export type SnippetDiffNote =
  /** The snippet occurs more than once; the first occurrence was replaced. */
  | 'ambiguous'
  /** The snippet is not in the current text: only the snippet itself is diffed. */
  | 'not-found'
  /** The file could not be read: only the snippet itself is diffed. */
  | 'no-current-text'
  /** `oldText` is null but the file exists: the new text replaces the whole file. */
  | 'overwrite';

export interface SnippetDiff {
  /** Left side (current). */
  original: string;
  /** Right side (proposed). */
  proposed: string;
  /** `whole-file` when both sides are complete files; `snippet` when only the snippet could be shown. */
  scope: 'whole-file' | 'snippet';
  note?: SnippetDiffNote;
  /** How many times the snippet occurs in the current text (0 for new files). */
  occurrences: number;
}

/**
 * Reconstruct the proposed file. `currentText` is undefined when the file does not exist / cannot be read.
 * A new file (`oldText` null or omitted) diffs against empty. Replaces the first occurrence only (Claude's
 * `replace_all` is not needed here: the adapter's preview is per call and the first hit is what a reader expects).
 */
export function reconstructEdit(diff: { oldText?: string | null; newText: string }, currentText: string | undefined): SnippetDiff {
  const { oldText, newText } = diff;
  if (oldText === null || oldText === undefined) {
    if (currentText !== undefined && currentText !== '') {
      return { original: currentText, proposed: newText, scope: 'whole-file', note: 'overwrite', occurrences: 0 };
    }
    return { original: '', proposed: newText, scope: 'whole-file', occurrences: 0 };
  }
  if (currentText === undefined) return { original: oldText, proposed: newText, scope: 'snippet', note: 'no-current-text', occurrences: 0 };
  if (oldText === '') {
    // An empty snippet matches everywhere; only meaningful for an empty file.
    return currentText === ''
      ? { original: '', proposed: newText, scope: 'whole-file', occurrences: 1 }
      : { original: oldText, proposed: newText, scope: 'snippet', note: 'not-found', occurrences: 0 };
  }

  let needle = oldText;
  let replacement = newText;
  let occurrences = countOccurrences(currentText, needle);
  if (occurrences === 0 && currentText.includes('\r\n') && !oldText.includes('\r\n')) {
    // The agent speaks LF; a CRLF file on disk keeps its line endings in the proposal.
    needle = toCrlf(oldText);
    replacement = toCrlf(newText);
    occurrences = countOccurrences(currentText, needle);
  }
  if (occurrences === 0) return { original: oldText, proposed: newText, scope: 'snippet', note: 'not-found', occurrences: 0 };
  const at = currentText.indexOf(needle);
  const proposed = currentText.slice(0, at) + replacement + currentText.slice(at + needle.length);
  return { original: currentText, proposed, scope: 'whole-file', note: occurrences > 1 ? 'ambiguous' : undefined, occurrences };
}

/** What to append to the diff editor's title so the user knows what they are looking at. */
export function describeNote(result: SnippetDiff): string | undefined {
  switch (result.note) {
    case 'ambiguous':
      return l10n.t('snippet occurs {0} times; first occurrence shown', result.occurrences);
    case 'not-found':
      return l10n.t('snippet not found in the current file; showing the snippet only');
    case 'no-current-text':
      return l10n.t('file could not be read; showing the snippet only');
    case 'overwrite':
      return l10n.t('replaces the whole file');
    case undefined:
      return undefined;
  }
}

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

function toCrlf(text: string): string {
  return text.replace(/\r?\n/gu, '\r\n');
}
