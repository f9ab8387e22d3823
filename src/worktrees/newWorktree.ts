// New Chat in Worktree: its questions (which folder, the branch, whether the uncommitted changes come along), then
// the worktree made on a new branch under the extension's storage and remembered; a half-made one is not kept.
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { WORKTREES } from './worktreeWording';
import type { Logger } from '../acpClient/logger';
import type { Chat } from '../chat/chat';
import type { Severity, UserAction } from '../feedback/userErrors';
import {
  addWorktree,
  branchNameProblem,
  carryChanges,
  deleteBranch,
  hasUncommittedChanges,
  headCommit,
  keepCommit,
  recordState,
  removeWorktree,
  repositoryOf,
  type Repository,
} from './worktreeGit';
import type { WorktreeRecord, WorktreeStore } from './worktreeStore';

/** What making a worktree needs of its owner (ChatWorktrees's deps). */
export interface NewWorktreeDeps {
  store: WorktreeStore;
  logger: Logger;
  /** Where worktrees are made (the extension's storage for this workspace); undefined without a folder. */
  storageDir: string | undefined;
  /** Said in the chat it concerns (or as a notification): the presenter's showMessage. */
  say(message: string, severity: Severity, actions: UserAction[], chat?: Chat): void;
}

/** What New Chat in Worktree was told: where, on which new branch, and whether the uncommitted changes come along. */
export interface NewWorktreeAnswers {
  repo: Repository;
  folder: string;
  branch: string;
  carry: boolean;
}

/**
 * Asks for the folder (several open), the branch and, when the folder has uncommitted changes, whether to bring them.
 * Undefined when the user cancelled.
 */
export async function askForWorktree(folders: readonly string[]): Promise<NewWorktreeAnswers | undefined> {
  const folder = folders.length === 1 ? folders[0]! : await pickFolder(folders);
  if (!folder) return undefined;
  const repo = await repositoryOf(folder);
  const branch = await vscode.window.showInputBox({
    title: vscode.l10n.t('New Chat in Worktree'),
    prompt: WORKTREES.branchPrompt,
    value: `acp-chat/${randomBytes(3).toString('hex')}`,
    valueSelection: [9, 15],
    validateInput: (name) => branchNameProblem(repo, name),
    ignoreFocusOut: true,
  });
  if (branch === undefined) return undefined;
  let carry = false;
  if (await hasUncommittedChanges(repo)) {
    const choice = await vscode.window.showQuickPick(
      [
        { label: WORKTREES.carry, detail: WORKTREES.carryDetail, carry: true },
        { label: WORKTREES.leave, detail: WORKTREES.leaveDetail, carry: false },
      ],
      { title: WORKTREES.carryTitle, ignoreFocusOut: true },
    );
    if (!choice) return undefined;
    carry = choice.carry;
  }
  return { repo, folder, branch, carry };
}

/** Makes the worktree and remembers it (New Chat in Worktree past its questions). */
export async function makeWorktree(repo: Repository, folder: string, branch: string, carry: boolean, deps: NewWorktreeDeps): Promise<WorktreeRecord> {
  const id = randomBytes(6).toString('hex');
  const name = `${nodePath.basename(repo.root)}-${branch.replace(/[^A-Za-z0-9._-]+/gu, '-')}-${id.slice(0, 4)}`.slice(0, 80);
  const path = nodePath.join(deps.storageDir!, 'worktrees', name);
  const head = await headCommit(repo);
  await addWorktree(repo, path, branch, head);
  try {
    if (carry) {
      const skipped = await carryChanges(repo, path);
      if (skipped.length) deps.say(WORKTREES.notCarried(skipped), 'info', []);
    }
    const base = await recordState(repo.git, path);
    const baseRef = `refs/acp-chat/worktrees/${id}`;
    await keepCommit(repo, baseRef, base);
    // The chat's folder's place in the repository, inside the worktree (a folder below the repository's root).
    const inRepo = nodePath.relative(repo.root, realpathSync(folder));
    const record: WorktreeRecord = {
      id,
      branch,
      path,
      cwd: inRepo && !inRepo.startsWith('..') ? nodePath.join(path, inRepo) : path,
      repoRoot: repo.root,
      folder,
      base,
      baseHead: head,
      baseRef,
      sessions: [],
      createdAt: new Date().toISOString(),
    };
    await deps.store.add(record);
    deps.logger.info(`[worktrees] made ${path} on ${branch} from ${head.slice(0, 8)}${carry ? ' with the uncommitted changes' : ''}`);
    return record;
  } catch (err) {
    // Half made: nothing of it is kept (the branch is new and empty of the user's work).
    await removeWorktree(repo, path).catch(() => undefined);
    await deleteBranch(repo, branch).catch(() => undefined);
    throw err;
  }
}

async function pickFolder(folders: readonly string[]): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(
    folders.map((f) => ({ label: nodePath.basename(f), description: f, folder: f })),
    { title: vscode.l10n.t('New Chat in Worktree'), placeHolder: WORKTREES.folderPlaceholder },
  );
  return picked?.folder;
}
