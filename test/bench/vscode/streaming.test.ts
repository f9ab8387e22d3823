// The bench's end-to-end streaming figures (run by test/bench/streamBench.ts, not by `npm test`): in the real VS Code
// workbench, the real adapter relays replies that the fake Messages API sends in 5,000 deltas (a 200 KB markdown
// reply; one holding a 2,000-line code block; one of 300 short list items; the 200 KB one again, typed into
// meanwhile); a relay between the
// adapter and the extension (wireRelay.mjs) stamps each agent_message_chunk as it reaches the extension's pipe, and a
// probe in the chat's webview stamps when the reply's end is in the page, each host message's stamp (`sentAt`) and
// arrival, the main thread's work per frame, its long tasks and each key's time to its next frame. The floor runs in
// the same webview after each: the same text, in the same pieces and at the same moments as our page received them,
// appended as plain paragraphs. Then a bare ACP client runs the long reply against the same adapter and records its
// pace. Stamps are epoch milliseconds at sub-millisecond resolution on the one machine, so they all line up.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { adapterEntry, nodeBin } from '../../fixtures/adapter';
import { fakeApiAgentEnv, installedClaudeCode } from '../../fixtures/agentEnv';
import { agents, paced, streamedText, text, toolUse, type ScriptedReply } from '../../fixtures/fakeAnthropic';
import { bareClientRun, type BareRun } from '../bareClient';
import { benchRole, cpuShare, sampleProcesses, type CpuShare, type ProcessSample } from '../cpuShare';
import { AGENT_START_MS, captureFailure, openChat, sendPrompt, startChatBed, tidyWorkbench, waitTurnIdle, type ChatBed } from '../../e2e/chatBed';
import { AGENT_MARKDOWN } from '../transcriptGen';

const END = 'This is where the long reply ends.';
const DELTAS = 5000;

/**
 * A real model's pace, for the realistic stream: 80 output tokens a second (Artificial Analysis measures Claude 3.5
 * Sonnet at 64–95 tokens/s through Anthropic's API, Claude Sonnet 4.5 at 63), about 4 characters a token, the text
 * written in bursts every 100 ms as the API's server-sent events arrive in groups.
 */
export const MODEL_PACE = { tokensPerSecond: 80, charsPerToken: 4, burstMs: 100 };
/** The realistic reply's parts of the long reply's markdown (about 10 KB: 30 s at the pace above). */
const REALISTIC_PARTS = 14;

/** About 200 KB of markdown: headings, paragraphs, lists and code blocks, then the end marker. */
export function longReply(parts = 250): string {
  const all = Array.from({ length: parts }, (_, i) => AGENT_MARKDOWN.replace('## What changed', `## What changed, part ${i + 1}`));
  return `${all.join('')}${END}\n`;
}

/** A reply holding one 2,000-line code block. */
export function codeReply(): string {
  const lines = Array.from({ length: 2000 }, (_, i) => `export const value${i} = compute(${i}, 'entry ${i}'); // line ${i + 1}`);
  return `Here is the whole file:\n\n\`\`\`ts\n${lines.join('\n')}\n\`\`\`\n\n${END}\n`;
}

/** A reply of 300 short list items. */
export function listReply(): string {
  const items = Array.from({ length: 300 }, (_, i) => `- item ${i + 1}: check \`module${i}\` and its **tests**`);
  return `The steps:\n\n${items.join('\n')}\n\n${END}\n`;
}

/**
 * The cases, each beside its floor. `realistic` is the main case: a reply at a real model's pace (MODEL_PACE), typed
 * into throughout. `long` and `list` are stress cases: the fake API writes all 5,000 deltas at once (a burst of
 * 8–25 ms), which no model does; `long` runs in rounds interleaved with the bare client (the pace ratio). `code` is
 * written at a steady stress pace (2,000 lines in 10 s) so that every frame gets the same amount of new code.
 */
export type StreamCaseName = 'realistic' | 'long' | 'code' | 'list';
interface CaseSpec {
  name: StreamCaseName;
  reply: () => string;
  deltas: number;
  pace?: { charsPerSecond: number; burstMs: number };
  typed?: boolean;
}
const realisticPace = { charsPerSecond: MODEL_PACE.tokensPerSecond * MODEL_PACE.charsPerToken, burstMs: MODEL_PACE.burstMs };
const realisticReply = () => longReply(REALISTIC_PARTS);
const SPECS: Record<StreamCaseName, CaseSpec> = {
  // About three tokens a delta, as the API's text deltas carry.
  realistic: { name: 'realistic', reply: realisticReply, deltas: Math.round(realisticReply().length / 12), pace: realisticPace, typed: true },
  long: { name: 'long', reply: longReply, deltas: DELTAS },
  code: { name: 'code', reply: codeReply, deltas: DELTAS, pace: { charsPerSecond: codeReply().length / 10, burstMs: 50 } },
  list: { name: 'list', reply: listReply, deltas: DELTAS },
};
/** Rounds of the long burst, each followed by the bare client on the same reply behind the same relay. */
const PACE_ROUNDS = 3;

