// Area 5, paths: agent-supplied locations and diff paths (traversal, symlinks out of and within the workspace, UNC,
// file: URIs, control characters, sibling-prefix folders, new files under a symlinked folder) on a real file tree.
// Each is judged as the openers judge it (checkRealLocation: the link and "Show diff" both ask before showing
// anything outside the workspace); nothing may be judged inside that really is outside, and nothing is written.
import { mkdirSync, mkdtempSync, readdirSync, lstatSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRealLocation } from '../../src/workbench/realLocation';
import { checkLocation } from '../../src/workbench/locationLinks';
import { buildPermissionPresentation } from '../../src/permissionUI/permissionPresentation';
import { check, record, tally, type Tally } from './figures';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

type Verdict = 'inside' | 'outside' | 'refused';

function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = nodePath.join(dir, name);
      const st = lstatSync(p);
      out.push(`${p} ${st.size} ${st.mtimeMs} ${st.mode}`);
      if (st.isDirectory() && !st.isSymbolicLink()) walk(p);
    }
  };
  walk(root);
  return out.sort();
}

describe('paths', () => {
  it('traversal, symlink, UNC and file: URI cases for location links and diffs', async () => {
    const t = tally('paths: location links and diffs');
    tallies.push(t);
    const base = mkdtempSync(nodePath.join(tmpdir(), 'acp-robust-paths-'));
    try {
      const ws = nodePath.join(base, 'ws');
      const out = nodePath.join(base, 'outside');
      mkdirSync(nodePath.join(ws, 'src'), { recursive: true });
      mkdirSync(out);
      writeFileSync(nodePath.join(ws, 'src', 'a.ts'), 'a');
      writeFileSync(nodePath.join(out, 'secret'), 'secret');
      mkdirSync(nodePath.join(base, 'ws-evil'));
      symlinkSync(out, nodePath.join(ws, 'link-out'));
      symlinkSync(nodePath.join(out, 'secret'), nodePath.join(ws, 'secret-link'));
      symlinkSync(nodePath.join(ws, 'src'), nodePath.join(ws, 'link-in'));
      symlinkSync('/etc', nodePath.join(ws, 'src', 'etc'));
      symlinkSync(nodePath.join(ws, 'loop'), nodePath.join(ws, 'loop'));
      symlinkSync(ws, nodePath.join(base, 'ws-alias'));
      const before = tree(base);

      const cases: [string, unknown, Verdict, string[]?][] = [
        ['in the workspace', `${ws}/src/a.ts`, 'inside'],
        ['dot segments inside', `${ws}/./src/../src/./a.ts`, 'inside'],
        ['traversal to a sibling', `${ws}/../outside/secret`, 'outside'],
        ['deep traversal', `${ws}/src/../../outside/secret`, 'outside'],
        ['traversal to root', `${ws}/src/../../../../../../etc/passwd`, 'outside'],
        ['absolute outside', '/etc/passwd', 'outside'],
        ['a folder whose name extends the workspace', `${base}/ws-evil/f`, 'outside'],
        ['symlinked folder pointing outside', `${ws}/link-out/secret`, 'outside'],
        ['symlinked file pointing outside', `${ws}/secret-link`, 'outside'],
        ['symlink to /etc inside a subfolder', `${ws}/src/etc/passwd`, 'outside'],
        ['new file under a symlinked outside folder', `${ws}/link-out/new/file.ts`, 'outside'],
        ['symlink within the workspace', `${ws}/link-in/a.ts`, 'inside'],
        ['new file in a new folder', `${ws}/new/dir/file.ts`, 'inside'],
        ['a symlink loop', `${ws}/loop`, 'inside'],
        ['workspace opened through an alias', `${base}/ws-alias/src/a.ts`, 'inside', [`${base}/ws-alias`]],
        ['alias workspace, symlink out', `${base}/ws-alias/link-out/secret`, 'outside', [`${base}/ws-alias`]],
        ['file: URI', `file://${out}/secret`, 'refused'],
        ['file: URI into the workspace', `file://${ws}/src/a.ts`, 'refused'],
        ['UNC path', '\\\\server\\share\\secret', 'refused'],
        ['UNC with forward slashes (POSIX: the root)', '//server/share/secret', 'outside'],
        ['relative path', 'src/a.ts', 'refused'],
        ['relative traversal', '../outside/secret', 'refused'],
        ['home shorthand', '~/.ssh/id_rsa', 'refused'],
        ['NUL byte', `${ws}/src/a.ts\u0000/etc/passwd`, 'refused'],
        ['newline', `${ws}/src/a.ts\n`, 'refused'],
        ['empty', '', 'refused'],
        ['not a string', { path: '/etc/passwd' }, 'refused'],
        ['vscode: URI', 'vscode://file/etc/passwd', 'refused'],
        ['command: URI', 'command:workbench.action.quit', 'refused'],
      ];
      let symlinkDefects = 0;
      for (const [name, path, want, folders] of cases) {
        t.generated++;
        t.reached++;
        const wsFolders = folders ?? [ws];
        const real = await checkRealLocation(path, 1, wsFolders);
        const got: Verdict = !real.ok ? 'refused' : real.insideWorkspace ? 'inside' : 'outside';
        check(t, got === want, `${name} (${String(path)}): ${got}, expected ${want}`);
        // Without the real-path check, a symlink made an outside file look inside (the defect this area found).
        const lexical = checkLocation(path, 1, wsFolders);
        if (want === 'outside' && lexical.ok && lexical.insideWorkspace) symlinkDefects++;
        // The approval prompt's label says "outside workspace" exactly when the lexical check (all it has without
        // the disk) says outside.
        const pres = buildPermissionPresentation(
          {
            params: {
              sessionId: 's',
              toolCall: {
                toolCallId: 't',
                locations: [{ path: String(path), line: 1 }],
                content: [{ type: 'diff', path: String(path), oldText: 'a', newText: 'b' }],
              },
              options: [{ optionId: 'o', name: 'OK', kind: 'allow_once' }],
            },
          },
          { workspaceFolders: wsFolders },
        );
        const label = pres.locations[0]?.label;
        const saysOutside = label !== undefined && /outside workspace/.test(label);
        check(
          t,
          saysOutside === (lexical.ok && !lexical.insideWorkspace),
          `${name}: the prompt's label is ${JSON.stringify(label)}; lexically ${lexical.ok ? (lexical.insideWorkspace ? 'inside' : 'outside') : 'refused'}`,
        );
      }
      // Windows paths, judged by the same pure check with the win32 flavour (no disk).
      const win: [string, Verdict][] = [
        ['C:\\ws\\src\\a.ts', 'inside'],
        ['c:\\WS\\src\\a.ts', 'inside'],
        ['C:\\ws\\..\\Windows\\system32\\drivers\\etc\\hosts', 'outside'],
        ['C:\\ws-evil\\f', 'outside'],
        ['\\\\server\\share\\secret', 'outside'],
        ['\\\\?\\C:\\Windows\\win.ini', 'outside'],
        ['D:\\ws\\src\\a.ts', 'outside'],
        ['file:///C:/ws/src/a.ts', 'refused'],
        ['ws\\src\\a.ts', 'refused'],
      ];
      for (const [path, want] of win) {
        t.generated++;
        t.reached++;
        const c = checkLocation(path, 1, ['C:\\ws'], nodePath.win32);
        const got: Verdict = !c.ok ? 'refused' : c.insideWorkspace ? 'inside' : 'outside';
        check(t, got === want, `win32 ${path}: ${got}, expected ${want}`);
      }
      const after = tree(base);
      check(t, JSON.stringify(after) === JSON.stringify(before), 'the file tree changed', 'dataLost');
      t.note = `${symlinkDefects} outside paths a lexical check calls inside (symlinks); none opens without confirmation`;
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
    expect(t.samples).toEqual([]);
  });
});
