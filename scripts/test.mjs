#!/usr/bin/env node
// The one test command (README, `npm test`, `.ci/run`): provisions what the suites need (Node 24, and for the VS Code
// suites the VS Code server, Chromium and their Debian packages — all cached and idempotent), builds, type-checks,
// then runs every suite and prints a summary. Any failing suite, or a suite that ran no test, fails the run.
// `npm test -- --only unit,integration` runs a subset.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode } from './ensure-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',')) : undefined;

const node = ensureNode().bin;
const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` };

const suites = [
  { name: 'build', cmd: [node, 'scripts/build.mjs'] },
  { name: 'typecheck', cmd: [node, 'scripts/typecheck.mjs'] },
  vitest('unit'),
  vitest('integration'),
  // The VS Code suites: provision (cached; seconds when warm), then the extension-host and browser suites.
  { name: 'provision', cmd: [node, 'test/testbed/provision.mjs'], needs: ['host', 'e2e', 'robust'] },
  { name: 'host', cmd: [node, 'test/testbed/runHostTests.mjs', '--results', 'test-results/host.json'], counts: 'test-results/host.json' },
  // The same extension in a window with no folder open (part of `--only host`).
  {
    name: 'host-untrusted',
    cmd: [node, 'test/testbed/runHostTests.mjs', '--untrusted', '--results', 'test-results/host-untrusted.json'],
    counts: 'test-results/host-untrusted.json',
    needs: ['host'],
  },
  {
    name: 'host-nofolder',
    cmd: [node, 'test/testbed/runHostTests.mjs', '--no-folder', '--results', 'test-results/host-nofolder.json'],
    counts: 'test-results/host-nofolder.json',
    needs: ['host'],
  },
  vitest('e2e', 'test/e2e/vitest.e2e.config.ts'),
  // Reliability and security: fuzzing, hostile content in Chromium, crash injection... ends with its figures table.
  { name: 'robust', cmd: [node, 'test/robust/run.mjs'], counts: 'test-results/robust.json' },
];

function vitest(project, config) {
  const counts = `test-results/${project}.json`;
  const select = config ? ['--config', config] : ['--project', project];
  const args = ['run', ...select, '--reporter=default', '--reporter=json', `--outputFile.json=${counts}`];
  return { name: project, cmd: [node, 'node_modules/vitest/vitest.mjs', ...args], counts };
}

/** Reads a suite's counts: vitest's JSON reporter shape, or the VS Code runners' `{passed, failed, pending}`. */
function readCounts(file) {
  try {
    const j = JSON.parse(readFileSync(join(root, file), 'utf8'));
    // The names of failed tests, so that the summary (the part of a CI log people read) says which.
    const failedNames = j.testResults
      ? j.testResults.flatMap((f) => (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => a.fullName))
      : (j.failedTests ?? []);
    return { passed: j.numPassedTests ?? j.passed ?? 0, failed: j.numFailedTests ?? j.failed ?? 0, skipped: j.numPendingTests ?? j.pending ?? 0, failedNames };
  } catch {
    return undefined;
  }
}

rmSync(join(root, 'test-results'), { recursive: true, force: true });
mkdirSync(join(root, 'test-results'), { recursive: true });
const results = [];
for (const s of suites) {
  const wanted = (name) => !only || only.has(name);
  if (s.name !== 'build' && !wanted(s.name) && !(s.needs ?? []).some(wanted)) continue;
  console.log(`\n=== ${s.name}: ${s.cmd.slice(1).join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(s.cmd[0], s.cmd.slice(1), { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const counts = s.counts ? readCounts(s.counts) : undefined;
  // A test suite that ran nothing is a failure we have not seen yet.
  const ok = r.status === 0 && (!s.counts || (counts !== undefined && counts.passed > 0 && counts.failed === 0));
  results.push({ name: s.name, ok, counts, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
  if (!ok && s.name === 'build') break; // nothing else can run without the bundles
}

console.log('\n=== summary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const c = r.counts ? `${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped` : '';
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(14)} ${r.seconds.padStart(6)}s  ${c}`);
  for (const name of r.counts?.failedNames ?? []) console.log(`        ✗ ${name}`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  }
  if (!r.ok && !(r.counts && r.counts.failed)) failed += 1; // a suite that broke without counting still fails the run
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
