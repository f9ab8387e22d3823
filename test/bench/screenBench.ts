// State to screen, in real Chromium (the test bed's, through playwright-core): the real webview bundle (dist/webview)
// on a page whose acquireVsCodeApi records posts, fed with window.postMessage the messages the host's real pipeline
// posts (Session → TranscriptPublisher, one flush per tick). Per update: the App's message handler plus the frame it
// asked for (its render and the layout it causes), timed inside the page. Floor: the same messages on a page that does
// the least a chat must: plain text in paragraphs split at blank lines (appends grow the last one), a card of plain text
// (title and diff) per tool call.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Session } from '../../src/acpClient/session';
import { detachedSessionHost } from '../fixtures/sessionHost';
import { PROTOCOL_VERSION, type HostToWebview } from '../../src/webview/protocol/protocol';
import { TranscriptPublisher, type PatchMessage } from '../../src/webview/host/transcriptPublisher';
import { caps } from '../unit/webview/fixtures';
import { check } from './harness';
import { subagentTurn, type Step } from './subagentGen';
import { chunks as markdownChunks } from './transcriptGen';

export const CHROMIUM = '/usr/bin/chromium';
const ORIGIN = 'http://bench.localhost';
/**
 * The messages the host posts for `updates`, one publisher flush every `perTick` updates, after the first snapshot. An
 * update is a SessionUpdate on the session itself, or a step that does what AcpClient does with one (a subagent's,
 * subagentGen.ts). `mark`: also flush after that many updates and say how many patches there were by then.
 */
export function hostMessages(
  updates: readonly (SessionUpdate | Step)[],
  perTick: number,
  mark?: number,
): { first: HostToWebview; patches: PatchMessage[]; marked?: number } {
  const session = new Session('bench', detachedSessionHost());
  session.applyUpdate({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'Please do the work.' } });
  const patches: PatchMessage[] = [];
  const pub = new TranscriptPublisher({ post: (m) => patches.push(m), getMeta: () => session.meta, schedule: () => () => {} });
  session.onDidChange((c) => pub.push(c));
  const first = snapshotMessage(session);
  let marked: number | undefined;
  updates.forEach((u, i) => {
    if (typeof u === 'function') u(session);
    else session.applyUpdate(u);
    if ((i + 1) % perTick === 0 || i === updates.length - 1 || i + 1 === mark) pub.flush();
    if (i + 1 === mark) marked = patches.length;
  });
  return { first, patches, ...(marked === undefined ? {} : { marked }) };
}

/** The snapshot message the host posts for `session` (a page's first message, and what a load posts). */
export function snapshotMessage(session: Session): HostToWebview {
  return {
    type: 'snapshot',
    v: PROTOCOL_VERSION,
    snapshot: session.snapshot(),
    status: { state: 'ready', agentName: 'bench' },
    capabilities: caps(),
    elicitations: [],
    folders: [],
  };
}

export function streamUpdates(n: number): SessionUpdate[] {
  return markdownChunks(n).map((text) => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }));
}

/** `n` edits with diffs, each pending then completed; `kindOf` gives another kind to some (their titles say so). */
export function toolUpdates(n: number, kindOf: (i: number) => 'edit' | 'read' | 'execute' = () => 'edit'): SessionUpdate[] {
  const oldText = Array.from({ length: 60 }, (_, i) => `const value${i} = compute(${i});`).join('\n');
  const out: SessionUpdate[] = [];
  for (let i = 0; i < n; i++) {
    const toolCallId = `toolu_bench_${i}`;
    const path = `/work/src/module${i}.ts`;
    const kind = kindOf(i);
    const title = kind === 'edit' ? `Edit src/module${i}.ts` : kind === 'read' ? `Read src/module${i}.ts` : `npm test -- module${i}`;
    out.push({ sessionUpdate: 'tool_call', toolCallId, title, kind, status: 'pending', locations: [{ path }], rawInput: { file_path: path } });
    out.push({
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'completed',
      content: [{ type: 'diff', path, oldText, newText: oldText.replace(`compute(${i % 60})`, `computeChecked(${i})`) }],
    });
  }
  return out;
}

