// A compact inline diff for a tool call's `diff` content: hunks with 3 lines of context, long diffs truncated.
// The full side-by-side view is VS Code's own diff editor, reached through "Open diff".
import { structuredPatch } from 'diff';
import { button, h, icon } from './dom';

/** Lines shown before "Show all" for a diff. */
export const DIFF_PREVIEW_LINES = 80;

export interface DiffViewOptions {
  path: string;
  oldText: string | null | undefined;
  newText: string;
  onOpenDiff: () => void;
}

/** Renders one diff block; `expanded` shows every line. */
export function renderDiff(o: DiffViewOptions, expanded: boolean, onExpand: () => void): HTMLElement {
  const patch = structuredPatch(o.path, o.path, o.oldText ?? '', o.newText, undefined, undefined, { context: 3 });
  const rows: HTMLElement[] = [];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    rows.push(h('div', { class: 'diff-line diff-hunk' }, `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`));
    for (const line of hunk.lines) {
      const sign = line[0];
      if (sign === '\\') continue; // "\ No newline at end of file"
      const cls = sign === '+' ? 'diff-add' : sign === '-' ? 'diff-del' : 'diff-ctx';
      if (sign === '+') added++;
      if (sign === '-') removed++;
      rows.push(h('div', { class: `diff-line ${cls}` }, h('span', { class: 'diff-sign', 'aria-hidden': 'true' }, sign ?? ' '), line.slice(1)));
    }
  }
  const total = rows.length;
  const shown = expanded ? rows : rows.slice(0, DIFF_PREVIEW_LINES);
  const name = o.path.split(/[\\/]/).pop() ?? o.path;
  return h(
    'div',
    { class: 'diff-block', 'data-testid': 'diff' },
    h(
      'div',
      { class: 'diff-header' },
      icon(o.oldText == null ? 'new-file' : 'diff'),
      h('span', { class: 'diff-path', title: o.path }, name),
      h('span', { class: 'diff-stat' }, h('span', { class: 'diff-stat-add', 'aria-label': `${added} lines added` }, `+${added}`), ' ', h('span', { class: 'diff-stat-del', 'aria-label': `${removed} lines removed` }, `−${removed}`)),
      withClick(button('Open diff', { class: 'text-btn', 'data-testid': 'open-diff' }, icon('diff-multiple'), ' Open diff'), o.onOpenDiff),
    ),
    h('div', { class: 'diff-body', role: 'region', 'aria-label': `Changes to ${name}` }, ...shown),
    total > shown.length ? withClick(button(`Show all ${total} lines`, { class: 'text-btn show-all', 'data-testid': 'show-all' }), onExpand) : null,
  );
}

function withClick<T extends HTMLElement>(el: T, fn: () => void): T {
  el.addEventListener('click', fn);
  return el;
}
