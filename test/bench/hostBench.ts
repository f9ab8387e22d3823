// In the VS Code test bed: the extension's activation as VS Code runs it, and approval latency. The extension host
// side (test/bench/host/approvals.test.ts) activates the extension and, for each series in approvalSeries.ts, shows
// our QuickPick's shape with nothing behind it n times (the floor), then lets the scripted agent ask n permissions
// through the extension; this side watches the workbench page, stamps the moment each QuickPick is displayed, presses
// Enter on it and stamps the key.
// Every stamp is epoch milliseconds at sub-millisecond resolution, so stamps from the agent, the extension host and
// Chromium line up on the one machine. With ACP_BENCH_TRACE=<file>, a Chromium trace of the workbench page over both
// series (timeline and style-invalidation tracking, for DevTools' Performance panel) is written there: it is how the
// status bar's restyling on every request was found.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPROVAL_SERIES } from './approvalSeries';
import type { HostSideStamps } from './host/approvals.test';
import { check, median } from './harness';
import { buildHostTests } from '../testbed/buildHostTests.mjs';
import { removeBedFiles, startBed, type Bed } from '../testbed/bed.mjs';

export interface Percentiles {
  p50: number;
  p95: number;
}

/** One approval series (see approvalSeries.ts): ours beside its floor. */
export interface ApprovalFigure {
  name: string;
  /** How long the agent waits after an answer before it asks again. */
  pauseMs: number;
  /** The floor: one QuickPick refilled, or a new one `floorPauseMs` after the last hid. */
  floor: 'refill' | 'new';
  floorPauseMs: number;
  /** Request handed to the wire by the agent → our permission QuickPick displayed in the workbench. */
  requestToVisible: Percentiles;
  /** Floor: the same QuickPick filled and shown in the same host, the series' way → displayed. */
  floorShowToVisible: Percentiles;
  /** Enter pressed on our QuickPick → the answer read by the agent. */
  answerToWire: Percentiles;
  /** Floor: Enter pressed on that QuickPick → its onDidAccept in the extension host. */
  floorAnswerToAccept: Percentiles;
  /** Where request → displayed goes: the wire and the SDK up to our handler; our handler, the broker and the
   *  controller until our QuickPick's show() returned (all in the extension host, ours alone); and from there to
   *  displayed, which is VS Code's part (the extension host sending the QuickPick, the workbench laying it out): compare
   *  `floorShowReturnedToVisible`. (The extension host sends a QuickPick's changes once the code that made them has
   *  returned, so nothing reaches the workbench before show() returns.) Each part is a percentile of its own. */
  requestSplit: { wireToHandler: Percentiles; handlerToShow: Percentiles; showToVisible: Percentiles };
  /** Floor: the same QuickPick's show() returned → displayed (VS Code's part alone). */
  floorShowReturnedToVisible: Percentiles;
  runs: {
    requestToVisible: number[];
    answerToWire: number[];
    floorShowToVisible: number[];
    floorAnswerToAccept: number[];
    wireToHandler: number[];
    handlerToShow: number[];
    showToVisible: number[];
    floorShowReturnedToVisible: number[];
  };
}

export interface HostFigure {
  requests: number;
  /** Requiring dist/extension.js in the extension host, cold: the median of five loads (VS Code's own, then four
   *  copies of the bundle); then `extension.activate()`: cold unless `wasActive`. */
  loadMs: number;
  loadRuns: number[];
  activateMs: number;
  /** Our activate() alone, timed by itself (the rest of activateMs is VS Code's). */
  ownActivateMs: number;
  wasActive: boolean;
  /** Requiring an empty module in the same host. */
  emptyModuleMs: number;
  approvals: ApprovalFigure[];
}

interface PageStamps {
  visible: { t: number; title: string }[];
  keys: { t: number; title: string }[];
}

