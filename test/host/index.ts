// Mocha entry run inside the real extension host (extensionTestsPath). It loads every compiled `*.test.js` beside
// it (recursively), runs them with the tdd interface, prints a spec report and writes a JSON summary to the file
// named by ACP_CHAT_TEST_RESULTS so that the runner outside VS Code reads the outcome without scraping logs. While it
// runs, the results so far and the test running now go to `<file>.progress`: the runner's watchdog judges a stall by
// it, and a run that stalls is reported with what had passed and where it stopped.
// The files run in a shuffled order from ACP_CHAT_TEST_SEED (the runner picks and prints it), so that no suite leans
// on what another left behind; ACP_CHAT_TEST_ORDER=named keeps their names' order. Three suites are stages of the one
// extension life in this window and keep their places: lazy activation first; then, after the others, the reload
// (its new activation replaces the one whose side view is on screen) and deactivation.
// Works under test/testbed/runHostTests.mjs and under @vscode/test-electron / @vscode/test-cli alike.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import Mocha from 'mocha';
import { seededRandom } from '../robust/random';

/** Suites that are stages of the window's one extension life, not features: they keep these places. */
const FIRST = ['activation.test.js'];
const LAST = ['reviewComments.test.js', 'conversations.test.js', 'shutdown.test.js'];

/** Shape of the results file; runHostTests.mjs reads it. */
export interface HostTestResults {
  passed: number;
  failed: number;
  pending: number;
  durationMs: number;
  tests: { title: string; state: 'passed' | 'failed' | 'pending'; durationMs?: number; error?: string }[];
  /** Set when the run could not start (no test files, a test file that throws on load). */
  fatal?: string;
  /** The test files in the order they ran (relative to the entry). */
  order?: string[];
  /** In the progress file only: the test running when it was written. */
  running?: string;
}

export function run(): Promise<void> {
  const started = Date.now();
  const results: HostTestResults = { passed: 0, failed: 0, pending: 0, durationMs: 0, tests: [] };
  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    timeout: Number(process.env.ACP_CHAT_TEST_TIMEOUT ?? 20_000),
    grep: process.env.ACP_CHAT_TEST_GREP || undefined,
  });
  return new Promise<void>((resolve, reject) => {
    const finish = (err?: unknown) => {
      results.durationMs = Date.now() - started;
      if (err !== undefined) results.fatal = err instanceof Error ? (err.stack ?? err.message) : String(err);
      writeResults(results);
      if (results.fatal) reject(new Error(results.fatal));
      else if (results.failed > 0) reject(new Error(`${results.failed} host test(s) failed`));
      else resolve();
    };
    try {
      const named = findTests(__dirname);
      if (named.length === 0) throw new Error(`no *.test.js files under ${__dirname}`);
      const files = process.env.ACP_CHAT_TEST_ORDER === 'named' ? named : inRunOrder(named, Number(process.env.ACP_CHAT_TEST_SEED ?? 1));
      results.order = files.map((f) => relative(__dirname, f));
      for (const f of files) mocha.addFile(f);
      const runner = mocha.run();
      runner.on('test', (t) => writeProgress(results, t.fullTitle()));
      runner.on('pass', (t) => {
        results.passed++;
        results.tests.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration });
        writeProgress(results);
      });
      runner.on('fail', (t, err: Error) => {
        results.failed++;
        results.tests.push({ title: t.fullTitle(), state: 'failed', error: err?.stack ?? String(err) });
        writeProgress(results);
      });
      runner.on('pending', (t) => {
        results.pending++;
        results.tests.push({ title: t.fullTitle(), state: 'pending' });
        writeProgress(results);
      });
      runner.on('end', () => finish());
    } catch (err) {
      finish(err);
    }
  });
}

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findTests(p));
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

/** The first and last stages in their places; the rest shuffled (Fisher–Yates: the same seed, the same order). */
function inRunOrder(files: readonly string[], seed: number): string[] {
  const pinned = (names: string[]) => names.flatMap((name) => files.filter((f) => basename(f) === name));
  const rest = files.filter((f) => !FIRST.includes(basename(f)) && !LAST.includes(basename(f)));
  const random = seededRandom(seed);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...pinned(FIRST), ...rest, ...pinned(LAST)];
}

function writeResults(results: HostTestResults): void {
  const file = process.env.ACP_CHAT_TEST_RESULTS;
  const line = `host tests: ${results.passed} passed, ${results.failed} failed, ${results.pending} pending`;
  console.log(line);
  if (file) writeWhole(file, results);
}

function writeProgress(results: HostTestResults, running?: string): void {
  const file = process.env.ACP_CHAT_TEST_RESULTS;
  if (file) writeWhole(`${file}.progress`, { ...results, running });
}

/** Written whole then renamed, so the runner never reads half a file. */
function writeWhole(file: string, results: HostTestResults): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(results, null, 2));
  renameSync(`${file}.tmp`, file);
}
