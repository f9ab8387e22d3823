// The worktree's git side on real repositories: made on a new branch (no hook runs), the user's uncommitted changes
// carried or not, its state recorded without touching its index or branch, what it changed listed (commits too),
// three-way merges, and removal of the worktree and its branch; no filter driver the repository configures runs.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  addWorktree,
  branchNameProblem,
  carryChanges,
  changedFiles,
  commitsSince,
  deleteBranch,
  fileAt,
  hasUncommittedChanges,
  headCommit,
  mergeText,
  parseNumstat,
  parseRaw,
  recordState,
  removeWorktree,
  repositoryOf,
  type Repository,
} from '../../../src/worktrees/worktreeGit';
import { WorktreeError } from '../../../src/worktrees/worktreeError';
import { markingFilters } from '../../fixtures/gitFilters';

let root: string;
let repoDir: string;
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd }).toString();

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-wt-')));
  repoDir = join(root, 'repo');
  mkdirSync(repoDir);
  git(repoDir, 'init', '-q', '-b', 'main');
  writeFileSync(join(repoDir, 'README.md'), '# Project\n\nline one\nline two\n');
  writeFileSync(join(repoDir, 'other.txt'), 'keep\n');
  git(repoDir, 'add', '.');
  git(repoDir, 'commit', '-q', '-m', 'first');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

async function made(branch = 'acp-chat/t1', carry = false): Promise<{ repo: Repository; path: string; base: string; head: string }> {
  const repo = await repositoryOf(repoDir);
  const head = await headCommit(repo);
  const path = join(root, 'storage', 'worktrees', 'wt');
  await addWorktree(repo, path, branch, head);
  if (carry) await carryChanges(repo, path);
  const base = await recordState(repo.git, path);
  return { repo, path, base, head };
}

