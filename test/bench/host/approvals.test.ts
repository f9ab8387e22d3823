// The bench's part inside the real extension host (run by test/bench/hostBench.ts, not by `npm test`): the
// extension's activation as VS Code runs it, and the approval-latency series (../approvalSeries.ts), each with its
// floor. The page side (when a QuickPick became visible, when Enter was pressed) is stamped by the runner in the
// workbench; this side stamps what only the extension host sees. Stamps are epoch milliseconds at sub-millisecond
// resolution (performance.timeOrigin + performance.now()), so the runner can line them up across processes on the one
// machine.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Session } from '../../../src/acpClient/session';
import { EXTENSION_ID, activate, setSetting, type ExtensionApi } from '../../host/helpers';
import { APPROVAL_SERIES } from '../approvalSeries';

/** Node's require, sharing the extension host's module cache (as VS Code's own loading of the bundle does). */
const load = createRequire(__filename);

const now = () => performance.timeOrigin + performance.now();

/** What this side writes to ACP_BENCH_HOST_OUT. */
export interface HostSideStamps {
  /** Whether VS Code had activated the extension before the bench asked (then activationMs is not a cold figure). */
  wasActive: boolean;
  /** Requiring dist/extension.js in the extension host (what VS Code's activation then finds loaded), then four
   *  copies of the bundle (each compiled and evaluated anew). */
  loadRuns: number[];
  /** `extension.activate()` after that: VS Code's activation machinery and our activate(). */
  activateMs: number;
  /** Our activate() alone, as it timed itself. */
  ownActivateMs: number;
  /** The floor for it in the same host: requiring an empty module. */
  emptyModuleMs: number;
  /** The approval series in order, each ours with its floor (see ../approvalSeries.ts). */
  series: SeriesStamps[];
}

/** One approval series: the floor's QuickPicks, then the scripted agent's requests through the extension. */
export interface SeriesStamps {
  name: string;
  pauseMs: number;
  /** Floor: our QuickPick's shape with nothing behind it; `shown` before it is filled and shown, `accepted` when
   *  onDidAccept fired. */
  floor: { shown: number; showReturned: number; accepted: number }[];
  /** Ours: stamped by the scripted agent (request handed to the wire, answer read back). */
  agent: { asked: number; answered: number; outcome: unknown }[];
  /** Ours, in this host: the request's first change to the session (our handler began). In request order. */
  handled: number[];
  /** Ours, in this host: our permission QuickPick's show() returned (the controller announces its new view right
   *  after it). In request order. Compare the floor's `showReturned`: from there on it is VS Code's work. */
  showReturned: number[];
}

suite('bench: activation and approval latency', () => {
  test('measures', async function () {
    const out = process.env.ACP_BENCH_HOST_OUT;
    const n = Number(process.env.ACP_BENCH_APPROVALS ?? 100);
    assert.ok(out, 'ACP_BENCH_HOST_OUT names the output file');
    this.timeout(60_000 + n * 4_000);

    // The runner writes ACP_BENCH_GO once it watches the workbench page.
    const go = process.env.ACP_BENCH_GO;
    assert.ok(go, 'ACP_BENCH_GO names the start file');
    while (!existsSync(go)) await new Promise((r) => setTimeout(r, 50));

    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is loaded`);
    const wasActive = ext.isActive;
    // The load is timed once the workbench has finished starting: VS Code activates this extension when its view is
    // opened or a command run, not amid the built-in extensions' own start-up on the same two cores.
    await quietExtensionHost();
    const scratch = mkdtempSync(join(tmpdir(), 'acp-bench-host-'));
    const empty = join(scratch, 'empty.js');
    writeFileSync(empty, '');
    let t0 = performance.now();
    load(empty);
    const emptyModuleMs = performance.now() - t0;
    // Loading the bundle, then VS Code's activation of it (VS Code's extension host requires the main file through
    // Node's module cache, so activate() finds it loaded).
    t0 = performance.now();
    load(join(ext.extensionPath, 'dist/extension.js'));
    const loadMs = performance.now() - t0;
    t0 = performance.now();
    await ext.activate();
    const activateMs = performance.now() - t0;
    // More cold loads, of copies of the bundle beside it, so the figure is a median rather than one sample on a noisy
    // machine. A new path is a new module, and a comment at the end makes each copy's source differ, so V8 compiles it
    // again instead of reusing what it compiled for the same source.
    const loadRuns = [loadMs];
    const source = readFileSync(join(ext.extensionPath, 'dist/extension.js'), 'utf8');
    for (let k = 0; k < 4; k++) {
      const copy = join(ext.extensionPath, 'dist', `.bench-load-${process.pid}-${k}.js`);
      writeFileSync(copy, `${source}\n// bench copy ${k} ${Math.random()}\n`);
      try {
        t0 = performance.now();
        load(copy);
        loadRuns.push(performance.now() - t0);
      } finally {
        rmSync(copy, { force: true });
      }
    }
    console.log(`[bench] load ${loadRuns.map((x) => x.toFixed(1)).join(', ')} ms, activate ${activateMs.toFixed(1)} ms (was active: ${wasActive})`);
    // The scripted agent's session, started before the floor so that both series run in the same workbench (the
    // extension active, its session open).
    const stampsFile = join(scratch, 'agent-stamps.json');
    await setSetting('agent.path', process.execPath);
    await setSetting('agent.args', [join(ext.extensionPath, 'test/fixtures/scriptedAgent/agent.mjs')]);
    await setSetting('agent.env', { SCRIPTED_AGENT_STAMPS: stampsFile });
    const api = await activate();
    const ownActivateMs = api.activationMs;
    const session = await api.chat.ensureSession();
    const series: SeriesStamps[] = [];
    for (const spec of APPROVAL_SERIES) {
      const floor = await floorSeries(n, spec.floorTitle, spec.floor, spec.floorPauseMs);
      console.log(`[bench] floor done: ${spec.name}`);
      series.push({ name: spec.name, pauseMs: spec.pauseMs, floor, ...(await ourSeries(api, session, n, spec.pauseMs, spec.prefix, stampsFile)) });
      console.log(`[bench] ours done: ${spec.name}`);
    }

    const stamps: HostSideStamps = { wasActive, loadRuns, activateMs, ownActivateMs, emptyModuleMs, series };
    writeFileSync(out, JSON.stringify(stamps));
  });
});

