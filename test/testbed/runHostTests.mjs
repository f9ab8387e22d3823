#!/usr/bin/env node
// Runs an extension-test entry (compiled test/host/index.ts) inside the real VS Code extension host of the test bed
// and reports its results. Exit code 0 only when at least one test ran and none failed.
//
//   node test/testbed/runHostTests.mjs [--smoke | --no-folder | --untrusted] [--extension <dir>] [--tests <index.js>] [--workspace <dir>]
//        [--timeout <s>] [--stall <s>] [--keep]
// Two watchdogs, so that a slow machine is not a failure and a hang is: --stall (default 300 s, above the longest
// mocha timeout in the suites) ends a run when no test has started or finished for that long, and --timeout (default
// 20 min) bounds the whole run. Either reports what had passed and the test that was running.
// Without --tests, the host suite (test/host, or the bed's smoke suite with --smoke) is built first.
// Extra extension-host environment: any ACP_* variable of this process is passed on (the server's environment is
// inherited by its extension host), and ACP_BED_DRIVER(_TOKEN): the runner's driver (bedDriver.mjs), through which a
// test presses keys and reads the palette and the walkthrough.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBed, removeBedFiles } from './bed.mjs';
import { startBedDriver } from './bedDriver.mjs';
import { buildHostTests, HOST_SUITES } from './buildHostTests.mjs';
import { formatMs, sleep } from './util.mjs';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * @param {{ extensionPath: string, extensionTestsPath: string, workspace?: string, env?: Record<string,string>,
 *   settings?: Record<string,unknown>, timeoutMs?: number, stallMs?: number, keep?: boolean }} opts
 * @returns {Promise<{ ok: boolean, results?: import('../host/index').HostTestResults, reason?: string, durationMs: number }>}
 */
export async function runHostTests(opts) {
  const t0 = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), 'acp-chat-hosttests-'));
  const resultsFile = join(scratch, 'results.json');
  // null: an empty window with no folder open (test/host-nofolder).
  const workspace = opts.workspace === null ? null : (opts.workspace ?? join(scratch, 'workspace'));
  if (opts.workspace === undefined) mkdirSync(workspace);
  const timeoutMs = opts.timeoutMs ?? 20 * 60_000;
  const stallMs = opts.stallMs ?? 300_000;
  let bed;
  let outcome;
  // The tests may start before startBed returns (they run as the extension host comes up): the driver waits for the page.
  let pageReady;
  const page = new Promise((resolve, reject) => (pageReady = { resolve, reject }));
  page.catch(() => undefined);
  const driver = await startBedDriver(() => page);
  try {
    bed = await startBed({
      extensionPath: opts.extensionPath,
      extensionTestsPath: opts.extensionTestsPath,
      workspace,
      env: { ...opts.env, ...driver.env, ACP_CHAT_TEST_RESULTS: resultsFile },
      settings: opts.settings,
    });
    pageReady.resolve(bed.page);
    const tWait = Date.now();
    outcome = await waitForResults(resultsFile, bed, { deadline: t0 + timeoutMs, stallMs });
    const tm = bed.timings;
    console.log(
      `bed: server ${formatMs(tm.serverMs)}, chromium ${formatMs(tm.browserMs)}, workbench ${formatMs(tm.workbenchMs)}, tests in extension host ${formatMs(Date.now() - tWait)}`,
    );
  } catch (err) {
    pageReady.reject(err);
    outcome = { ok: false, reason: `bed failed: ${err.stack ?? err}` };
  } finally {
    await driver.close();
    if (bed) {
      // Logs help when the run itself broke; a plain failing test is explained by its own error.
      if (!outcome?.ok && (outcome?.unfinished || !outcome?.results?.tests.length)) printLogs(bed);
      await bed.stop();
      if (!opts.keep && outcome?.ok) removeBedFiles(bed);
      else console.log(`bed files kept in ${bed.root}`);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
  return { ...outcome, durationMs: Date.now() - t0 };
}

/**
 * Waits for the results file; a browser page that closes or crashes before it is written ends the wait too, and so
 * does a run that passes its deadline or makes no progress (no test started or finished) for `stallMs`.
 */
async function waitForResults(file, bed, { deadline, stallMs }) {
  let pageGone = false;
  let hostExitSeen;
  let lastProgress = '';
  let progressAt = Date.now();
  bed.page.on('close', () => (pageGone = true));
  bed.page.on('crash', () => (pageGone = true));
  for (;;) {
    if (existsSync(file)) {
      let results;
      try {
        results = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        return { ok: false, reason: `unreadable results file: ${err.message}` };
      }
      const total = results.passed + results.failed + results.pending;
      if (results.fatal) return { ok: false, results, reason: `test entry failed: ${results.fatal}` };
      if (results.passed === 0) return { ok: false, results, reason: `no test passed (of ${total})` };
      return { ok: results.failed === 0, results, reason: results.failed ? `${results.failed} failed` : undefined };
    }
    const progress = readProgress(file);
    if (progress.text !== lastProgress) {
      lastProgress = progress.text;
      progressAt = Date.now();
    }
    if (pageGone) return unfinished(progress.results, 'the workbench page closed before results were written');
    if (bed.extensionHostExited()) {
      // The entry writes its results before run() settles; give the file system a moment before judging.
      hostExitSeen ??= Date.now();
      if (Date.now() - hostExitSeen > 3000) return unfinished(progress.results, 'the extension host exited without writing results');
    }
    if (Date.now() - progressAt > stallMs) return unfinished(progress.results, `no test started or finished for ${formatMs(stallMs)}`);
    if (Date.now() > deadline) return unfinished(progress.results, 'the run passed its deadline (--timeout)');
    await sleep(250);
  }
}

/** The entry's progress file (results so far and the test running), if it has written one. */
function readProgress(file) {
  try {
    const text = readFileSync(`${file}.progress`, 'utf8');
    return { text, results: JSON.parse(text) };
  } catch {
    return { text: '', results: undefined };
  }
}

/** A run that ended without its results file: what had run, and the test it stopped in counted as failed. */
function unfinished(progress, why) {
  if (!progress) return { ok: false, unfinished: true, reason: `${why}, before any test started` };
  const results = { ...progress, tests: [...progress.tests] };
  if (progress.running) {
    results.failed += 1;
    results.tests.push({ title: progress.running, state: 'failed', error: `did not finish: ${why}` });
  }
  return { ok: false, unfinished: true, results, reason: progress.running ? `${why}, in "${progress.running}"` : why };
}

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch (err) {
    return `(cannot read ${file}: ${err.message})`;
  }
}

