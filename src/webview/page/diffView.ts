// A compact inline diff for a tool call's `diff` content, read as code review rather than patch syntax: each hunk is
// headed by where it is in the file ("lines 40–52"), rows carry a line-number gutter, 3 lines of context, long diffs
// truncated. The full side-by-side view is VS Code's own diff editor, reached through "Open diff".
import type { ToolCallContent, ToolCallLocation } from '@agentclientprotocol/sdk';
import { structuredPatch, type StructuredPatchHunk } from 'diff';
import { button, h, icon } from './dom';
import { l10n } from './l10n';

/** Lines shown before "Show all" for a diff. */
export const DIFF_PREVIEW_LINES = 80;

export interface DiffViewOptions {
  path: string;
  oldText: string | null | undefined;
  newText: string;
  /**
   * The file line (new numbering) where `newText` starts, when the agent said so. Without it the text is a snippet
   * whose place in the file is unknown and shows no numbers, unless it is a new file (numbered from 1).
   */
  firstLine?: number;
  /** The file line (old numbering) where `oldText` starts: numbers the removed lines. */
  firstOldLine?: number;
  /** The card around the diff names its file already (its title): the header does not name it again. */
  named?: boolean;
  onOpenDiff: () => void;
}

/** Where a diff's texts start in the file: `line` in the new numbering, `oldLine` in the old. */
export interface DiffStart {
  line: number;
  oldLine: number;
}

/** Renders one diff block; `expanded` shows every line. */
export function renderDiff(o: DiffViewOptions, expanded: boolean, onExpand: () => void): HTMLElement {
  // ACP: a null or omitted oldText is a new file, so the text is the whole file.
  const newFile = !o.oldText && (o.firstLine ?? 1) === 1;
  const first = o.firstLine ?? (newFile ? 1 : undefined);
  const patch = structuredPatch(o.path, o.path, o.oldText ?? '', o.newText, undefined, undefined, { context: 3 });
  const rows: HTMLElement[] = [];
  let added = 0;
  let removed = 0;
  let lines = 0;
  let widest = 0;
  if (newFile && patch.hunks.length === 0) rows.push(heading(l10n.t('new file, empty'), l10n.t('New file, empty')));
  patch.hunks.forEach((hunk, i) => {
    rows.push(hunkHeading(hunk, newFile, first, i, patch.hunks.length));
    let oldNo = o.firstOldLine === undefined ? undefined : o.firstOldLine + hunk.oldStart - 1;
    let newNo = first === undefined ? undefined : first + hunk.newStart - 1;
    for (const line of hunk.lines) {
      const sign = line[0];
      if (sign === '\\') continue; // "\ No newline at end of file"
      // One column: a removed line has its old number, the others their new one.
      const no = sign === '-' ? oldNo : newNo;
      if (sign !== '+' && oldNo !== undefined) oldNo++;
      if (sign !== '-' && newNo !== undefined) newNo++;
      if (sign === '+') added++;
      if (sign === '-') removed++;
      lines++;
      widest = Math.max(widest, no ?? 0);
      const cls = sign === '+' ? 'diff-add' : sign === '-' ? 'diff-del' : 'diff-ctx';
      // The number is an attribute drawn by CSS: a row's text stays the code alone (copying, reading it back).
      rows.push(h('div', { class: `diff-line ${cls}`, 'data-line': no }, h('span', { class: 'diff-sign', 'aria-hidden': 'true' }, sign ?? ' '), line.slice(1)));
    }
  });
  const shown = expanded ? rows : rows.slice(0, DIFF_PREVIEW_LINES);
  const name = o.path.split(/[\\/]/).pop() ?? o.path;
  const body = h(
    'div',
    { class: first === undefined ? 'diff-body' : 'diff-body numbered', role: 'region', 'aria-label': l10n.t('Changes to {0}', name) },
    ...shown,
  );
  if (first !== undefined) body.style.setProperty('--diff-gutter', `${String(widest).length}ch`);
  return h(
    'div',
    { class: 'diff-block', 'data-testid': 'diff' },
    h(
      'div',
      { class: 'diff-header' },
      icon(o.oldText == null ? 'new-file' : 'diff'),
      o.named ? null : h('span', { class: 'diff-path', title: o.path }, name),
      h(
        'span',
        { class: 'diff-stat' },
        h('span', { class: 'diff-stat-add', 'aria-label': l10n.t('{0} lines added', added) }, `+${added}`),
        ' ',
        h('span', { class: 'diff-stat-del', 'aria-label': l10n.t('{0} lines removed', removed) }, `−${removed}`),
      ),
      withClick(
        button(l10n.t('Open diff'), { class: 'text-btn diff-open', 'data-testid': 'open-diff' }, icon('diff-multiple'), ' ' + l10n.t('Open diff')),
        o.onOpenDiff,
      ),
    ),
    body,
    rows.length > shown.length
      ? withClick(button(l10n.t('Show all {0} lines', lines), { class: 'text-btn show-all', 'data-testid': 'show-all' }), onExpand)
      : null,
  );
}