/** What the webview probe measured for one page (ours or the floor). */
export interface PageStreamFigure {
  /** Messages that carried the reply's text, and when the first and last arrived (epoch ms). */
  messages: number;
  firstMessage: number;
  lastMessage: number;
  /** The host's stamp on the last message that carried the reply's text (epoch ms; ours only). */
  lastSentAt?: number;
  /** When the reply's end was first in the page (epoch ms; the frame it is painted in follows at once). */
  endShown: number;
  /** Main-thread work for the reply: message handlers, and the frame callbacks they asked for with their layout. */
  busyMs: number;
  /** Frames that did that work, and each one's cost in order (ours only). */
  frames: number;
  frameMs?: number[];
  /**
   * Ours only: each frame while the reply's end was a code block still being written: its cost, the reply's text it
   * showed new, and how much of the reply had come by then (characters).
   */
  openCodeFrames?: { ms: number; chars: number; at: number }[];
  /** Tasks of 50 ms or more while it streamed (Long Tasks API), and the longest. */
  longTasks: number;
  longestTaskMs: number;
  /** Each key typed into the composer while it streamed: its event to the end of the next frame (ms; ours only). */
  keyEchoMs?: number[];
}

export interface StreamCaseFigure {
  name: StreamCaseName;
  /** The long burst's round (1…PACE_ROUNDS); the other cases run once. */
  round?: number;
  replyBytes: number;
  deltas: number;
  /** The pace the fake API wrote it at (absent: all at once, a burst). */
  pace?: { charsPerSecond: number; burstMs: number };
  /** The fake Messages API's first and last delta of this reply (epoch ms). */
  model: { first: number; last: number };
  /** The relay's stamps: agent_message_chunk updates handed to the extension, the first and the last (epoch ms). */
  wire: { chunks: number; first: number; last: number };
  ours: PageStreamFigure;
  floor: PageStreamFigure;
  /** The long burst's rounds: where the machine's CPU went from the prompt sent to the turn idle (cpuShare.ts). */
  cpu?: CpuShare;
  /**
   * The workbench page's frames that held a task of 50 ms or more from the prompt to the turn idle (Long Animation
   * Frames API), with their longest script: in code-server the webview shares the workbench renderer's thread, and the
   * webview's own observer does not see them.
   */
  workbenchFrames?: { ms: number; scriptMs: number; styleLayoutMs: number; script: string }[];
}

/** One turn of subagents through the real adapter (issue 54), in a new chat: the page's tasks and its size at the end. */
export interface SubagentTurnFigure {
  subagents: number;
  /** Read calls of each subagent. */
  calls: number;
  /** Prompt sent → the turn idle in the page (ms): the adapter's and Claude Code's pace as much as ours. */
  turnMs: number;
  /** Tasks of 50 ms or more in the chat's webview over the turn (Long Tasks API), and the longest. */
  longTasks: number;
  longestTaskMs: number;
  /** The webview's frames that held a task of 50 ms or more (Long Animation Frames API): where their time went. */
  longFrames: { ms: number; scriptMs: number; styleLayoutMs: number; script: string }[];
  /** The workbench page's frames with a task of 50 ms or more over the turn, likewise. */
  workbenchFrames: { ms: number; scriptMs: number; styleLayoutMs: number; script: string }[];
  /** Whose those tasks were, as the Long Tasks API attributes them ('self': this page's; an ancestor's: the workbench's), counted. */
  taskOwners: Record<string, number>;
  /** Elements in the page (`#root *`) once the turn is idle, every lane finished and folded. */
  elements: number;
  /** The calls each lane shows once unfolded (a check that they all reached the page). */
  callsShown: number[];
}

export interface StreamFigure {
  cases: StreamCaseFigure[];
  /** Three subagents of a tenth of the calls, then of all of them, each turn in a new chat. */
  subagents?: SubagentTurnFigure[];
  /**
   * The long burst through a bare ACP client behind the same relay, once after each of the chat's rounds: the model
   * API's first delta and the chunks' arrivals.
   */
  bare: (BareRun & { model: { first: number; last: number }; cpu?: CpuShare })[];
  /** The realistic case's pace (MODEL_PACE). */
  modelPace: typeof MODEL_PACE;
  /** The extension host's CPU profile over one more long burst (not one of the measured rounds), if taken. */
  hostProfile?: {
    file: string;
    top: { fn: string; url: string; selfMs: number }[];
    totalMs: number;
    /** Epoch ms minus the profile's clock (CLOCK_MONOTONIC, ms): maps its samples onto the bench's stamps. */
    clockOffsetMs: number;
    /** The profiled burst's stamps (epoch ms): its first and last update on the wire, its last patch's stamp, the end on screen. */
    burst?: { wireFirst: number; wireLast: number; lastSentAt: number; endShown: number };
  };
}