describe('worktreeGit', () => {
  test('a folder outside any repository, and a repository with no commit, are refused with their reason', async () => {
    const plain = join(root, 'plain');
    mkdirSync(plain);
    await expect(repositoryOf(plain)).rejects.toMatchObject({ reason: 'not-a-repository' });
    git(plain, 'init', '-q');
    await expect(repositoryOf(plain)).rejects.toBeInstanceOf(WorktreeError);
    await expect(repositoryOf(plain)).rejects.toMatchObject({ reason: 'no-commit' });
  });

  test('branch names are checked by git: invalid, existing, and a good one', async () => {
    const repo = await repositoryOf(repoDir);
    expect(await branchNameProblem(repo, 'bad..name')).toMatch(/not a valid branch name/);
    expect(await branchNameProblem(repo, '-x')).toMatch(/cannot start/);
    expect(await branchNameProblem(repo, 'main')).toMatch(/already exists/);
    expect(await branchNameProblem(repo, 'acp-chat/new-one')).toBeUndefined();
  });

  test('made on a new branch from HEAD, outside the repository; the repository’s post-checkout hook does not run', async () => {
    const hook = join(repoDir, '.git', 'hooks', 'post-checkout');
    const marker = join(root, 'hook-ran');
    writeFileSync(hook, `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(hook, 0o755);
    const { path } = await made();
    expect(readFileSync(join(path, 'README.md'), 'utf8')).toBe('# Project\n\nline one\nline two\n');
    expect(git(path, 'branch', '--show-current').trim()).toBe('acp-chat/t1');
    expect(git(repoDir, 'branch', '--show-current').trim()).toBe('main');
    expect(existsSync(marker)).toBe(false);
  });

  test('uncommitted changes: carried (tracked edit and untracked file) or left; the user’s folder keeps them either way', async () => {
    writeFileSync(join(repoDir, 'README.md'), '# Project\n\nline one, edited\nline two\n');
    writeFileSync(join(repoDir, 'new.txt'), 'untracked\n');
    const repo = await repositoryOf(repoDir);
    expect(await hasUncommittedChanges(repo)).toBe(true);
    const { path } = await made('acp-chat/carry', true);
    expect(readFileSync(join(path, 'README.md'), 'utf8')).toContain('line one, edited');
    expect(readFileSync(join(path, 'new.txt'), 'utf8')).toBe('untracked\n');
    expect(readFileSync(join(repoDir, 'README.md'), 'utf8')).toContain('line one, edited');
    // Left behind instead: the worktree is HEAD.
    const other = join(root, 'storage', 'worktrees', 'clean');
    await addWorktree(repo, other, 'acp-chat/clean', await headCommit(repo));
    expect(readFileSync(join(other, 'README.md'), 'utf8')).not.toContain('edited');
    expect(existsSync(join(other, 'new.txt'))).toBe(false);
  });

  test('the state is recorded without touching the worktree’s index or branch; changes list edits, additions, deletions and commits', async () => {
    const { repo, path, base, head } = await made();
    writeFileSync(join(path, 'README.md'), '# Project\n\nline one\nline two\nline three\n');
    writeFileSync(join(path, 'added.ts'), 'export {};\n');
    rmSync(join(path, 'other.txt'));
    git(path, 'add', 'README.md');
    git(path, 'commit', '-q', '-m', 'agent commit');
    writeFileSync(join(path, 'README.md'), '# Project\n\nline one\nline two\nline three\nline four\n');
    const statusBefore = git(path, 'status', '--porcelain');
    const state = await recordState(repo.git, path);
    expect(git(path, 'status', '--porcelain')).toBe(statusBefore);
    expect(git(path, 'branch', '--show-current').trim()).toBe('acp-chat/t1');
    const files = await changedFiles(repo, base, state);
    expect(files).toEqual([
      { path: 'README.md', status: 'modified', added: 2, removed: 0, symlink: false },
      { path: 'added.ts', status: 'added', added: 1, removed: 0, symlink: false },
      { path: 'other.txt', status: 'deleted', added: 0, removed: 1, symlink: false },
    ]);
    expect(await commitsSince(repo, head, 'acp-chat/t1')).toEqual([expect.stringMatching(/ agent commit$/)]);
    expect((await fileAt(repo, base, 'README.md'))?.toString()).toBe('# Project\n\nline one\nline two\n');
    expect(await fileAt(repo, state, 'other.txt')).toBeUndefined();
  });

  test('a symbolic link the worktree adds is marked, so it is never applied', async () => {
    const { repo, path, base } = await made();
    symlinkSync('/etc/passwd', join(path, 'link'));
    const files = await changedFiles(repo, base, await recordState(repo.git, path));
    expect(files).toEqual([expect.objectContaining({ path: 'link', status: 'added', symlink: true })]);
  });

  test('mergeText: separate edits merge cleanly; the same line changed both ways conflicts', async () => {
    const { repo } = await made();
    const base = Buffer.from('a\nb\nc\nd\ne\n');
    const clean = await mergeText(repo.git, Buffer.from('A\nb\nc\nd\ne\n'), base, Buffer.from('a\nb\nc\nd\nE\n'));
    expect(clean).toEqual({ text: Buffer.from('A\nb\nc\nd\nE\n'), conflicts: false });
    expect((await mergeText(repo.git, Buffer.from('a\nB1\nc\nd\ne\n'), base, Buffer.from('a\nB2\nc\nd\ne\n'))).conflicts).toBe(true);
  });

  test('removal takes the worktree’s folder and then its branch; a folder already deleted is pruned', async () => {
    const { repo, path } = await made();
    await removeWorktree(repo, path);
    await deleteBranch(repo, 'acp-chat/t1');
    expect(existsSync(path)).toBe(false);
    expect(git(repoDir, 'branch', '--list', 'acp-chat/t1').trim()).toBe('');
    expect(git(repoDir, 'worktree', 'list', '--porcelain')).not.toContain(path);

    const again = await made('acp-chat/t3');
    rmSync(again.path, { recursive: true, force: true });
    await removeWorktree(again.repo, again.path);
    await deleteBranch(again.repo, 'acp-chat/t3');
    expect(git(repoDir, 'worktree', 'list', '--porcelain')).not.toContain(again.path);
    expect(git(repoDir, 'branch', '--list', 'acp-chat/t3').trim()).toBe('');
  });

  test('no filter driver the repository configures runs: status, worktree add, carrying (diff HEAD, apply), recording', async () => {
    writeFileSync(join(repoDir, '.gitattributes'), '*.md filter=mark\n*.txt filter=markp\n');
    git(repoDir, 'add', '.gitattributes');
    git(repoDir, 'commit', '-q', '-m', 'attributes');
    const marks = markingFilters(repoDir, join(root, 'filtered'));
    // Edits of the same size: git status reads a file (through its clean filter) only when its size gives nothing away.
    writeFileSync(join(repoDir, 'README.md'), '# Project\n\nline ONE\nline two\n');
    writeFileSync(join(repoDir, 'other.txt'), 'KEEP\n');
    writeFileSync(join(repoDir, 'new.txt'), 'untracked\n');

    const repo = await repositoryOf(repoDir);
    expect(await hasUncommittedChanges(repo)).toBe(true);
    expect(marks(), 'git status ran a filter').toBe('');
    const head = await headCommit(repo);
    const path = join(root, 'storage', 'worktrees', 'wt');
    await addWorktree(repo, path, 'acp-chat/filters', head);
    expect(marks(), 'git worktree add ran a filter').toBe('');
    await carryChanges(repo, path);
    expect(marks(), 'git diff HEAD or git apply ran a filter').toBe('');
    const base = await recordState(repo.git, path);
    expect(marks(), 'recording the state ran a filter').toBe('');

    // The same changes were carried, byte for byte.
    for (const file of ['README.md', 'other.txt', 'new.txt']) expect(readFileSync(join(path, file), 'utf8')).toBe(readFileSync(join(repoDir, file), 'utf8'));
    expect(await changedFiles(repo, head, base)).toEqual([
      { path: 'README.md', status: 'modified', added: 1, removed: 1, symlink: false },
      { path: 'new.txt', status: 'added', added: 1, removed: 0, symlink: false },
      { path: 'other.txt', status: 'modified', added: 1, removed: 1, symlink: false },
    ]);
  });
});

describe('git output parsing', () => {
  test('--raw -z: status and links from the modes', () => {
    const out = ':100644 100644 aaa bbb M\0a.txt\0:000000 120000 000 ccc A\0link\0:100644 000000 ddd 000 D\0gone.txt\0';
    expect(parseRaw(out)).toEqual([
      { path: 'a.txt', status: 'modified', symlink: false },
      { path: 'link', status: 'added', symlink: true },
      { path: 'gone.txt', status: 'deleted', symlink: false },
    ]);
  });

  test('--numstat -z: counts, and none for a binary file; a path with a tab stays whole', () => {
    const counts = parseNumstat('3\t1\ta.txt\0-\t-\timg.png\x002\t0\twith\ttab.txt\0');
    expect([...counts]).toEqual([
      ['a.txt', { added: 3, removed: 1 }],
      ['img.png', {}],
      ['with\ttab.txt', { added: 2, removed: 0 }],
    ]);
  });
});
