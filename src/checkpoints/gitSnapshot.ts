// A snapshot of a repository's tracked files taken when a turn starts, so files the agent changed through a shell
// command (which report no diff) can be listed and reverted. `git stash create` records the working tree as a commit
// object without touching the working tree, the index or the stash list. Untracked files are not in it.
import * as nodePath from 'node:path';
import { findProgram } from '../acpClient/findProgram';
import { isInside } from '../acpClient/pathInside';
import { runGit } from './git';

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface GitSnapshot {
  /** The repository's top-level folder. */
  root: string;
  commit: string;
  /** The git program that took it (used again to read it). */
  git: string;
}

/** The working tree's tracked files as a commit, or undefined when `cwd` is not in a repository with a commit. */
export async function takeGitSnapshot(cwd: string): Promise<GitSnapshot | undefined> {
  const program = findProgram('git', process.env.PATH, [cwd]);
  if (!program) return undefined; // no git: the diffs are the only record
  let root: string;
  try {
    root = (await runGit(program, cwd, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return undefined; // not a repository: the diffs are the only record
  }
  const stash = (await runGit(program, root, ['stash', 'create'])).trim();
  // Nothing modified: the working tree is HEAD. No HEAD yet (a fresh repository): no snapshot.
  const commit = stash || (await runGit(program, root, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => '')).trim();
  return commit ? { root, commit, git: program } : undefined;
}

/** Absolute paths of tracked files whose working-tree content differs from the snapshot (deleted ones included). */
export async function changedSince(snapshot: GitSnapshot): Promise<string[]> {
  const out = await runGit(
    snapshot.git,
    snapshot.root,
    ['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', snapshot.commit, '--'],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return out
    .split('\0')
    .filter(Boolean)
    .map((rel) => nodePath.join(snapshot.root, rel));
}

/**
 * The file's text in the snapshot: `undefined` when the snapshot does not hold it (untracked, outside the
 * repository, binary or too large), so the caller falls back to the agent's diffs.
 */
export async function contentAt(snapshot: GitSnapshot, absPath: string): Promise<string | undefined> {
  const rel = nodePath.relative(snapshot.root, absPath);
  if (!rel || !isInside(snapshot.root, absPath)) return undefined;
  const spec = `${snapshot.commit}:${rel.split(nodePath.sep).join('/')}`;
  try {
    const text = await runGit(snapshot.git, snapshot.root, ['cat-file', 'blob', spec], { maxBuffer: MAX_FILE_BYTES });
    return text.includes('\0') ? undefined : text;
  } catch {
    return undefined;
  }
}