let cb: ChatBed | undefined;
const dir = mkdtempSync(join(tmpdir(), 'acp-bench-stream-'));
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
});
afterAll(async () => {
  await cb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("replies streamed end to end, each beside a plain-paragraph floor in the same webview, and the adapter's own pace", { timeout: 1_500_000 }, async () => {
  const out = process.env.ACP_BENCH_STREAM_OUT;
  expect(out, 'ACP_BENCH_STREAM_OUT names the output file').toBeTruthy();
  const wireOut = join(dir, 'wire.json');
  cb = await startChatBed({
    agent: { path: await nodeBin(), args: [join(__dirname, 'wireRelay.mjs'), adapterEntry()] },
    agentEnv: { ACP_BENCH_WIRE_OUT: wireOut },
    settings: { 'acpChat.permissions.prompt': 'inline' },
  });
  const bed = cb;
  const step = (what: string) => console.log(`[stream bench] ${new Date().toISOString()} ${what}`);
  step('bed started');
  await openChat(bed);
  step('chat ready');
  const body = bed.chat.locator('body');
  await body.evaluate(installProbe);
  const cases: StreamCaseFigure[] = [];
  const subagents = async (): Promise<SubagentTurnFigure[]> => {
    const turns: SubagentTurnFigure[] = [];
    for (const calls of [SUBAGENT_CALLS / 10, SUBAGENT_CALLS]) {
      turns.push(await subagentTurn(bed, calls));
      step(`subagents, ${calls} calls each: done`);
    }
    return turns;
  };
  // ACP_BENCH_STREAM_ONLY=subagents (a run by hand, not the bench's): only the subagent turns.
  if (process.env.ACP_BENCH_STREAM_ONLY === 'subagents') {
    writeFileSync(out!, JSON.stringify({ cases, subagents: await subagents() }));
    return;
  }
  const home = join(dir, 'bare-home');
  const cwd = join(dir, 'bare-workspace');
  mkdirSync(join(home, 'tmp'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const bareEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...fakeApiAgentEnv({ apiUrl: bed.fake.url, home, claudeCode: installedClaudeCode(join(__dirname, '..', '..', '..')) }),
  };
  const bare: StreamFigure['bare'] = [];
  /** Where the CPU went since `from` (the extension host: the chat's relay's parent, known once it wrote its stamps). */
  const cpuSince = (from: { at: number; sample: Map<number, ProcessSample> }): CpuShare => {
    const host = readJson(wireOut)?.host;
    return cpuShare(from.sample, sampleProcesses(), performance.now() - from.at, (p, all) => benchRole(p, all, host, process.pid));
  };
  /** The adapter's own pace: the long burst to a client that only records arrivals, behind the same relay as the chat. */
  const bareRound = async (round: number) => {
    bed.fake.setScript([streamedText(longReply(), DELTAS)]);
    const asked = bed.fake.mainRequests().length;
    let cpuFrom: { at: number; sample: Map<number, ProcessSample> } | undefined;
    let cpu: CpuShare | undefined;
    const run = await bareClientRun({
      aroundPrompt: (when) => {
        if (when === 'before') cpuFrom = { at: performance.now(), sample: sampleProcesses() };
        else if (cpuFrom) cpu = cpuSince(cpuFrom);
      },
      node: await nodeBin(),
      adapter: adapterEntry(),
      relay: join(__dirname, 'wireRelay.mjs'),
      env: { ...bareEnv, ACP_BENCH_WIRE_OUT: join(dir, `bare-wire-${round}.json`) },
      cwd,
      prompt: 'write the long reply',
    });
    const model = bed.fake.mainRequests()[asked]?.streamed;
    expect(model && run.chunks > 0).toBeTruthy();
    bare.push({ ...run, model: model!, ...(cpu ? { cpu } : {}) });
    step(`bare client, round ${round}: done`);
  };
  const order: { spec: CaseSpec; round?: number }[] = [{ spec: SPECS.realistic }];
  for (let r = 1; r <= PACE_ROUNDS; r++) order.push({ spec: SPECS.long, round: r });
  order.push({ spec: SPECS.code }, { spec: SPECS.list });
  for (const { spec, round } of order) {
    const name = spec.name;
    const reply = spec.reply();
    await body.evaluate((_el, end) => (window as unknown as { __stream: { start(end: string): void } }).__stream.start(end), END);
    const scripted = streamedText(reply, spec.deltas);
    bed.fake.setScript([spec.pace ? paced(scripted, spec.pace.charsPerSecond, spec.pace.burstMs) : scripted]);
    const asked = bed.fake.mainRequests().length;
    await bed.page.evaluate(watchLongFrames);
    const cpuFrom = round ? { at: performance.now(), sample: sampleProcesses() } : undefined;
    await sendPrompt(bed, `write the ${name} reply`);
    step(`${name}${round ? ` ${round}` : ''}: prompt sent`);
    // Typing while the reply streams, from the prompt on (the probe counts the keys pressed while it streams): each
    // key's way to the screen.
    const typing = spec.typed ? typeWhileStreaming(bed) : Promise.resolve();
    await expect
      .poll(() => body.evaluate(() => (window as unknown as { __stream: { figure(): { messages: number } } }).__stream.figure().messages), {
        timeout: AGENT_START_MS,
      })
      .toBeGreaterThan(0);
    step(`${name}: reply streaming`);
    await typing;
    await body.evaluate(() => (window as unknown as { __stream: { done: Promise<void> } }).__stream.done);
    step(`${name}: reply shown`);
    await waitTurnIdle(bed, AGENT_START_MS);
    const cpu = cpuFrom ? cpuSince(cpuFrom) : undefined;
    const workbenchFrames = await bed.page.evaluate(() => (window as unknown as { __benchFrames: SubagentTurnFigure['longFrames'] }).__benchFrames.slice());
    if (spec.typed) await bed.chat.getByTestId('composer-input').fill('');
    const ours = await body.evaluate(() => (window as unknown as { __stream: { figure(): unknown } }).__stream.figure() as PageStreamFigure);
    expect(await bed.chat.getByTestId('agent-message').last().textContent()).toContain(END);
    const floor = (await body.evaluate(runFloor, END)) as PageStreamFigure;
    step(`${name}: floor shown`);
    const streamed = bed.fake.mainRequests()[asked]?.streamed;
    expect(streamed, 'the fake API streamed the reply').toBeTruthy();
    // The relay writes its stamps once the adapter has been quiet for a moment.
    await expect.poll(() => (readJson(wireOut)?.times ?? []).filter((t) => t >= streamed!.first).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const times = readJson(wireOut)!.times.filter((t) => t >= streamed!.first && t <= ours.endShown);
    expect(ours.messages).toBeGreaterThan(0);
    expect(floor.messages).toBe(ours.messages);
    if (spec.typed) expect(ours.keyEchoMs!.length, 'at least 100 keys typed while it streamed').toBeGreaterThanOrEqual(100);
    cases.push({
      name,
      ...(round ? { round } : {}),
      replyBytes: Buffer.byteLength(reply),
      deltas: spec.deltas,
      ...(spec.pace ? { pace: spec.pace } : {}),
      model: streamed!,
      wire: { chunks: times.length, first: times[0]!, last: times[times.length - 1]! },
      ours,
      floor,
      ...(cpu ? { cpu } : {}),
      workbenchFrames,
    });
    if (round) await bareRound(round);
  }
  // The extension host's CPU profile over one more long burst (its figures are not kept: the profiler slows the host).
  const profileOut = process.env.ACP_BENCH_HOST_PROFILE;
  let hostProfile: StreamFigure['hostProfile'];
  if (profileOut) {
    const hostPid = readJson(wireOut)?.host;
    expect(hostPid, 'the relay named its parent, the extension host').toBeTruthy();
    const profiler = await startHostProfile(hostPid!);
    bed.fake.setScript([streamedText(longReply(), DELTAS)]);
    await body.evaluate((_el, end) => (window as unknown as { __stream: { start(end: string): void } }).__stream.start(end), END);
    await sendPrompt(bed, 'write the long reply (profiled)');
    await body.evaluate(() => (window as unknown as { __stream: { done: Promise<void> } }).__stream.done);
    await waitTurnIdle(bed, AGENT_START_MS);
    hostProfile = await profiler.stop(profileOut);
    const seen = await body.evaluate(() => (window as unknown as { __stream: { figure(): unknown } }).__stream.figure() as PageStreamFigure);
    await new Promise((r) => setTimeout(r, 500)); // the relay writes its stamps once the adapter is quiet
    const burst = (readJson(wireOut)?.times ?? []).filter((t) => t >= seen.firstMessage - 2_000 && t <= seen.endShown);
    if (burst.length)
      hostProfile.burst = { wireFirst: burst[0]!, wireLast: burst[burst.length - 1]!, lastSentAt: seen.lastSentAt ?? 0, endShown: seen.endShown };
    step('host profile taken');
  }
  // Subagents last, so the replies' and the bare client's figures are measured as before.
  const figure: StreamFigure = { cases, bare, modelPace: MODEL_PACE, ...(hostProfile ? { hostProfile } : {}), subagents: await subagents() };
  writeFileSync(out!, JSON.stringify(figure));
});

/**
 * Starts the V8 profiler in the extension host (a Node process: SIGUSR1 opens its inspector on 127.0.0.1:9229) over
 * the DevTools protocol; `stop(file)` writes the .cpuprofile and returns the functions with the most self time.
 */
async function startHostProfile(pid: number): Promise<{ stop(file: string): Promise<NonNullable<StreamFigure['hostProfile']>> }> {
  process.kill(pid, 'SIGUSR1');
  let url: string | undefined;
  for (let i = 0; i < 50 && !url; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      const list = (await (await fetch('http://127.0.0.1:9229/json/list')).json()) as { webSocketDebuggerUrl: string }[];
      url = list[0]?.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
  }
  expect(url, "the extension host's inspector listens").toBeTruthy();
  const ws = new WebSocket(url!);
  await new Promise((r, j) => ((ws.onopen = r), (ws.onerror = j)));
  let id = 0;
  const pending = new Map<number, (v: unknown) => void>();
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.result);
  };
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((r) => {
      pending.set(++id, r);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  return {
    async stop(file) {
      type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
      const { profile } = (await send('Profiler.stop')) as {
        profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
      };
      await send('Profiler.disable');
      ws.close();
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      const self = new Map<number, number>();
      profile.samples.forEach((n, i) => self.set(n, (self.get(n) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
      const byFn = new Map<string, { fn: string; url: string; selfMs: number }>();
      for (const n of profile.nodes) {
        const ms = self.get(n.id) ?? 0;
        const fn = n.callFrame.functionName || '(anonymous)';
        const url = `${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
        const key = `${fn} ${url}`;
        const e = byFn.get(key) ?? { fn, url, selfMs: 0 };
        e.selfMs += ms;
        byFn.set(key, e);
      }
      const top = [...byFn.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, 25);
      const clockOffsetMs = performance.timeOrigin + performance.now() - Number(process.hrtime.bigint()) / 1e6;
      return { file, top, totalMs: (profile.endTime - profile.startTime) / 1000, clockOffsetMs };
    },
  };
}

const SUBAGENTS = 3;
const SUBAGENT_CALLS = 100;

/**
 * One turn in a new chat: the main loop launches three subagents in the foreground (Claude Code runs them
 * concurrently); each reads `calls` files of its own, one Read per model reply with a line of text every 25, then
 * answers. The adapter shows them as child sessions; the page as lanes. Measured in the chat's webview: its tasks of
 * 50 ms or more over the turn and its elements at the end; then each lane is unfolded to check its calls are there.
 */
async function subagentTurn(bed: ChatBed, calls: number): Promise<SubagentTurnFigure> {
  await tidyWorkbench(bed, { newSession: true });
  const body = bed.chat.locator('body');
  const launches = Array.from({ length: SUBAGENTS }, (_, c) => {
    const marker = `MARKER-L${calls}-C${c};`;
    const dir = join(bed.workspace, `lane${calls}-${c}`);
    mkdirSync(dir, { recursive: true });
    const script: ScriptedReply[] = [];
    for (let i = 0; i < calls; i++) {
      const file = join(dir, `module${i}.ts`);
      writeFileSync(file, `export function module${i}(x: number): number {\n  return compute(x, ${i});\n}\n`);
      script.push(toolUse('Read', { file_path: file }, i % 25 === 0 ? `Reading modules ${i} to ${Math.min(calls, i + 25) - 1}.` : undefined));
    }
    script.push(text(`Package ${c}: ${calls} modules read, nothing to change.`));
    bed.fake.setSubagentScript(marker, script);
    return { description: `Check package ${c}`, prompt: `${marker} read every module of lane${calls}-${c}`, run_in_background: false };
  });
  bed.fake.setScript([agents(launches, `I'll split this between ${SUBAGENTS} subagents.`), text(`All ${SUBAGENTS} packages are checked.`)]);
  type Frame = SubagentTurnFigure['longFrames'][number];
  type W = { __laneTasks: number[]; __laneTaskOwners: string[]; __laneFrames: Frame[]; __laneWatch?: boolean };
  await body.evaluate(() => {
    const w = window as unknown as W;
    w.__laneTasks = [];
    w.__laneTaskOwners = [];
    w.__laneFrames = [];
    if (w.__laneWatch) return;
    w.__laneWatch = true;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        w.__laneTasks.push(e.duration);
        w.__laneTaskOwners.push((e as PerformanceEntry & { attribution?: { name: string }[] }).attribution?.[0]?.name ?? '');
      }
    }).observe({ type: 'longtask' });
    type LoAF = PerformanceEntry & {
      blockingDuration: number;
      styleAndLayoutStart: number;
      scripts: { duration: number; invoker: string; sourceFunctionName: string; sourceURL: string }[];
    };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as LoAF[]) {
        if (!(e.blockingDuration > 0)) continue;
        const top = e.scripts.slice().sort((a, b) => b.duration - a.duration)[0];
        w.__laneFrames.push({
          ms: e.duration,
          scriptMs: e.scripts.reduce((a, x) => a + x.duration, 0),
          styleLayoutMs: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          script: top ? `${top.invoker} ${top.sourceFunctionName || ''} ${Math.round(top.duration)} ms` : '',
        });
      }
    }).observe({ type: 'long-animation-frame' });
  });
  // The workbench's own frames too: the webview's messages pass through its renderer, which shares a thread with it.
  await bed.page.evaluate(watchLongFrames);
  const start = Date.now();
  await sendPrompt(bed, `check the ${SUBAGENTS} packages, ${calls} modules each`);
  await bed.chat.getByTestId('stop').waitFor({ state: 'visible', timeout: AGENT_START_MS });
  await waitTurnIdle(bed, 600_000);
  const turnMs = Date.now() - start;
  const { tasks, owners, longFrames } = await body.evaluate(() => {
    const w = window as unknown as W;
    return { tasks: w.__laneTasks.slice(), owners: w.__laneTaskOwners.slice(), longFrames: w.__laneFrames.slice() };
  });
  const workbenchFrames = await bed.page.evaluate(() => (window as unknown as { __benchFrames: SubagentTurnFigure['longFrames'] }).__benchFrames.slice());
  const lanes = bed.chat.getByTestId('lane');
  await expect.poll(() => bed.chat.locator('[data-testid="lane-gist"][data-shows="reply"]').count(), { timeout: 10_000 }).toBe(SUBAGENTS);
  const elements = await body.evaluate(() => document.querySelectorAll('#root *').length);
  const callsShown: number[] = [];
  for (let i = 0; i < SUBAGENTS; i++) {
    const lane = lanes.nth(i);
    await lane.getByTestId('lane-toggle').click();
    const laneBody = lane.getByTestId('lane-body');
    const folded = await laneBody
      .locator('[data-testid="tool-group"]')
      .evaluateAll((els) => els.reduce((n, e) => n + Number((e as HTMLElement).dataset.count), 0));
    callsShown.push(folded + (await laneBody.locator('[data-testid="tool-card"]').count()));
  }
  expect(callsShown).toEqual(Array.from({ length: SUBAGENTS }, () => calls));
  return {
    subagents: SUBAGENTS,
    calls,
    turnMs,
    longTasks: tasks.filter((d) => d >= 50).length,
    longestTaskMs: Math.max(0, ...tasks),
    taskOwners: countBy(owners.filter((_, i) => tasks[i]! >= 50)),
    longFrames,
    workbenchFrames,
    elements,
    callsShown,
  };
}

/** In a page: records its frames that held a task of 50 ms or more from now on (`__benchFrames`), with their longest script. */
function watchLongFrames(): void {
  type LoAF = PerformanceEntry & {
    blockingDuration: number;
    styleAndLayoutStart: number;
    scripts: { duration: number; invoker: string; sourceFunctionName: string; sourceURL: string; sourceCharPosition: number }[];
  };
  const w = window as unknown as { __benchFrames: SubagentTurnFigure['longFrames']; __benchFrameWatch?: boolean };
  w.__benchFrames = [];
  if (w.__benchFrameWatch) return;
  w.__benchFrameWatch = true;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as LoAF[]) {
      if (!(e.blockingDuration > 0)) continue;
      const top = e.scripts.slice().sort((a, b) => b.duration - a.duration)[0];
      w.__benchFrames.push({
        ms: e.duration,
        scriptMs: e.scripts.reduce((a, x) => a + x.duration, 0),
        styleLayoutMs: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
        // Each part only when the browser gave it (a webview's frame callback comes without its function and source).
        script: top
          ? [
              top.invoker,
              top.sourceFunctionName,
              top.sourceURL ? `${top.sourceURL.split('/').pop()}:${top.sourceCharPosition}` : '',
              `${Math.round(top.duration)} ms`,
            ]
              .filter(Boolean)
              .join(' ')
          : '',
      });
    }
  }).observe({ type: 'long-animation-frame' });
}

function countBy(xs: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) out[x || 'unknown'] = (out[x || 'unknown'] ?? 0) + 1;
  return out;
}

