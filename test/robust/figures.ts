// The figures the robustness suite prints: each area counts the cases it tried and what went wrong, and appends one
// line to test-results/robust-figures.jsonl; test/robust/run.mjs prints them as the closing table. Counted while the
// cases run (never written by hand), and recorded before the test asserts, so a failing area still shows its figures.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results', 'robust-figures.jsonl');

export interface Tally {
  area: string;
  cases: number;
  failures: number;
  hangs: number;
  dataLost: number;
  /** Short descriptions of the first failures, for the report. */
  samples: string[];
  /** A figure beyond the four columns (a memory bound, a count of kills), shown in the notes column. */
  note?: string;
}

export function tally(area: string): Tally {
  return { area, cases: 0, failures: 0, hangs: 0, dataLost: 0, samples: [] };
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