// The floor page's whole program: text appends go to a text node; a new or changed entry becomes a card of plain text.
const FLOOR_SCRIPT = `
const root = document.getElementById('root');
const nodes = new Map();
function textOf(e) {
  if (e.kind === 'tool')
    return e.toolCall.title + '\\n' + e.toolCall.content.map((c) => (c.type === 'diff' ? c.newText : c.type === 'content' && c.content.type === 'text' ? c.content.text : '')).join('\\n');
  // A subagent: its name, task, prompt and reply, as plain text (its entries are cards of their own, in arrival order).
  if (e.kind === 'subagent') return [e.subagent.title, e.subagent.description, e.subagent.state, e.subagent.prompt, e.subagent.reply].filter(Boolean).join('\\n\\n');
  return (e.content || []).map((b) => (b.type === 'text' ? b.text : '')).join('');
}
// Text goes into paragraphs split at blank lines, the last one growing, so no single text node grows without end.
function addText(card, text) {
  const parts = text.split('\\n\\n');
  let last = card.lastChild;
  parts.forEach((part, i) => {
    if (i > 0 || !last) { last = document.createElement('p'); last.appendChild(document.createTextNode('')); card.appendChild(last); }
    last.firstChild.appendData(part);
  });
}
window.addEventListener('message', (ev) => {
  const m = ev.data;
  const entries = m.type === 'snapshot' ? (m.snapshot ? m.snapshot.entries : []) : m.entries || [];
  for (const e of entries) {
    let n = nodes.get(e.id);
    if (!n) { n = document.createElement('div'); nodes.set(e.id, n); root.appendChild(n); }
    n.replaceChildren();
    addText(n, textOf(e));
  }
  for (const a of m.appends || []) addText(nodes.get(a.id), a.text);
  requestAnimationFrame(() => {});
});`;

// Installed before the app's script: records posts, times each message's handling (this listener runs first, the
// one added after the app's script last), and watches long tasks.
const DRIVER_SCRIPT = `
window.__posts = [];
window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posts.push(m), getState: () => undefined, setState: () => {} });
window.__longTasks = [];
window.__since = Infinity;
new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.startTime >= window.__since) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
// Where each frame with a long task went: its scripts, its style and layout, and the rest (the browser's own work, GC).
// Frames that only waited (no task of 50 ms) are left out.
window.__longFrames = [];
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) {
    if (e.startTime < window.__since || !(e.blockingDuration > 0)) continue;
    const scriptMs = e.scripts.reduce((a, s) => a + s.duration, 0);
    const styleLayoutMs = e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0;
    const top = e.scripts.slice().sort((a, b) => b.duration - a.duration)[0];
    window.__longFrames.push({ ms: e.duration, scriptMs, styleLayoutMs, script: top ? top.invoker + ' ' + Math.round(top.duration) + ' ms' : '' });
  }
}).observe({ type: 'long-animation-frame', buffered: true });
window.__t0 = 0;
window.addEventListener('message', () => { window.__t0 = performance.now(); });`;

const AFTER_SCRIPT = `
window.__handled = null;
window.addEventListener('message', () => { window.__handled && window.__handled(performance.now() - window.__t0); });
/** Posts each message, waits for it to be handled and for the frame after it; returns the work per message (ms). */
window.__feed = async (msgs) => {
  const costs = [];
  for (const m of msgs) {
    let frameStart = 0;
    requestAnimationFrame(() => { frameStart = performance.now(); });
    const handled = new Promise((r) => (window.__handled = r));
    window.postMessage(m, '*');
    const handlerMs = await handled;
    const frameMs = await new Promise((r) => requestAnimationFrame(() => { void document.body.offsetHeight; r(performance.now() - frameStart); }));
    costs.push(handlerMs + frameMs);
  }
  return costs;
};`;

function pageHtml(kind: 'app' | 'floor', extraHead = ''): string {
  // The floor uses the browser's own help too: cards and paragraphs off screen are not laid out.
  const app =
    kind === 'app'
      ? '<link rel="stylesheet" href="/codicon.css"><link rel="stylesheet" href="/styles.css">'
      : '<style>#root > div, #root p { content-visibility: auto; contain-intrinsic-size: auto 40px; } p { white-space: pre-wrap; }</style>';
  const body = kind === 'app' ? '<script src="/main.js"></script>' : `<script>${FLOOR_SCRIPT}</script>`;
  // The app's root is laid out as in VS Code (html.ts): the page is the viewport, the transcript its scroller.
  const root = kind === 'app' ? '<div id="root" class="acp-root"></div>' : '<div id="root"></div>';
  return `<!doctype html><html><head><meta charset="utf-8">${app}<script>${DRIVER_SCRIPT}</script>${extraHead}</head><body>${root}${body}<script>${AFTER_SCRIPT}</script></body></html>`;
}

