// "N files changed" at the end of the turn that changed them: each file with its +/- counts, a link that opens it,
// Keep (while the editor holds its changes under review) and Undo per file, and for the turn Review (the multi-file
// diff), Keep All and Undo All: the editor's words for the same acts. In a turn a subagent took part in, each file
// says who changed it. One card per turn; the host decides what can be undone; this only shows it.
import type { ChangedFileView, TurnChangesView, WebviewToHost } from '../protocol/protocol';
import { breakAtSeparators, button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';

export class ChangedFilesView {
  readonly node = h('section', { class: 'changed-files', 'data-testid': 'changed-files', 'aria-label': l10n.t('Files changed by this turn') });

  constructor(private readonly post: (m: WebviewToHost) => void) {}

  /** `note`: what the chat says once, under its last card (e.g. the workspace is not a git repository). */
  update(changes: TurnChangesView, note?: string): void {
    const n = changes.files.length;
    const open = changes.files.filter((f) => !f.reverted && !f.cannotRevert).length;
    const review = button(l10n.t('Review'), {
      class: 'text-btn',
      'data-testid': 'review-changes',
      title: l10n.t('Open the changes in a multi-file diff (before the turn ↔ now)'),
    });
    review.addEventListener('click', () => this.post({ type: 'reviewTurnChanges', id: changes.id }));
    const revertAll = button(l10n.t('Undo All'), {
      class: 'text-btn',
      'data-testid': 'revert-all',
      title: l10n.t('Put every file back as it was before the turn (undoable)'),
    });
    revertAll.disabled = open === 0;
    revertAll.addEventListener('click', () => this.post({ type: 'revertTurnChanges', id: changes.id }));
    // Keep All only while something of the turn waits for a verdict in the editor: otherwise it is all kept already.
    const pending = changes.files.filter((f) => f.toReview && !f.reverted).length;
    const keepAll = pending
      ? button(l10n.t('Keep All'), {
          class: 'text-btn',
          'data-testid': 'keep-all',
          title: l10n.t('Keep every change of this turn still under review in the editor'),
        })
      : null;
    keepAll?.addEventListener('click', () => this.post({ type: 'keepTurnChanges', id: changes.id }));
    setChildren(
      this.node,
      h(
        'div',
        { class: 'changed-files-header' },
        icon('diff'),
        h('span', { class: 'changed-files-title', 'data-testid': 'changed-files-title' }, n === 1 ? l10n.t('1 file changed') : l10n.t('{0} files changed', n)),
        review,
        keepAll,
        revertAll,
      ),
      h('ul', { class: 'changed-files-list' }, ...changes.files.map((f) => this.fileRow(changes.id, f))),
      note ? h('p', { class: 'changed-files-limit', 'data-testid': 'changed-files-note' }, note) : null,
    );
  }

  private fileRow(id: string, f: ChangedFileView): HTMLElement {
    // The whole name, wrapped between folders in a narrow side bar (never cut: which file it is is the point).
    // Who changed it (only in a turn a subagent took part in), quietly after the name; the link's name says it too.
    const by = f.by?.length ? f.by.join(', ') : undefined;
    const name = h(
      'span',
      { class: 'ext-link changed-file-name', role: 'link', tabindex: 0, title: f.path, 'aria-label': by && l10n.t('{0}, by {1}', f.label, by) },
      ...breakAtSeparators(f.label),
    );
    const openFile = () => this.post({ type: 'openLocation', path: f.path });
    name.addEventListener('click', openFile);
    name.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') openFile();
    });
    let action: HTMLElement;
    if (f.reverted) action = h('span', { class: 'changed-file-state' }, l10n.t('Undone'));
    else if (f.cannotRevert) action = h('span', { class: 'changed-file-state', title: f.cannotRevert }, l10n.t('Cannot undo'));
    else {
      const revert = button(l10n.t('Undo'), {
        class: 'text-btn',
        'data-testid': 'revert-file',
        title: l10n.t('Put {0} back as it was before the turn (undoable)', f.label),
      });
      revert.addEventListener('click', () => this.post({ type: 'revertTurnChanges', id, path: f.path }));
      action = revert;
    }
    const keep =
      f.toReview && !f.reverted
        ? button(l10n.t('Keep'), { class: 'text-btn', 'data-testid': 'keep-file', title: l10n.t('Keep the changes to {0} still under review', f.label) })
        : null;
    keep?.addEventListener('click', () => this.post({ type: 'keepTurnChanges', id, path: f.path }));
    return h(
      'li',
      { class: 'changed-file', 'data-testid': 'changed-file', 'data-change': f.change, 'data-reverted': f.reverted },
      name,
      f.change === 'modified' ? null : h('span', { class: 'changed-file-kind' }, f.change === 'created' ? l10n.t('created') : l10n.t('deleted')),
      by ? h('span', { class: 'changed-file-by', 'data-testid': 'changed-file-by', 'aria-hidden': 'true' }, l10n.t('by {0}', by)) : null,
      f.toReview
        ? h(
            'span',
            { class: 'changed-file-review', 'data-testid': 'to-review', title: l10n.t('Changes still to Keep or Undo in the editor') },
            l10n.t('{0} to review', f.toReview),
          )
        : null,
      h('span', { class: 'diff-stat-add', 'aria-label': l10n.t('{0} lines added', f.added) }, `+${f.added}`),
      h('span', { class: 'diff-stat-del', 'aria-label': l10n.t('{0} lines removed', f.removed) }, `−${f.removed}`),
      keep,
      action,
    );
  }
}
