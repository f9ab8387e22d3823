// Manage Worktrees: every chat's worktree with its state; the one picked is reviewed, applied, opened in a new window
// or discarded, or, its folder gone, pruned.
import { existsSync } from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import type { ChatRegistry } from '../chat/chatRegistry';
import type { ApplyOutcome } from './worktreeApply';
import { askToPrune, type Confirm } from './worktreeDiscard';
import type { WorktreeRecord } from './worktreeStore';

/** What can be done with a picked worktree: ChatWorktrees's own actions. */
export interface WorktreeActions {
  review(record: WorktreeRecord): Promise<void>;
  apply(record: WorktreeRecord): Promise<ApplyOutcome>;
  sayApplied(outcome: ApplyOutcome): void;
  openInNewWindow(record: WorktreeRecord): Promise<void>;
  discard(record: WorktreeRecord, chats: ChatRegistry, confirm?: Confirm): Promise<boolean>;
}

/** The pick of `records` (at least one), then what to do with the one picked. */
export async function manageWorktrees(worktrees: WorktreeActions, records: readonly WorktreeRecord[], chats: ChatRegistry): Promise<void> {
  const picked = await vscode.window.showQuickPick(
    records.map((r) => ({
      label: `$(git-branch) ${r.branch}`,
      description: existsSync(r.path) ? nodePath.basename(r.folder) : vscode.l10n.t('folder deleted'),
      detail: r.path,
      record: r,
    })),
    { title: vscode.l10n.t('Manage Worktrees'), placeHolder: vscode.l10n.t('A chat’s worktree') },
  );
  if (!picked) return;
  const r = picked.record;
  if (!existsSync(r.path)) {
    await worktrees.discard(r, chats, askToPrune(r.branch));
    return;
  }
  const action = await vscode.window.showQuickPick(
    [vscode.l10n.t('Review Changes'), vscode.l10n.t('Apply to Workspace'), vscode.l10n.t('Open Worktree in New Window'), vscode.l10n.t('Discard Worktree…')],
    { title: r.branch },
  );
  if (action === 'Review Changes') await worktrees.review(r);
  else if (action === 'Apply to Workspace') worktrees.sayApplied(await worktrees.apply(r));
  else if (action === 'Open Worktree in New Window') await worktrees.openInNewWindow(r);
  else if (action === 'Discard Worktree…') await worktrees.discard(r, chats);
}