/** Keys typed into the composer at a typist's pace (one every 120 ms) until the reply's end is on screen (or 1,000 keys). */
async function typeWhileStreaming(bed: ChatBed): Promise<void> {
  const input = bed.chat.getByTestId('composer-input');
  await input.focus();
  const body = bed.chat.locator('body');
  const until = Date.now() + 180_000;
  for (let i = 0; i < 1000 && Date.now() < until; i++) {
    await body.page().keyboard.press(i % 10 === 9 ? 'Space' : 'KeyA', { delay: 0 });
    await new Promise((r) => setTimeout(r, 120));
    if (i % 10 === 9 && (await body.evaluate(() => (window as unknown as { __stream: { figure(): { endShown: number } } }).__stream.figure().endShown > 0)))
      return;
  }
}

function readJson(file: string): { times: number[]; host?: number } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Runs in the chat's webview once; `start(end)` before each reply. Times the host's messages around the page's own
 * handler and every frame callback the page asks for, with the style and layout it leaves (forced at its end): their
 * sum, from the reply's first text to its end on screen, is the page's main-thread work for the reply. Records each
 * message's new text of the reply (for the floor), the host's stamp on it, and each key's way to its next frame.
 */
function installProbe(): void {
  const now = () => performance.timeOrigin + performance.now();
  type Msg = {
    type?: string;
    sentAt?: number;
    entries?: { kind: string; id: string; content?: { type: string; text?: string }[] }[];
    appends?: { id: string; field: string; text: string }[];
  };
  let end = '';
  let pieces: { at: number; text: string }[] = [];
  let replyId: string | undefined;
  let known = 0;
  let busy = 0;
  let handlerStart = 0;
  let frameMs: number[] = [];
  let openCodeFrames: { ms: number; chars: number; at: number }[] = [];
  /** The reply's text that arrived since the last frame, and in all. */
  let newChars = 0;
  let allChars = 0;
  let endShown = 0;
  let lastSentAt = 0;
  /** The reply's last characters so far (an end marker split over messages), and whether its end is watched for. */
  let recent = '';
  let watching = false;
  let longTasks: number[] = [];
  let keyEchoMs: number[] = [];
  let resolve!: () => void;
  let done = Promise.resolve();
  /** The entries on the page before this reply: their later patches are not the reply. */
  const seen = new Set<string>();
  const streaming = () => pieces.length > 0 && !endShown;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (streaming()) longTasks.push(e.duration);
  }).observe({ type: 'longtask' });
  /** The reply's new text in a host message: its agent entry (the first one after the prompt), or appends to it. */
  const newText = (m: Msg): string => {
    if (m?.type !== 'patch') return '';
    let text = '';
    for (const e of m.entries ?? []) {
      if (e.kind !== 'agent' || (replyId !== undefined && e.id !== replyId)) continue;
      if (replyId === undefined && !pieces.length && known === 0 && seen.has(e.id)) continue; // an earlier reply
      replyId = e.id;
      const full = (e.content ?? []).map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('');
      text += full.slice(known);
      known = Math.max(known, full.length);
    }
    for (const a of m.appends ?? []) {
      if (a.field !== 'text' || a.id !== replyId) continue;
      text += a.text;
      known += a.text.length;
    }
    return text;
  };
  const watchEnd = () => {
    const check = () => {
      const last = document.querySelectorAll('[data-testid="agent-message"]');
      if (!endShown && last[last.length - 1]?.textContent?.includes(end)) {
        endShown = now();
        observer.disconnect();
        resolve();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  };
  // Before the page's handler (a capturing listener runs first) and after it (one added now runs after the page's).
  window.addEventListener('message', () => (handlerStart = now()), true);
  window.addEventListener('message', (e: MessageEvent) => {
    const after = now();
    const text = newText(e.data as Msg);
    if (!text && !pieces.length) return;
    if (!endShown) busy += after - handlerStart;
    if (text) {
      newChars += text.length;
      allChars += text.length;
      pieces.push({ at: handlerStart, text });
      lastSentAt = (e.data as Msg).sentAt ?? 0;
      // The end marker may come split over two messages (a paced reply's are small).
      if (!watching && (recent + text).includes(end)) {
        watching = true;
        watchEnd();
      }
      recent = (recent + text).slice(-end.length);
    }
  });
  // Every frame callback the page asks for, timed with the style and layout it leaves to do (forced at its end).
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb: FrameRequestCallback) =>
    raf((t) => {
      const start = now();
      cb(t);
      void document.body.offsetHeight;
      if (streaming()) {
        const ms = now() - start;
        busy += ms;
        frameMs.push(ms);
        const replies = document.querySelectorAll('[data-testid="agent-message"]');
        if (newChars > 0 && replies[replies.length - 1]?.querySelector('.md-tail pre')) openCodeFrames.push({ ms, chars: newChars, at: allChars });
        newChars = 0;
      }
    });
  // A key's event to the end of the frame after it: what the user waits for to see it.
  document.addEventListener(
    'keydown',
    (e) => {
      if (!streaming()) return;
      const at = performance.timeOrigin + e.timeStamp;
      raf(() => setTimeout(() => keyEchoMs.push(now() - at)));
    },
    true,
  );
  (window as unknown as { __stream: unknown }).__stream = {
    get done() {
      return done;
    },
    get pieces() {
      return pieces;
    },
    start(next: string) {
      for (const el of document.querySelectorAll<HTMLElement>('[data-entry-id]')) seen.add(el.dataset.entryId!);
      end = next;
      pieces = [];
      replyId = undefined;
      known = 0;
      busy = 0;
      frameMs = [];
      openCodeFrames = [];
      newChars = 0;
      allChars = 0;
      endShown = 0;
      lastSentAt = 0;
      recent = '';
      watching = false;
      longTasks = [];
      keyEchoMs = [];
      done = new Promise<void>((r) => (resolve = r));
    },
    figure: () => ({
      messages: pieces.length,
      firstMessage: pieces[0]?.at ?? 0,
      lastMessage: pieces[pieces.length - 1]?.at ?? 0,
      lastSentAt,
      endShown,
      busyMs: busy,
      frames: frameMs.length,
      frameMs,
      openCodeFrames,
      longTasks: longTasks.filter((d) => d >= 50).length,
      longestTaskMs: Math.max(0, ...longTasks),
      keyEchoMs,
    }),
  };
}

