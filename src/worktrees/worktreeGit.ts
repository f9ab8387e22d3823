// The git side of a chat's worktree: making one on a new branch, recording its state as commits, listing what it
// changed, reading a file as it was, removing it. No `vscode` here. Every call goes through runGit (no shell, no
// hooks, no fsmonitor, no filter drivers), so what is carried and recorded is the bytes on disk.
import { copyFile, lstat, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { findProgram } from '../acpClient/findProgram';
import { isInside } from '../acpClient/pathInside';
import { runGit, runGitRaw } from '../checkpoints/git';
import { WorktreeError } from './worktreeError';
import { l10n } from '../contributions/l10n';

/** A repository as the worktree commands use it. */
export interface Repository {
  git: string;
  /** Its top-level folder. */
  root: string;
}

/** One file a worktree changed against its base. */
export interface WorktreeFileChange {
  /** Relative to the repository's root, with `/`. */
  path: string;
  status: 'added' | 'modified' | 'deleted';
  /** Lines; undefined for a binary file. */
  added?: number;
  removed?: number;
  /** A symbolic link on either side (not applied: a link could point anywhere). */
  symlink: boolean;
}

const MAX_LIST_BYTES = 16 * 1024 * 1024;
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** The repository `folder` is in; throws WorktreeError when there is no git or no repository with a commit. */
export async function repositoryOf(folder: string): Promise<Repository> {
  const git = findProgram('git', process.env.PATH, [folder]);
  if (!git) throw new WorktreeError('no-git', 'git was not found on PATH.');
  let root: string;
  try {
    root = (await runGit(git, folder, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    throw new WorktreeError('not-a-repository', `${folder} is not in a git repository.`);
  }
  if (!(await runGit(git, root, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => '')).trim()) {
    throw new WorktreeError('no-commit', `The repository at ${root} has no commit yet.`);
  }
  return { git, root };
}

export async function headCommit(repo: Repository): Promise<string> {
  return (await runGit(repo.git, repo.root, ['rev-parse', '--verify', 'HEAD'])).trim();
}

/** Why `name` cannot be the new branch, or undefined when it can. */
export async function branchNameProblem(repo: Repository, name: string): Promise<string | undefined> {
  if (!name.trim()) return l10n.t('Give the branch a name.');
  if (name.startsWith('-')) return l10n.t('A branch name cannot start with "-".');
  const ok = await runGit(repo.git, repo.root, ['check-ref-format', '--branch', name]).then(
    () => true,
    () => false,
  );
  if (!ok) return l10n.t('"{0}" is not a valid branch name.', name);
  const exists = (await runGit(repo.git, repo.root, ['rev-parse', '--verify', '-q', `refs/heads/${name}`]).catch(() => '')).trim();
  return exists ? l10n.t('A branch named "{0}" already exists.', name) : undefined;
}

/** Whether the working tree has changes a new worktree would not have (tracked changes, untracked files). */
export async function hasUncommittedChanges(repo: Repository): Promise<boolean> {
  const out = await runGit(repo.git, repo.root, ['status', '--porcelain', '-z', '--untracked-files=normal'], { maxBuffer: MAX_LIST_BYTES });
  return out.length > 0;
}

/** `git worktree add -b <branch> <path> <base>`: a new branch from `base`, checked out in `path`. */
export async function addWorktree(repo: Repository, path: string, branch: string, base: string): Promise<void> {
  await mkdir(nodePath.dirname(path), { recursive: true });
  await runGit(repo.git, repo.root, ['worktree', 'add', '--quiet', '-b', branch, '--', path, base], { maxBuffer: MAX_LIST_BYTES });
}

/**
 * The user's uncommitted changes carried into the new worktree: tracked changes as a binary patch, untracked files
 * (not ignored) copied. Returns the untracked paths that were not copied (links and other non-files).
 */
export async function carryChanges(repo: Repository, worktree: string): Promise<string[]> {
  const patch = await runGitRaw(repo.git, repo.root, ['diff', '--binary', '--no-ext-diff', '--no-textconv', 'HEAD', '--'], { maxBuffer: 256 * 1024 * 1024 });
  if (patch.length > 0) await runGit(repo.git, worktree, ['apply', '--binary', '--whitespace=nowarn', '-'], { input: patch });
  const untracked = (await runGit(repo.git, repo.root, ['ls-files', '--others', '--exclude-standard', '-z'], { maxBuffer: MAX_LIST_BYTES }))
    .split('\0')
    .filter(Boolean);
  const skipped: string[] = [];
  for (const rel of untracked) {
    const from = nodePath.join(repo.root, rel);
    const to = nodePath.join(worktree, rel);
    if (!isInside(worktree, to)) continue;
    const stat = await lstat(from).catch(() => undefined);
    if (!stat?.isFile()) {
      skipped.push(rel);
      continue;
    }
    await mkdir(nodePath.dirname(to), { recursive: true });
    await copyFile(from, to);
  }
  return skipped;
}

/**
 * The worktree's whole state (tracked and untracked files, not ignored ones) as a commit on top of its HEAD, made
 * through a scratch index: the worktree's own index, branch and files are not touched.
 */
export async function recordState(git: string, worktree: string): Promise<string> {
  const scratch = await mkdtemp(nodePath.join(tmpdir(), 'acp-chat-index-'));
  const env = { GIT_INDEX_FILE: nodePath.join(scratch, 'index') };
  try {
    await runGit(git, worktree, ['read-tree', 'HEAD'], { env });
    await runGit(git, worktree, ['add', '-A', '--', '.'], { env, maxBuffer: MAX_LIST_BYTES });
    const tree = (await runGit(git, worktree, ['write-tree'], { env })).trim();
    const commit = await runGit(git, worktree, ['commit-tree', tree, '-p', 'HEAD', '-m', 'ACP Chat: worktree state'], {
      env: { GIT_AUTHOR_NAME: 'ACP Chat', GIT_AUTHOR_EMAIL: 'acp-chat@localhost', GIT_COMMITTER_NAME: 'ACP Chat', GIT_COMMITTER_EMAIL: 'acp-chat@localhost' },
    });
    return commit.trim();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Keeps `commit` from git's garbage collection under the extension's own ref (removed with the worktree). */
export async function keepCommit(repo: Repository, ref: string, commit: string): Promise<void> {
  await runGit(repo.git, repo.root, ['update-ref', ref, commit]);
}

/** The files that differ between two recorded states, with their line counts. */
export async function changedFiles(repo: Repository, from: string, to: string): Promise<WorktreeFileChange[]> {
  const common = ['--no-renames', '--no-ext-diff', '--no-textconv', '-z'];
  const raw = await runGit(repo.git, repo.root, ['diff', '--raw', ...common, from, to, '--'], { maxBuffer: MAX_LIST_BYTES });
  const numstat = await runGit(repo.git, repo.root, ['diff', '--numstat', ...common, from, to, '--'], { maxBuffer: MAX_LIST_BYTES });
  const counts = parseNumstat(numstat);
  return parseRaw(raw).map((f) => ({ ...f, ...counts.get(f.path) }));
}

/** `--raw -z`: ":<old mode> <new mode> <old sha> <new sha> <status>\0<path>\0", repeated. */
export function parseRaw(out: string): Array<Pick<WorktreeFileChange, 'path' | 'status' | 'symlink'>> {
  const parts = out.split('\0');
  const files: Array<Pick<WorktreeFileChange, 'path' | 'status' | 'symlink'>> = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const meta = parts[i]!.replace(/^:/u, '').split(' ');
    const path = parts[i + 1]!;
    if (meta.length < 5 || !path) continue;
    const letter = meta[4]![0];
    const status = letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : 'modified';
    files.push({ path, status, symlink: meta[0] === '120000' || meta[1] === '120000' });
  }
  return files;
}

/** `--numstat -z`: "<added>\t<removed>\t<path>\0"; "-" for a binary file. */
export function parseNumstat(out: string): Map<string, { added?: number; removed?: number }> {
  const counts = new Map<string, { added?: number; removed?: number }>();
  for (const line of out.split('\0')) {
    const m = /^(\d+|-)\t(\d+|-)\t(.+)$/su.exec(line);
    if (!m) continue;
    counts.set(m[3]!, m[1] === '-' ? {} : { added: Number(m[1]), removed: Number(m[2]) });
  }
  return counts;
}

/** A file's bytes in a recorded state; undefined when it is not there (or larger than MAX_FILE_BYTES). */
export async function fileAt(repo: Repository, commit: string, path: string): Promise<Buffer | undefined> {
  return runGitRaw(repo.git, repo.root, ['cat-file', 'blob', `${commit}:${path}`], { maxBuffer: MAX_FILE_BYTES }).catch(() => undefined);
}

/**
 * A three-way merge of one text file (`git merge-file`): the result and whether it conflicts. Runs on copies in a
 * scratch folder; nothing of the user's is written.
 */
export async function mergeText(git: string, mine: Buffer, base: Buffer, theirs: Buffer): Promise<{ text: Buffer; conflicts: boolean }> {
  const scratch = await mkdtemp(nodePath.join(tmpdir(), 'acp-chat-merge-'));
  try {
    const [m, b, t] = ['mine', 'base', 'theirs'].map((n) => nodePath.join(scratch, n)) as [string, string, string];
    await Promise.all([writeFile(m, mine), writeFile(b, base), writeFile(t, theirs)]);
    try {
      const text = await runGitRaw(git, scratch, ['merge-file', '-p', m, b, t], { maxBuffer: MAX_FILE_BYTES * 2 });
      return { text, conflicts: false };
    } catch (err) {
      // merge-file exits with the number of conflicts; a negative or missing code is a failure to merge at all.
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'number' && code > 0) return { text: Buffer.alloc(0), conflicts: true };
      throw err;
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Commits on the worktree's branch since it was made. */
export async function commitsSince(repo: Repository, base: string, branch: string): Promise<string[]> {
  const out = await runGit(repo.git, repo.root, ['log', '--format=%h %s', `${base}..refs/heads/${branch}`, '--'], { maxBuffer: MAX_LIST_BYTES }).catch(
    () => '',
  );
  return out.split('\n').filter(Boolean);
}

/** Removes the worktree (its files too) and its administrative data; a folder already gone is pruned. */
export async function removeWorktree(repo: Repository, path: string): Promise<void> {
  await runGit(repo.git, repo.root, ['worktree', 'remove', '--force', '--force', '--', path]).catch(async (err: unknown) => {
    const gone = !(await lstat(path).catch(() => undefined));
    if (!gone) throw err;
  });
  await runGit(repo.git, repo.root, ['worktree', 'prune']);
}

export async function deleteBranch(repo: Repository, branch: string): Promise<void> {
  await runGit(repo.git, repo.root, ['branch', '-D', '--', branch]).catch(async (err: unknown) => {
    const exists = (await runGit(repo.git, repo.root, ['rev-parse', '--verify', '-q', `refs/heads/${branch}`]).catch(() => '')).trim();
    if (exists) throw err;
  });
}

export async function deleteRef(repo: Repository, ref: string): Promise<void> {
  await runGit(repo.git, repo.root, ['update-ref', '-d', ref]).catch(() => undefined);
}
