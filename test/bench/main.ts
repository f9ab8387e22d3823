// The benchmark: every figure is a ratio against a floor measured in the same run (see each section's file). Prints a
// table and returns the results; scripts/bench.mjs writes them to bench/results.json and draws bench/chart.svg.
// Never a timed assertion: `check` only refuses to report a figure for a run that did not do the work.
import { fmtMs, fmtRatio, table } from './harness';
import { loadBench, type LoadFigure } from './loadBench';
import { hostBench, type ApprovalFigure, type HostFigure } from './hostBench';
import { SCREEN_ROUNDS, screenBench, type ScreenFigure } from './screenBench';
import { startupBench, type StartupFigure } from './startupBench';
import { idleBench, totalCallbacks, type IdleFigure } from './idleBench';
import { streamBench, type StreamFigure } from './streamBench';
import { manyCallsBench, type ManyCallsFigure } from './manyCallsBench';
import { wireBench, type WireFigure } from './wireBench';
import type { CpuShare } from './cpuShare';

export interface BenchSizes {
  chunks: number;
  tools: number;
  screenChunks: number;
  screenTools: number;
  /** Tool calls of each of the three subagents in the subagents scenario (the page-size figure also runs a tenth). */
  screenSubagentCalls: number;
  /** Rounds of each screen scenario (ours, then the floor's page); last/first is the median round's. */
  screenRounds: number;
  wireRuns: number;
  startupRuns: number;
  approvals: number;
  /** Turns of the conversation the load section replays, and its runs (median). */
  loadTurns: number;
  /** The reopen figures' conversation sizes (turns). */
  reopenTurns: number[];
  loadRuns: number;
}

export const FULL: BenchSizes = {
  chunks: 20_000,
  tools: 2_000,
  screenChunks: 20_000,
  screenTools: 2_000,
  screenSubagentCalls: 100,
  screenRounds: SCREEN_ROUNDS,
  wireRuns: 5,
  startupRuns: 5,
  approvals: 100,
  loadTurns: 1000,
  reopenTurns: [40, 80, 400],
  loadRuns: 3,
};
export const QUICK: BenchSizes = {
  chunks: 200,
  tools: 20,
  screenChunks: 200,
  screenTools: 20,
  screenSubagentCalls: 10,
  screenRounds: 1,
  wireRuns: 1,
  startupRuns: 1,
  approvals: 5,
  loadTurns: 20,
  reopenTurns: [4, 8],
  loadRuns: 1,
};

export interface BenchResults {
  at: string;
  machine: { node: string; cpus: number; platform: string };
  sizes: BenchSizes;
  wire?: WireFigure[];
  screen?: ScreenFigure[];
  startup?: StartupFigure;
  load?: LoadFigure;
  /** Reopening conversations of the sizes people keep (80 and 400 turns): the same measure as `load`. */
  reopen?: LoadFigure[];
  idle?: IdleFigure;
  /** A long reply end to end in VS Code: the real adapter's wire to the chat's screen, beside a floor in the same webview. */
  stream?: StreamFigure;
  calls?: ManyCallsFigure;
  host?: HostFigure;
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
  bundledAdapter: '≤ 1x the adapter from node_modules',
  approvalP95: '< 30 ms p95',
  idle: '0 callbacks and 0 running animations in 10 s after a turn ends',
  manyCalls: '< 1,000 elements, no task ≥ 50 ms',
  reopen: 'last turn shown ≤ 1 s after the load starts',
  pageSize: 'elements after 40 and 400 turns within 10% of each other, < 3,000',
  subagentPageSize: 'elements with 100 and with 10 calls per subagent within 10% of each other, < 3,000',
  streamEnd: 'the end on screen ≤ 150 ms after the last update on the wire',
  streamTask: 'no task ≥ 50 ms',
  streamCost: '≤ 2x the floor',
  streamFrameGrowth:
    "a frame's cost late in a 2,000-line code block within 1.5x of early in it (median ms per frame, its last tenth against its first, ≥ 20 frames each, the code written at a steady pace)",
  keyEcho: 'key echo p95 < 50 ms while a reply streams (≥ 100 keys)',
  adapterPace:
    "the model API's first delta → the end on screen ≤ 1.2x the bare client's first delta → last chunk, both behind the same relay (median of the rounds)",
  scroll: 'every screen shown in the frame of its scroll, once laid out',
  hostShare:
    "the host's share of the last update's way (the wire → its patch's stamp) ≤ 30 ms for both large replies (the long burst's every round and the code reply)",
};

