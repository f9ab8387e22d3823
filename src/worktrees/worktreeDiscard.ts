// Discard's questions, asked before a worktree goes (from Discard, with the conversation that works there, or to prune
// one whose folder is gone), and what goes with it in git: the worktree, its branch and the ref that kept its start.
import * as vscode from 'vscode';
import { WORKTREES } from './worktreeWording';
import { deleteBranch, deleteRef, removeWorktree, type Repository } from './worktreeGit';
import type { WorktreeRecord } from './worktreeStore';

/** Asks before something is removed: the question and what would be lost. */
export type Confirm = (question: string, detail: string) => Thenable<boolean> | Promise<boolean>;

/** Discard Worktree's question. */
export async function askToDiscard(question: string, detail: string): Promise<boolean> {
  const yes = await vscode.window.showWarningMessage(question, { modal: true, detail }, WORKTREES.discardButton);
  return yes === WORKTREES.discardButton;
}

/** A conversation is being deleted: whether its worktree goes too (the discard question as the detail). */
export function askToDiscardWithChat(branch: string): Confirm {
  return async (question, detail) => {
    const yes = await vscode.window.showWarningMessage(
      WORKTREES.deleteWithChat(branch),
      { modal: true, detail: `${question}\n${detail}` },
      WORKTREES.discardButton,
    );
    return yes === WORKTREES.discardButton;
  };
}

/** A worktree whose folder is gone: whether to forget it (prune). */
export function askToPrune(branch: string): Confirm {
  return async (question) => {
    const yes = await vscode.window.showWarningMessage(WORKTREES.pruneQuestion(branch), { modal: true, detail: question }, WORKTREES.pruneButton);
    return yes === WORKTREES.pruneButton;
  };
}

/** Removes `record`'s worktree, then its branch, then its ref from `repo`. */
export async function deleteFromRepository(repo: Repository, record: WorktreeRecord): Promise<void> {
  await removeWorktree(repo, record.path);
  await deleteBranch(repo, record.branch);
  await deleteRef(repo, record.baseRef);
}
