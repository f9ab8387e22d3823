// axe-core and a clipping check run inside a chat's frame: the accessibility rules (WCAG 2.x A and AA and axe's best
// practices, colour contrast measured on the rendered colours) and controls that run past the frame or cut their label
// without a tooltip. Injected from outside the page, as the other e2e probes are: the page's CSP allows no script of ours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ACP_CHAT_EXTENSION_ID, pickQuickPickItem, REPO_ROOT, runCommand, screenshot, webviewFrame } from './harness';

const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
/** Each theme by its name in the theme picker, the class VS Code gives the webview's body and the workbench for it,
 *  and the editor background its variables give the page. */
export const THEMES = [
  { name: 'Dark Modern', body: 'vscode-dark', workbench: 'vs-dark', editorBackground: '#1f1f1f' },
  { name: 'Light Modern', body: 'vscode-light', workbench: 'vs', editorBackground: '#ffffff' },
  { name: 'Dark High Contrast', body: 'vscode-high-contrast', workbench: 'hc-black', editorBackground: '#000000' },
] as const;

export interface Audit {
  violations: { id: string; impact: string | null; nodes: string[] }[];
  /** The lowest contrast axe measured on text that passed (the failing ones are violations). */
  lowestContrast: number | null;
  /** Controls that run past the frame's right edge, or whose label is cut without a tooltip. */
  clipped: string[];
  width: number;
}

/** Audits what `frame` shows now and expects no serious or critical violation and no clipped control; returns the audit. */
export async function expectAccessible(frame: FrameLocator, where: string): Promise<Audit> {
  const found = await audit(frame);
  expect(
    found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    `${where}: serious or critical violations`,
  ).toEqual([]);
  expect(found.clipped, `${where}: clipped controls`).toEqual([]);
  return found;
}

/** Audits what `frame` shows now. */
export async function audit(frame: FrameLocator): Promise<Audit> {
  const body = frame.locator('body');
  // Injected from outside the page, as the other e2e probes are: the page's CSP allows no script of ours.
  await body.evaluate(new Function(`${AXE_SOURCE}\nreturn true;`) as () => boolean);
  return body.evaluate(async () => {
    type Node = { target: string[]; html: string; any: { data?: { contrastRatio?: number } }[] };
    type Rule = { id: string; impact: string | null; nodes: Node[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Rule[]; passes: Rule[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations', 'passes'] });
    const ratios = (result.passes.find((r) => r.id === 'color-contrast')?.nodes ?? []).flatMap((n) => n.any.map((a) => a.data?.contrastRatio ?? Infinity));
    const clipped: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('button, select, [role="button"]'))) {
      const box = el.getBoundingClientRect();
      // Not on screen: hidden, or in a closed menu (a closed <details> still lays out its content).
      if (box.width === 0 || el.closest('[hidden]') || el.closest('details:not([open]) > :not(summary)')) continue;
      const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
      if (box.right > window.innerWidth + 1) clipped.push(`${name}: runs past the frame (${Math.round(box.right)} > ${window.innerWidth})`);
      else if (el.scrollWidth > el.clientWidth + 1 && !el.title) clipped.push(`${name}: label cut, no tooltip`);
    }
    const lowest = Math.min(...ratios);
    return {
      violations: result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
      })),
      lowestContrast: Number.isFinite(lowest) ? lowest : null,
      clipped,
      width: window.innerWidth,
    };
  });
}

export interface Surface {
  name: 'side bar' | 'tab';
  frame: FrameLocator;
}

/** The chats on screen: the side bar's and an editor tab's, told apart by where they are (the side bar is left). */
export async function chatSurfaces(page: Page): Promise<Surface[]> {
  const frames = page.locator(`iframe.webview[src*="extensionId=${ACP_CHAT_EXTENSION_ID}&"]`).locator('visible=true');
  const lefts = await frames.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
  const order = lefts.map((left, index) => ({ left, index })).sort((a, b) => a.left - b.left);
  return order.map(({ index }, i) => ({ name: i === 0 ? 'side bar' : 'tab', frame: webviewFrame(page, { extensionId: ACP_CHAT_EXTENSION_ID, index }) }));
}

/**
 * One state of the chat, in every theme on every chat on screen: each restyled to the theme (its body's class and the
 * editor background of its variables), audited (no serious or critical finding, nothing clipped) and the window
 * photographed as `ui-<state>-<theme>`. Starts from the theme the window has, so consecutive states share a switch.
 * Returns one line per surface and theme, for the log.
 */
export async function auditInThemes(page: Page, state: string, surfaces: number): Promise<string[]> {
  const lines: string[] = [];
  const workbench = ((await page.locator('.monaco-workbench').getAttribute('class')) ?? '').split(/\s+/);
  const start = Math.max(
    0,
    THEMES.findIndex((t) => workbench.includes(t.workbench)),
  );
  for (let i = 0; i < THEMES.length; i++) {
    const theme = THEMES[(start + i) % THEMES.length]!;
    if (i > 0 || !workbench.includes(theme.workbench)) {
      await runCommand(page, 'Preferences: Color Theme');
      await pickQuickPickItem(page, theme.name);
    }
    await expect
      .poll(async () => ((await page.locator('.monaco-workbench').getAttribute('class')) ?? '').split(/\s+/), { timeout: 15_000 })
      .toContain(theme.workbench);
    const shown = await chatSurfaces(page);
    expect(
      shown.map((s) => s.name),
      `${state}: the chats on screen`,
    ).toEqual(surfaces === 2 ? ['side bar', 'tab'] : ['side bar']);
    for (const { name, frame } of shown) {
      await expect.poll(() => frame.locator('body').getAttribute('class'), { timeout: 15_000 }).toContain(theme.body);
      const background = await frame.locator('body').evaluate((b) => getComputedStyle(b).getPropertyValue('--vscode-editor-background').trim().toLowerCase());
      expect(background, `${state}, ${name}, ${theme.name}: the editor background`).toBe(theme.editorBackground);
      const found = await audit(frame);
      const serious = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, `${state}, ${name} (${found.width} px), ${theme.name}: serious or critical violations`).toEqual([]);
      expect(found.clipped, `${state}, ${name}, ${theme.name}: clipped controls`).toEqual([]);
      lines.push(
        `${state} | ${name} ${found.width} px | ${theme.name} | lowest text contrast ${found.lowestContrast?.toFixed(2) ?? 'none'}:1 | other findings: ${found.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || 'none'}`,
      );
    }
    await screenshot(page, `ui-${state.replace(/\W+/g, '-')}-${theme.body.replace('vscode-', '')}`);
  }
  console.log(`[e2e] accessibility:\n${lines.join('\n')}`);
  return lines;
}

/** Switches the workbench's colour theme with the theme picker and waits until the chat's page follows it. */
export async function useTheme(page: Page, chat: FrameLocator, theme: (typeof THEMES)[number]): Promise<void> {
  const classes = async () => ((await page.locator('.monaco-workbench').getAttribute('class')) ?? '').split(/\s+/);
  if (!(await classes()).includes(theme.workbench)) {
    await runCommand(page, 'Preferences: Color Theme');
    await pickQuickPickItem(page, theme.name);
  }
  await expect.poll(classes, { timeout: 15_000 }).toContain(theme.workbench);
  await expect.poll(() => chat.locator('body').getAttribute('class'), { timeout: 15_000 }).toContain(theme.body);
}