/**
 * Floor: the same host showing the QuickPick ours shows (two options with icons, a placeholder, kept open on focus
 * loss, the default option active) with nothing behind it: one QuickPick refilled as soon as it is answered (as ours
 * is when the agent asks again), or a new one shown `pauseMs` after the answered one hid. The runner presses Enter.
 */
async function floorSeries(n: number, title: string, how: 'refill' | 'new', pauseMs: number): Promise<SeriesStamps['floor']> {
  const floor: SeriesStamps['floor'] = [];
  const refilled = how === 'refill' ? vscode.window.createQuickPick() : undefined;
  for (let i = 0; i < n; i++) {
    if (pauseMs && i > 0) await new Promise((r) => setTimeout(r, pauseMs));
    // Stamped before the first property is set: a QuickPick on screen shows a new title as soon as it is set.
    const shown = now();
    const qp = refilled ?? vscode.window.createQuickPick();
    qp.title = `${title} ${i}`;
    qp.items = [{ label: '$(check) Allow' }, { label: '$(close) Deny' }];
    qp.placeholder = 'Choose an option (Esc keeps the request pending)';
    qp.ignoreFocusOut = true;
    qp.activeItems = [qp.items[0]!];
    const accepted = new Promise<number>((resolve) => {
      const sub = qp.onDidAccept(() => {
        const t = now();
        sub.dispose();
        if (!refilled) qp.dispose();
        resolve(t);
      });
    });
    qp.show();
    const showReturned = now();
    floor.push({ shown, showReturned, accepted: await accepted });
  }
  refilled?.dispose();
  return floor;
}

/** Ours: the scripted agent asks n times in one turn; the extension's permission QuickPick shows each request. */
async function ourSeries(
  api: ExtensionApi,
  session: Session,
  n: number,
  pauseMs: number,
  prefix: string,
  stampsFile: string,
): Promise<Omit<SeriesStamps, 'name' | 'pauseMs' | 'floor'>> {
  const handled: number[] = [];
  let presented = 0;
  const seen = new Set<string>();
  const changes = session.onDidChange((cs) => {
    const t = now();
    for (const c of cs) {
      if (c.type !== 'entry-added' && c.type !== 'entry-changed') continue;
      const id = c.entry.kind === 'tool' ? c.entry.toolCall.toolCallId : undefined;
      if (id?.startsWith(`${prefix}-`) && !seen.has(id)) {
        seen.add(id);
        handled.push(t);
      }
    }
  });
  const added = api.permissions.broker.onDidAdd(() => presented++);
  const showReturned: number[] = [];
  let lastTitle: string | undefined;
  const views = api.permissions.onDidChangeView(() => {
    const t = now();
    const title = api.permissions.openPromptView()?.title;
    if (title?.startsWith(`Run this command? touch ${prefix}-`) && title !== lastTitle) showReturned.push(t);
    if (title) lastTitle = title;
  });
  const response = await (await api.chat.ensureSession()).prompt([{ type: 'text', text: `approvals ${n} ${pauseMs} ${prefix}` }]);
  assert.equal(response.stopReason, 'end_turn');
  const agent = JSON.parse(readFileSync(stampsFile, 'utf8')) as SeriesStamps['agent'];
  assert.equal(agent.length, n, 'every request was answered');
  changes.dispose();
  added.dispose();
  views.dispose();
  assert.equal(handled.length, n, 'each request reached the session');
  assert.equal(presented, n, 'each request reached the broker');
  assert.equal(showReturned.length, n, 'each request was shown in a QuickPick');
  return { agent, handled, showReturned };
}

/** Resolves once no extension has been activated for 2 s (at most 30 s: then it goes on and says so). */
async function quietExtensionHost(): Promise<void> {
  const active = () => vscode.extensions.all.filter((e) => e.isActive).length;
  const deadline = Date.now() + 30_000;
  let count = active();
  let since = Date.now();
  while (Date.now() - since < 2_000) {
    if (Date.now() > deadline) return console.log('[bench] extensions were still activating after 30 s; timing the load anyway');
    await new Promise((r) => setTimeout(r, 100));
    if (active() !== count) {
      count = active();
      since = Date.now();
    }
  }
}
