// What a worktree changed since it was made, read from git: its files (commits the agent made there included, the
// sandbox's empty stubs left out) and its commits. No `vscode`: Review, Apply, Discard's question and the chat's bar
// all read it.
import * as nodePath from 'node:path';
import { isSandboxStub } from './sandboxStubs';
import { changedFiles, commitsSince, fileAt, recordState, type Repository, type WorktreeFileChange } from './worktreeGit';
import type { WorktreeRecord } from './worktreeStore';

/** What a worktree changed against where it started. */
export interface WorktreeChanges {
  files: WorktreeFileChange[];
  commits: string[];
  /** The recorded state of the worktree the files are read from. */
  state: string;
}

/** What `record`'s worktree changed since it was made, read from `repo`. */
export async function changesOf(record: WorktreeRecord, repo: Repository): Promise<WorktreeChanges> {
  const state = await recordState(repo.git, record.path);
  const sessionDir = nodePath.relative(record.path, record.cwd).split(nodePath.sep).join('/');
  const files: WorktreeFileChange[] = [];
  for (const file of await changedFiles(repo, record.base, state)) {
    const empty = file.status === 'added' && file.added === 0 && file.removed === 0;
    if (empty && isSandboxStub(file.path, sessionDir, (await fileAt(repo, state, file.path))?.length ?? -1)) continue;
    files.push(file);
  }
  return { files, commits: await commitsSince(repo, record.baseHead, record.branch), state };
}
