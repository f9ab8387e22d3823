#!/usr/bin/env node
// Runs the robustness suite and prints its table: per area, the cases tried, failures, hangs and data lost, as the
// areas counted them (test-results/robust-figures.jsonl). Exits non-zero when vitest fails or any figure is non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const figures = join(root, 'test-results', 'robust-figures.jsonl');
rmSync(figures, { force: true });

const args = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/robust/vitest.robust.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/robust.json', ...process.argv.slice(2)];
const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

const rows = existsSync(figures) ? readFileSync(figures, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
const total = { area: 'total', cases: 0, failures: 0, hangs: 0, dataLost: 0 };
for (const row of rows) for (const k of ['cases', 'failures', 'hangs', 'dataLost']) total[k] += row[k];

const cols = [
  ['area', 44, (x) => x.area],
  ['cases tried', 12, (x) => String(x.cases)],
  ['failures', 9, (x) => String(x.failures)],
  ['hangs', 6, (x) => String(x.hangs)],
  ['data lost', 10, (x) => String(x.dataLost)],
];
const line = (x) => cols.map(([, w, f], i) => (i === 0 ? f(x).padEnd(w) : f(x).padStart(w))).join('  ') + (x.note ? `  ${x.note}` : '');
console.log('\n=== robustness figures');
console.log(cols.map(([h, w], i) => (i === 0 ? h.padEnd(w) : h.padStart(w))).join('  '));
for (const row of rows) {
  console.log(line(row));
  for (const s of row.samples ?? []) console.log(`    ${s.slice(0, 300)}`);
}
console.log(line(total));
const clean = total.failures === 0 && total.hangs === 0 && total.dataLost === 0 && rows.length > 0;
process.exit(r.status === 0 && clean ? 0 : 1);
