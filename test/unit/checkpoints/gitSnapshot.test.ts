// The turn-start snapshot runs git as the user's program, not the repository's: a `.git/config` that names an fsmonitor
// command does not get it run, and a `git` inside the workspace (or a relative PATH entry) is never the one run.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findProgram } from '../../../src/acpClient/findProgram';
import { changedSince, contentAt, takeGitSnapshot } from '../../../src/checkpoints/gitSnapshot';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = () => {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'acp-git-')));
  dirs.push(d);
  return d;
};

describe('the git the snapshot runs', () => {
  it('ignores the repository’s core.fsmonitor command', async () => {
    const repo = temp();
    const marker = join(temp(), 'ran');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo });
    git('init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'one\n');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'base');
    writeFileSync(join(repo, 'hook.sh'), `#!/bin/sh\ntouch '${marker}'\n`);
    chmodSync(join(repo, 'hook.sh'), 0o755);
    git('config', 'core.fsmonitor', join(repo, 'hook.sh'));
    writeFileSync(join(repo, 'a.txt'), 'two\n');
    const snapshot = await takeGitSnapshot(repo);
    expect(snapshot?.root).toBe(repo);
    expect(existsSync(marker), 'the repository’s fsmonitor command ran').toBe(false);
  });

  it('is found on PATH outside the workspace; relative entries and folders inside it are skipped', () => {
    const ws = temp();
    const bin = join(ws, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'git'), '#!/bin/sh\n');
    chmodSync(join(bin, 'git'), 0o755);
    const system = execFileSync('sh', ['-c', 'command -v git']).toString().trim();
    const path = ['.', bin, join(system, '..')].join(delimiter);
    expect(findProgram('git', path, [ws])).toBe(system);
    expect(findProgram('git', ['.', bin].join(delimiter), [ws])).toBeUndefined();
  });
});

describe('the snapshot runs nothing the repository configures', () => {
  it('runs no repository hook and no configured clean filter, and still records the working tree', async () => {
    const repo = temp();
    const ran = temp();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo });
    git('init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'one\n');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'base');
    const script = (name: string, body = '') => {
      const path = join(repo, `${name}.sh`);
      writeFileSync(path, `#!/bin/sh\ntouch '${join(ran, name)}'\n${body}`);
      chmodSync(path, 0o755);
      return path;
    };
    writeFileSync(join(repo, '.git', 'hooks', 'post-index-change'), `#!/bin/sh\ntouch '${join(ran, 'hook')}'\n`);
    chmodSync(join(repo, '.git', 'hooks', 'post-index-change'), 0o755);
    git('config', 'filter.sneaky.clean', `${script('clean', 'cat\n')}`);
    git('config', 'filter.sneaky.required', 'true');
    writeFileSync(join(repo, '.git', 'info', 'attributes'), '*.txt filter=sneaky\n');
    writeFileSync(join(repo, 'a.txt'), 'two\n');

    const snapshot = await takeGitSnapshot(repo);
    expect(snapshot?.root).toBe(repo);
    expect(existsSync(join(ran, 'hook')), 'the repository’s post-index-change hook ran').toBe(false);
    expect(existsSync(join(ran, 'clean')), 'the repository’s clean filter ran').toBe(false);
    expect(await contentAt(snapshot!, join(repo, 'a.txt'))).toBe('two\n');
    expect(await changedSince(snapshot!)).toEqual([]);
    writeFileSync(join(repo, 'a.txt'), 'three\n');
    expect(await changedSince(snapshot!)).toEqual([join(repo, 'a.txt')]);
    expect(existsSync(join(ran, 'clean')), 'the clean filter ran while comparing').toBe(false);
  });
});

describe('findProgram and the workspace', () => {
  it('skips a folder inside the workspace whose name starts with two dots', () => {
    const ws = temp();
    const bin = join(ws, '..bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'git'), '#!/bin/sh\n');
    chmodSync(join(bin, 'git'), 0o755);
    expect(findProgram('git', bin, [ws])).toBeUndefined();
    // The same folder outside the workspace is a PATH entry like any other.
    expect(findProgram('git', bin, [join(ws, 'elsewhere')])).toBe(join(bin, 'git'));
  });
});