export async function runBench(opts: {
  root: string;
  node: string;
  tmp: string;
  sizes: BenchSizes;
  only: string[];
  out: (s: string) => void;
}): Promise<BenchResults> {
  const { root, node, tmp, sizes, only, out } = opts;
  const os = await import('node:os');
  const results: BenchResults = {
    at: new Date().toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, platform: process.platform },
    sizes,
    goals: GOALS,
  };
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
    results.screen = await screenBench(root, {
      chunks: sizes.screenChunks,
      tools: sizes.screenTools,
      subagentCalls: sizes.screenSubagentCalls,
      rounds: sizes.screenRounds,
    });
    out(
      table(
        `State to screen in Chromium (real webview bundle, real messages; per update = handler + the frame it asked for + layout).\n` +
          `floor = the same messages put into the DOM as plain text. Goals: last/first ${GOALS.lastOverFirst}, longest task ${GOALS.longestTask}, heap ${GOALS.heapAfterTools}.\n` +
          `${sizes.screenRounds} round(s) of each scenario (our page, then the floor's): the row is the round whose last/first is the median; long tasks, the slowest update and the heap over all rounds.`,
        [
          'scenario',
          'msgs',
          'total ms',
          'floor ms',
          'ours/floor',
          'first ms',
          'last ms',
          'last/first',
          'floor l/f',
          'max upd ms',
          'long tasks',
          'longest',
          'DOM nodes',
          'floor DOM',
          'heap MB',
          'floor heap',
        ],
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
      ) +
        '\n' +
        results.screen
          .map(
            (s) =>
              `last/first by round in "${s.scenario}": ours ${s.roundsLastOverFirst.map((x) => x.toFixed(2)).join(', ')}; floor ${s.floorRoundsLastOverFirst.map((x) => x.toFixed(2)).join(', ')}\n`,
          )
          .join('') +
        results.screen
          .filter((s) => s.pageSize)
          .map((s) => {
            const p = s.pageSize!;
            return (
              `page size in "${s.scenario}" (elements in #root; goal ${GOALS.subagentPageSize}): at the end ${p.elements} with ${p.calls} calls per subagent vs ${p.tenthElements} with ${p.tenthCalls} = ${fmtRatio(p.elements / p.tenthElements)} ` +
              `(floor ${p.floorElements} vs ${p.floorTenthElements}); every call done, the lanes still running: ${p.runningElements} vs ${p.tenthRunningElements} = ${fmtRatio(p.runningElements / p.tenthRunningElements)}; ` +
              `${p.longTasks} tasks ≥ 50 ms in these runs; each lane unfolded shows ${p.callsShown.join(', ')} calls\n`
            );
          })
          .join('') +
        results.screen
          .flatMap((s) =>
            s.longFrames.map(
              (f) =>
                `frame with a long task in "${s.scenario}": ${fmtMs(f.ms)} ms = scripts ${fmtMs(f.scriptMs)} ms (longest: ${f.script || 'none'}), style and layout ${fmtMs(f.styleLayoutMs)} ms, the rest ${fmtMs(Math.max(0, f.ms - f.scriptMs - f.styleLayoutMs))} ms\n`,
            ),
          )
          .join('') +
        '\n',
    );
  }

  if (want('idle')) {
    const i = (results.idle = await idleBench(root));
    const words = (c: Record<string, number>) =>
      Object.entries(c)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none';
    out(
      table(
        `Idle: the ${i.windowMs / 1000} s after a turn ends and is on screen (real webview bundle in Chromium): callbacks the page's timers and frames ran, and CSS animations running.\n` +
          `floor = the plain-text page fed the same turn. Goal: ${GOALS.idle}.`,
        ['page', 'callbacks', 'by API', 'running animations'],
        [
          ['ours', totalCallbacks(i.callbacks), words(i.callbacks), i.runningAnimations],
          ['floor', totalCallbacks(i.floorCallbacks), words(i.floorCallbacks), i.floorRunningAnimations],
        ],
      ) + '\n',
    );
  }

  if (want('stream')) {
    const st = (results.stream = streamBench(root, node));
    const rows: (string | number)[][] = [];
    for (const c of st.cases) {
      const o = c.ours;
      const f = c.floor;
      const split = streamSplit(c);
      rows.push([
        `${caseLabel(c)}: ours`,
        o.messages,
        `${fmtMs(o.endShown - c.wire.last)} ms`,
        `host ${fmtMs(split.host)} / transport ${fmtMs(split.transport)} / page ${fmtMs(split.page)}`,
        `${fmtMs(o.busyMs)} ms (${fmtRatio(o.busyMs / f.busyMs)})`,
        o.frames,
        o.longTasks,
        `${fmtMs(o.longestTaskMs)} ms`,
      ]);
      rows.push([
        `${caseLabel(c)}: floor`,
        f.messages,
        `${fmtMs(f.endShown - f.lastMessage)} ms after its last message`,
        '',
        `${fmtMs(f.busyMs)} ms`,
        f.frames,
        f.longTasks,
        `${fmtMs(f.longestTaskMs)} ms`,
      ]);
    }
    const real = st.cases.find((c) => c.name === 'realistic');
    out(
      table(
        `Replies end to end in VS Code: the real adapter relays replies from the fake Messages API, shown in the chat's webview. ` +
          `realistic (the main case): ${kb(st, 'realistic')} of markdown in ${real?.deltas} deltas at a model's pace (${st.modelPace.tokensPerSecond} tokens/s, ~${st.modelPace.charsPerToken} characters a token, in bursts every ${st.modelPace.burstMs} ms; it wrote for ${real ? fmtMs(real.model.last - real.model.first) : 'n/a'} ms), typed into throughout. ` +
          `Stress cases, written all at once (a burst no model sends): long, ${kb(st, 'long')} in ${DELTAS_LABEL} deltas (${st.bare.length} rounds); list, 300 short items, ${kb(st, 'list')}. code: one 2,000-line block, ${kb(st, 'code')}, written at a steady 10 s.\n` +
          `floor = the same webview afterwards, given the same text in the same pieces at the moments ours received them, appending plain paragraphs. ` +
          `The split of the last update's way: host = the wire to the patch's stamp, transport = the stamp to the page's message, page = the message to the end on screen. ` +
          `Goals: ${GOALS.streamEnd}; ${GOALS.streamTask}; main-thread work ${GOALS.streamCost}.`,
        ['reply: page', 'messages', 'last update on the wire → end on screen', 'its split', 'main-thread work (/ floor)', 'frames', 'tasks ≥ 50 ms', 'longest'],
        rows,
      ) + '\n',
    );
    const code = st.cases.find((c) => c.name === 'code');
    const growth = code ? frameGrowth(code.ours.openCodeFrames ?? []) : undefined;
    const keys = real?.ours.keyEchoMs ?? [];
    const paces = adapterPaces(st);
    out(
      table(
        `The same run: a frame's cost along the code block while it is written (median ms per frame, its first and last tenth); keys typed into the composer while the realistic reply streamed (the key's event to the end of the next frame); ` +
          `and the whole path against the adapter's own pace: the long burst, each round of the chat followed by a bare ACP client running it through the same adapter, fake API and relay, recording only arrivals. ` +
          `Goals: ${GOALS.streamFrameGrowth}; ${GOALS.keyEcho}; ${GOALS.adapterPace}.`,
        ['measure', 'ours', 'floor', 'ratio'],
        [
          [
            'code block still being written: median ms per frame, first tenth → last',
            growth ? `${fmtMs(growth.first)} → ${fmtMs(growth.last)} ms (${growth.firstFrames} / ${growth.lastFrames} frames)` : 'n/a',
            '',
            growth ? fmtRatio(growth.last / growth.first) : '',
          ],
          [
            'key to echo while streaming (median / p95 / max)',
            keys.length ? `${fmtMs(median(keys))} / ${fmtMs(p95(keys))} / ${fmtMs(Math.max(...keys))} ms (${keys.length} keys)` : 'n/a',
            '',
            '',
          ],
          ...paces.map((p, i) => [
            `round ${i + 1}: model API's first delta → end on screen (chat) vs → last chunk (bare client)`,
            `${fmtMs(p.ours)} ms`,
            `${fmtMs(p.bare)} ms`,
            fmtRatio(p.ours / p.bare),
          ]),
        ],
      ) + '\n',
    );
    const heldUp = st.cases.filter((c) => c.workbenchFrames?.length);
    if (heldUp.length)
      out(
        table(
          `The same run: the workbench page's frames with a task of 50 ms or more while each reply streamed (Long Animation Frames API; the webview shares the workbench renderer's thread), with the longest script of each.`,
          ['reply', 'frame', 'scripts', 'style and layout', 'longest script'],
          heldUp.flatMap((c) =>
            c.workbenchFrames!.map((f) => [caseLabel(c), `${fmtMs(f.ms)} ms`, `${fmtMs(f.scriptMs)} ms`, `${fmtMs(f.styleLayoutMs)} ms`, f.script || '(none)']),
          ),
        ) + '\n',
      );
    const shares = cpuShares(st);
    if (shares.length)
      out(
        table(
          `The same run: where the machine's ${CORES_LABEL} cores went over each round of the long burst, from the prompt sent to the turn's end, the chat's round and then the bare client's (ms on a core, all threads; "waited": ms its main thread was runnable but had no core).`,
          ['round', 'wall', ...CPU_ROLES],
          shares.flatMap(({ round, chat, bare }) => [
            [`${round}: chat`, fmtMs(chat.wallMs), ...CPU_ROLES.map((r) => cpuCell(chat, r))],
            [`${round}: bare client`, bare ? fmtMs(bare.wallMs) : 'n/a', ...CPU_ROLES.map((r) => (bare ? cpuCell(bare, r) : ''))],
          ]),
        ) + '\n',
      );
    if (st.hostProfile)
      out(
        table(
          `The extension host's CPU profile over one more long burst (${st.hostProfile.file}; ${fmtMs(st.hostProfile.totalMs)} ms profiled): the functions with the most self time.`,
          ['function', 'where', 'self ms'],
          st.hostProfile.top.slice(0, 15).map((t) => [t.fn, t.url, fmtMs(t.selfMs)]),
        ) + '\n',
      );
  }

  const turns = results.stream?.subagents ?? [];
  if (turns.length) {
    out(
      table(
        `The same run: one turn of three subagents through the real adapter, each reading files one Read per model reply, in a new chat each time, in the chat's webview. ` +
          `Goals: ${GOALS.streamTask} (over the turn); ${GOALS.subagentPageSize} (elements in #root once the turn is idle).`,
        ['calls per subagent', 'turn (prompt → idle)', 'tasks ≥ 50 ms', 'longest', 'elements at the end', 'calls shown per lane'],
        turns.map((t) => [t.calls, `${fmtMs(t.turnMs)} ms`, t.longTasks, `${fmtMs(t.longestTaskMs)} ms`, t.elements, t.callsShown.join(', ')]),
      ) +
        '\n' +
        turns
          .flatMap((t) =>
            [...t.longFrames.map((f) => ['webview', f] as const), ...t.workbenchFrames.map((f) => ['workbench page', f] as const)].map(
              ([where, f]) =>
                `frame with a long task (${where}), ${t.calls} calls per subagent: ${fmtMs(f.ms)} ms = scripts ${fmtMs(f.scriptMs)} ms (longest: ${f.script || 'none'}), style and layout ${fmtMs(f.styleLayoutMs)} ms\n`,
            ),
          )
          .join('') +
        '\n',
    );
  }

  if (want('calls')) {
    const c = (results.calls = await manyCallsBench(root));
    out(
      table(
        `One turn of ${c.calls} tool calls (runs of ten reads, edits with diffs and commands), one call per flush, real webview bundle in Chromium: the page's elements at the end.\n` +
          `floor = the plain-text page (a card of title and diff per call). Goal: ${GOALS.manyCalls}.`,
        ['page', 'elements', 'folded lines', 'long tasks', 'longest'],
        [
          ['ours', c.elements, c.groups, c.longTasks, `${fmtMs(c.longestTaskMs)} ms`],
          ['floor', c.floorElements, '', '', ''],
        ],
      ) + '\n',
    );
  }

  if (want('load')) {
    const l = (results.load = await loadBench(root, sizes.loadTurns, sizes.loadRuns));
    out(
      table(
        `Loading a conversation of ${l.turns} turns (${l.updates} replayed updates, ${l.entries} entries; median of ${l.runs}): the real Session folds the session/load replay\n` +
          `with its change events held back, then the real webview bundle in Chromium shows the one snapshot (handler + frame, the last tool call checked on screen).\n` +
          `floor = the same page showing the same transcript from a snapshot that already exists (the replay's own cost is the difference).`,
        ['figure', 'ours ms', 'floor ms', 'ours/floor'],
        [
          ['replay folded (Node)', fmtMs(l.foldMs), '', ''],
          ['snapshot shown (Chromium)', fmtMs(l.showMs), '', ''],
          ['load, in all', fmtMs(l.oursMs), fmtMs(l.floorMs), fmtRatio(l.ratio)],
        ],
      ) + '\n',
    );
    const reopen: LoadFigure[] = [];
    const longest = Math.max(...sizes.reopenTurns);
    for (const turns of sizes.reopenTurns) reopen.push(await loadBench(root, turns, sizes.loadRuns, turns === longest));
    results.reopen = reopen;
    out(
      table(
        `Reopening the conversations people keep: the same load (replay folded, then shown with its last tool call checked on screen), median of ${sizes.loadRuns}. Goals: ${GOALS.reopen}; ${GOALS.pageSize}.\n` +
          `Scrolling (the longest): a walk from the end to the top one screen at a time, twice; a screen counts when the viewport is covered by turns in the frame of its scroll. Goal: ${GOALS.scroll}.`,
        ['turns', 'entries', 'folded ms', 'shown ms', 'in all ms', 'floor ms', 'page elements', 'screens covered, 1st walk', '2nd walk'],
        reopen.map((r) => [
          r.turns,
          r.entries,
          fmtMs(r.foldMs),
          fmtMs(r.showMs),
          fmtMs(r.oursMs),
          fmtMs(r.floorMs),
          r.elements,
          r.scroll ? `${r.scroll.first.covered}/${r.scroll.first.screens}` : '',
          r.scroll ? `${r.scroll.second.covered}/${r.scroll.second.screens}` : '',
        ]),
      ) + '\n',
    );
  }

  if (want('startup')) {
    const s = (results.startup = await startupBench(root, node, tmp, sizes.startupRuns));
    out(
      table(
        `Start-up. Bundle evaluation = require(dist/extension.js) in a fresh Node (vscode stubbed; Node's modules it uses loaded first, as in VS Code's extension host), floor = an empty module.\n` +
          `Session ready = spawn → initialize → session/new → set_mode with the real adapter (fake model API); floor = a bare SDK script.`,
        ['figure', 'ours', 'floor', 'ratio', 'goal'],
        [
          ['extension bundle', `${(s.extensionBundleBytes / 1024).toFixed(0)} KB`, '', '', ''],
          [
            'extension vendor files (loaded on first use)',
            `${(s.vendorBytes / 1024).toFixed(0)} KB; loaded at activation: ${s.vendorLoadedAtActivation.join(', ') || 'none'}`,
            '',
            '',
            '',
          ],
          ['webview bundle', `${(s.webviewBundleBytes / 1024).toFixed(0)} KB`, '', '', ''],
          [
            'bundle evaluation (activation load)',
            `${fmtMs(s.bundleEvalMs)} ms`,
            `${fmtMs(s.emptyEvalMs)} ms`,
            fmtRatio(s.bundleEvalMs / s.emptyEvalMs),
            GOALS.activation,
          ],
          [
            `session ready (median of ${sizes.startupRuns})`,
            `${fmtMs(s.sessionReadyMs)} ms`,
            `${fmtMs(s.bareSdkMs)} ms`,
            s.sessionReadyRatio.toFixed(3) + 'x',
            GOALS.sessionReadyRatio,
          ],
          [
            `adapter bundled vs from node_modules (bare script, median of ${sizes.startupRuns})`,
            `${fmtMs(s.bareSdkMs)} ms`,
            `${fmtMs(s.unbundledAdapterMs)} ms`,
            s.bundledAdapterRatio.toFixed(3) + 'x',
            GOALS.bundledAdapter,
          ],
        ],
      ) + '\n',
    );
  }
  if (want('host')) {
    const h = (results.host = await hostBench(root, sizes.approvals));
    const pp = (p: { p50: number; p95: number }) => `${fmtMs(p.p50)} / ${fmtMs(p.p95)} ms`;
    const approvalRows = h.approvals.flatMap((a) => [
      [`${a.name}: request on the wire → QuickPick displayed`, pp(a.requestToVisible), pp(a.floorShowToVisible), GOALS.approvalP95],
      ['  of which: wire and SDK → our handler', pp(a.requestSplit.wireToHandler), '', ''],
      ['  of which: our handler → our QuickPick shown (our code alone)', pp(a.requestSplit.handlerToShow), '', ''],
      [
        "  of which: QuickPick shown → displayed (VS Code's part; floor: its show() → displayed)",
        pp(a.requestSplit.showToVisible),
        pp(a.floorShowReturnedToVisible),
        '',
      ],
      [`${a.name}: Enter → response on the wire`, pp(a.answerToWire), pp(a.floorAnswerToAccept), GOALS.approvalP95],
    ]);
    out(
      table(
        `In the VS Code test bed. Activation = require(dist/extension.js) in the extension host, then extension.activate()${h.wasActive ? ' (ALREADY ACTIVE: not a cold figure)' : ''}, floor = requiring an empty module there.\n` +
          `Approvals (${h.requests} per series): the scripted agent's session/request_permission handed to the wire → our QuickPick displayed, and Enter → the answer read by the agent.\n` +
          h.approvals
            .map(
              (a) =>
                `${a.name}: the agent asks ${a.pauseMs ? `${a.pauseMs} ms after each answer` : 'again as soon as an answer arrives'}; floor = ${floorWords(a)}.\n`,
            )
            .join('') +
          `Floors' Enter → onDidAccept.`,
        ['figure', 'ours (p50 / p95)', 'floor (p50 / p95)', 'goal'],
        [
          [
            `activation: require(dist/extension.js) in the host (median of ${h.loadRuns.length})`,
            `${fmtMs(h.loadMs)} ms`,
            `${fmtMs(h.emptyModuleMs)} ms`,
            GOALS.activation,
          ],
          ['activation: then extension.activate()', `${fmtMs(h.activateMs)} ms`, '', ''],
          ['  of which: our activate()', `${fmtMs(h.ownActivateMs)} ms`, '', GOALS.activation],
          ...approvalRows,
        ],
      ) + '\n',
    );
  }
  return results;
}

