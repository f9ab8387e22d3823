// Add Context's git changes on a real repository: the diff against HEAD, read without running a filter driver the
// repository configures.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitChangesIn } from '../../../src/chatContext/gitChanges';
import { markingFilters } from '../../fixtures/gitFilters';

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

describe('gitChangesIn', () => {
  it('is the diff against HEAD, and no filter driver the repository configures runs', async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-changes-')));
    const repo = join(root, 'repo');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo });
    execFileSync('git', ['init', '-q', repo]);
    writeFileSync(join(repo, '.gitattributes'), '*.md filter=mark\n*.txt filter=markp\n');
    writeFileSync(join(repo, 'a.md'), 'one\n');
    writeFileSync(join(repo, 'b.txt'), 'two\n');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    const marks = markingFilters(repo, join(root, 'filtered'));
    writeFileSync(join(repo, 'a.md'), 'one, edited\n');
    writeFileSync(join(repo, 'b.txt'), 'two, edited\n');

    const diff = await gitChangesIn(repo);
    expect(marks(), 'git diff HEAD ran a filter').toBe('');
    expect(diff.match(/^[-+][^-+].*$/gm)).toEqual(['-one', '+one, edited', '-two', '+two, edited']);
    expect(diff).toContain('diff --git a/a.md b/a.md');
    expect(diff).toContain('diff --git a/b.txt b/b.txt');
  });
});
