// Loading a long conversation: the session/load replay of 1,000 turns with tool calls, folded by the real Session with
// its change events held back (as AcpClient.loadSession does), then the one snapshot the host posts, shown by the real
// webview bundle in Chromium. Floor: the same transcript posted to the same page as a snapshot that already exists.
// ours/floor near 1 says a load costs what showing the conversation costs, not a render per replayed update.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { Page } from 'playwright-core';
import { Session } from '../../src/acpClient/session';
import type { HostToWebview } from '../../src/webview/protocol/protocol';
import { detachedSessionHost } from '../fixtures/sessionHost';
import { check, median } from './harness';
import { launchChromium, openPage, snapshotMessage } from './screenBench';
import { AGENT_MARKDOWN } from './transcriptGen';

/** What the adapter replays for `turns` turns: the prompt, the agent's text, a Read with its result, a closing text. */
export function replayUpdates(turns: number): SessionUpdate[] {
  const out: SessionUpdate[] = [];
  for (let t = 1; t <= turns; t++) {
    out.push({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `Question ${t}: what does src/file${t}.ts do?` } });
    out.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `I will read **src/file${t}.ts**.` } });
    out.push({
      sessionUpdate: 'tool_call',
      toolCallId: `toolu_${t}`,
      title: `Read src/file${t}.ts`,
      kind: 'read',
      status: 'pending',
      locations: [{ path: `/work/src/file${t}.ts`, line: 1 }],
      rawInput: { file_path: `/work/src/file${t}.ts` },
    });
    out.push({
      sessionUpdate: 'tool_call_update',
      toolCallId: `toolu_${t}`,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: `export const value${t} = ${t};\n`.repeat(5) } }],
    });
    out.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: AGENT_MARKDOWN } });
  }
  return out;
}

export interface LoadFigure {
  turns: number;
  updates: number;
  entries: number;
  /** Median over the runs: folding the replay in the Session and taking its snapshot (Node). */
  foldMs: number;
  /** Median over the runs: the page handling the load's snapshot and the frame after it. */
  showMs: number;
  /** foldMs + showMs. */
  oursMs: number;
  /** Median over the runs: the page handling the ready snapshot and the frame after it. */
  floorMs: number;
  ratio: number;
  runs: number;
  /** Elements in the page once the load is shown (its last run): what the page holds for a conversation this long. */
  elements: number;
  /** Scrolling the shown conversation from its end to its top, one screen at a time (its last run). */
  scroll?: ScrollFigure;
}

/**
 * Screens of a walk from the end to the top, and how many of them had the viewport covered by turns in the frame
 * the scroll was shown in (checked in that frame's animation callback, after the scroll event), on the first walk
 * (turns built as they come) and on the second (each laid out once before).
 */
export interface ScrollFigure {
  first: { screens: number; covered: number };
  second: { screens: number; covered: number };
}

/** Walks the page's scroller from the end to the top twice; see ScrollFigure. */
export async function scrollWalks(page: Page): Promise<ScrollFigure> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.scroller')!;
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    /** The viewport is covered: points down its middle each hit something inside a mounted turn. */
    const isCovered = () => {
      const box = scroller.getBoundingClientRect();
      const x = box.left + box.width / 2;
      for (let k = 1; k < 8; k++) {
        const hit = document.elementFromPoint(x, box.top + (box.height * k) / 8);
        if (!hit?.closest('.turn')) return false;
      }
      return true;
    };
    const walk = async () => {
      let covered = 0;
      let screens = 0;
      for (let top = scroller.scrollHeight - scroller.clientHeight; ; top -= scroller.clientHeight) {
        scroller.scrollTop = Math.max(0, top);
        let ok = false;
        await new Promise<void>((r) =>
          requestAnimationFrame(() => {
            ok = isCovered();
            r();
          }),
        );
        screens++;
        if (ok) covered++;
        if (top <= 0) break;
      }
      await frame();
      return { screens, covered };
    };
    const first = await walk();
    scroller.scrollTop = scroller.scrollHeight;
    await frame();
    await frame();
    const second = await walk();
    return { first, second };
  });
}

/** Posts one message to a fresh page of the real bundle; returns its handler + frame time, after checking the end is shown. */
async function show(
  page: Page,
  message: HostToWebview,
  lastToolCallId: string,
  seen?: { elements: number; scroll?: ScrollFigure },
  walk = false,
): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __posts: { type: string }[] }).__posts.some((m) => m.type === 'ready'));
  const [ms] = await page.evaluate((m) => (window as unknown as { __feed(m: unknown[]): Promise<number[]> }).__feed([m]), message as unknown);
  const last = await page.locator('[data-testid="tool-card"]').last().getAttribute('data-tool-call-id');
  check(last === lastToolCallId, `the last replayed tool call is on screen (${last})`);
  if (seen) seen.elements = await page.evaluate(() => document.querySelectorAll('#root *').length);
  if (seen && walk) seen.scroll = await scrollWalks(page);
  return ms!;
}

export async function loadBench(root: string, turns: number, runs: number, walk = false): Promise<LoadFigure> {
  const updates = replayUpdates(turns);
  // The floor's snapshot exists before anything is timed.
  const reference = new Session('bench', detachedSessionHost());
  for (const u of updates) reference.applyUpdate(u);
  const ready = snapshotMessage(reference);
  const entries = reference.snapshot().entries.length;
  const lastToolCallId = `toolu_${turns}`;
  const browser = await launchChromium();
  const fold: number[] = [];
  const shown: number[] = [];
  const floor: number[] = [];
  const seen: { elements: number; scroll?: ScrollFigure } = { elements: 0 };
  try {
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const session = new Session('bench', detachedSessionHost());
      let events = 0;
      const sub = session.onDidChange(() => (events += 1));
      await session.replay(async () => {
        for (const u of updates) session.applyUpdate(u);
      });
      const message = snapshotMessage(session);
      fold.push(performance.now() - t0);
      sub.dispose();
      check(events === 0, `the replay fired no change events (${events})`);
      const kinds = (m: HostToWebview) => (m.type === 'snapshot' ? (m.snapshot?.entries ?? []).map((e) => e.kind).join() : '');
      check(kinds(message) === kinds(ready), 'the load builds the same transcript');
      const ours = await openPage(browser, root, 'app');
      shown.push(await show(ours, message, lastToolCallId, seen, walk && r === runs - 1));
      await ours.close();
      const base = await openPage(browser, root, 'app');
      floor.push(await show(base, ready, lastToolCallId));
      await base.close();
    }
  } finally {
    await browser.close();
  }
  const foldMs = median(fold);
  const showMs = median(shown);
  const floorMs = median(floor);
  return {
    turns,
    updates: updates.length,
    entries,
    foldMs,
    showMs,
    oursMs: foldMs + showMs,
    floorMs,
    ratio: (foldMs + showMs) / floorMs,
    runs,
    elements: seen.elements,
    scroll: seen.scroll,
  };
}