export { chartSvg } from './chart';

function floorWords(a: ApprovalFigure): string {
  return a.floor === 'refill'
    ? 'one QuickPick of the same shape with nothing behind it, refilled as soon as it is answered'
    : `a new QuickPick of the same shape with nothing behind it, shown ${fmtMs(a.floorPauseMs)} ms after the last one hid`;
}

/** The figures as a Markdown table with the goals beside them (bench/summary.md, pasted into docs/performance.md's latest run). */
export function markdownSummary(r: BenchResults): string {
  const rows: string[][] = [];
  const ms = (x: number) => `${fmtMs(x)} ms`;
  for (const w of r.wire ?? [])
    rows.push([
      `wire → state: ${w.scenario}`,
      `${ms(w.oursMs)} vs ${ms(w.floorMs)} bare SDK = **${w.ratio.toFixed(2)}x**`,
      GOALS.wireRatio,
      w.ratio <= 1.5 ? 'met' : 'missed',
    ]);
  for (const s of r.screen ?? []) {
    rows.push([`screen: ${s.scenario}, total`, `${ms(s.totalMs)} vs ${ms(s.floorTotalMs)} plain-DOM floor = ${s.ratio.toFixed(2)}x`, '—', '']);
    const rounds =
      s.roundsLastOverFirst?.length > 1
        ? `; the median of ${s.roundsLastOverFirst.length} rounds: ${s.roundsLastOverFirst.map((x) => `${x.toFixed(2)}x`).join(', ')} (floor ${s.floorRoundsLastOverFirst.map((x) => `${x.toFixed(2)}x`).join(', ')})`
        : '';
    rows.push([
      `screen: ${s.scenario}, last/first ${Math.min(1000, Math.floor(s.messages / 2)).toLocaleString('en-US')} updates`,
      `${s.lastMeanMs.toFixed(2)} / ${s.firstMeanMs.toFixed(2)} ms = **${s.lastOverFirst.toFixed(2)}x** (floor ${s.floorLastOverFirst.toFixed(2)}x)${rounds}`,
      GOALS.lastOverFirst,
      s.lastOverFirst <= 1.3 ? 'met' : 'missed',
    ]);
    const worst = [...s.longFrames].sort((a, b) => b.ms - a.ms)[0];
    const where = worst
      ? ` (its frame: scripts ${ms(worst.scriptMs)}, style and layout ${ms(worst.styleLayoutMs)}, the rest ${ms(Math.max(0, worst.ms - worst.scriptMs - worst.styleLayoutMs))})`
      : '';
    rows.push([
      `screen: ${s.scenario}, longest task`,
      `${s.longTasks} tasks ≥ 50 ms${s.longTasks ? `, longest ${ms(s.longestTaskMs)}${where}` : ''}; slowest update ${ms(s.maxUpdateMs)}`,
      GOALS.longestTask,
      s.longTasks === 0 ? 'met' : 'missed',
    ]);
    rows.push([
      `screen: ${s.scenario}, at the end`,
      `${s.domNodes.toLocaleString('en-US')} DOM nodes (floor ${s.floorDomNodes.toLocaleString('en-US')}), JS heap **${s.heapMB.toFixed(1)} MB** (floor ${s.floorHeapMB.toFixed(1)} MB)`,
      s.scenario.includes('tool calls with diffs') ? GOALS.heapAfterTools : '—',
      s.scenario.includes('tool calls with diffs') ? (s.heapMB < 150 ? 'met' : 'missed') : '',
    ]);
    const p = s.pageSize;
    if (p) {
      const within = (a: number, b: number) => Math.abs(a / b - 1) <= 0.1 && a < 3000 && b < 3000;
      rows.push([
        `screen: ${s.scenario}, the page's size at the end (every lane finished and folded): ${p.calls} calls per subagent against ${p.tenthCalls}`,
        `**${p.elements.toLocaleString('en-US')}** elements vs ${p.tenthElements.toLocaleString('en-US')} = **${(p.elements / p.tenthElements).toFixed(2)}x** (floor ${p.floorElements.toLocaleString('en-US')} vs ${p.floorTenthElements.toLocaleString('en-US')})`,
        GOALS.subagentPageSize,
        within(p.elements, p.tenthElements) ? 'met' : 'missed',
      ]);
      rows.push([
        `screen: ${s.scenario}, the page's size with every call done and the lanes still running (open): ${p.calls} calls per subagent against ${p.tenthCalls}`,
        `**${p.runningElements.toLocaleString('en-US')}** elements vs ${p.tenthRunningElements.toLocaleString('en-US')} = **${(p.runningElements / p.tenthRunningElements).toFixed(2)}x**`,
        GOALS.subagentPageSize,
        within(p.runningElements, p.tenthRunningElements) ? 'met' : 'missed',
      ]);
    }
  }
  for (const o of r.reopen ?? [])
    rows.push([
      `reopening a ${o.turns}-turn conversation`,
      `**${ms(o.oursMs)}** to its last turn on screen (replay folded ${ms(o.foldMs)}, shown ${ms(o.showMs)}; a ready snapshot shown: ${ms(o.floorMs)}); ${o.elements.toLocaleString('en-US')} elements in the page`,
      GOALS.reopen,
      o.oursMs <= 1000 ? 'met' : 'missed',
    ]);
  const sr = r.stream;
  for (const c of sr?.cases ?? []) {
    const endMs = c.ours.endShown - c.wire.last;
    const split = streamSplit(c);
    const what = c.pace
      ? c.name === 'realistic'
        ? `written at a model's pace for ${ms(c.model.last - c.model.first)}, typed into`
        : `written at a steady pace for ${ms(c.model.last - c.model.first)}`
      : 'written at once: a stress case';
    rows.push([
      `the ${caseLabel(c)} reply (${(c.replyBytes / 1024).toFixed(0)} KB in ${c.deltas} deltas, ${what}), in VS Code: its last update on the wire → its end on screen`,
      `**${ms(endMs)}** (host ${ms(split.host)}, transport ${ms(split.transport)}, page ${ms(split.page)}; the floor showed it ${ms(c.floor.endShown - c.floor.lastMessage)} after its last message)`,
      GOALS.streamEnd,
      endMs <= 150 ? 'met' : 'missed',
    ]);
    rows.push([
      `the ${caseLabel(c)} reply, in VS Code: the webview's main-thread work and its tasks`,
      `${ms(c.ours.busyMs)} vs ${ms(c.floor.busyMs)} for the plain-paragraph floor = **${(c.ours.busyMs / c.floor.busyMs).toFixed(2)}x**; ${c.ours.longTasks} tasks ≥ 50 ms${c.ours.longTasks ? `, longest ${ms(c.ours.longestTaskMs)}` : ''} (floor ${c.floor.longTasks})${heldUpText(c)}`,
      `${GOALS.streamCost}; ${GOALS.streamTask}`,
      c.ours.busyMs <= 2 * c.floor.busyMs && c.ours.longTasks === 0 ? 'met' : 'missed',
    ]);
  }
  const large = (sr?.cases ?? []).filter((c) => c.name === 'long' || c.name === 'code');
  if (large.length) {
    const shares = large.map((c) => ({ c, host: streamSplit(c).host }));
    rows.push([
      "the large replies (the long burst's rounds, the code reply), in VS Code: the host's share of the last update's way",
      shares.map(({ c, host }) => `${caseLabel(c)} **${ms(host)}**`).join(', '),
      GOALS.hostShare,
      shares.every(({ host }) => host <= 30) ? 'met' : 'missed',
    ]);
  }
  const codeCase = sr?.cases.find((c) => c.name === 'code');
  const growth = codeCase ? frameGrowth(codeCase.ours.openCodeFrames ?? []) : undefined;
  if (growth)
    rows.push([
      "a frame's cost along the 2,000-line code block, written at a steady pace (median ms per frame)",
      `${ms(growth.first)} in its first tenth (${growth.firstFrames} frames), ${ms(growth.last)} in its last (${growth.lastFrames}) = **${(growth.last / growth.first).toFixed(2)}x**`,
      GOALS.streamFrameGrowth,
      growth.last <= 1.5 * growth.first && Math.min(growth.firstFrames, growth.lastFrames) >= 20 ? 'met' : 'missed',
    ]);
  const turns = [...(sr?.subagents ?? [])].sort((a, b) => a.calls - b.calls);
  for (const t of turns)
    rows.push([
      `${t.subagents} subagents of ${t.calls} Read calls each through the real adapter, in VS Code: the webview's tasks over the turn`,
      `**${t.longTasks} tasks ≥ 50 ms**${t.longTasks ? `, longest ${ms(t.longestTaskMs)}` : ''}; the turn took ${ms(t.turnMs)}`,
      GOALS.streamTask,
      t.longTasks === 0 ? 'met' : 'missed',
    ]);
  const [few, many] = [turns[0], turns[turns.length - 1]];
  if (few && many && few !== many)
    rows.push([
      `${many.subagents} subagents through the real adapter, in VS Code: the page's size once the turn is idle, ${many.calls} calls per subagent against ${few.calls}`,
      `**${many.elements.toLocaleString('en-US')}** elements vs ${few.elements.toLocaleString('en-US')} = **${(many.elements / few.elements).toFixed(2)}x**`,
      GOALS.subagentPageSize,
      Math.abs(many.elements / few.elements - 1) <= 0.1 && many.elements < 3000 ? 'met' : 'missed',
    ]);
  const keys = sr?.cases.find((c) => c.name === 'realistic')?.ours.keyEchoMs ?? [];
  if (keys.length)
    rows.push([
      'a key typed while the realistic reply streams → on screen',
      `median **${ms(median(keys))}**, p95 **${ms(p95(keys))}**, max ${ms(Math.max(...keys))} (${keys.length} keys)`,
      GOALS.keyEcho,
      p95(keys) < 50 && keys.length >= 100 ? 'met' : 'missed',
    ]);
  for (const { round, chat, bare } of sr ? cpuShares(sr) : []) {
    const of = (share: CpuShare, roles: string[]) =>
      roles
        .filter((role) => share.roles[role])
        .map((role) => `${role} ${cpuCell(share, role)}`)
        .join(', ');
    rows.push([
      `the long burst, round ${round}: where the ${CORES_LABEL} cores went from the prompt to the turn's end (ms on a core; "waited": its main thread runnable with no core)`,
      `chat: ${ms(chat.wallMs)} wall; ${of(chat, CPU_ROLES)}` + (bare ? `. Bare client: ${ms(bare.wallMs)} wall; ${of(bare, CPU_ROLES)}` : ''),
      '—',
      '',
    ]);
  }
  if (sr?.bare.length) {
    const ratios = adapterPaces(sr).map((p) => p.ours / p.bare);
    const rounds = adapterPaces(sr)
      .map((p) => `${ms(p.ours)} vs ${ms(p.bare)}`)
      .join(', ');
    rows.push([
      `the long burst: the model API's first delta → its end on screen, against a bare ACP client's first delta → last chunk, both behind the bench's relay, ${ratios.length} rounds interleaved`,
      `median **${median(ratios).toFixed(2)}x** (${ratios.map((x) => `${x.toFixed(2)}x`).join(', ')}; ${rounds})`,
      GOALS.adapterPace,
      median(ratios) <= 1.2 ? 'met' : 'missed',
    ]);
  }
  const reopened = [...(r.reopen ?? [])].sort((a, b) => a.turns - b.turns);
  const fewest = reopened[0];
  const most = reopened[reopened.length - 1];
  if (fewest && most && most !== fewest) {
    const ratio = most.elements / fewest.elements;
    rows.push([
      `the page's size: ${most.turns} turns against ${fewest.turns}`,
      `**${most.elements.toLocaleString('en-US')}** elements vs ${fewest.elements.toLocaleString('en-US')} = **${ratio.toFixed(2)}x**`,
      GOALS.pageSize,
      Math.abs(ratio - 1) <= 0.1 && most.elements < 3000 ? 'met' : 'missed',
    ]);
  }
  const walked = most?.scroll;
  if (walked)
    rows.push([
      `scrolling a ${most.turns}-turn conversation from the end to the top`,
      `**${walked.second.covered}/${walked.second.screens}** screens covered in the frame of their scroll once laid out (the first walk, building turns as it goes: ${walked.first.covered}/${walked.first.screens})`,
      GOALS.scroll,
      walked.second.covered === walked.second.screens ? 'met' : 'missed',
    ]);
  const c = r.calls;
  if (c)
    rows.push([
      `one turn of ${c.calls} tool calls`,
      `**${c.elements.toLocaleString('en-US')} elements** in ${c.groups} folded lines (floor ${c.floorElements.toLocaleString('en-US')}), ${c.longTasks} tasks ≥ 50 ms`,
      GOALS.manyCalls,
      c.elements < 1000 && c.longTasks === 0 ? 'met' : 'missed',
    ]);
  const i = r.idle;
  if (i) {
    const n = totalCallbacks(i.callbacks);
    rows.push([
      `idle: the ${i.windowMs / 1000} s after a turn ends`,
      `**${n} callbacks**, ${i.runningAnimations} running animations (floor ${totalCallbacks(i.floorCallbacks)}, ${i.floorRunningAnimations})`,
      GOALS.idle,
      n === 0 && i.runningAnimations === 0 ? 'met' : 'missed',
    ]);
  }
  const l = r.load;
  if (l)
    rows.push([
      `loading a ${l.turns}-turn conversation (replay folded, one snapshot shown)`,
      `${ms(l.oursMs)} vs ${ms(l.floorMs)} showing a ready snapshot = **${l.ratio.toFixed(2)}x** (replay folded in ${ms(l.foldMs)})`,
      '—',
      '',
    ]);
  const st = r.startup;
  if (st) {
    rows.push([
      'bundles',
      `extension ${(st.extensionBundleBytes / 1024).toFixed(0)} KB (+ ${(st.vendorBytes / 1024).toFixed(0)} KB of libraries in dist/vendor/, required on first use; loaded at activation: ${st.vendorLoadedAtActivation.join(', ') || 'none'}), webview ${(st.webviewBundleBytes / 1024).toFixed(0)} KB`,
      '—',
      '',
    ]);
    rows.push([
      'activation proxy: evaluating the extension bundle in Node',
      `**${ms(st.bundleEvalMs)}** (an empty module: ${ms(st.emptyEvalMs)})`,
      GOALS.activation,
      st.bundleEvalMs < 30 ? 'met' : 'missed',
    ]);
    rows.push([
      'chat shown → session ready (real adapter)',
      `${ms(st.sessionReadyMs)} vs ${ms(st.bareSdkMs)} bare SDK = **${st.sessionReadyRatio.toFixed(3)}x**`,
      GOALS.sessionReadyRatio,
      st.sessionReadyRatio <= 1.05 ? 'met' : 'missed',
    ]);
    if (st.unbundledAdapterMs !== undefined) {
      rows.push([
        'session ready: the adapter as one bundle (as shipped) vs from its npm folder',
        `${ms(st.bareSdkMs)} vs ${ms(st.unbundledAdapterMs)} = **${st.bundledAdapterRatio.toFixed(3)}x**`,
        GOALS.bundledAdapter,
        st.bundledAdapterRatio <= 1 ? 'met' : 'missed',
      ]);
    }
  }
  const h = r.host;
  if (h) {
    const pp = (p: { p50: number; p95: number }) => `p50 ${ms(p.p50)}, p95 ${ms(p.p95)}`;
    rows.push([
      `activation in VS Code: loading the bundle in the extension host${h.wasActive ? ' (was already active)' : ''}`,
      `**${ms(h.loadMs)}**, median of ${h.loadRuns.length} cold loads (${h.loadRuns.map(ms).join(', ')}; the first is VS Code's own); an empty module there: ${ms(h.emptyModuleMs)}`,
      GOALS.activation,
      h.loadMs < 30 ? 'met' : 'missed',
    ]);
    rows.push(['activation in VS Code: then extension.activate() (VS Code + our activate())', `${ms(h.activateMs)}`, '—', '']);
    rows.push([
      'activation in VS Code: our activate() alone, as it times itself',
      `**${ms(h.ownActivateMs)}**`,
      GOALS.activation,
      h.ownActivateMs < 30 ? 'met' : 'missed',
    ]);
    for (const a of h.approvals) {
      const floor = floorWords(a);
      rows.push([
        `approval, ${a.name}${a.pauseMs ? ` (${ms(a.pauseMs)} after each answer)` : ''}: request on the wire → QuickPick displayed (${h.requests})`,
        `${pp(a.requestToVisible)}; ${floor}, filled and shown → displayed: ${pp(a.floorShowToVisible)}`,
        GOALS.approvalP95,
        a.requestToVisible.p95 < 30 ? 'met' : 'missed',
      ]);
      const s = a.requestSplit;
      rows.push([
        `approval, ${a.name}: where request → displayed goes`,
        `wire and SDK → our handler ${pp(s.wireToHandler)}; our handler → our QuickPick's show() returned (our code alone) ${pp(s.handlerToShow)}; show() returned → displayed (VS Code's part) ${pp(s.showToVisible)}, the floor's ${pp(a.floorShowReturnedToVisible)}`,
        '—',
        '',
      ]);
      rows.push([
        `approval, ${a.name}: Enter → response on the wire (${h.requests})`,
        `${pp(a.answerToWire)}; that floor's Enter → onDidAccept: ${pp(a.floorAnswerToAccept)}`,
        GOALS.approvalP95,
        a.answerToWire.p95 < 30 ? 'met' : 'missed',
      ]);
    }
  }
  return ['| figure | measured (floor in the same run) | goal | |', '| --- | --- | --- | --- |', ...rows.map((c) => `| ${c.join(' | ')} |`)].join('\n') + '\n';
}

