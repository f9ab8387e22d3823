// Apply to Workspace on a real repository (ChatWorktrees.apply → applyChanges): a worktree's file whose place in the
// user's folder resolves outside the repository, through a committed symlink to a folder out of it, is reported as a
// conflict the user cannot take, and the file out there is neither written nor created; the worktree's other changes
// are applied as usual.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// Apply asks VS Code which files have unsaved edits (none here); the class registers its content provider.
vi.mock('vscode', () => ({
  workspace: { textDocuments: [], registerTextDocumentContentProvider: () => ({ dispose: () => undefined }) },
}));

import { ChatWorktrees } from '../../../src/worktrees/chatWorktrees';
import type { ApplyConflict } from '../../../src/worktrees/worktreeApply';
import { repositoryOf } from '../../../src/worktrees/worktreeGit';
import { WorktreeStore } from '../../../src/worktrees/worktreeStore';
import { recordingLogger } from '../acpClient/inProcessAgent';

let root: string;
let repoDir: string;
let outside: string;
let worktrees: ChatWorktrees;
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd }).toString();

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-wt-apply-')));
  repoDir = join(root, 'repo');
  outside = join(root, 'outside');
  mkdirSync(repoDir);
  mkdirSync(outside);
  writeFileSync(join(outside, 'notes.txt'), 'outside the repository\n');
  git(repoDir, 'init', '-q', '-b', 'main');
  writeFileSync(join(repoDir, 'README.md'), '# Project\n');
  // Committed: a folder of the repository that is a link out of it.
  symlinkSync('../outside', join(repoDir, 'shared'));
  git(repoDir, 'add', '.');
  git(repoDir, 'commit', '-q', '-m', 'first');
  const data = new Map<string, unknown>();
  const kv = { get: <T>(k: string) => data.get(k) as T | undefined, update: async (k: string, v: unknown) => void data.set(k, v) };
  const logger = recordingLogger();
  worktrees = new ChatWorktrees({ store: new WorktreeStore(kv, logger), logger, storageDir: join(root, 'storage'), say: () => undefined, trusted: () => true });
});

afterEach(() => {
  worktrees.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('ChatWorktrees.apply', () => {
  test('a file that resolves outside the repository through a committed symlinked folder is a conflict, and the file out there is left as it is', async () => {
    const record = await worktrees.make(await repositoryOf(repoDir), repoDir, 'acp-chat/t1', false);
    // In the worktree the agent made `shared` a real folder: git then lists files under it, which in the user's folder
    // lie behind the link, outside the repository.
    rmSync(join(record.path, 'shared'));
    mkdirSync(join(record.path, 'shared'));
    writeFileSync(join(record.path, 'shared', 'notes.txt'), 'the agent’s notes\n');
    writeFileSync(join(record.path, 'shared', 'new.txt'), 'the agent’s new file\n');
    writeFileSync(join(record.path, 'README.md'), '# Project\n\nMore.\n');

    const asked: ApplyConflict[][] = [];
    // The user takes the worktree's side of everything offered.
    const outcome = await worktrees.apply(record, async (conflicts) => {
      asked.push([...conflicts]);
      return conflicts.map((c) => c.path);
    });

    expect(outcome.applied).toEqual(['README.md']);
    expect(outcome.conflicts).toEqual([
      // The link itself (deleted in the worktree) leads out of the repository too: not removed either.
      { path: 'shared', reason: 'outside' },
      { path: 'shared/new.txt', reason: 'outside' },
      { path: 'shared/notes.txt', reason: 'outside' },
    ]);
    // Neither is offered to be taken: there is no side of them that may be written.
    expect(asked).toEqual([]);
    expect(outcome.taken).toEqual([]);
    expect(readFileSync(join(outside, 'notes.txt'), 'utf8')).toBe('outside the repository\n');
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
    expect(lstatSync(join(repoDir, 'shared')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(repoDir, 'README.md'), 'utf8')).toBe('# Project\n\nMore.\n');
  });
});
