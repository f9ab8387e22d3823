// The benchmark: every figure is a ratio against a floor measured in the same run (see each section's file). Prints a
// table and returns the results; scripts/bench.mjs writes them to bench/results.json and draws bench/chart.svg.
// Never a timed assertion: `check` only refuses to report a figure for a run that did not do the work.
import { fmtMs, fmtRatio, table } from './harness';
import { screenBench, type ScreenFigure } from './screenBench';
import { startupBench, type StartupFigure } from './startupBench';
import { wireBench, type WireFigure } from './wireBench';

export interface BenchSizes {
  chunks: number;
  tools: number;
  screenChunks: number;
  screenTools: number;
  wireRuns: number;
  startupRuns: number;
}

export const FULL: BenchSizes = { chunks: 20_000, tools: 2_000, screenChunks: 20_000, screenTools: 2_000, wireRuns: 5, startupRuns: 5 };
export const QUICK: BenchSizes = { chunks: 200, tools: 20, screenChunks: 200, screenTools: 20, wireRuns: 1, startupRuns: 1 };

export interface BenchResults {
  at: string;
  machine: { node: string; cpus: number; platform: string };
  sizes: BenchSizes;
  wire?: WireFigure[];
  screen?: ScreenFigure[];
  startup?: StartupFigure;
  /** Goals from issue 13, beside the figures they apply to. */
  goals: Record<string, string>;
}

export const GOALS = {
  wireRatio: '≤ 1.5x the bare SDK',
  lastOverFirst: '≤ 1.3x',
  longestTask: '< 50 ms',
  heapAfterTools: '< 150 MB after 2,000 tool calls',
  activation: '< 30 ms',
  sessionReadyRatio: '≤ 1.05x a bare SDK script',
  approvalP95: '< 30 ms (not measured by this bench)',
};

export async function runBench(opts: { root: string; node: string; tmp: string; sizes: BenchSizes; only: string[]; out: (s: string) => void }): Promise<BenchResults> {
  const { root, node, tmp, sizes, only, out } = opts;
  const os = await import('node:os');
  const results: BenchResults = { at: new Date().toISOString(), machine: { node: process.version, cpus: os.cpus().length, platform: process.platform }, sizes, goals: GOALS };
  const want = (s: string) => only.length === 0 || only.includes(s);

  if (want('wire')) {
    results.wire = await wireBench(root, node, { chunks: sizes.chunks, tools: sizes.tools, runs: sizes.wireRuns });
    out(
      table(
        `Wire to state (scripted agent over stdio, prompt sent → answered with every update in the session; median of ${sizes.wireRuns}).\n` +
          `floor = the same stream read by the SDK with a no-op handler. Goal ${GOALS.wireRatio}.`,
        ['stream', 'updates', 'ours ms', 'floor ms', 'ours/floor'],
        results.wire.map((w) => [w.scenario, w.updates, fmtMs(w.oursMs), fmtMs(w.floorMs), fmtRatio(w.ratio)]),
      ) + '\n',
    );
  }

  if (want('screen')) {
    results.screen = await screenBench(root, { chunks: sizes.screenChunks, tools: sizes.screenTools });
    out(
      table(
        `State to screen in Chromium (real webview bundle, real messages; per update = handler + the frame it asked for + layout).\n` +
          `floor = the same messages put into the DOM as plain text. Goals: last/first ${GOALS.lastOverFirst}, longest task ${GOALS.longestTask}, heap ${GOALS.heapAfterTools}.`,
        ['scenario', 'msgs', 'total ms', 'floor ms', 'ours/floor', 'first ms', 'last ms', 'last/first', 'floor l/f', 'max upd ms', 'long tasks', 'longest', 'DOM nodes', 'floor DOM', 'heap MB', 'floor heap'],
        results.screen.map((s) => [
          s.scenario,
          s.messages,
          fmtMs(s.totalMs),
          fmtMs(s.floorTotalMs),
          fmtRatio(s.ratio),
          s.firstMeanMs.toFixed(3),
          s.lastMeanMs.toFixed(3),
          s.lastOverFirst.toFixed(2),
          s.floorLastOverFirst.toFixed(2),
          fmtMs(s.maxUpdateMs),
          s.longTasks,
          fmtMs(s.longestTaskMs),
          s.domNodes,
          s.floorDomNodes,
          s.heapMB.toFixed(1),
          s.floorHeapMB.toFixed(1),
        ]),
      ) + '\n',
    );
  }

  if (want('startup')) {
    const s = (results.startup = await startupBench(root, node, tmp, sizes.startupRuns));
    out(
      table(
        `Start-up. Bundle evaluation = require(dist/extension.js) in a fresh Node (vscode stubbed), floor = an empty module.\n` +
          `Session ready = spawn → initialize → session/new → set_mode with the real adapter (fake model API); floor = a bare SDK script.`,
        ['figure', 'ours', 'floor', 'ratio', 'goal'],
        [
          ['extension bundle', `${(s.extensionBundleBytes / 1024).toFixed(0)} KB`, '', '', ''],
          ['webview bundle', `${(s.webviewBundleBytes / 1024).toFixed(0)} KB`, '', '', ''],
          ['bundle evaluation (activation load)', `${fmtMs(s.bundleEvalMs)} ms`, `${fmtMs(s.emptyEvalMs)} ms`, fmtRatio(s.bundleEvalMs / s.emptyEvalMs), GOALS.activation],
          [`session ready (median of ${sizes.startupRuns})`, `${fmtMs(s.sessionReadyMs)} ms`, `${fmtMs(s.bareSdkMs)} ms`, s.sessionReadyRatio.toFixed(3) + 'x', GOALS.sessionReadyRatio],
        ],
      ) + '\n',
    );
  }
  return results;
}

export { chartSvg } from './chart';
