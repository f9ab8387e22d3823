// A snapshot of a repository's tracked files taken when a turn starts, so files the agent changed through a shell
// command (which report no diff) can be listed and reverted. `git stash create` records the working tree as a commit
// object without touching the working tree, the index or the stash list. Untracked files are not in it.
import { execFile } from 'node:child_process';
import { devNull } from 'node:os';
import * as nodePath from 'node:path';
import { findProgram } from '../acpClient/findProgram';
import { isInside } from '../acpClient/pathInside';

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface GitSnapshot {
  /** The repository's top-level folder. */
  root: string;
  commit: string;
  /** The git program that took it (used again to read it). */
  git: string;
  /** What turned the repository's filters off when it was taken; reading it compares files the same way. */
  overrides: readonly string[];
}

/**
 * Runs git (never through a shell; the program found outside the repository); rejects with git's stderr. These
 * commands only read, so nothing the repository configures may run: no hooks (`stash create` runs
 * post-index-change), no fsmonitor, and no clean, smudge or process filter (`filterOverrides`).
 */
function git(program: string, cwd: string, args: string[], maxBuffer = 1024 * 1024, overrides: readonly string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      ['-c', 'core.fsmonitor=false', '-c', `core.hooksPath=${devNull}`, ...overrides, ...args],
      // No optional index refresh (and its lock) while the user's own git tools may be running.
      { cwd, maxBuffer, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' }, windowsHide: true },
      (err, stdout, stderr) => (err ? reject(new Error(String(stderr || err.message).trim())) : resolve(stdout)),
    );
  });
}

/**
 * `-c` options that turn off every filter driver git's configuration names (`filter.<driver>.clean` and the rest
 * run a command on each file `.gitattributes` assigns them to). The snapshot then holds the files' bytes as they are
 * on disk, which is what a revert writes back.
 */
async function filterOverrides(program: string, root: string): Promise<string[]> {
  const names = await git(program, root, ['config', '--name-only', '-z', '--get-regexp', '^filter\\.']).catch(() => '');
  const drivers = new Set(names.split('\0').filter(Boolean).map((key) => key.slice('filter.'.length, key.lastIndexOf('.'))));
  return [...drivers].flatMap((d) => ['-c', `filter.${d}.clean=`, '-c', `filter.${d}.smudge=`, '-c', `filter.${d}.process=`, '-c', `filter.${d}.required=false`]);
}

/** The working tree's tracked files as a commit, or undefined when `cwd` is not in a repository with a commit. */
export async function takeGitSnapshot(cwd: string): Promise<GitSnapshot | undefined> {
  const program = findProgram('git', process.env.PATH, [cwd]);
  if (!program) return undefined; // no git: the diffs are the only record
  let root: string;
  try {
    root = (await git(program, cwd, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return undefined; // not a repository: the diffs are the only record
  }
  const overrides = await filterOverrides(program, root);
  const stash = (await git(program, root, ['stash', 'create'], undefined, overrides)).trim();
  // Nothing modified: the working tree is HEAD. No HEAD yet (a fresh repository): no snapshot.
  const commit = stash || (await git(program, root, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => '')).trim();
  return commit ? { root, commit, git: program, overrides } : undefined;
}

/** Absolute paths of tracked files whose working-tree content differs from the snapshot (deleted ones included). */
export async function changedSince(snapshot: GitSnapshot): Promise<string[]> {
  const out = await git(snapshot.git, snapshot.root, ['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', snapshot.commit, '--'], 16 * 1024 * 1024, snapshot.overrides);
  return out.split('\0').filter(Boolean).map((rel) => nodePath.join(snapshot.root, rel));
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
    const text = await git(snapshot.git, snapshot.root, ['cat-file', 'blob', spec], MAX_FILE_BYTES);
    return text.includes('\0') ? undefined : text;
  } catch {
    return undefined;
  }
}
