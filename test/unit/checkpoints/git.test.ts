// runGit, the one way the extension runs git: no filter driver the repository configures runs, whatever its name.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProgram } from '../../../src/acpClient/findProgram';
import { runGit } from '../../../src/checkpoints/git';
import { markingFilters } from '../../fixtures/gitFilters';

let root: string;
let repo: string;
let marks: () => string;
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo }).toString();
const program = () => findProgram('git', process.env.PATH, [repo])!;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-rungit-')));
  repo = join(root, 'repo');
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(join(repo, '.gitattributes'), '*.md filter=mark\n*.txt filter=markp\n*.cfg filter=a=b\n');
  for (const name of ['a.md', 'b.txt', 'c.cfg']) writeFileSync(join(repo, name), 'one\n');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  marks = markingFilters(repo, join(root, 'filtered'));
  for (const name of ['a.md', 'b.txt', 'c.cfg']) writeFileSync(join(repo, name), 'two\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('runGit', () => {
  it('turns every configured filter driver off (clean, smudge, process); a `filter.x` key, which names no driver, breaks nothing', async () => {
    git('config', 'filter.lonely', 'x');
    expect(await runGit(program(), repo, ['status', '--porcelain'])).toBe(' M a.md\n M b.txt\n M c.cfg\n');
    await runGit(program(), repo, ['checkout', '--', 'a.md', 'b.txt']);
    expect(marks(), 'a filter ran').toBe('');
    expect(['a.md', 'b.txt', 'c.cfg'].map((name) => readFileSync(join(repo, name), 'utf8'))).toEqual(['one\n', 'one\n', 'two\n']);
  });

  it('does not run git at all when a driver is named with "=", which `-c` cannot turn off', async () => {
    git(
      'config',
      'filter.a=b.clean',
      `'${process.execPath}' -e "require('node:fs').appendFileSync('${join(root, 'filtered')}', 'a=b\\n'); process.stdin.pipe(process.stdout)"`,
    );
    await expect(runGit(program(), repo, ['status', '--porcelain'])).rejects.toThrow(/cannot be turned off: "a=b"/);
    expect(marks(), 'a filter ran').toBe('');
  });
});
