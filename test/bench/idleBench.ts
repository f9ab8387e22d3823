// Idle is free: once a turn has ended and the chat shows it, the page runs nothing. In Chromium, the real webview
// bundle is fed a turn as the host posts it (the prompt, a streamed reply with code, tool calls with diffs, the turn's
// end); once its end is on screen and its code coloured, every callback the page's timers and frames run
// (setTimeout, setInterval, requestAnimationFrame, requestIdleCallback) is counted for 10 s, with the CSS animations
// still running at the end. Floor: the same on the plain-text page (which asks for nothing after its last message).
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { Browser } from 'playwright-core';
import { Session } from '../../src/acpClient/session';
import { TranscriptPublisher, type PatchMessage } from '../../src/webview/host/transcriptPublisher';
import { detachedSessionHost } from '../fixtures/sessionHost';
import { check } from './harness';
import { callsShown, launchChromium, openPage, snapshotMessage, streamUpdates, toolUpdates } from './screenBench';

/** The measured window: long enough for any periodic work a person would notice (a blinking cursor, a clock). */
export const IDLE_WINDOW_MS = 10_000;

export interface IdleFigure {
  windowMs: number;
  /** Callbacks run in the window, by the API that scheduled them. */
  callbacks: Record<string, number>;
  runningAnimations: number;
  floorCallbacks: Record<string, number>;
  floorRunningAnimations: number;
}

// Counts each callback the page's timer and frame APIs run, from the moment __idle.counting is set.
const PROBE = `<script>
window.__idle = { counting: false, callbacks: {} };
for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame', 'requestIdleCallback']) {
  const original = window[name];
  if (typeof original !== 'function') continue;
  window[name] = function (callback, ...rest) {
    if (typeof callback !== 'function') return original.call(window, callback, ...rest);
    return original.call(window, function (...args) {
      if (window.__idle.counting) window.__idle.callbacks[name] = (window.__idle.callbacks[name] || 0) + 1;
      return callback.apply(this, args);
    }, ...rest);
  };
}
</script>`;

/** The host's messages for one whole turn: prompt sent, `updates` streamed (one flush per 10), the turn's end. */
function turnMessages(updates: SessionUpdate[]): { first: unknown; patches: PatchMessage[] } {
  const session = new Session('idle', detachedSessionHost());
  const patches: PatchMessage[] = [];
  const pub = new TranscriptPublisher({ post: (m) => patches.push(m), getMeta: () => session.meta, schedule: () => () => {} });
  session.onDidChange((c) => pub.push(c));
  const first = snapshotMessage(session);
  session.apply({ type: 'prompt-sent', content: [{ type: 'text', text: 'Please do the work.' }] });
  pub.flush();
  updates.forEach((u, i) => {
    session.applyUpdate(u);
    if ((i + 1) % 10 === 0) pub.flush();
  });
  pub.flush();
  session.apply({ type: 'turn-ended', stopReason: 'end_turn' });
  pub.flush();
  return { first, patches };
}

async function measure(
  browser: Browser,
  root: string,
  kind: 'app' | 'floor',
  messages: { first: unknown; patches: PatchMessage[] },
): Promise<{ callbacks: Record<string, number>; running: number }> {
  const page = await openPage(browser, root, kind, PROBE);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    type W = { __posts: { type: string }[]; __feed(m: unknown[]): Promise<number[]>; __idle: { counting: boolean; callbacks: Record<string, number> } };
    if (kind === 'app') await page.waitForFunction(() => (window as unknown as W).__posts.some((m) => m.type === 'ready'));
    await page.evaluate((ms) => (window as unknown as W).__feed(ms), [messages.first, ...messages.patches] as unknown[]);
    if (kind === 'app') {
      // The turn is over on screen: Stop has gone, and the reply's code is coloured.
      await page.locator('[data-testid="stop"]').waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.querySelector('[data-testid="agent-message"] pre code .hljs-keyword') !== null, undefined, { timeout: 10_000 });
      const { folded, cards } = await callsShown(page);
      check(folded + cards === 10, `idle: the tool calls are on screen, as cards or folded (${folded} + ${cards})`);
    }
    await page.evaluate(() => ((window as unknown as W).__idle.counting = true));
    // The measurement window itself (nothing is awaited here: what runs in it is the figure).
    await page.waitForTimeout(IDLE_WINDOW_MS);
    const callbacks = await page.evaluate(() => ({ ...(window as unknown as W).__idle.callbacks }));
    const running = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
    // The probe counts what the page schedules: one frame asked for now is one more callback.
    const probed = await page.evaluate(
      () => new Promise<number>((r) => requestAnimationFrame(() => r((window as unknown as W).__idle.callbacks.requestAnimationFrame ?? 0))),
    );
    check(probed === (callbacks.requestAnimationFrame ?? 0) + 1, `idle (${kind}): the probe counts callbacks (${probed})`);
    check(errors.length === 0, `idle (${kind}): no page errors (${errors.slice(0, 3).join('; ')})`);
    return { callbacks, running };
  } finally {
    await page.close();
  }
}

export async function idleBench(root: string): Promise<IdleFigure> {
  const browser = await launchChromium();
  try {
    const messages = turnMessages([...streamUpdates(400), ...toolUpdates(10)]);
    const app = await measure(browser, root, 'app', messages);
    const floor = await measure(browser, root, 'floor', messages);
    return {
      windowMs: IDLE_WINDOW_MS,
      callbacks: app.callbacks,
      runningAnimations: app.running,
      floorCallbacks: floor.callbacks,
      floorRunningAnimations: floor.running,
    };
  } finally {
    await browser.close();
  }
}

/** All callbacks of a figure's record. */
export function totalCallbacks(c: Record<string, number>): number {
  return Object.values(c).reduce((a, b) => a + b, 0);
}
