// Start-up: the two bundles' sizes (and the extension's vendor files, loaded after activation); the time to evaluate
// the extension bundle (what activation pays before any of our code runs) against evaluating an empty module, each in
// a fresh Node, and which vendor files that loaded; and "chat shown → session ready" with the real
// adapter: the core (AgentProcess + AcpClient: initialize, session/new, session/set_mode) against a bare SDK script
// making the same three calls, with the same parameters, to the same adapter. And the adapter as the VSIX ships it (one
// bundle, dist/agent/) against the adapter run from its npm package folder with its dependencies' files, as it
// shipped before (the bare SDK script for both).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { AcpClient, AgentProcess } from '../../src/acpClient';
import { buildClientCapabilities } from '../../src/acpClient/handshake';
import { prepareAdapter } from '../fixtures/adapter';
import { startFakeAnthropic } from '../fixtures/fakeAnthropic/server';
import { inertVscodePreamble } from '../fixtures/inertVscode';
import { median } from './harness';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const CLIENT_INFO = { name: 'acp-chat-bench', version: '0' };
/** What AcpClient advertises with the options the bench gives it (no file or terminal service, no elicitation). */
const OUR_CAPABILITIES = buildClientCapabilities({ elicitationForm: false, terminalOutput: false });

export interface StartupFigure {
  extensionBundleBytes: number;
  /** dist/vendor/: the libraries the extension requires on first use, after activation. */
  vendorBytes: number;
  /** Vendor files that loading the extension bundle loaded anyway (none, when the lazy loading holds). */
  vendorLoadedAtActivation: string[];
  webviewBundleBytes: number;
  bundleEvalMs: number;
  emptyEvalMs: number;
  sessionReadyMs: number;
  bareSdkMs: number;
  sessionReadyRatio: number;
  /** The bare script's session ready with the adapter run from node_modules (its files as npm installed them). */
  unbundledAdapterMs: number;
  /** Bundled against unbundled (below 1: the bundle starts sooner). */
  bundledAdapterRatio: number;
  runs: { ours: number[]; bare: number[]; unbundled: number[] };
}

/**
 * Node's own modules the bundle requires, loaded before the timing starts (for the empty module too): VS Code's
 * extension host has them loaded already (its IPC, file access, process spawning and proxy support use them), so
 * compiling them is not a cost of activating this extension there.
 */
const NODE_MODULES_LOADED_BY_THE_HOST = [
  'node:path',
  'node:fs',
  'node:fs/promises',
  'node:child_process',
  'node:stream',
  'node:stream/promises',
  'node:os',
  'node:crypto',
  'node:http',
  'node:https',
];

/**
 * Milliseconds to `require` a file in a fresh Node, measured inside it (`vscode` resolves to an inert stub), and the
 * files under dist/vendor/ that the require loaded (there should be none: they load on first use).
 */
