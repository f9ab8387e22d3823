// axe-core and a clipping check run inside a chat's frame: the accessibility rules (WCAG 2.x A and AA and axe's best
// practices, colour contrast measured on the rendered colours) and controls that run past the frame or cut their label
// without a tooltip. Injected from outside the page, as the other e2e probes are: the page's CSP allows no script of ours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { REPO_ROOT } from './harness';

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
      violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`) })),
      lowestContrast: Number.isFinite(lowest) ? lowest : null,
      clipped,
      width: window.innerWidth,
    };
  });
}
