// What Discard says is lost: the files not in the user's folder and the branch's commits, each counted, the first
// few named and the rest summed up, before "This cannot be undone."
import { describe, expect, it } from 'vitest';
import { WORKTREES } from '../../../src/worktrees/worktreeWording';

describe('WORKTREES.discardLoses', () => {
  it('names up to eight files and counts the rest; names up to five commits and marks the rest', () => {
    const files = Array.from({ length: 10 }, (_, i) => `f${i}.ts`);
    const commits = Array.from({ length: 6 }, (_, i) => `c${i}`);
    expect(WORKTREES.discardLoses(files, commits).split('\n')).toEqual([
      '10 changed files not in your folder: f0.ts, f1.ts, f2.ts, f3.ts, f4.ts, f5.ts, f6.ts, f7.ts and 2 more.',
      '6 commits on the branch: c0; c1; c2; c3; c4; ….',
      'This cannot be undone.',
    ]);
  });

  it('says one file and one commit in the singular, and no commit line when there is none', () => {
    expect(WORKTREES.discardLoses(['a.ts'], ['c0']).split('\n')).toEqual([
      '1 changed file not in your folder: a.ts.',
      '1 commit on the branch: c0.',
      'This cannot be undone.',
    ]);
    expect(WORKTREES.discardLoses([], []).split('\n')).toEqual(['No file differs from where it started.', 'This cannot be undone.']);
  });
});