function printLogs(bed) {
  console.log(`---- server log (${bed.serverLog}), tail ----\n${tail(bed.serverLog)}`);
  for (const f of bed.extensionHostLogs()) console.log(`---- extension host log (${f}), tail ----\n${tail(f)}`);
  console.log(`---- browser console (${bed.browserLog}), tail ----\n${tail(bed.browserLog, 20)}`);
}

/** The host suite's default file order: the seed of an order that once failed (a suite leaning on the agent another
 *  left running), kept as the one every run checks. */
const DEFAULT_SEED = '1531922880';

export function printResults({ ok, results, reason, durationMs }, label = 'host tests', seed) {
  if (results?.order && results.order.length > 1) console.log(`file order${seed ? ` (ACP_CHAT_TEST_SEED=${seed})` : ''}: ${results.order.join(', ')}`);
  if (results) {
    for (const t of results.tests) {
      const mark = t.state === 'passed' ? '✓' : t.state === 'failed' ? '✗' : '-';
      console.log(`  ${mark} ${t.title}${t.durationMs !== undefined ? ` (${t.durationMs} ms)` : ''}`);
      if (t.error) console.log(t.error.replace(/^/gm, '      '));
    }
  }
  if (!ok) console.log(`${label}: FAILED — ${reason}`);
  console.log(`${label} finished in ${formatMs(durationMs)}`);
  // The plain closing line, read by CI.
  console.log(`${results?.passed ?? 0} passed, ${results?.failed ?? 0} failed, ${results?.pending ?? 0} skipped`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      smoke: { type: 'boolean', default: false },
      // The suite in test/host-nofolder, run in a window with no folder open.
      'no-folder': { type: 'boolean', default: false },
      // The suite in test/host-untrusted, run with workspace trust on (the bed turns it off by default): Restricted Mode.
      untrusted: { type: 'boolean', default: false },
      extension: { type: 'string' },
      tests: { type: 'string' },
      workspace: { type: 'string' },
      timeout: { type: 'string' },
      stall: { type: 'string' },
      keep: { type: 'boolean', default: false },
      // Where to write the counts ({passed, failed, pending}) for scripts/test.mjs's summary.
      results: { type: 'string' },
    },
  });
  const extensionPath = values.extension ?? (values.smoke ? join(repo, 'test/testbed/smoke-extension') : repo);
  const suite = values.smoke ? HOST_SUITES.smoke : values['no-folder'] ? HOST_SUITES.noFolder : values.untrusted ? HOST_SUITES.untrusted : HOST_SUITES.host;
  const extensionTestsPath = values.tests ?? (await buildHostTests(suite));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ACP_')));
  // The smoke suite checks that variables given to the bed reach the extension host.
  if (values.smoke) env.ACP_SMOKE_MARK ??= 'from-the-runner';
  // The host suite's files run shuffled (test/host/index.ts), the seed printed with the order: ACP_CHAT_TEST_SEED=<n>,
  // `random` for a new seed, `named` for their names' order; by default a fixed seed, so a run is repeatable.
  env.ACP_CHAT_TEST_SEED ??= DEFAULT_SEED;
  if (env.ACP_CHAT_TEST_SEED === 'named') env.ACP_CHAT_TEST_ORDER = 'named';
  else if (!/^\d+$/.test(env.ACP_CHAT_TEST_SEED)) env.ACP_CHAT_TEST_SEED = String(Math.floor(Math.random() * 2 ** 31));
  const result = await runHostTests({
    extensionPath,
    extensionTestsPath,
    workspace: values['no-folder'] ? null : values.workspace,
    settings: values.untrusted ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : undefined,
    env,
    timeoutMs: values.timeout ? Number(values.timeout) * 1000 : undefined,
    stallMs: values.stall ? Number(values.stall) * 1000 : undefined,
    keep: values.keep,
  });
  printResults(result, undefined, env.ACP_CHAT_TEST_ORDER === 'named' ? undefined : env.ACP_CHAT_TEST_SEED);
  if (values.results) {
    const r = result.results;
    mkdirSync(dirname(resolve(values.results)), { recursive: true });
    const failedTests = (r?.tests ?? []).filter((t) => t.state === 'failed').map((t) => t.title);
    writeFileSync(values.results, JSON.stringify({ passed: r?.passed ?? 0, failed: r?.failed ?? (result.ok ? 0 : 1), pending: r?.pending ?? 0, failedTests }));
  }
  process.exit(result.ok ? 0 : 1);
}