/**
 * The floor, in the same webview after our page: the same pieces of text, delivered at the moments our page received
 * them, appended as plain paragraphs (each finished paragraph a <p>, the unfinished end the last one's text) in a
 * scrolling box that follows the end, once per frame. Measured the way our page is.
 */
function runFloor(_body: Element, end: string): Promise<unknown> {
  const now = () => performance.timeOrigin + performance.now();
  const w = window as unknown as { __stream: { pieces: { at: number; text: string }[] } };
  const pieces = w.__stream.pieces.slice();
  document.getElementById('root')!.hidden = true;
  const box = document.createElement('div');
  box.setAttribute('style', 'height:100vh;overflow-y:auto;white-space:pre-wrap');
  document.body.appendChild(box);
  let tail = box.appendChild(document.createElement('p'));
  let buffer = '';
  let busy = 0;
  let frames = 0;
  let frameAsked = false;
  let endShown = 0;
  const longTasks: number[] = [];
  let delivered = 0;
  let lastMessage = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!endShown) longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  return new Promise((resolve) => {
    const frame = () => {
      const start = now();
      const paragraphs = buffer.split('\n\n');
      buffer = paragraphs.pop()!;
      for (const p of paragraphs) {
        tail.textContent = (tail.textContent ?? '') + p;
        tail = box.appendChild(document.createElement('p'));
      }
      tail.textContent = (tail.textContent ?? '') + buffer;
      buffer = '';
      box.scrollTop = box.scrollHeight;
      void document.body.offsetHeight;
      busy += now() - start;
      frames += 1;
      frameAsked = false;
      if (!endShown && delivered === pieces.length && box.textContent!.includes(end)) {
        endShown = now();
        observer.disconnect();
        // The chat is shown again for the next reply.
        box.remove();
        document.getElementById('root')!.hidden = false;
        resolve({
          messages: pieces.length,
          firstMessage: pieces[0]!.at,
          lastMessage,
          endShown,
          busyMs: busy,
          frames,
          longTasks: longTasks.filter((d) => d >= 50).length,
          longestTaskMs: Math.max(0, ...longTasks),
        });
      }
    };
    const deliver = (i: number) => {
      const start = now();
      buffer += pieces[i]!.text;
      delivered = i + 1;
      if (i === pieces.length - 1) lastMessage = start;
      if (!frameAsked) {
        frameAsked = true;
        requestAnimationFrame(frame);
      }
      busy += now() - start;
    };
    const t0 = now();
    const first = pieces[0]!.at;
    pieces.forEach((p, i) => setTimeout(() => deliver(i), Math.max(0, p.at - first - (now() - t0))));
  });
}
