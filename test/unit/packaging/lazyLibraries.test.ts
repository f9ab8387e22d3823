// The extension bundle as built: loading it (what activation pays) loads none of the libraries in dist/vendor/, and
// each of those files gives the bundle what it requires of it. A module reached at activation that imports a value
// from the SDK (or markdown-it, RE2, or tar) fails the first test; a vendor file built wrong fails the second.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { inertVscodePreamble } from '../../fixtures/inertVscode';

const root = resolve(__dirname, '../../..');

/** Runs `body` in a fresh Node where `require('vscode')` gives inert stand-ins; returns what it printed as JSON. */
function inFreshNode(body: string): unknown {
  const r = spawnSync(process.execPath, ['-e', inertVscodePreamble(root) + body], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe('libraries loaded on first use', () => {
  test('loading dist/extension.js loads nothing from dist/vendor/', () => {
    if (!existsSync(join(root, 'dist/extension.js'))) throw new Error('dist/extension.js is missing: run `node scripts/build.mjs` first');
    const loaded = inFreshNode(`
const ext = require('./dist/extension.js');
process.stdout.write(JSON.stringify({ activate: typeof ext.activate, files: Object.keys(require.cache).map((f) => require('path').relative(process.cwd(), f)) }));`) as {
      activate: string;
      files: string[];
    };
    expect(loaded.activate).toBe('function');
    expect(loaded.files).toContain(join('dist', 'extension.js'));
    expect(loaded.files.filter((f) => f.startsWith(join('dist', 'vendor')) || f.includes('node_modules'))).toEqual([]);
  });

  test('each vendor file exports what the bundle takes from it', () => {
    const bundle = readFileSync(join(root, 'dist/extension.js'), 'utf8');
    const required = [...new Set([...bundle.matchAll(/require\("(\.\/vendor\/[^"]+)"\)/g)].map((m) => m[1]!))].sort();
    expect(required).toEqual(['./vendor/acp-sdk.js', './vendor/markdown-it.js', './vendor/mcp-sdk.js', './vendor/re2js.js', './vendor/tar-extract.js']);
    const exports = inFreshNode(`
const kinds = (m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v]));
process.stdout.write(JSON.stringify(Object.fromEntries(${JSON.stringify(required)}.map((f) => [f, kinds(require(require('path').join(process.cwd(), 'dist', f)))]))));`) as Record<
      string,
      Record<string, string>
    >;
    expect(exports['./vendor/acp-sdk.js']).toMatchObject({ RequestError: 'function', client: 'function', ndJsonStream: 'function', methods: 'object' });
    expect(exports['./vendor/markdown-it.js']).toMatchObject({ default: 'function' });
    expect(exports['./vendor/re2js.js']).toMatchObject({ RE2JS: 'function' });
    expect(exports['./vendor/tar-extract.js']).toMatchObject({ extract: 'function' });
  });
});
