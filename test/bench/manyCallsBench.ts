// One turn of 120 tool calls, as a long task makes them (runs of ten reads, edits with diffs and commands in turn, none
// asking for approval), streamed into the real webview bundle in Chromium one call per flush: the elements the page
// holds at the end and the tasks of 50 ms or more on the way. Floor: the plain-text page fed the same messages (a card
// of title and diff per call).
import type { Browser } from 'playwright-core';
import { check } from './harness';
import { callsShown, hostMessages, launchChromium, openPage, toolUpdates } from './screenBench';

export const MANY_CALLS = 120;

export interface ManyCallsFigure {
  calls: number;
  elements: number;
  floorElements: number;
  longTasks: number;
  longestTaskMs: number;
  /** The folded lines the page shows for them. */
  groups: number;
}

async function run(browser: Browser, root: string, kind: 'app' | 'floor'): Promise<{ elements: number; longTasks: number[]; groups: number }> {
  const { first, patches } = hostMessages(
    toolUpdates(MANY_CALLS, (i) => (['read', 'edit', 'execute'] as const)[Math.floor(i / 10) % 3]!),
    2,
  );
  const page = await openPage(browser, root, kind);
  try {
    type W = { __posts: { type: string }[]; __feed(m: unknown[]): Promise<number[]>; __since: number; __longTasks: number[] };
    if (kind === 'app') await page.waitForFunction(() => (window as unknown as W).__posts.some((m) => m.type === 'ready'));
    await page.evaluate((m) => (window as unknown as W).__feed([m]), first as unknown);
    await page.evaluate(() => ((window as unknown as W).__since = performance.now()));
    await page.evaluate((ms) => (window as unknown as W).__feed(ms), patches as unknown[]);
    const groups = kind === 'app' ? await page.locator('[data-testid="tool-group"]').count() : 0;
    if (kind === 'app') {
      const { folded, cards } = await callsShown(page);
      check(folded + cards === MANY_CALLS, `every call is on screen, as a card or in a folded line (${folded} + ${cards})`);
    }
    const elements = await page.evaluate(() => document.querySelectorAll('#root *').length);
    const longTasks = await page.evaluate(() => (window as unknown as W).__longTasks);
    return { elements, longTasks, groups };
  } finally {
    await page.close();
  }
}

export async function manyCallsBench(root: string): Promise<ManyCallsFigure> {
  const browser = await launchChromium();
  try {
    const app = await run(browser, root, 'app');
    const floor = await run(browser, root, 'floor');
    return {
      calls: MANY_CALLS,
      elements: app.elements,
      floorElements: floor.elements,
      longTasks: app.longTasks.length,
      longestTaskMs: Math.max(0, ...app.longTasks),
      groups: app.groups,
    };
  } finally {
    await browser.close();
  }
}
