// Benchmark plumbing: the real App on a jsdom root with frames run by hand, a MutationObserver tally, a fake clock
// for the publisher's ticks, and table printing. Needs DOM globals (scripts/bench.mjs installs jsdom's).
import { App } from '../../src/webview/app/app';
import { renderMarkdown } from '../../src/webview/app/markdown';

export interface MountedApp {
  app: App;
  root: HTMLElement;
  /** Runs the animation frames the app asked for (deferred markdown renders). */
  frame(): void;
  /** How many times markdown was parsed (agent text, thoughts, tool text). */
  markdownRenders(): number;
  /** Detaches the root so the next app measures alone. */
  unmount(): void;
}

export function mountApp(windowSize?: number): MountedApp {
  const root = document.createElement('div');
  document.body.appendChild(root);
  const frames: (() => void)[] = [];
  let parses = 0;
  const md = (text: string) => {
    parses++;
    return renderMarkdown(text);
  };
  const app = new App({ post: () => {}, root, renderMarkdown: md, requestFrame: (cb) => frames.push(cb), windowSize });
  return { app, root, frame: () => frames.splice(0).forEach((f) => f()), markdownRenders: () => parses, unmount: () => root.remove() };
}

/** Counts DOM mutations under a root: records, and nodes added + removed by childList records. */
export class MutationTally {
  records = 0;
  nodes = 0;
  private readonly observer: MutationObserver;

  constructor(root: Node) {
    this.observer = new MutationObserver((rs) => this.add(rs));
    this.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }

  /** Takes the queued records now, so a synchronous loop is counted without waiting for microtasks. */
  collect(): void {
    this.add(this.observer.takeRecords());
  }

  stop(): void {
    this.collect();
    this.observer.disconnect();
  }

  private add(rs: MutationRecord[]): void {
    for (const r of rs) {
      this.records++;
      this.nodes += r.addedNodes.length + r.removedNodes.length;
    }
  }
}

/** A manual clock implementing the publisher's `schedule`: timers fire only when `advanceTo` passes them. */
export class FakeClock {
  now = 0;
  private seq = 0;
  private timers: { at: number; seq: number; fn: () => void; live: boolean }[] = [];

  readonly schedule = (fn: () => void, ms: number): (() => void) => {
    const t = { at: this.now + ms, seq: this.seq++, fn, live: true };
    this.timers.push(t);
    return () => {
      t.live = false;
    };
  };

  advanceTo(time: number): void {
    for (;;) {
      this.timers = this.timers.filter((t) => t.live);
      let next: (typeof this.timers)[number] | undefined;
      for (const t of this.timers) if (t.at <= time && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t;
      if (!next) break;
      next.live = false;
      this.now = next.at;
      next.fn();
    }
    this.now = time;
  }
}

export function timed<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

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

export const fmtMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
export const fmtRatio = (r: number): string => (r >= 100 ? `${r.toFixed(0)}x` : `${r.toFixed(1)}x`);
