// Draws bench/chart.svg from the results: cost per update (ms, mean per bucket) across the session's length, ours and
// the floor, one panel per state-to-screen scenario. Plain SVG text, no library: two polylines and axes per panel.
import type { ScreenFigure } from './screenBench';

const W = 460;
const H = 220;
const PAD = { left: 48, right: 12, top: 36, bottom: 34 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function panel(f: ScreenFigure, x0: number): string {
  const pw = W - PAD.left - PAD.right;
  const ph = H - PAD.top - PAD.bottom;
  const max = Math.max(...f.curve, ...f.floorCurve) * 1.1 || 1;
  const px = (i: number, n: number) => x0 + PAD.left + (n <= 1 ? 0 : (i / (n - 1)) * pw);
  const py = (v: number) => PAD.top + ph - (v / max) * ph;
  const line = (c: number[], cls: string) =>
    `<polyline class="${cls}" points="${c.map((v, i) => `${px(i, c.length).toFixed(1)},${py(v).toFixed(1)}`).join(' ')}"/>`;
  const ticks = [0, max / 2, max].map(
    (v) =>
      `<text class="tick" x="${x0 + PAD.left - 6}" y="${py(v) + 4}" text-anchor="end">${v.toFixed(2)}</text><line class="grid" x1="${x0 + PAD.left}" x2="${x0 + PAD.left + pw}" y1="${py(v)}" y2="${py(v)}"/>`,
  );
  return [
    `<text class="title" x="${x0 + PAD.left}" y="16">${esc(f.scenario)}</text>`,
    `<text class="sub" x="${x0 + PAD.left}" y="30">last/first 1,000: ${f.lastOverFirst.toFixed(2)}x (floor ${f.floorLastOverFirst.toFixed(2)}x); total ${f.ratio.toFixed(1)}x floor</text>`,
    ...ticks,
    line(f.floorCurve, 'floor'),
    line(f.curve, 'ours'),
    `<text class="tick" x="${x0 + PAD.left}" y="${H - 14}">update 1</text>`,
    `<text class="tick" x="${x0 + PAD.left + pw}" y="${H - 14}" text-anchor="end">update ${f.messages.toLocaleString('en-US')}</text>`,
    `<text class="tick" x="${x0 + 12}" y="${PAD.top + ph / 2}" transform="rotate(-90 ${x0 + 12} ${PAD.top + ph / 2})" text-anchor="middle">ms per update</text>`,
  ].join('\n');
}

export function chartSvg(figures: ScreenFigure[]): string {
  const width = W * figures.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H + 20}" viewBox="0 0 ${width} ${H + 20}" font-family="sans-serif">
<style>
  .title { font-size: 13px; font-weight: bold; fill: #222; }
  .sub, .tick { font-size: 10px; fill: #555; }
  .grid { stroke: #ddd; stroke-width: 1; }
  polyline { fill: none; stroke-width: 2; }
  .ours { stroke: #1f6feb; }
  .floor { stroke: #999; stroke-dasharray: 4 3; }
</style>
<rect width="100%" height="100%" fill="#fff"/>
${figures.map((f, i) => panel(f, i * W)).join('\n')}
<g font-size="11"><line x1="${PAD.left}" x2="${PAD.left + 24}" y1="${H + 10}" y2="${H + 10}" class="ours" stroke-width="2"/><text x="${PAD.left + 30}" y="${H + 14}">ACP Chat webview (mean per bucket of updates)</text>
<line x1="${PAD.left + 300}" x2="${PAD.left + 324}" y1="${H + 10}" y2="${H + 10}" class="floor" stroke-width="2"/><text x="${PAD.left + 330}" y="${H + 14}">floor: plain text into the DOM</text></g>
</svg>
`;
}
