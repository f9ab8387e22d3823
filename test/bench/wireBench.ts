// Wire to state: the scripted agent streams N agent_message_chunks (or N tool calls with diffs) over stdio; the time
// from the prompt sent to its answer, by when the session state holds every update (checked), for the core
// (AgentProcess + AcpClient + Session) against the floor: the same agent and stream read by a bare SDK client whose
// session/update handler does nothing.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { AcpClient, AgentProcess } from '../../src/acpClient';
import type { AgentLaunch } from '../../src/agents/agentLaunch';
import { check, median } from './harness';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

export interface WireRun {
  ms: number;
  updates: number;
}

export interface WireFigure {
  scenario: string;
  updates: number;
  /** Medians over the runs. */
  oursMs: number;
  floorMs: number;
  ratio: number;
  runs: { ours: number[]; floor: number[] };
}

function launch(root: string, node: string): AgentLaunch {
  return { command: node, args: [join(root, 'test/fixtures/scriptedAgent/agent.mjs')], env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' } };
}

/** The core: spawn, initialize, session/new untimed; then the prompt, timed; then the state is checked. */
async function ours(root: string, node: string, prompt: string, verify: (entries: number, text: string) => void): Promise<number> {
  const proc = AgentProcess.spawn(launch(root, node), { cwd: root, logger: silent });
  const client = await AcpClient.start({
    process: proc,
    hooks: { requestPermission: async () => {} },
    logger: silent,
    clientInfo: { name: 'acp-chat-bench', version: '0' },
  });
  try {
    const session = await client.newSession(root);
    const t0 = performance.now();
    await session.prompt([{ type: 'text', text: prompt }]);
    const ms = performance.now() - t0;
    const { entries } = session.snapshot();
    const text = entries.map((e) => (e.kind === 'agent' ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '')).join('');
    verify(entries.filter((e) => e.kind === 'tool').length, text);
    return ms;
  } finally {
    client.dispose();
    proc.kill();
    await proc.exited;
  }
}

/** The floor: the SDK reading the same stream with a no-op handler. */
async function floor(root: string, node: string, prompt: string, expectUpdates: number): Promise<number> {
  const l = launch(root, node);
  const child = spawn(l.command, l.args, { cwd: root, env: l.env, stdio: ['pipe', 'pipe', 'inherit'] });
  let seen = 0;
  const conn = acp
    .client({ name: 'bare-sdk' })
    .onNotification(acp.methods.client.session.update, () => {
      seen++;
    })
    .connect(acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>));
  try {
    await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await conn.agent.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    const t0 = performance.now();
    await conn.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: prompt }] });
    const ms = performance.now() - t0;
    check(seen === expectUpdates, `the floor saw all ${expectUpdates} updates (saw ${seen})`);
    return ms;
  } finally {
    child.kill();
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
}

/** Runs ours and the floor alternately `runs` times each (so load from elsewhere falls on both alike). */
async function measure(
  root: string,
  node: string,
  scenario: string,
  prompt: string,
  updates: number,
  runs: number,
  verify: (tools: number, text: string) => void,
): Promise<WireFigure> {
  const o: number[] = [];
  const f: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      o.push(await ours(root, node, prompt, verify));
      f.push(await floor(root, node, prompt, updates));
    } else {
      f.push(await floor(root, node, prompt, updates));
      o.push(await ours(root, node, prompt, verify));
    }
  }
  const oursMs = median(o);
  const floorMs = median(f);
  return { scenario, updates, oursMs, floorMs, ratio: oursMs / floorMs, runs: { ours: o, floor: f } };
}

export async function wireBench(root: string, node: string, sizes: { chunks: number; tools: number; runs: number }): Promise<WireFigure[]> {
  const chunks = await measure(root, node, `${sizes.chunks} agent_message_chunks`, `flood ${sizes.chunks}`, sizes.chunks, sizes.runs, (_, text) => {
    check(text.startsWith('<0><1>') && text.endsWith(`<${sizes.chunks - 1}>`), 'the session holds every chunk, in order');
  });
  const tools = await measure(root, node, `${sizes.tools} tool calls with diffs`, `tools ${sizes.tools}`, sizes.tools * 2, sizes.runs, (n) => {
    check(n === sizes.tools, `the session holds all ${sizes.tools} tool calls (has ${n})`);
  });
  return [chunks, tools];
}