export interface ScreenFigure {
  scenario: string;
  updates: number;
  messages: number;
  totalMs: number;
  floorTotalMs: number;
  ratio: number;
  /** Mean cost per message of the first and last 1,000 (or half, when fewer) messages, in the median round (the one
   *  whose last/first is the median of `roundsLastOverFirst`); totals and the curve are that round's too. */
  firstMeanMs: number;
  lastMeanMs: number;
  lastOverFirst: number;
  floorLastOverFirst: number;
  /** last/first of every round, ours and the floor's (each round runs our page, then the floor's). */
  roundsLastOverFirst: number[];
  floorRoundsLastOverFirst: number[];
  /** Over all rounds: the slowest update, the tasks of 50 ms or more, and the frames that held them. */
  maxUpdateMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** The frames that held a long task while updating, with where their time went. */
  longFrames: LongFrame[];
  domNodes: number;
  floorDomNodes: number;
  heapMB: number;
  floorHeapMB: number;
  /** Per-message costs averaged over buckets along the session, for the chart. */
  curve: number[];
  floorCurve: number[];
  /** The subagents scenario: the page's size against the same turn with a tenth of the calls. */
  pageSize?: SubagentPageSize;
}

/**
 * The subagents scenario's page size: elements in the page (`#root *`, as the reopen figures count them) for the turn
 * with `calls` tool calls per subagent and with `tenthCalls`, at the end (every lane finished and folded) and just
 * before the first lane ends (every call done, every lane still running and open); the floor page's at the end.
 */
export interface SubagentPageSize {
  subagents: number;
  calls: number;
  tenthCalls: number;
  elements: number;
  tenthElements: number;
  runningElements: number;
  tenthRunningElements: number;
  floorElements: number;
  floorTenthElements: number;
  /** Tasks of 50 ms or more in these runs (ours), and the calls each lane showed once unfolded (a check). */
  longTasks: number;
  callsShown: number[];
}

/** `extraHead`: markup put in the head after the driver, before the page's own script (e.g. a probe of its own). */
export async function openPage(browser: Browser, root: string, kind: 'app' | 'floor', extraHead = ''): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 500, height: 900 } });
  const dist = join(root, 'dist/webview');
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: pageHtml(kind, extraHead) });
    const types: Record<string, string> = { js: 'text/javascript', css: 'text/css', ttf: 'font/ttf' };
    const file = path.slice(1);
    if (!/^[a-z]+\.(js|css|ttf)$/.test(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ contentType: types[file.split('.').pop()!], body: readFileSync(join(dist, file)) });
  });
  await page.goto(`${ORIGIN}/`);
  return page;
}

/** The tool calls the page shows: as cards, and counted by their folded lines. */
export async function callsShown(page: Page): Promise<{ folded: number; cards: number }> {
  const folded = await page.locator('[data-testid="tool-group"]').evaluateAll((els) => els.reduce((n, e) => n + Number((e as HTMLElement).dataset.count), 0));
  return { folded, cards: await page.locator('[data-testid="tool-card"]').count() };
}

/** A frame holding a task of 50 ms or more (Long Animation Frames API): its scripts, style and layout, longest script. */
export interface LongFrame {
  ms: number;
  scriptMs: number;
  styleLayoutMs: number;
  script: string;
}

interface PageRun {
  costs: number[];
  longTasks: number[];
  longFrames: LongFrame[];
  domNodes: number;
  heapMB: number;
}

