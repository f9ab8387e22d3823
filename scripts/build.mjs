#!/usr/bin/env node
// Builds the two bundles: the extension host (node/cjs, `vscode` external) and the webview app (browser/iife),
// and copies the codicon font next to the webview bundle. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const production = !watch && process.env.NODE_ENV !== 'development';

const common = { bundle: true, sourcemap: production ? false : 'linked', minify: production, logLevel: 'info', legalComments: 'none' };

/** @type {esbuild.BuildOptions[]} */
const builds = [
  {
    ...common,
    entryPoints: [join(root, 'src/extension.ts')],
    outfile: join(root, 'dist/extension.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: { main: join(root, 'src/webview/app/main.ts'), styles: join(root, 'src/webview/app/styles.css') },
    outdir: join(root, 'dist/webview'),
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  },
];

function copyCodicons() {
  const out = join(root, 'dist/webview');
  mkdirSync(out, { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) copyFileSync(join(root, 'node_modules/@vscode/codicons/dist', f), join(out, f));
}

copyCodicons();
if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
