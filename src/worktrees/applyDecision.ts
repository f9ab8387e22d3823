// What applying a worktree's change does to one file of the user's folder, decided from the three versions: the
// file when the worktree was made (base), in the worktree now (theirs), in the user's folder now (mine). Pure.

export type ApplyDecision =
  /** Write the worktree's version (the user's copy is still the base, or a clean merge gave `content`). */
  | { kind: 'write'; content: Buffer }
  /** The worktree deleted it and the user's copy is still the base. */
  | { kind: 'delete' }
  /** The user's copy already is the worktree's version: nothing to write. */
  | { kind: 'same' }
  /** Both changed a text file since the base: a three-way merge decides (clean: write; else a conflict). */
  | { kind: 'merge'; mine: Buffer; base: Buffer; theirs: Buffer }
  | { kind: 'conflict'; reason: ConflictReason };

export type ConflictReason = 'both-changed' | 'unsaved' | 'symlink' | 'outside';

export interface FileVersions {
  base: Buffer | undefined;
  theirs: Buffer | undefined;
  mine: Buffer | undefined;
  /** The file is a symbolic link on a side: never written (it could point anywhere). */
  symlink?: boolean;
  /** The user's copy is open with unsaved changes: what is on disk is not what the user has. */
  unsaved?: boolean;
}

export function decideApply(v: FileVersions): ApplyDecision {
  if (v.symlink) return { kind: 'conflict', reason: 'symlink' };
  if (v.unsaved) return { kind: 'conflict', reason: 'unsaved' };
  if (same(v.mine, v.theirs)) return { kind: 'same' };
  if (same(v.mine, v.base)) return v.theirs === undefined ? { kind: 'delete' } : { kind: 'write', content: v.theirs };
  if (v.mine && v.base && v.theirs && [v.mine, v.base, v.theirs].every(isText)) return { kind: 'merge', mine: v.mine, base: v.base, theirs: v.theirs };
  return { kind: 'conflict', reason: 'both-changed' };
}

/** A file's conflict in words, for the list the user picks from. */
export function conflictText(reason: ConflictReason): string {
  switch (reason) {
    case 'both-changed':
      return 'changed in your folder too';
    case 'unsaved':
      return 'has unsaved changes in the editor';
    case 'symlink':
      return 'a symbolic link: apply it by hand';
    case 'outside':
      return 'resolves outside the repository';
  }
}

function same(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.equals(b);
}

/** Git's own test: a NUL in the first 8,000 bytes makes a file binary. */
function isText(b: Buffer): boolean {
  return !b.subarray(0, 8000).includes(0);
}