/** Where the last update of a reply spent its way to the screen: the host (wire → the patch's stamp), the transport (stamp → the page's message), the page (message → end on screen). */
function streamSplit(c: StreamFigure['cases'][number]): { host: number; transport: number; page: number } {
  const sent = c.ours.lastSentAt ?? c.ours.lastMessage;
  return { host: sent - c.wire.last, transport: c.ours.lastMessage - sent, page: c.ours.endShown - c.ours.lastMessage };
}

/**
 * A frame's cost while the code block was still being written, the median ms per frame in the frames of its first and
 * of its last tenth (by how much of the reply had come). The code is written at a steady pace, so a frame gets about
 * the same new text early and late; a page that falls behind pays more per frame, not less. Undefined without frames
 * at both ends.
 */
function frameGrowth(
  frames: readonly { ms: number; chars: number; at: number }[],
): { first: number; last: number; firstFrames: number; lastFrames: number } | undefined {
  if (frames.length < 2) return undefined;
  const from = frames[0]!.at;
  const to = frames[frames.length - 1]!.at;
  const tenth = (to - from) / 10;
  const first = frames.filter((f) => f.at <= from + tenth).map((f) => f.ms);
  const last = frames.filter((f) => f.at >= to - tenth).map((f) => f.ms);
  return { first: median(first), last: median(last), firstFrames: first.length, lastFrames: last.length };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

/** The 95th percentile (nearest rank). */
function p95(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]!;
}