export function percentiles(xs: number[]): Percentiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Installed in the workbench page: stamps each time the quick input widget goes from hidden to displayed, and Enter. */
function watchQuickInput(): void {
  const w = window as unknown as { __benchStamps: PageStamps; __benchShown(): void };
  const stamp = () => performance.timeOrigin + performance.now();
  const stamps: PageStamps = { visible: [], keys: [] };
  w.__benchStamps = stamps;
  const widget = () => document.querySelector<HTMLElement>('.quick-input-widget');
  const titleOf = (el: HTMLElement | null) => el?.querySelector('.quick-input-title')?.textContent ?? '';
  // Each QuickPick the bench shows has its own title: one displayed with a title not seen last is a new one (a hide
  // and the next show may fall in one frame, so "display went from none" alone misses some).
  let last: string | undefined;
  const look = () => {
    const el = widget();
    if (!el || el.style.display === 'none') return void (last = undefined);
    const title = titleOf(el);
    if (title && title !== last) {
      last = title;
      stamps.visible.push({ t: stamp(), title });
      w.__benchShown();
    }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style'] });
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter') stamps.keys.push({ t: stamp(), title: titleOf(widget()) });
    },
    true,
  );
}

export async function hostBench(root: string, requests: number): Promise<HostFigure> {
  const entry = await buildHostTests({ testsDir: join(root, 'test/bench/host'), outDir: join(root, 'out/test/bench-host') });
  const scratch = mkdtempSync(join(tmpdir(), 'acp-bench-bed-'));
  const workspace = join(scratch, 'workspace');
  mkdirSync(workspace);
  const resultsFile = join(scratch, 'results.json');
  const outFile = join(scratch, 'host.json');
  const goFile = join(scratch, 'go');
  let bed: Bed | undefined;
  let ok = false;
  try {
    bed = await startBed({
      extensionPath: root,
      extensionTestsPath: entry,
      workspace,
      env: { ACP_CHAT_TEST_RESULTS: resultsFile, ACP_BENCH_HOST_OUT: outFile, ACP_BENCH_GO: goFile, ACP_BENCH_APPROVALS: String(requests) },
    });
    const page = bed.page;
    // Enter 200 ms after the QuickPick is displayed, as a person who reads the request first (the wait is not measured:
    // the key is stamped when it arrives).
    await page.exposeFunction('__benchShown', () => {
      setTimeout(() => void page.keyboard.press('Enter').catch(() => undefined), 200);
    });
    await page.evaluate(watchQuickInput);
    const traceTo = process.env.ACP_BENCH_TRACE;
    const cdp = traceTo ? await page.context().newCDPSession(page) : undefined;
    const traceEvents: unknown[] = [];
    if (cdp) {
      cdp.on('Tracing.dataCollected', (d: { value: unknown[] }) => traceEvents.push(...d.value));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.invalidationTracking,v8',
        transferMode: 'ReportEvents',
      });
    }
    // ACP_BENCH_CPU_PROFILE=<file>: a sampled CPU profile of the workbench page over all the series (0.1 ms interval),
    // with the offset that maps its clock to the stamps' epoch milliseconds, to see which of the workbench's functions
    // fill a request → displayed interval (it is how the cost of re-enabling a greyed QuickPick was found).
    const profTo = process.env.ACP_BENCH_CPU_PROFILE;
    const pcdp = profTo ? await page.context().newCDPSession(page) : undefined;
    if (pcdp) {
      await pcdp.send('Profiler.enable');
      await pcdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await pcdp.send('Profiler.start');
    }
    writeFileSync(goFile, '');
    const deadline = Date.now() + 180_000 + requests * 8_000;
    while (!existsSync(resultsFile)) {
      if (Date.now() > deadline) throw new Error('the host side of the bench timed out');
      await new Promise((r) => setTimeout(r, 250));
    }
    if (cdp) {
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(traceTo!, JSON.stringify({ traceEvents }));
    }
    if (pcdp) {
      const { profile } = (await pcdp.send('Profiler.stop')) as { profile: unknown };
      // Chromium's profile clock is the machine's monotonic clock in µs, as process.hrtime is.
      const ticks = Number(process.hrtime.bigint() / 1000n);
      const epoch = performance.timeOrigin + performance.now();
      writeFileSync(profTo!, JSON.stringify({ profile, ticksMinusEpochUs: ticks - epoch * 1000 }));
    }
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as { passed: number; failed: number; tests: { error?: string }[]; fatal?: string };
    if (results.failed || results.fatal || !results.passed)
      throw new Error(`the host side of the bench failed: ${results.fatal ?? results.tests.map((t) => t.error).join('\n')}`);
    const host = JSON.parse(readFileSync(outFile, 'utf8')) as HostSideStamps;
    const pageStamps = (await page.evaluate(() => (window as unknown as { __benchStamps: PageStamps }).__benchStamps)) as PageStamps;

    const k = APPROVAL_SERIES.length;
    check(
      host.series.length === k && host.series.every((x) => x.floor.length === requests && x.agent.length === requests),
      `${k} series of ${requests} floor and ${requests} agent requests`,
    );
    check(pageStamps.visible.length === 2 * k * requests, `${2 * k * requests} QuickPicks displayed (saw ${pageStamps.visible.length})`);
    check(pageStamps.keys.length === 2 * k * requests, `${2 * k * requests} Enter keys (saw ${pageStamps.keys.length})`);
    check(
      pageStamps.visible.every((v, i) => v.title === pageStamps.keys[i]?.title),
      'each Enter answered the QuickPick displayed before it',
    );
    // On the page: each series' floor QuickPicks, then ours, series after series.
    const approvals = APPROVAL_SERIES.map((spec, j): ApprovalFigure => {
      const x = host.series[j]!;
      const floorAt = 2 * j * requests;
      const oursAt = floorAt + requests;
      check(
        pageStamps.keys.slice(floorAt, oursAt).every((key, i) => key.title === `${spec.floorTitle} ${i}`),
        `${spec.name}: the floor's keys answered its QuickPicks in order`,
      );
      check(
        pageStamps.keys.slice(oursAt, oursAt + requests).every((key, i) => key.title === `Run this command? touch ${spec.prefix}-${i}`),
        `${spec.name}: our keys answered the permission QuickPicks in order`,
      );
      check(
        x.agent.every((a) => (a.outcome as { optionId?: string }).optionId === 'allow'),
        `${spec.name}: Enter picked the agent’s first option`,
      );
      check(x.handled.length === requests && x.showReturned.length === requests, `${spec.name}: every request reached our handler and was shown`);
      const runs = {
        floorShowToVisible: x.floor.map((f, i) => pageStamps.visible[floorAt + i]!.t - f.shown),
        floorAnswerToAccept: x.floor.map((f, i) => f.accepted - pageStamps.keys[floorAt + i]!.t),
        requestToVisible: x.agent.map((a, i) => pageStamps.visible[oursAt + i]!.t - a.asked),
        answerToWire: x.agent.map((a, i) => a.answered - pageStamps.keys[oursAt + i]!.t),
        wireToHandler: x.agent.map((a, i) => x.handled[i]! - a.asked),
        handlerToShow: x.showReturned.map((t, i) => t - x.handled[i]!),
        showToVisible: x.showReturned.map((t, i) => pageStamps.visible[oursAt + i]!.t - t),
        floorShowReturnedToVisible: x.floor.map((f, i) => pageStamps.visible[floorAt + i]!.t - f.showReturned),
      };
      for (const [name, xs] of Object.entries(runs))
        check(
          xs.every((v) => v >= 0),
          `${spec.name}: ${name}: no interval is negative (${xs.map((v) => v.toFixed(2)).join(', ')})`,
        );
      return {
        name: spec.name,
        pauseMs: spec.pauseMs,
        floor: spec.floor,
        floorPauseMs: spec.floorPauseMs,
        requestToVisible: percentiles(runs.requestToVisible),
        floorShowToVisible: percentiles(runs.floorShowToVisible),
        answerToWire: percentiles(runs.answerToWire),
        floorAnswerToAccept: percentiles(runs.floorAnswerToAccept),
        requestSplit: {
          wireToHandler: percentiles(runs.wireToHandler),
          handlerToShow: percentiles(runs.handlerToShow),
          showToVisible: percentiles(runs.showToVisible),
        },
        floorShowReturnedToVisible: percentiles(runs.floorShowReturnedToVisible),
        runs,
      };
    });
    ok = true;
    return {
      requests,
      loadMs: median(host.loadRuns),
      loadRuns: host.loadRuns,
      activateMs: host.activateMs,
      ownActivateMs: host.ownActivateMs,
      wasActive: host.wasActive,
      emptyModuleMs: host.emptyModuleMs,
      approvals,
    };
  } finally {
    if (bed) {
      // What the page saw, and the bed's logs, help when the run broke.
      if (!ok)
        console.log(
          `host bench: page stamps ${await bed.page.evaluate(() => JSON.stringify((window as unknown as { __benchStamps?: unknown }).__benchStamps)).catch(String)}`,
        );
      await bed.stop();
      if (ok) removeBedFiles(bed);
      else console.log(`host bench: bed files kept in ${bed.root}`);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}
