// The VSIX as `vsce package` would build it from this checkout (dist/ as built): only the bundles (the adapter's
// among them), the notices, the manifest and the marketplace files; no node_modules, no binary (Claude Code is never shipped), no test, source,
// source map or development-only dependency.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { forbiddenFiles, listVsixFiles } from '../../../scripts/vsixContents.mjs';

const root = resolve(__dirname, '../../..');
type Problem = { file: string; why: string[] };

describe('VSIX contents', () => {
  test('vsce ls lists the bundles and the adapter, and nothing forbidden', { timeout: 60_000 }, () => {
    for (const f of ['dist/extension.js', 'dist/webview/main.js', 'dist/claude-code-pins.json', 'dist/agent/claude-agent-acp.mjs']) {
      if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run \`node scripts/build.mjs\` first`);
    }
    const files = listVsixFiles(root) as string[];
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/extension.js', 'dist/webview/main.js']));
    // The libraries the extension requires on first use (scripts/build.mjs).
    expect(files).toEqual(
      expect.arrayContaining(['dist/vendor/acp-sdk.js', 'dist/vendor/markdown-it.js', 'dist/vendor/re2js.js', 'dist/vendor/tar-extract.js']),
    );
    // The sha512 of each Claude Code platform package, recorded from the lockfile: what the download is checked against.
    expect(files).toContain('dist/claude-code-pins.json');
    // The English bundle of the host's strings (package.json "l10n"), the source of any translation.
    expect(files).toContain('l10n/bundle.l10n.json');
    // The adapter, bundled with its dependencies, and the notices of everything the bundles carry; no node_modules.
    expect(files).toEqual(expect.arrayContaining(['dist/agent/claude-agent-acp.mjs', 'dist/third-party-notices.txt']));
    expect(files.filter((f) => f.startsWith('node_modules/'))).toEqual([]);
    expect(files.filter((f) => f.includes('claude-agent-sdk-'))).toEqual([]);
    expect(forbiddenFiles(root, files) as Problem[]).toEqual([]);
  });

  test('the check names a binary, a test, a source, a map, node_modules and a dev dependency', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acp-vsix-check-'));
    try {
      const put = (f: string, content: string | Buffer) => {
        mkdirSync(join(dir, f, '..'), { recursive: true });
        writeFileSync(join(dir, f), content);
      };
      writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ packages: { 'node_modules/esbuild': { dev: true }, 'node_modules/zod': {} } }));
      put('node_modules/zod/index.js', 'module.exports = 1');
      put('node_modules/zod/bin/claude', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]));
      put('node_modules/zod/test/a.js', '');
      put('node_modules/zod/x.spec.js', '');
      put('src/extension.ts', '');
      put('dist/extension.js.map', '{}');
      put('node_modules/esbuild/lib/main.js', '');
      put('dist/extension.js', '');
      const files = [
        'node_modules/zod/index.js',
        'node_modules/zod/bin/claude',
        'node_modules/zod/test/a.js',
        'node_modules/zod/x.spec.js',
        'src/extension.ts',
        'dist/extension.js.map',
        'node_modules/esbuild/lib/main.js',
        'dist/extension.js',
      ];
      const found = Object.fromEntries((forbiddenFiles(dir, files) as Problem[]).map((p) => [p.file, p.why]));
      expect(found).toEqual({
        'node_modules/zod/index.js': ['node_modules'],
        'node_modules/zod/bin/claude': ['node_modules', 'executable binary'],
        'node_modules/zod/test/a.js': ['node_modules', 'test'],
        'node_modules/zod/x.spec.js': ['node_modules', 'test'],
        'src/extension.ts': ['source'],
        'dist/extension.js.map': ['source map'],
        'node_modules/esbuild/lib/main.js': ['node_modules', 'dev dependency (node_modules/esbuild)'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
