// Apply to Workspace: each file a worktree changed, brought into the user's folder as an uncommitted change. A file the
// user changed too is merged three-way; one that conflicts is written only when the user picks the worktree's side.
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { isInside } from '../acpClient/pathInside';
import type { Severity } from '../feedback/userErrors';
import { WORKTREES } from './worktreeWording';
import { resolveInWorkspace } from '../workbench/workspacePaths';
import { conflictText, decideApply, type ConflictReason } from './applyDecision';
import type { WorktreeChanges } from './worktreeChanges';
import { fileAt, mergeText, type Repository } from './worktreeGit';
import type { WorktreeRecord } from './worktreeStore';

export interface ApplyConflict {
  path: string;
  reason: ConflictReason;
}

export interface ApplyOutcome {
  applied: string[];
  conflicts: ApplyConflict[];
  /** Conflicting files the user took the worktree's version of. */
  taken: string[];
}

/** Picks which conflicting files take the worktree's version (the rest keep the user's). */
export type PickConflicts = (conflicts: readonly ApplyConflict[], record: WorktreeRecord) => Thenable<string[]> | Promise<string[]>;

/** Brings `record`'s changes (read from `repo`) into the user's folder; `pick` is asked about the conflicts. */
export async function applyChanges(record: WorktreeRecord, repo: Repository, { files, state }: WorktreeChanges, pick: PickConflicts): Promise<ApplyOutcome> {
  const applied: string[] = [];
  const conflicts: ApplyConflict[] = [];
  const theirs = new Map<string, Buffer | undefined>();
  for (const file of files) {
    const target = nodePath.join(record.repoRoot, ...file.path.split('/'));
    const inside =
      isInside(record.repoRoot, target) &&
      (await resolveInWorkspace(target, [record.repoRoot]).then(
        () => true,
        () => false,
      ));
    if (!inside) {
      conflicts.push({ path: file.path, reason: 'outside' });
      continue;
    }
    const [base, their, mine] = await Promise.all([
      fileAt(repo, record.base, file.path),
      fileAt(repo, state, file.path),
      readFile(target).catch(() => undefined),
    ]);
    theirs.set(file.path, their);
    const unsaved = vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'file' && d.uri.fsPath === target && d.isDirty);
    let decision = decideApply({ base, theirs: their, mine, symlink: file.symlink, unsaved });
    if (decision.kind === 'merge') {
      const merged = await mergeText(repo.git, decision.mine, decision.base, decision.theirs);
      decision = merged.conflicts ? { kind: 'conflict', reason: 'both-changed' } : { kind: 'write', content: merged.text };
    }
    switch (decision.kind) {
      case 'same':
        break;
      case 'write':
        await writeInto(target, decision.content);
        applied.push(file.path);
        break;
      case 'delete':
        await unlink(target).catch(() => undefined);
        applied.push(file.path);
        break;
      case 'conflict':
        conflicts.push({ path: file.path, reason: decision.reason });
        break;
    }
  }
  // A side is written only for a file the user picked, and only where a side can be written at all.
  const pickable = conflicts.filter((c) => c.reason === 'both-changed' || c.reason === 'unsaved');
  const taken = pickable.length ? (await pick(pickable, record)).filter((p) => pickable.some((c) => c.path === p)) : [];
  for (const path of taken) {
    const target = nodePath.join(record.repoRoot, ...path.split('/'));
    const content = theirs.get(path);
    if (content === undefined) await unlink(target).catch(() => undefined);
    else await writeInto(target, content);
  }
  return { applied, conflicts, taken };
}

/** What an apply did, in one message: a warning when conflicts were left as the user had them. */
export function appliedSummary(outcome: ApplyOutcome): { message: string; severity: Severity } {
  const left = outcome.conflicts.filter((c) => !outcome.taken.includes(c.path));
  const message = [
    WORKTREES.applied(outcome.applied.length + outcome.taken.length),
    left.length ? WORKTREES.conflictsLeft(left.map((c) => `${c.path} (${conflictText(c.reason)})`)) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { message, severity: left.length ? 'warning' : 'info' };
}

async function writeInto(target: string, content: Buffer): Promise<void> {
  await mkdir(nodePath.dirname(target), { recursive: true });
  await writeFile(target, content);
}

/** The user picks the conflicting files that take the worktree's version. */
export async function askWhichToTake(conflicts: readonly ApplyConflict[]): Promise<string[]> {
  const picked = await vscode.window.showQuickPick(
    conflicts.map((c) => ({ label: c.path, description: conflictText(c.reason), path: c.path })),
    { title: WORKTREES.conflictsTitle(conflicts.length), placeHolder: WORKTREES.conflictsPlaceholder, canPickMany: true, ignoreFocusOut: true },
  );
  return picked?.map((p) => p.path) ?? [];
}
