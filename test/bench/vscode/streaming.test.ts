// The bench's end-to-end streaming figure (run by test/bench/streamBench.ts, not by `npm test`): in the real VS Code
// workbench, the real adapter relays a 200 KB markdown reply that the fake Messages API sends in 5,000 deltas; a relay
// between the adapter and the extension (wireRelay.mjs) stamps each agent_message_chunk as it reaches the extension's
// pipe, and a probe in the chat's webview stamps when the reply's end is in the page, the main thread's work while it
// streams and its long tasks. The floor runs in the same webview afterwards: the same text, in the same pieces and at
// the same moments as our page received them, appended as plain paragraphs. Stamps are epoch milliseconds at
// sub-millisecond resolution on the one machine, so the relay's and the webview's line up.
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { adapterEntry, nodeBin } from '../../fixtures/adapter';
import { streamedText } from '../../fixtures/fakeAnthropic';
import { AGENT_START_MS, captureFailure, openChat, sendPrompt, startChatBed, waitTurnIdle, type ChatBed } from '../../e2e/chatBed';
import { AGENT_MARKDOWN } from '../transcriptGen';

const END = 'This is where the long reply ends.';
const DELTAS = 5000;

/** About 200 KB of markdown: headings, paragraphs, lists and code blocks, then the end marker. */
export function longReply(): string {
  const parts = Array.from({ length: 250 }, (_, i) => AGENT_MARKDOWN.replace('## What changed', `## What changed, part ${i + 1}`));
  return `${parts.join('')}${END}\n`;
}

/** What the webview probe measured for one page (ours or the floor). */
export interface PageStreamFigure {
  /** Messages that carried the reply's text, and when the first and last arrived (epoch ms). */
  messages: number;
  firstMessage: number;
  lastMessage: number;
  /** When the reply's end was first in the page (epoch ms; the frame it is painted in follows at once). */
  endShown: number;
  /** Main-thread work for the reply: message handlers, and the frame callbacks they asked for with their layout. */
  busyMs: number;
  /** Frames that did that work. */
  frames: number;
  /** Tasks of 50 ms or more while it streamed (Long Tasks API), and the longest. */
  longTasks: number;
  longestTaskMs: number;
}

export interface StreamFigure {
  replyBytes: number;
  deltas: number;
  /** The relay's stamps: agent_message_chunk updates handed to the extension, the first and the last (epoch ms). */
  wire: { chunks: number; first: number; last: number };
  ours: PageStreamFigure;
  floor: PageStreamFigure;
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

test('a long reply streamed end to end, beside a plain-paragraph floor in the same webview', { timeout: 180_000 }, async () => {
  const out = process.env.ACP_BENCH_STREAM_OUT;
  expect(out, 'ACP_BENCH_STREAM_OUT names the output file').toBeTruthy();
  const wireOut = join(dir, 'wire.json');
  cb = await startChatBed({
    agent: { path: await nodeBin(), args: [join(__dirname, 'wireRelay.mjs'), adapterEntry()] },
    agentEnv: { ACP_BENCH_WIRE_OUT: wireOut },
    settings: { 'acpChat.permissions.prompt': 'inline' },
  });
  const step = (what: string) => console.log(`[stream bench] ${new Date().toISOString()} ${what}`);
  step('bed started');
  await openChat(cb);
  step('chat ready');
  const reply = longReply();
  const body = cb.chat.locator('body');
  await body.evaluate(installProbe, END);
  cb.fake.setScript([streamedText(reply, DELTAS)]);
  await sendPrompt(cb, 'write the long reply');
  step('prompt sent');
  await expect.poll(() => body.evaluate(() => (window as unknown as { __stream: { figure(): { messages: number } } }).__stream.figure().messages), { timeout: AGENT_START_MS }).toBeGreaterThan(0);
  step('reply streaming');
  await body.evaluate(() => (window as unknown as { __stream: { done: Promise<void> } }).__stream.done);
  step('reply shown');
  await waitTurnIdle(cb, AGENT_START_MS);
  const ours = await body.evaluate(() => (window as unknown as { __stream: { figure(): unknown } }).__stream.figure() as PageStreamFigure);
  // The whole reply is on screen, to its end.
  expect(await cb.chat.getByTestId('agent-message').last().textContent()).toContain(END);
  const floor = (await body.evaluate(runFloor, END)) as PageStreamFigure;
  step('floor shown');
  // The relay writes its stamps once the adapter has been quiet for a moment.
  await expect.poll(() => readJson(wireOut)?.chunks ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
  const wire = readJson(wireOut)!;
  expect(ours.messages).toBeGreaterThan(0);
  expect(floor.messages).toBe(ours.messages);
  const figure: StreamFigure = { replyBytes: Buffer.byteLength(reply), deltas: DELTAS, wire, ours, floor };
  writeFileSync(out!, JSON.stringify(figure));
});

function readJson(file: string): { chunks: number; first: number; last: number } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Runs in the chat's webview before the prompt. Times the host's messages around the page's own handler and every
 * frame callback the page asks for, with the style and layout it leaves (forced at its end): their sum, from the
 * reply's first text to its end on screen, is the page's main-thread work for the reply. Records each message's new
 * text of the reply, for the floor.
 */
function installProbe(_body: Element, end: string): void {
  const now = () => performance.timeOrigin + performance.now();
  const pieces: { at: number; text: string }[] = [];
  let replyId: string | undefined;
  let known = 0;
  let busy = 0;
  let handlerStart = 0;
  let frames = 0;
  let endShown = 0;
  const longTasks: number[] = [];
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (pieces.length && !endShown) longTasks.push(e.duration);
  }).observe({ type: 'longtask' });
  /** The reply's new text in a host message: its agent entry (the first one after the prompt), or appends to it. */
  const newText = (m: { type?: string; entries?: { kind: string; id: string; content?: { type: string; text?: string }[] }[]; appends?: { id: string; field: string; text: string }[] }): string => {
    if (m?.type !== 'patch') return '';
    let text = '';
    for (const e of m.entries ?? []) {
      if (e.kind !== 'agent' || (replyId !== undefined && e.id !== replyId)) continue;
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
    const text = newText(e.data);
    if (!text && !pieces.length) return;
    if (!endShown) busy += after - handlerStart;
    if (text) {
      pieces.push({ at: handlerStart, text });
      if (text.includes(end)) watchEnd();
    }
  });
  // Every frame callback the page asks for, timed with the style and layout it leaves to do (forced at its end).
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb: FrameRequestCallback) =>
    raf((t) => {
      const start = now();
      cb(t);
      void document.body.offsetHeight;
      if (pieces.length && !endShown) {
        busy += now() - start;
        frames += 1;
      }
    });
  (window as unknown as { __stream: unknown }).__stream = {
    done,
    pieces,
    figure: () => ({
      messages: pieces.length,
      firstMessage: pieces[0]?.at ?? 0,
      lastMessage: pieces[pieces.length - 1]?.at ?? 0,
      endShown,
      busyMs: busy,
      frames,
      longTasks: longTasks.filter((d) => d >= 50).length,
      longestTaskMs: Math.max(0, ...longTasks),
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
        resolve({ messages: pieces.length, firstMessage: pieces[0]!.at, lastMessage, endShown, busyMs: busy, frames, longTasks: longTasks.filter((d) => d >= 50).length, longestTaskMs: Math.max(0, ...longTasks) });
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
