// The words of chats in their own git worktrees: making one, carrying changes into it, applying and discarding it.
// Beside the worktrees they word (why one cannot be made is worktreeError.ts's).
import { l10n } from '../contributions/l10n';

/** The words of chats in their own git worktrees. */
export const WORKTREES = {
  get branchPrompt() {
    return l10n.t('The new branch the chat works on (from the current HEAD)');
  },
  get folderPlaceholder() {
    return l10n.t('The folder whose repository the worktree is of');
  },
  get carryTitle() {
    return l10n.t('Your working tree has uncommitted changes');
  },
  get carry() {
    return l10n.t('Bring my uncommitted changes');
  },
  get carryDetail() {
    return l10n.t('Copy the tracked changes and untracked files into the worktree; your folder keeps them too');
  },
  get leave() {
    return l10n.t('Start from the last commit');
  },
  get leaveDetail() {
    return l10n.t('The worktree starts clean, at HEAD; your changes stay only in your folder');
  },
  creating: (branch: string) => l10n.t('Creating a worktree on {0}…', branch),
  notCarried: (paths: readonly string[]) =>
    l10n.t('Not copied into the worktree (not regular files): {0}{1}.', paths.slice(0, 3).join(', '), paths.length > 3 ? ` and ${paths.length - 3} more` : ''),
  applied: (n: number) =>
    n === 0
      ? l10n.t('Nothing to apply: your folder already has every change of the worktree.')
      : l10n.t('Applied {0} file{1} from the worktree to your folder (uncommitted).', n, n === 1 ? '' : 's'),
  conflictsTitle: (n: number) => l10n.t('{0} file{1} changed both in the worktree and in your folder', n, n === 1 ? '' : 's'),
  get conflictsPlaceholder() {
    return l10n.t("Pick the files to take the worktree's version of; the others keep yours (nothing is written for them)");
  },
  conflictsLeft: (paths: readonly string[]) => l10n.t('Not applied (changed in your folder too): {0}. Your copies are unchanged.', paths.join(', ')),
  get discardButton() {
    return l10n.t('Discard Worktree');
  },
  discardQuestion: (branch: string) => l10n.t('Discard the worktree and delete the branch {0}?', branch),
  discardLoses: (files: readonly string[], commits: readonly string[]) =>
    [
      files.length
        ? l10n.t('{0} changed file{1} not in your folder: {2}{3}.', ...counted(files, 8, ', ', (more) => ` and ${more} more`))
        : l10n.t('No file differs from where it started.'),
      commits.length ? l10n.t('{0} commit{1} on the branch: {2}{3}.', ...counted(commits, 5, '; ', () => '; …')) : '',
      l10n.t('This cannot be undone.'),
    ]
      .filter(Boolean)
      .join('\n'),
  discarded: (branch: string) => l10n.t('Discarded the worktree and the branch {0}.', branch),
  missing: (branch: string) =>
    l10n.t('The worktree of {0} was deleted outside VS Code; its chat continues in your folder. Prune it in Manage Worktrees.', branch),
  pruneQuestion: (branch: string) => l10n.t('Forget the worktree of {0}, whose folder is gone, and delete the branch?', branch),
  pruneButton: 'Prune',
  deleteWithChat: (branch: string) => l10n.t('This chat worked in the worktree of {0}. Discard the worktree too?', branch),
  get none() {
    return l10n.t('No chat works in a worktree in this workspace.');
  },
  get noChanges() {
    return l10n.t('The worktree has no changes yet.');
  },
} as const;

/** A list's count, its plural ending, its first `max` items and what stands for the rest: a sentence's four values. */
function counted(items: readonly string[], max: number, separator: string, rest: (more: number) => string): [number, string, string, string] {
  return [items.length, items.length === 1 ? '' : 's', items.slice(0, max).join(separator), items.length > max ? rest(items.length - max) : ''];
}
