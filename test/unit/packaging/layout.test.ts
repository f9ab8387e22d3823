// The layout shows the architecture: src/'s folders import only the folders below them in ARCHITECTURE.md's layers (so
// no cycle), the protocol client and the chat core import no `vscode`, the page imports nothing from the host but the
// message protocol, each capability has one door, and no source file outgrows a reading.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(__dirname, '../../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The folder a file belongs to: `webview/<part>` for the webview's three, else the first folder under src/. */
function folderOf(file: string): string {
  const parts = relative(src, file).split(/[\\/]/);
  if (parts.length === 1) return '.';
  return parts[0] === 'webview' ? `webview/${parts[1]}` : parts[0]!;
}

const files = sources(src).map((file) => {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
  return { file, folder: folderOf(file), specs, local: specs.filter((s) => s.startsWith('.')).map((s) => folderOf(resolve(dirname(file), s))) };
});

/** ARCHITECTURE.md's layers, bottom first: the first word of each line of the fenced block under "## Layers". */
function declaredLayers(): string[] {
  const doc = readFileSync(resolve(src, '../ARCHITECTURE.md'), 'utf8');
  const block = /## Layers[\s\S]*?```text\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('ARCHITECTURE.md has no "## Layers" block');
  return block
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean)
    .map((word) => (word === 'extension.ts' ? '.' : word.replace(/\/$/, '')))
    .reverse();
}

describe('the layout', () => {
  it("imports only run down ARCHITECTURE.md's layers, and every folder has its place", () => {
    const layers = declaredLayers();
    const rank = new Map(layers.map((name, i) => [name, i]));
    const unplaced = [...new Set(files.map((f) => f.folder))].filter((folder) => !rank.has(folder));
    expect(unplaced).toEqual([]);
    const upward = files.flatMap((f) =>
      f.local.filter((to) => to !== f.folder && rank.get(to)! >= rank.get(f.folder)!).map((to) => `${relative(src, f.file)} → ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('each capability has one door, its feature.ts with one activate…(core), and the recipe opens every door', () => {
    const doors = files.filter((f) => basename(f.file) === 'feature.ts' && f.folder !== 'core');
    expect(doors.length).toBeGreaterThan(5);
    for (const door of doors) {
      const text = readFileSync(door.file, 'utf8');
      const activates = [...text.matchAll(/^export function (activate\w+)\(core: Core\): Feature/gm)];
      expect(activates.length, `${relative(src, door.file)} exports one activate…(core)`).toBe(1);
    }
    // The recipe lists the doors: every door is activated there.
    const recipe = readFileSync(join(src, 'extension.ts'), 'utf8');
    for (const door of doors) {
      const name = /^export function (activate\w+)/m.exec(readFileSync(door.file, 'utf8'))![1]!;
      expect(recipe, `extension.ts activates ${name}`).toContain(`${name}(core)`);
    }
  });

  it('src/extension.ts is a recipe under 100 lines, and no source file is over 400', () => {
    expect(readFileSync(join(src, 'extension.ts'), 'utf8').split('\n').length).toBeLessThan(100);
    const long = files.map((f) => ({ file: relative(src, f.file), lines: readFileSync(f.file, 'utf8').split('\n').length })).filter((f) => f.lines > 400);
    expect(long).toEqual([]);
  });

  it('has no import cycle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const f of files) for (const to of f.local) if (to !== f.folder) (edges.get(f.folder) ?? edges.set(f.folder, new Set()).get(f.folder)!).add(to);
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      for (const next of edges.get(node) ?? []) {
        if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else visit(next, [...path, next]);
      }
    };
    for (const start of edges.keys()) visit(start, [start]);
    expect(cycles).toEqual([]);
  });

  it('acpClient/, chat/ and contributions/ import no vscode', () => {
    const core = ['acpClient', 'chat', 'contributions'];
    for (const folder of core)
      expect(
        files.some((f) => f.folder === folder),
        `src/${folder}/ holds sources`,
      ).toBe(true);
    const offenders = files.filter((f) => core.includes(f.folder) && f.specs.includes('vscode')).map((f) => relative(src, f.file));
    expect(offenders).toEqual([]);
  });

  it('the page imports nothing from the host but webview/protocol', () => {
    const offenders = files
      .filter((f) => f.folder === 'webview/page')
      .flatMap((f) => f.local.filter((to) => to !== 'webview/page' && to !== 'webview/protocol').map((to) => `${relative(src, f.file)} → ${to}`));
    expect(offenders).toEqual([]);
  });

  it('errors are shown by the one presenter: elsewhere no error message, and warnings only as modal questions', () => {
    const presenter = join('feedback', 'userErrorPresenter.ts');
    const offenders = files
      .filter((f) => !f.file.endsWith(presenter))
      .flatMap((f) => {
        const text = readFileSync(f.file, 'utf8');
        const calls = [...text.matchAll(/window\.show(Error|Warning)Message\(/g)];
        return calls
          .filter((m) => m[1] === 'Error' || !text.slice(m.index, m.index! + 300).includes('modal: true'))
          .map((m) => `${relative(src, f.file)}: show${m[1]}Message`);
      });
    expect(offenders).toEqual([]);
  });
});