function evalMs(node: string, dir: string, file: string, preamble: string): { ms: number; vendorLoaded: string[] } {
  const probe = join(dir, 'probe.cjs');
  writeFileSync(
    probe,
    `${preamble}for (const m of ${JSON.stringify(NODE_MODULES_LOADED_BY_THE_HOST)}) require(m);
const t0 = performance.now();
require(${JSON.stringify(file)});
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, vendorLoaded: Object.keys(require.cache).filter((f) => /[\\/]dist[\\/]vendor[\\/]/.test(f)) }));`,
  );
  const r = spawnSync(node, [probe], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`evaluating ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { ms: number; vendorLoaded: string[] };
}

async function sessionReady(run: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

export async function startupBench(root: string, node: string, tmp: string, runs: number): Promise<StartupFigure> {
  const empty = join(tmp, 'empty.cjs');
  writeFileSync(empty, '');
  const preamble = inertVscodePreamble(root);
  const ev: number[] = [];
  const em: number[] = [];
  const vendorLoaded = new Set<string>();
  for (let i = 0; i < 5; i++) {
    const bundle = evalMs(node, tmp, join(root, 'dist/extension.js'), preamble);
    ev.push(bundle.ms);
    for (const f of bundle.vendorLoaded) vendorLoaded.add(f);
    em.push(evalMs(node, tmp, empty, preamble).ms);
  }
  const vendorDir = join(root, 'dist/vendor');

  const api = await startFakeAnthropic();
  const harness = await prepareAdapter({ apiUrl: api.url });
  const ours: number[] = [];
  const bare: number[] = [];
  const unbundled: number[] = [];
  const unbundledEntry = join(root, 'node_modules/@agentclientprotocol/claude-agent-acp/dist/index.js');
  try {
    const oursOnce = async () => {
      let proc: AgentProcess | undefined;
      let client: AcpClient | undefined;
      const ms = await sessionReady(async () => {
        proc = AgentProcess.spawn(harness.launch, { cwd: harness.workspace, logger: silent });
        harness.track(proc);
        client = await AcpClient.start({ process: proc, hooks: { requestPermission: () => {} }, logger: silent, clientInfo: CLIENT_INFO });
        const session = await client.newSession(harness.workspace);
        await session.setMode('default');
      });
      client?.dispose();
      proc?.kill();
      await proc?.exited;
      return ms;
    };
    const bareOnce = async (entry?: string) => {
      const l = entry ? { ...harness.launch, args: [entry] } : harness.launch;
      let child: ChildProcess | undefined;
      let exited: Promise<unknown> = Promise.resolve();
      // Spawned inside the timed part, like ours, and in its own process group, so that ending it ends Claude Code too
      // (a Claude Code left running would load the runs after it).
      const ms = await sessionReady(async () => {
        const c = spawn(l.command, [...l.args], { cwd: harness.workspace, env: l.env, stdio: ['pipe', 'pipe', 'ignore'], detached: true });
        child = c;
        exited = new Promise((r) => c.once('exit', r));
        harness.track({ kill: () => c.kill(), pid: c.pid, exited });
        const conn = acp
          .client({ name: 'bare-sdk' })
          .connect(acp.ndJsonStream(Writable.toWeb(c.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(c.stdout!) as ReadableStream<Uint8Array>));
        // The same initialize as ours sends (its capabilities decide what the adapter sets up for the session).
        await conn.agent.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: OUR_CAPABILITIES,
          clientInfo: CLIENT_INFO,
        });
        const { sessionId } = await conn.agent.request(acp.methods.agent.session.new, { cwd: harness.workspace, mcpServers: [] });
        await conn.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'default' });
      });
      try {
        if (child?.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err; // ESRCH: the group had already gone
      }
      await exited;
      return ms;
    };
    for (let i = 0; i < runs; i++) {
      if (i % 2 === 0) {
        ours.push(await oursOnce());
        bare.push(await bareOnce());
        unbundled.push(await bareOnce(unbundledEntry));
      } else {
        unbundled.push(await bareOnce(unbundledEntry));
        bare.push(await bareOnce());
        ours.push(await oursOnce());
      }
    }
  } finally {
    await harness.cleanup();
    await api.close();
  }
  const sessionReadyMs = median(ours);
  const bareSdkMs = median(bare);
  return {
    extensionBundleBytes: statSync(join(root, 'dist/extension.js')).size,
    vendorBytes: readdirSync(vendorDir)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + statSync(join(vendorDir, f)).size, 0),
    vendorLoadedAtActivation: [...vendorLoaded].map((f) => relative(root, f)),
    webviewBundleBytes: statSync(join(root, 'dist/webview/main.js')).size,
    bundleEvalMs: median(ev),
    emptyEvalMs: median(em),
    sessionReadyMs,
    bareSdkMs,
    sessionReadyRatio: sessionReadyMs / bareSdkMs,
    unbundledAdapterMs: median(unbundled),
    bundledAdapterRatio: bareSdkMs / median(unbundled),
    runs: { ours, bare, unbundled },
  };
}
