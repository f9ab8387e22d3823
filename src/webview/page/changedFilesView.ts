// "N files changed" at the end of the turn that changed them: each file with its +/- counts, a link that opens it,
// Revert per file, and for the turn Review (the multi-file diff) and Revert All. One card per turn; the host decides
// what can be reverted; this only shows it.
import type { ChangedFileView, TurnChangesView, WebviewToHost } from '../protocol/protocol';
import { breakAtSeparators, button, h, icon, setChildren } from './dom';

export class ChangedFilesView {
  readonly node = h('section', { class: 'changed-files', 'data-testid': 'changed-files', 'aria-label': 'Files changed by this turn' });

  constructor(private readonly post: (m: WebviewToHost) => void) {}

  /** `note`: what the chat says once, under its last card (e.g. the workspace is not a git repository). */
  update(changes: TurnChangesView, note?: string): void {
    const n = changes.files.length;
    const open = changes.files.filter((f) => !f.reverted && !f.cannotRevert).length;
    const review = button('Review', {
      class: 'text-btn',
      'data-testid': 'review-changes',
      title: 'Open the changes in a multi-file diff (before the turn ↔ now)',
    });
    review.addEventListener('click', () => this.post({ type: 'reviewTurnChanges', id: changes.id }));
    const revertAll = button('Undo All', {
      class: 'text-btn',
      'data-testid': 'revert-all',
      title: 'Put every file back as it was before the turn (undoable)',
    });
    revertAll.disabled = open === 0;
    revertAll.addEventListener('click', () => this.post({ type: 'revertTurnChanges', id: changes.id }));
    setChildren(
      this.node,
      h(
        'div',
        { class: 'changed-files-header' },
        icon('diff'),
        h('span', { class: 'changed-files-title', 'data-testid': 'changed-files-title' }, `${n} file${n === 1 ? '' : 's'} changed`),
        review,
        revertAll,
      ),
      h('ul', { class: 'changed-files-list' }, ...changes.files.map((f) => this.fileRow(changes.id, f))),
      note ? h('p', { class: 'changed-files-limit', 'data-testid': 'changed-files-note' }, note) : null,
    );
  }

  private fileRow(id: string, f: ChangedFileView): HTMLElement {
    // The whole name, wrapped between folders in a narrow side bar (never cut: which file it is is the point).
    const name = h('span', { class: 'ext-link changed-file-name', role: 'link', tabindex: 0, title: f.path }, ...breakAtSeparators(f.label));
    const openFile = () => this.post({ type: 'openLocation', path: f.path });
    name.addEventListener('click', openFile);
    name.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') openFile();
    });
    let action: HTMLElement;
    if (f.reverted) action = h('span', { class: 'changed-file-state' }, 'Undone');
    else if (f.cannotRevert) action = h('span', { class: 'changed-file-state', title: f.cannotRevert }, 'Cannot undo');
    else {
      const revert = button('Undo', { class: 'text-btn', 'data-testid': 'revert-file', title: `Put ${f.label} back as it was before the turn (undoable)` });
      revert.addEventListener('click', () => this.post({ type: 'revertTurnChanges', id, path: f.path }));
      action = revert;
    }
    return h(
      'li',
      { class: 'changed-file', 'data-testid': 'changed-file', 'data-change': f.change, 'data-reverted': f.reverted },
      name,
      f.change === 'modified' ? null : h('span', { class: 'changed-file-kind' }, f.change),
      f.toReview
        ? h(
            'span',
            { class: 'changed-file-review', 'data-testid': 'to-review', title: 'Changes still to Keep or Undo in the editor' },
            `${f.toReview} to review`,
          )
        : null,
      h('span', { class: 'diff-stat-add', 'aria-label': `${f.added} lines added` }, `+${f.added}`),
      h('span', { class: 'diff-stat-del', 'aria-label': `${f.removed} lines removed` }, `−${f.removed}`),
      action,
    );
  }
}
