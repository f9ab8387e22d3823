// The bar under the header of a chat that works in its own git worktree: the branch, what the worktree changed
// against where it started (files, lines, commits; each file opens its diff), and Review, Apply to Workspace, Open in
// New Window; Discard sits by the branch's name. Hidden for a chat in the workspace's folder.
import type { WebviewToHost, WorktreeView } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';

export class WorktreeBarView {
  readonly node = h('section', { class: 'worktree-bar', 'aria-label': l10n.t('Worktree'), 'data-testid': 'worktree-bar' });

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.node.hidden = true;
  }

  update(view: WorktreeView | null): void {
    this.node.hidden = view === null;
    if (!view) {
      this.node.replaceChildren();
      return;
    }
    const added = view.files.reduce((n, f) => n + (f.added ?? 0), 0);
    const removed = view.files.reduce((n, f) => n + (f.removed ?? 0), 0);
    const n = view.files.length;
    const summary = n === 0 ? l10n.t('No changes yet') : n === 1 ? l10n.t('1 file changed') : l10n.t('{0} files changed', n);
    const commits = view.commits ? ' · ' + (view.commits === 1 ? l10n.t('1 commit') : l10n.t('{0} commits', view.commits)) : '';
    // Not `act`: the l10n checker reads an `act(…)` argument as the host's words, and these are message codes.
    const onAction = (action: 'review' | 'apply' | 'openWindow' | 'discard', path?: string) => () =>
      this.post({ type: 'worktree', action, ...(path !== undefined ? { path } : {}) });
    const review = button(l10n.t('Review the worktree’s changes'), { class: 'text-btn', 'data-testid': 'worktree-review' }, l10n.t('Review'));
    const apply = button(
      l10n.t('Apply to Workspace: bring the worktree’s changes into your folder, uncommitted'),
      { class: 'text-btn', 'data-testid': 'worktree-apply' },
      l10n.t('Apply'),
    );
    const open = button(l10n.t('Open Worktree in New Window'), { class: 'icon-btn', 'data-testid': 'worktree-open-window' }, icon('empty-window'));
    const discard = button(l10n.t('Discard the worktree and its branch…'), { class: 'icon-btn', 'data-testid': 'worktree-discard' }, icon('trash'));
    review.disabled = apply.disabled = n === 0;
    review.addEventListener('click', onAction('review'));
    apply.addEventListener('click', onAction('apply'));
    open.addEventListener('click', onAction('openWindow'));
    discard.addEventListener('click', onAction('discard'));
    const files = n
      ? h(
          'details',
          { class: 'worktree-files' },
          h('summary', { 'data-testid': 'worktree-summary' }, summary, n ? h('span', { class: 'worktree-lines' }, ` +${added} −${removed}`) : null, commits),
          h(
            'ul',
            { class: 'changed-files-list' },
            ...view.files.map((f) => {
              const name = button(l10n.t('Review {0}', f.path), { class: 'text-btn changed-file-name', 'data-testid': 'worktree-file' }, f.path);
              name.addEventListener('click', onAction('review', f.path));
              return h(
                'li',
                { class: 'changed-file' },
                name,
                f.status !== 'modified' ? h('span', { class: 'changed-file-kind' }, f.status === 'added' ? l10n.t('added') : l10n.t('deleted')) : null,
                f.added !== undefined
                  ? h('span', { class: 'diff-stat-add', 'aria-label': l10n.t('{0} lines added', f.added) }, `+${f.added}`)
                  : h('span', { class: 'changed-file-kind' }, l10n.t('binary')),
                f.removed !== undefined ? h('span', { class: 'diff-stat-del', 'aria-label': l10n.t('{0} lines removed', f.removed) }, `−${f.removed}`) : null,
              );
            }),
          ),
        )
      : h('span', { class: 'worktree-files', 'data-testid': 'worktree-summary' }, summary, commits);
    // "Worktree: <branch>", with Discard beside what it throws away, away from Apply.
    setChildren(
      this.node,
      h(
        'span',
        { class: 'worktree-head' },
        icon('git-branch'),
        h('span', { class: 'worktree-label' }, l10n.t('Worktree: ')),
        h(
          'span',
          {
            class: 'worktree-branch',
            'data-testid': 'worktree-branch',
            title: l10n.t('This chat works in its own git worktree, on this branch: {0}', view.path),
          },
          view.branch,
        ),
        discard,
      ),
      files,
      h('span', { class: 'worktree-actions' }, review, apply, open),
    );
  }
}
