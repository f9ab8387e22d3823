// The error of a chat's worktree that cannot be made or used, with its wording: worktrees are made here, so what keeps
// one from being made or used, and what to do about it, is said here.
import { l10n } from '../contributions/l10n';
import type { DescribedError, UserError } from '../feedback/userErrors';

/** A chat's worktree cannot be made or used. Its message is for the log; describe() words it for the user. */
export class WorktreeError extends Error implements DescribedError {
  override name = 'WorktreeError';
  constructor(
    readonly reason: 'no-git' | 'not-a-repository' | 'no-commit' | 'untrusted' | 'no-folder' | 'missing' | 'turn-running',
    message: string,
  ) {
    super(message);
  }

  describe(what?: string): UserError {
    const message = {
      'no-git': l10n.t('git was not found on PATH, so the chat cannot get a worktree.'),
      'not-a-repository': l10n.t(
        'This folder is not in a git repository: a worktree is a second checkout of a repository. Start a chat in the folder instead.',
      ),
      'no-commit': l10n.t('The repository has no commit yet: a worktree starts from one. Commit first, then start the chat.'),
      untrusted: l10n.t('A worktree runs git in this folder: trust the workspace first.'),
      'no-folder': l10n.t("Open a folder first: a worktree is of a folder's repository."),
      missing: l10n.t('The worktree folder is gone (deleted outside VS Code).'),
      'turn-running': l10n.t('Stop the running turn first: the agent is still working in the worktree.'),
    }[this.reason];
    return {
      message: what && this.reason === 'missing' ? l10n.t('{0} failed: {1}', what, message) : message,
      severity: this.reason === 'untrusted' ? 'info' : 'error',
      actions: this.reason === 'untrusted' ? ['manageTrust'] : this.reason === 'missing' ? ['manageWorktrees'] : [],
    };
  }
}