async function runPage(
  browser: Browser,
  root: string,
  kind: 'app' | 'floor',
  first: HostToWebview,
  patches: PatchMessage[],
  verify: (page: Page) => Promise<void>,
): Promise<PageRun> {
  const page = await openPage(browser, root, kind);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    if (kind === 'app') await page.waitForFunction(() => (window as unknown as { __posts: { type: string }[] }).__posts.some((m) => m.type === 'ready'));
    await page.evaluate((m) => (window as unknown as { __feed(m: unknown[]): Promise<number[]> }).__feed([m]), first as unknown);
    // Long tasks count from the first update on: loading the page and the first snapshot are start-up, not updates.
    await page.evaluate(() => ((window as unknown as { __since: number }).__since = performance.now()));
    const costs: number[] = [];
    for (let i = 0; i < patches.length; i += 250) {
      costs.push(
        ...(await page.evaluate((ms) => (window as unknown as { __feed(m: unknown[]): Promise<number[]> }).__feed(ms), patches.slice(i, i + 250) as unknown[])),
      );
    }
    check(errors.length === 0, `${kind}: no page errors (${errors.slice(0, 3).join('; ')})`);
    await verify(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const dom = (await cdp.send('Memory.getDOMCounters')) as { nodes: number };
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const longFrames = await page.evaluate(() => (window as unknown as { __longFrames: LongFrame[] }).__longFrames);
    const posts = await page.evaluate(() => (window as unknown as { __posts: { type: string }[] }).__posts.map((p) => p.type));
    check(!posts.includes('resync'), `${kind}: every append fitted (no resync)`);
    return { costs, longTasks, longFrames, domNodes: dom.nodes, heapMB: heap.usedSize / 2 ** 20 };
  } finally {
    await page.close();
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function curve(costs: number[], buckets = 40): number[] {
  const size = Math.max(1, Math.ceil(costs.length / buckets));
  const out: number[] = [];
  for (let i = 0; i < costs.length; i += size) out.push(mean(costs.slice(i, i + size)));
  return out;
}

/** Rounds of each scenario: one run's last/first moves by tens of percent on this machine, as much as the goal's margin. */
export const SCREEN_ROUNDS = 3;

async function scenario(
  browser: Browser,
  root: string,
  name: string,
  updates: readonly (SessionUpdate | Step)[],
  perTick: number,
  rounds: number,
  verify: (page: Page) => Promise<void>,
): Promise<ScreenFigure> {
  const { first, patches } = hostMessages(updates, perTick);
  const k = Math.min(1000, Math.floor(patches.length / 2));
  const edge = (c: number[]) => ({ first: mean(c.slice(0, k)), last: mean(c.slice(-k)) });
  const runs: { app: PageRun; floor: PageRun; a: { first: number; last: number }; f: { first: number; last: number } }[] = [];
  for (let r = 0; r < rounds; r++) {
    const app = await runPage(browser, root, 'app', first, patches, verify);
    const floor = await runPage(browser, root, 'floor', first, patches, async () => {});
    runs.push({ app, floor, a: edge(app.costs), f: edge(floor.costs) });
  }
  const byRatio = [...runs].sort((x, y) => x.a.last / x.a.first - y.a.last / y.a.first);
  const { app, floor, a, f } = byRatio[Math.floor((byRatio.length - 1) / 2)]!;
  const allTasks = runs.flatMap((x) => x.app.longTasks);
  return {
    scenario: name,
    updates: updates.length,
    messages: patches.length,
    totalMs: sum(app.costs),
    floorTotalMs: sum(floor.costs),
    ratio: sum(app.costs) / sum(floor.costs),
    firstMeanMs: a.first,
    lastMeanMs: a.last,
    lastOverFirst: a.last / a.first,
    floorLastOverFirst: f.last / f.first,
    roundsLastOverFirst: runs.map((x) => x.a.last / x.a.first),
    floorRoundsLastOverFirst: runs.map((x) => x.f.last / x.f.first),
    maxUpdateMs: Math.max(...runs.flatMap((x) => x.app.costs)),
    longTasks: allTasks.length,
    longestTaskMs: Math.max(0, ...allTasks),
    longFrames: runs.flatMap((x) => x.app.longFrames),
    domNodes: app.domNodes,
    floorDomNodes: floor.domNodes,
    heapMB: Math.max(...runs.map((x) => x.app.heapMB)),
    floorHeapMB: floor.heapMB,
    curve: curve(app.costs),
    floorCurve: curve(floor.costs),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Frames as fast as the work allows (no 60 Hz wait), so the run measures work, not vsync.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-gpu-vsync',
      '--disable-frame-rate-limit',
      '--no-first-run',
      '--disable-background-networking',
      '--enable-precise-memory-info',
    ],
  });
}

/** Subagents in the subagents scenario (issue 54: three of 100 tool calls each). */
export const SUBAGENTS = 3;

interface SizeRun {
  running: number;
  end: number;
  longTasks: number[];
  callsShown: number[];
}

