// The bar under the header of a chat that works in its own git worktree: the branch, what the worktree changed
// against where it started (files, lines, commits; each file opens its diff), and Review, Apply to Workspace, Open in
// New Window; Discard sits by the branch's name. Hidden for a chat in the workspace's folder.
import type { WebviewToHost, WorktreeView } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';

export class WorktreeBarView {
  readonly node = h('section', { class: 'worktree-bar', 'aria-label': 'Worktree', 'data-testid': 'worktree-bar' });

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
    const summary = n === 0 ? 'No changes yet' : `${n} file${n === 1 ? '' : 's'} changed`;
    const commits = view.commits ? ` · ${view.commits} commit${view.commits === 1 ? '' : 's'}` : '';
    const act = (action: 'review' | 'apply' | 'openWindow' | 'discard', path?: string) => () =>
      this.post({ type: 'worktree', action, ...(path !== undefined ? { path } : {}) });
    const review = button('Review the worktree’s changes', { class: 'text-btn', 'data-testid': 'worktree-review' }, 'Review');
    const apply = button(
      'Apply to Workspace: bring the worktree’s changes into your folder, uncommitted',
      { class: 'text-btn', 'data-testid': 'worktree-apply' },
      'Apply',
    );
    const open = button('Open Worktree in New Window', { class: 'icon-btn', 'data-testid': 'worktree-open-window' }, icon('empty-window'));
    const discard = button('Discard the worktree and its branch…', { class: 'icon-btn', 'data-testid': 'worktree-discard' }, icon('trash'));
    review.disabled = apply.disabled = n === 0;
    review.addEventListener('click', act('review'));
    apply.addEventListener('click', act('apply'));
    open.addEventListener('click', act('openWindow'));
    discard.addEventListener('click', act('discard'));
    const files = n
      ? h(
          'details',
          { class: 'worktree-files' },
          h('summary', { 'data-testid': 'worktree-summary' }, summary, n ? h('span', { class: 'worktree-lines' }, ` +${added} −${removed}`) : null, commits),
          h(
            'ul',
            { class: 'changed-files-list' },
            ...view.files.map((f) => {
              const name = button(`Review ${f.path}`, { class: 'text-btn changed-file-name', 'data-testid': 'worktree-file' }, f.path);
              name.addEventListener('click', act('review', f.path));
              return h(
                'li',
                { class: 'changed-file' },
                name,
                f.status !== 'modified' ? h('span', { class: 'changed-file-kind' }, f.status) : null,
                f.added !== undefined
                  ? h('span', { class: 'diff-stat-add', 'aria-label': `${f.added} lines added` }, `+${f.added}`)
                  : h('span', { class: 'changed-file-kind' }, 'binary'),
                f.removed !== undefined ? h('span', { class: 'diff-stat-del', 'aria-label': `${f.removed} lines removed` }, `−${f.removed}`) : null,
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
        h('span', { class: 'worktree-label' }, 'Worktree: '),
        h(
          'span',
          { class: 'worktree-branch', 'data-testid': 'worktree-branch', title: `This chat works in its own git worktree, on this branch: ${view.path}` },
          view.branch,
        ),
        discard,
      ),
      files,
      h('span', { class: 'worktree-actions' }, review, apply, open),
    );
  }
}
