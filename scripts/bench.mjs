#!/usr/bin/env node
// `npm run bench`: builds, bundles test/bench/main.ts for Node, runs it and prints its tables; writes
// bench/results.json, bench/summary.md (the table of docs/performance.md) and bench/chart.svg (with --quick, only into test-results/bench/: a smoke run, not figures).
// Every figure is a ratio against a floor measured in the same run; nothing is asserted about timings.
// It drives Chromium and spawns agents, so the whole run holds /tmp/acp-bed.lock (one bed at a time on the machine).
// Options: --quick (tiny sizes), --only wire,screen,calls,load,idle,startup,host,stream (re-measures those sections and keeps the others in
// bench/results.json; `sectionAt` says when each was measured), --report-only (redraw from bench/results.json).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { ensureNode } from './ensure-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1].split(',') : [];
const LOCK = '/tmp/acp-bed.lock';

if (process.env.ACP_BENCH_LOCKED !== '1' && spawnSync('flock', ['--version']).status === 0) {
  const r = spawnSync('flock', [LOCK, process.execPath, fileURLToPath(import.meta.url), ...args], {
    stdio: 'inherit',
    env: { ...process.env, ACP_BENCH_LOCKED: '1' },
  });
  process.exit(r.status ?? 1);
}

const node = ensureNode().bin;
const build = spawnSync(node, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);
// The VS Code test bed for the host part (cached: seconds when warm).
if (only.length === 0 || only.includes('host') || only.includes('stream')) {
  const prov = spawnSync(node, [join(root, 'test/testbed/provision.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (prov.status !== 0) process.exit(prov.status ?? 1);
}

// Two levels under the root, like test/fixtures, so the fixtures' import.meta.url-relative paths resolve.
const outDir = join(root, 'test-results', 'bench');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'bench.mjs');
await esbuild.build({
  entryPoints: [join(root, 'test/bench/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

const { runBench, chartSvg, markdownSummary, FULL, QUICK } = await import(pathToFileURL(outfile).href);

/** summary.md, chart.svg, and chart.png (the SVG drawn by Chromium, for pages that may not show SVG images). */
async function writeReport(dest, results) {
  writeFileSync(join(dest, 'summary.md'), markdownSummary(results));
  if (!results.screen) return;
  const svg = chartSvg(results.screen);
  writeFileSync(join(dest, 'chart.svg'), svg);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    await page.locator('svg').screenshot({ path: join(dest, 'chart.png') });
  } finally {
    await browser.close();
  }
}

if (args.includes('--report-only')) {
  // Redraws the chart and the summary from bench/results.json without measuring again.
  const dest = join(root, 'bench');
  await writeReport(dest, JSON.parse(readFileSync(join(dest, 'results.json'), 'utf8')));
  process.exit(0);
}

// The keys of results.json each section writes ('reopen' is measured with 'load').
const SECTIONS = ['wire', 'screen', 'calls', 'load', 'reopen', 'idle', 'startup', 'host', 'stream'];
const measuredAt = (r) => Object.fromEntries(SECTIONS.filter((k) => r[k]).map((k) => [k, r.at]));

/** A full run replaces bench/results.json; an --only run replaces just its sections (each with its own floors). */
function merged(results) {
  const file = join(root, 'bench', 'results.json');
  if (quick || only.length === 0 || !existsSync(file)) return { ...results, sectionAt: measuredAt(results) };
  const prev = JSON.parse(readFileSync(file, 'utf8'));
  const out = { ...prev, at: results.at, machine: results.machine, sizes: results.sizes, goals: results.goals, sectionAt: prev.sectionAt ?? measuredAt(prev) };
  for (const k of SECTIONS) if (results[k]) [out[k], out.sectionAt[k]] = [results[k], results.at];
  return out;
}

const tmp = mkdtempSync(join(tmpdir(), 'acp-chat-bench-'));
try {
  console.log(`ACP Chat bench (${quick ? '--quick: tiny sizes, figures meaningless' : 'full sizes'}; node ${process.version}, agents on ${node})\n`);
  const results = merged(await runBench({ root, node, tmp, sizes: quick ? QUICK : FULL, only, out: (s) => console.log(s) }));
  const dest = quick ? outDir : join(root, 'bench');
  mkdirSync(dest, { recursive: true });
  writeFileSync(join(dest, 'results.json'), JSON.stringify(results, null, 2) + '\n');
  await writeReport(dest, results);
  console.log(`results: ${join(dest, 'results.json')}${results.screen ? `, chart: ${join(dest, 'chart.svg')} (and .png)` : ''}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
