#!/usr/bin/env node
// Runs the robustness suite and prints its table: per area, the cases generated, those that reached the code under
// test (the rest refused earlier, e.g. by the SDK's schema, on a line of their own), the checks made, and failures,
// hangs and data lost, as the areas counted them (test-results/robust-figures.jsonl). Exits non-zero when vitest
// fails, any of those three is non-zero, or an area is missing, unknown or below its minimum in MINIMUMS.
// `node test/robust/run.mjs test/robust/<file>.robust.test.ts` runs one file; only its areas are then expected.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What each area must reach in a run, from a default run (ROBUST_SEED=12): `reached` cases and `checks` made, a
 * little below the default figures where the seed or timing moves them. Environment variables raise counts, never
 * these.
 */
const MINIMUMS = {
  'crash injection: scripted agent (SIGKILL)': { file: 'crash', reached: 204, checks: 2500 },
  'crash injection: real adapter (SIGKILL)': { file: 'crashAdapter', reached: 20, checks: 205 },
  'model failures: real adapter, fake API': { file: 'modelFailures', reached: 11, checks: 33 },
  'fuzz: connection (raw ndjson lines)': { file: 'fuzz', reached: 30_000, checks: 14_500 },
  'fuzz: session reducer': { file: 'fuzz', reached: 17_000, checks: 22_000 },
  'fuzz: permission presentation': { file: 'fuzz', reached: 5000, checks: 10_000 },
  'fuzz: broker + request handlers': { file: 'fuzz', reached: 3300, checks: 3900 },
  'fuzz: webview message validator': { file: 'fuzz', reached: 20_000, checks: 30_000 },
  // The session title is not in the page (VS Code's title bar shows it; the e2e bed checks it there).
  'hostile content: XSS payloads × fields (Chromium)': { file: 'hostile', reached: 1064, checks: 1184 },
  'hostile content: elicitation pattern (ReDoS)': { file: 'hostile', reached: 11, checks: 11 },
  'bounded memory: 50 MB output stream': { file: 'memory', reached: 801, checks: 7 },
  'concurrency: approvals × answer paths × cancels': { file: 'concurrency', reached: 400, checks: 2850 },
  'paths: location links and diffs': { file: 'paths', reached: 38, checks: 68 },
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const figures = join(root, 'test-results', 'robust-figures.jsonl');
rmSync(figures, { force: true });

const extra = process.argv.slice(2);
const args = [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--config',
  'test/robust/vitest.robust.config.ts',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/robust.json',
  ...extra,
];
const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

const rows = existsSync(figures)
  ? readFileSync(figures, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
const COUNTS = ['generated', 'reached', 'checks', 'failures', 'hangs', 'dataLost'];
const total = { area: 'total', ...Object.fromEntries(COUNTS.map((k) => [k, rows.reduce((n, row) => n + (row[k] ?? 0), 0)])) };

const cols = [
  ['area', 50, (x) => x.area],
  ['generated', 10, (x) => String(x.generated)],
  ['reached', 8, (x) => String(x.reached)],
  ['checks', 7, (x) => String(x.checks)],
  ['failures', 8, (x) => String(x.failures)],
  ['hangs', 5, (x) => String(x.hangs)],
  ['data lost', 9, (x) => String(x.dataLost)],
];
const line = (x) => cols.map(([, w, f], i) => (i === 0 ? f(x).padEnd(w) : f(x).padStart(w))).join('  ') + (x.note ? `  ${x.note}` : '');
console.log('\n=== robustness figures');
console.log(cols.map(([h, w], i) => (i === 0 ? h.padEnd(w) : h.padStart(w))).join('  '));
for (const row of rows) {
  console.log(line(row));
  if (row.refusedBy && row.generated > row.reached) console.log(`  ${row.generated - row.reached} refused earlier by ${row.refusedBy}`);
  for (const s of row.samples ?? []) console.log(`    ${s.slice(0, 300)}`);
}
console.log(line(total));

const problems = [...shortfalls(rows, expectedAreas(extra))];
for (const p of problems) console.log(`  ✗ ${p}`);
const clean = total.failures === 0 && total.hangs === 0 && total.dataLost === 0 && rows.length > 0 && problems.length === 0;
process.exit(r.status === 0 && clean ? 0 : 1);

/** The areas this run must report: all, or those of the files named on the command line. */
function expectedAreas(argv) {
  const files = argv.filter((a) => a.endsWith('.robust.test.ts')).map((a) => basename(a, '.robust.test.ts'));
  return Object.keys(MINIMUMS).filter((area) => files.length === 0 || files.includes(MINIMUMS[area].file));
}

/** Areas missing, unknown, reported twice, or below their minimum `reached` or `checks`. */
function* shortfalls(reported, expected) {
  const seen = new Map();
  for (const row of reported) seen.set(row.area, (seen.get(row.area) ?? 0) + 1);
  for (const area of expected) if (!seen.has(area)) yield `${area}: missing from the figures`;
  for (const [area, n] of seen) {
    if (!(area in MINIMUMS)) yield `${area}: not an area this runner knows (add it to MINIMUMS)`;
    else if (n > 1) yield `${area}: reported ${n} times`;
  }
  for (const row of reported) {
    const min = MINIMUMS[row.area];
    if (!min) continue;
    if (row.reached < min.reached) yield `${row.area}: ${row.reached} cases reached the code under test, minimum ${min.reached}`;
    if (row.checks < min.checks) yield `${row.area}: ${row.checks} checks, minimum ${min.checks}`;
  }
}