/** One page fed the subagent turn: its elements just before the first lane ends and at the end; ours, each lane's calls once unfolded. */
async function sizeRun(browser: Browser, root: string, kind: 'app' | 'floor', calls: number): Promise<SizeRun> {
  const turn = subagentTurn('bench', SUBAGENTS, calls);
  const { first, patches, marked } = hostMessages(turn.steps, 2, turn.runningSteps);
  const page = await openPage(browser, root, kind);
  try {
    type W = { __posts: { type: string }[]; __feed(m: unknown[]): Promise<number[]>; __since: number; __longTasks: number[] };
    if (kind === 'app') await page.waitForFunction(() => (window as unknown as W).__posts.some((m) => m.type === 'ready'));
    await page.evaluate((m) => (window as unknown as W).__feed([m]), first as unknown);
    await page.evaluate(() => ((window as unknown as W).__since = performance.now()));
    const elements = () => page.evaluate(() => document.querySelectorAll('#root *').length);
    await page.evaluate((ms) => (window as unknown as W).__feed(ms), patches.slice(0, marked) as unknown[]);
    const running = await elements();
    await page.evaluate((ms) => (window as unknown as W).__feed(ms), patches.slice(marked) as unknown[]);
    const end = await elements();
    const longTasks = await page.evaluate(() => (window as unknown as W).__longTasks);
    const callsShown: number[] = [];
    if (kind === 'app') {
      // Each lane unfolded: its calls are all there, as cards or in folded lines.
      for (const id of turn.childIds) {
        const lane = page.locator(`[data-testid="lane"][data-lane="${id}"]`);
        await lane.getByTestId('lane-toggle').click();
        const body = lane.getByTestId('lane-body');
        const folded = await body
          .locator('[data-testid="tool-group"]')
          .evaluateAll((els) => els.reduce((n, e) => n + Number((e as HTMLElement).dataset.count), 0));
        callsShown.push(folded + (await body.locator('[data-testid="tool-card"]').count()));
      }
      check(
        callsShown.every((n) => n === calls),
        `each lane holds its ${calls} calls once unfolded (${callsShown.join(', ')})`,
      );
    }
    return { running, end, longTasks, callsShown };
  } finally {
    await page.close();
  }
}

async function subagentPageSize(browser: Browser, root: string, calls: number): Promise<SubagentPageSize> {
  const tenthCalls = Math.max(1, Math.round(calls / 10));
  const full = await sizeRun(browser, root, 'app', calls);
  const tenth = await sizeRun(browser, root, 'app', tenthCalls);
  const floor = await sizeRun(browser, root, 'floor', calls);
  const floorTenth = await sizeRun(browser, root, 'floor', tenthCalls);
  return {
    subagents: SUBAGENTS,
    calls,
    tenthCalls,
    elements: full.end,
    tenthElements: tenth.end,
    runningElements: full.running,
    tenthRunningElements: tenth.running,
    floorElements: floor.end,
    floorTenthElements: floorTenth.end,
    longTasks: [...full.longTasks, ...tenth.longTasks].filter((d) => d >= 50).length,
    callsShown: full.callsShown,
  };
}

export async function screenBench(root: string, sizes: { chunks: number; tools: number; subagentCalls: number; rounds: number }): Promise<ScreenFigure[]> {
  const browser = await launchChromium();
  try {
    const streamed = streamUpdates(sizes.chunks);
    const fullText = streamed.map((u) => (u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? u.content.text : '')).join('');
    const headings = fullText.split('\n').filter((l) => l === '## What changed').length;
    const stream = await scenario(browser, root, `${sizes.chunks} chunks into one message, 10 per tick`, streamed, 10, sizes.rounds, async (page) => {
      const shown = await page.locator('[data-testid="agent-message"]').last().locator('h2').count();
      check(shown === headings, `the streamed message is on screen to its end (${shown} of ${headings} headings)`);
      // Its code is coloured by the page's highlight worker (off the main thread, so not in the figures above).
      await page.waitForFunction(() => document.querySelector('[data-testid="agent-message"] pre code .hljs-keyword') !== null, undefined, { timeout: 10_000 });
    });
    const tools = await scenario(
      browser,
      root,
      `${sizes.tools} tool calls with diffs, one per tick`,
      toolUpdates(sizes.tools),
      2,
      sizes.rounds,
      async (page) => {
        // Finished edits fold into one line (none asked for approval here): it counts every call of the turn.
        const count = await page.locator('[data-testid="tool-group"]').last().getAttribute('data-count');
        check(count === String(sizes.tools), `the turn's tool calls are on screen, folded (${count})`);
      },
    );
    const lanes = await scenario(
      browser,
      root,
      `${SUBAGENTS} subagents of ${sizes.subagentCalls} tool calls each, one call per tick`,
      subagentTurn('bench', SUBAGENTS, sizes.subagentCalls).steps,
      2,
      sizes.rounds,
      async (page) => {
        const states = await page.locator('[data-testid="lane"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.state));
        check(states.length === SUBAGENTS, `the ${SUBAGENTS} lanes are on screen (${states.length})`);
        const gists = await page.locator('[data-testid="lane-gist"][data-shows="reply"]').count();
        check(gists === SUBAGENTS, `each finished lane is folded to its reply (${gists})`);
      },
    );
    lanes.pageSize = await subagentPageSize(browser, root, sizes.subagentCalls);
    return [stream, tools, lanes];
  } finally {
    await browser.close();
  }
}
