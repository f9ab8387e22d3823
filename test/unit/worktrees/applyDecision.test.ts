// What Apply does to one file of the user's folder, from its three versions.
import { describe, expect, test } from 'vitest';
import { decideApply } from '../../../src/worktrees/applyDecision';

const b = (s: string) => Buffer.from(s);

describe('decideApply', () => {
  test('the user’s copy untouched since the worktree was made: the worktree’s version is written, or the file deleted', () => {
    expect(decideApply({ base: b('x'), theirs: b('y'), mine: b('x') })).toEqual({ kind: 'write', content: b('y') });
    expect(decideApply({ base: undefined, theirs: b('new'), mine: undefined })).toEqual({ kind: 'write', content: b('new') });
    expect(decideApply({ base: b('x'), theirs: undefined, mine: b('x') })).toEqual({ kind: 'delete' });
  });

  test('the user’s copy already is the worktree’s: nothing to write', () => {
    expect(decideApply({ base: b('x'), theirs: b('y'), mine: b('y') })).toEqual({ kind: 'same' });
    expect(decideApply({ base: b('x'), theirs: undefined, mine: undefined })).toEqual({ kind: 'same' });
  });

  test('both changed a text file: merged three-way; anything else both changed is a conflict', () => {
    expect(decideApply({ base: b('x'), theirs: b('y'), mine: b('z') })).toEqual({ kind: 'merge', mine: b('z'), base: b('x'), theirs: b('y') });
    expect(decideApply({ base: b('x'), theirs: b('y'), mine: undefined })).toEqual({ kind: 'conflict', reason: 'both-changed' });
    expect(decideApply({ base: undefined, theirs: b('y'), mine: b('z') })).toEqual({ kind: 'conflict', reason: 'both-changed' });
    expect(decideApply({ base: b('x'), theirs: b('y\0'), mine: b('z') })).toEqual({ kind: 'conflict', reason: 'both-changed' });
  });

  test('a link, or a copy with unsaved edits in the editor, is never written', () => {
    expect(decideApply({ base: b('x'), theirs: b('y'), mine: b('x'), symlink: true })).toEqual({ kind: 'conflict', reason: 'symlink' });
    expect(decideApply({ base: b('x'), theirs: b('y'), mine: b('x'), unsaved: true })).toEqual({ kind: 'conflict', reason: 'unsaved' });
  });
});

describe('isSandboxStub', () => {
  test('an empty package.json or .env directly in the session’s folder is the sandbox’s; with content, elsewhere, or another name it is the agent’s', async () => {
    const { isSandboxStub } = await import('../../../src/worktrees/sandboxStubs');
    expect(isSandboxStub('package.json', '', 0)).toBe(true);
    expect(isSandboxStub('pkg/.env.local', 'pkg', 0)).toBe(true);
    expect(isSandboxStub('package.json', '', 12)).toBe(false);
    expect(isSandboxStub('src/package.json', '', 0)).toBe(false);
    expect(isSandboxStub('__init__.py', '', 0)).toBe(false);
  });
});
