// The files the editor tools and Add Context's problems read and name: inside a workspace folder by path and by where
// every symlink leads (a linked package of a pnpm or yarn workspace is outside); a file outside is named without its
// path; the diagnostics of both follow that one rule.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileLabel, OUTSIDE_FILE, WorkspaceFiles, workspaceDiagnostics } from '../../../src/ideTools/workspaceFiles';
import type { PathLookup } from '../../../src/workbench/workspacePaths';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A workspace `ws` with src/a.ts, a package outside it linked in as ws/node_modules/pkg, and a link inside it. */
function tree() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-files-')));
  dirs.push(root);
  const ws = join(root, 'ws');
  const outside = join(root, 'outside');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(join(ws, 'node_modules'));
  mkdirSync(join(outside, 'pkg'), { recursive: true });
  writeFileSync(join(ws, 'src', 'a.ts'), 'a');
  writeFileSync(join(outside, 'pkg', 'index.ts'), 'secret');
  symlinkSync(join(outside, 'pkg'), join(ws, 'node_modules', 'pkg'));
  symlinkSync(join(ws, 'src', 'a.ts'), join(ws, 'alias.ts'));
  return { root, ws, outside };
}

const file = (fsPath: string) => ({ scheme: 'file', fsPath });

describe('WorkspaceFiles', () => {
  it('a file of the workspace is inside, named relative to its folder, read from its real path', async () => {
    const { ws } = tree();
    const files = new WorkspaceFiles([ws]);
    expect(await files.judge(file(join(ws, 'src', 'a.ts')))).toEqual({ inside: true, real: join(ws, 'src', 'a.ts'), label: join('src', 'a.ts') });
    // A link to another file of the workspace: named as given, read from its target.
    expect(await files.judge(file(join(ws, 'alias.ts')))).toEqual({ inside: true, real: join(ws, 'src', 'a.ts'), label: 'alias.ts' });
  });

  it('a file under a folder linked from outside (a linked package) is outside, and not named', async () => {
    const { ws, outside } = tree();
    const files = new WorkspaceFiles([ws]);
    expect(await files.judge(file(join(ws, 'node_modules', 'pkg', 'index.ts')))).toEqual({ inside: false, label: OUTSIDE_FILE });
    expect(await files.judge(file(join(outside, 'pkg', 'index.ts')))).toEqual({ inside: false, label: OUTSIDE_FILE });
    expect(OUTSIDE_FILE).not.toContain('/');
  });

  it('a file named by the real path of a folder opened through a link is inside, named relative to it', async () => {
    const { root, ws } = tree();
    symlinkSync(ws, join(root, 'opened'));
    const files = new WorkspaceFiles([join(root, 'opened')]);
    expect(await files.judge(file(join(ws, 'src', 'a.ts')))).toEqual({ inside: true, real: join(ws, 'src', 'a.ts'), label: join('src', 'a.ts') });
    expect(await files.judge(file(join(root, 'opened', 'src', 'a.ts')))).toMatchObject({ inside: true, label: join('src', 'a.ts') });
  });

  it('another scheme, or a path outside every folder by its text, is outside without a look at the disk; each file is looked up once', async () => {
    const { ws } = tree();
    const looked: string[] = [];
    const fs: PathLookup = {
      realpath: (p) => (looked.push(p), realpath(p)),
      lstat: () => Promise.reject(new Error('not expected')),
      readlink: () => Promise.reject(new Error('not expected')),
    };
    const files = new WorkspaceFiles([ws], fs);
    expect(await files.judge({ scheme: 'untitled', fsPath: join(ws, 'src', 'a.ts') })).toEqual({ inside: false, label: OUTSIDE_FILE });
    expect(await files.judge(file('/etc/passwd'))).toEqual({ inside: false, label: OUTSIDE_FILE });
    expect(looked.filter((p) => p.startsWith('/etc'))).toEqual([]);
    await files.judge(file(join(ws, 'src', 'a.ts')));
    const afterFirst = looked.length;
    expect(await files.judge(file(join(ws, 'src', 'a.ts')))).toMatchObject({ inside: true });
    expect(looked.length).toBe(afterFirst);
  });
});

describe('fileLabel', () => {
  it('relative to the folder; under the folder’s name when there are several; by the real folder as a fallback', () => {
    expect(fileLabel('/w/app/src/a.ts', ['/w/app'], ['/w/app'])).toBe('src/a.ts');
    expect(fileLabel('/w/app', ['/w/app'], ['/w/app'])).toBe('.');
    expect(fileLabel('/w/lib/x.ts', ['/w/app', '/w/lib'], ['/w/app', '/w/lib'])).toBe('lib/x.ts');
    expect(fileLabel('/private/w/app/a.ts', ['/w/app'], ['/private/w/app'])).toBe('a.ts');
    expect(fileLabel('/home/u/.ssh/config', ['/w/app'], ['/w/app'])).toBe(OUTSIDE_FILE);
    expect(fileLabel('/w/app/../other/a.ts', ['/w/app'], ['/w/app'])).toBe(OUTSIDE_FILE);
  });
});

describe('workspaceDiagnostics', () => {
  it('keeps the workspace files’ diagnostics only (not a linked package’s, another scheme’s or an outside file’s), each with its name', async () => {
    const { ws, outside } = tree();
    const inside = file(join(ws, 'src', 'a.ts'));
    const found = await workspaceDiagnostics(
      [
        [inside, ['type error']],
        [file(join(ws, 'node_modules', 'pkg', 'index.ts')), ['linked package error']],
        [file(join(outside, 'pkg', 'index.ts')), ['outside error']],
        [{ scheme: 'git', fsPath: join(ws, 'src', 'a.ts') }, ['git error']],
        [file(join(ws, 'alias.ts')), []],
      ],
      new WorkspaceFiles([ws]),
    );
    expect(found).toEqual([{ uri: inside, diagnostics: ['type error'], label: join('src', 'a.ts') }]);
  });
});