/** Each round of the long burst: the model API's first delta → end on screen in the chat, and → last chunk in the bare client. */
function adapterPaces(st: StreamFigure): { ours: number; bare: number }[] {
  const longs = st.cases.filter((c) => c.name === 'long');
  return st.bare.map((b, i) => ({ ours: longs[i]!.ours.endShown - longs[i]!.model.first, bare: b.last - b.model.first }));
}

/** The workbench page's frames with a task of 50 ms or more over a reply, as a clause of its row. */
function heldUpText(c: StreamFigure['cases'][number]): string {
  const frames = c.workbenchFrames ?? [];
  if (!frames.length) return c.workbenchFrames ? '; no workbench frame with a task ≥ 50 ms' : '';
  const each = frames.map(
    (f) => `${fmtMs(f.ms)} ms (scripts ${fmtMs(f.scriptMs)}, style and layout ${fmtMs(f.styleLayoutMs)}${f.script ? `; longest: ${f.script}` : ''})`,
  );
  return `; workbench frames with a task ≥ 50 ms: ${each.join(', ')}`;
}

/** The roles cpuShare.ts tells apart, in the order the tables show them. */
const CPU_ROLES = [
  'Chromium renderers',
  'Chromium browser and GPU',
  'VS Code server',
  'extension host',
  'relay',
  'adapter',
  'Claude Code',
  'bench (fake model API, driver)',
  'other',
];
const CORES_LABEL = 'two';

/** Each round of the long burst's CPU shares: the chat's and the bare client's after it. */
function cpuShares(st: StreamFigure): { round: number; chat: CpuShare; bare: CpuShare | undefined }[] {
  return st.cases.filter((c) => c.name === 'long' && c.cpu).map((c, i) => ({ round: c.round ?? i + 1, chat: c.cpu!, bare: st.bare[i]?.cpu }));
}

/** One role's time on a core, and its main thread's wait when there was any. */
function cpuCell(share: CpuShare, role: string): string {
  const r = share.roles[role];
  if (!r) return '0';
  return r.mainWaitMs >= 1 ? `${fmtMs(r.runMs)} (waited ${fmtMs(r.mainWaitMs)})` : fmtMs(r.runMs);
}

/** A case's name, with its round when it ran in several. */
function caseLabel(c: StreamFigure['cases'][number]): string {
  return c.round ? `${c.name} (round ${c.round})` : c.name;
}

const DELTAS_LABEL = '5,000';

function kb(st: StreamFigure, name: string): string {
  const c = st.cases.find((x) => x.name === name);
  return c ? `${(c.replyBytes / 1024).toFixed(0)} KB` : 'n/a';
}
