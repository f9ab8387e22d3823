// fs/* and a terminal's cwd reach only the workspace folders: checked lexically before anything is looked up, then
// with every symlink followed, a dangling one included (a write through it would create its target).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveInWorkspace, type PathLookup } from '../../../src/workbench/workspacePaths';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-paths-')));
  dirs.push(root);
  const ws = join(root, 'ws');
  const outside = join(root, 'outside');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(ws, 'src', 'a.ts'), 'a');
  return { ws, outside };
}

const refused = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ kind: 'refused' });

describe('resolveInWorkspace', () => {
  it('a dangling symlink inside the workspace that points outside is refused (a write would create its target)', async () => {
    const { ws, outside } = tree();
    symlinkSync(join(outside, 'not-yet.txt'), join(ws, 'dangling'));
    await refused(resolveInWorkspace(join(ws, 'dangling'), [ws]));
    // And a dangling link to a folder outside, with a file below it.
    symlinkSync(join(outside, 'no-dir'), join(ws, 'dangling-dir'));
    await refused(resolveInWorkspace(join(ws, 'dangling-dir', 'x.txt'), [ws]));
  });

  it('a dangling symlink that points inside the workspace leads to its target', async () => {
    const { ws } = tree();
    symlinkSync(join(ws, 'src', 'new.ts'), join(ws, 'alias.ts'));
    expect(await resolveInWorkspace(join(ws, 'alias.ts'), [ws])).toBe(join(ws, 'src', 'new.ts'));
  });

  it('files, new files and a symlinked folder are resolved as before', async () => {
    const { ws, outside } = tree();
    expect(await resolveInWorkspace(join(ws, 'src', 'a.ts'), [ws])).toBe(join(ws, 'src', 'a.ts'));
    expect(await resolveInWorkspace(join(ws, 'src', 'deep', 'new.ts'), [ws])).toBe(join(ws, 'src', 'deep', 'new.ts'));
    symlinkSync(outside, join(ws, 'linked'));
    await refused(resolveInWorkspace(join(ws, 'linked', 'new.ts'), [ws]));
    await refused(resolveInWorkspace(join(ws, '..', 'outside', 'x'), [ws]));
  });

  it('a path outside every folder is refused before anything is looked up', async () => {
    const calls: string[] = [];
    const spy: PathLookup = {
      realpath: async (p) => (calls.push(`realpath ${p}`), p),
      lstat: async (p) => (calls.push(`lstat ${p}`), { isSymbolicLink: () => false }),
      readlink: async (p) => (calls.push(`readlink ${p}`), p),
    };
    await refused(resolveInWorkspace('/mnt/share/x.txt', ['/work/ws'], spy));
    await refused(resolveInWorkspace('/work/ws/../other/x.txt', ['/work/ws'], spy));
    expect(calls).toEqual([]);
  });

  it('a symlink loop is refused, not followed for ever', async () => {
    const { ws } = tree();
    symlinkSync(join(ws, 'b'), join(ws, 'a'));
    symlinkSync(join(ws, 'a'), join(ws, 'b'));
    await expect(resolveInWorkspace(join(ws, 'a', 'x'), [ws])).rejects.toMatchObject({ kind: 'refused' });
  });
});
