#!/usr/bin/env node
// Runs the webview benchmark (test/bench/webviewBench.ts) under the current Node: installs jsdom's window as the
// globals the webview code expects, bundles the bench with esbuild to a temp .mjs, imports it and prints its table.
// Not a test: it prints figures (ratios against a baseline measured in the same run) and asserts no timings.
// `--quick` shrinks every size for a smoke run; `--full` measures every streamed message instead of a sample (slow).
import * as esbuild from 'esbuild';
import { JSDOM } from 'jsdom';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const JSDOM_VERSION = JSON.parse(readFileSync(join(root, 'node_modules/jsdom/package.json'), 'utf8')).version;
const quick = process.argv.includes('--quick');
const full = process.argv.includes('--full');

// The DOM globals must exist before the bundle is imported: DOMPurify binds to `window` when its module loads.
const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true, url: 'https://webview.invalid/' });
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in globalThis) continue;
  Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: dom.window[key] });
}
globalThis.window = dom.window;

const dir = mkdtempSync(join(tmpdir(), 'acp-chat-bench-'));
try {
  const outfile = join(dir, 'webviewBench.mjs');
  await esbuild.build({
    entryPoints: [join(root, 'test/bench/webviewBench.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const { runWebviewBench, DEFAULT_OPTIONS } = await import(pathToFileURL(outfile).href);
  const options = { ...DEFAULT_OPTIONS, ...(quick ? { baseEntries: 100, chunks: 200, publisherChanges: 500, longEntries: 500, loadTurns: 100, samples: 10 } : {}), ...(full ? { samples: Infinity } : {}) };
  console.log(`webview bench (node ${process.version}, jsdom ${JSDOM_VERSION}${quick ? ', --quick' : ''}${full ? ', --full' : ''})\n`);
  await runWebviewBench(options);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
