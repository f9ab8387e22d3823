// The figures the robustness suite prints: each area counts the cases it tried and what went wrong, and appends one
// line to test-results/robust-figures.jsonl; test/robust/run.mjs prints them as the closing table. Counted while the
// cases run (never written by hand), and recorded before the test asserts, so a failing area still shows its figures.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results', 'robust-figures.jsonl');

export interface Tally {
  area: string;
  /** Cases made (generated, mutated, listed). */
  generated: number;
  /** Of those, the cases that reached the code under test (not refused earlier, e.g. by the SDK's schema). */
  reached: number;
  /** Assertions made on what the code under test did with them (each `check` call, pass or fail). */
  checks: number;
  /** Why the cases that did not reach it stopped earlier (printed on its own line), when any did not. */
  refusedBy?: string;
  failures: number;
  hangs: number;
  dataLost: number;
  /** Short descriptions of the first failures, for the report. */
  samples: string[];
  /** A figure beyond the four columns (a memory bound, a count of kills), shown in the notes column. */
  note?: string;
}

export function tally(area: string): Tally {
  return { area, generated: 0, reached: 0, checks: 0, failures: 0, hangs: 0, dataLost: 0, samples: [] };
}

/** One check of the code under test's behaviour: counted, and a failure (with `description`) when `ok` is false. */
export function check(t: Tally, ok: boolean, description: string, what: Outcome = 'failure'): boolean {
  t.checks++;
  if (!ok) fail(t, what, description);
  return ok;
}

/**
 * The count an area runs: its default, raised (never lowered) by an environment variable. The runner
 * (test/robust/run.mjs) holds the minimum each area must reach, independently of this.
 */
export function atLeast(defaultCount: number, envValue: string | undefined): number {
  const asked = Number(envValue);
  return Number.isFinite(asked) && asked > defaultCount ? Math.floor(asked) : defaultCount;
}

export type Outcome = 'failure' | 'hang' | 'dataLost';

/** Count one bad outcome (and keep its description if it is among the first few). */
export function fail(t: Tally, what: Outcome, description: string): void {
  if (what === 'failure') t.failures++;
  else if (what === 'hang') t.hangs++;
  else t.dataLost++;
  if (t.samples.length < 5) t.samples.push(`${what}: ${description}`);
}

export function record(t: Tally): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, JSON.stringify(t) + '\n');
}

/** Rejects with a "hang" marker when `p` does not settle within `ms`. */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HangError(`${what} did not settle within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class HangError extends Error {}

/** Watches for unhandled rejections and uncaught exceptions while an area runs. */
export function watchProcess(): { errors: string[]; stop(): void } {
  const errors: string[] = [];
  const onRejection = (reason: unknown) => errors.push(`unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
  const onException = (err: Error) => errors.push(`uncaught exception: ${err.stack}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    errors,
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