/**
 * Where each `diff` of a tool call's content starts in its file, from the call's locations; undefined where unknown.
 * The Claude adapter sends a finished Edit or Write as one diff per hunk of the file's patch, each paired with the
 * location at the same index, whose line is the hunk's first line in the new file (claude-agent-acp
 * `toolUpdateFromDiffToolResponse`). Before that a diff is the tool input's snippet and its location has no line.
 * The old numbering follows from the hunks above: each shifts the lines below it by what it added less what it removed.
 */
export function diffStarts(content: readonly ToolCallContent[], locations: readonly ToolCallLocation[]): (DiffStart | undefined)[] {
  const starts: (DiffStart | undefined)[] = content.map(() => undefined);
  // Without one location per diff the pairing is a guess, and a guessed number is worse than none.
  if (content.filter((c) => c.type === 'diff').length !== locations.length) return starts;
  const shift = new Map<string, number>();
  let k = 0;
  content.forEach((c, i) => {
    if (c.type !== 'diff') return;
    const line = locations[k]?.path === c.path ? locations[k]?.line : undefined;
    k++;
    const before = shift.get(c.path) ?? 0;
    if (typeof line === 'number' && Number.isInteger(line) && line >= 1) starts[i] = { line, oldLine: line - before };
    shift.set(c.path, before + lineCount(c.newText) - lineCount(c.oldText));
  });
  return starts;
}

/** A hunk's heading: where it is in the new file, or what is known about it when that is not. */
function hunkHeading(hunk: StructuredPatchHunk, newFile: boolean, first: number | undefined, index: number, count: number): HTMLElement {
  if (newFile) {
    const n = hunk.newLines;
    return n === 1
      ? heading(l10n.t('new file, {0} line', n), l10n.t('New file, {0} line', n))
      : heading(l10n.t('new file, {0} lines', n), l10n.t('New file, {0} lines', n));
  }
  if (first === undefined) {
    return count > 1
      ? heading(
          l10n.t('snippet, part {0} of {1}', index + 1, count),
          l10n.t('Snippet, part {0} of {1}; where it is in the file is not known', index + 1, count),
        )
      : heading(l10n.t('snippet'), l10n.t('Snippet; where it is in the file is not known'));
  }
  // With 3 lines of context, only a text whose every line was removed leaves no new line to name.
  if (hunk.newLines === 0) return heading(l10n.t('lines removed'), l10n.t('Lines removed'));
  const start = first + hunk.newStart - 1;
  const end = start + hunk.newLines - 1;
  return start === end
    ? heading(l10n.t('line {0}', start), l10n.t('Line {0}', start))
    : heading(l10n.t('lines {0}–{1}', start, end), l10n.t('Lines {0} to {1}', start, end));
}

function heading(text: string, label: string): HTMLElement {
  return h('div', { class: 'diff-hunk', role: 'heading', 'aria-level': 4, 'aria-label': label }, text);
}

function lineCount(text: string | null | undefined): number {
  return text ? text.split('\n').length : 0;
}

function withClick<T extends HTMLElement>(el: T, fn: () => void): T {
  el.addEventListener('click', fn);
  return el;
}
