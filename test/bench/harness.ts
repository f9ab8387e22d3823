// Benchmark plumbing: the sanity check that keeps a run that did not do the work from printing a figure, and tables.

/** Throws when a sanity check fails: a fast but wrong variant must not produce a figure. */
export function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bench sanity check failed: ${what}`);
}

export function table(title: string, head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [title, line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** The middle sample (the lower of the two middle ones for an even count). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

export const fmtMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
export const fmtRatio = (r: number): string => (r >= 100 ? `${r.toFixed(0)}x` : `${r.toFixed(2)}x`);
