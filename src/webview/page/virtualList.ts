// Keeps the page's size independent of the conversation's length: the transcript is a list of blocks (one per turn),
// and only the blocks within a screen of the viewport are in the DOM; the others are stood in for by two spacers of
// their measured (or, never shown, estimated) heights. A block is built the first time it comes near the viewport and
// kept after that, so scrolling back shows it without building it again. Scroll anchoring (the spacers opt out of it)
// keeps what the user looks at still when a height turns out different from its estimate.
import { h } from './dom';

/**
 * A turn's container: its entries in `body`, then what the chat adds at the turn's end (the changed-files card) in
 * `footer`. `height` is its last measured height, undefined until it has been laid out.
 */
export interface Block {
  readonly el: HTMLElement;
  readonly body: HTMLElement;
  readonly footer: HTMLElement;
  height: number | undefined;
  built: boolean;
}

/** Height assumed for a block never laid out, until some block has been (then their average). */
const DEFAULT_ESTIMATE = 400;
/** A block and its measurement differ by less than this (px): not worth another pass. */
const SETTLE_PX = 2;

/**
 * The blocks `[first, last]` that meet the band `[top - margin, bottom + margin]` of a list whose block heights are
 * `heights`. At least one block when there is one; the last ones when the band is past the end.
 */
export function visibleRange(heights: readonly number[], top: number, bottom: number, margin: number): [number, number] {
  const n = heights.length;
  if (n === 0) return [0, -1];
  const lo = top - margin;
  const hi = bottom + margin;
  let y = 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const end = y + heights[i]!;
    if (first < 0 && end > lo) first = i;
    if (y < hi || first === i) last = i;
    else if (first >= 0) break;
    y = end;
  }
  if (first < 0) first = last = n - 1;
  return [first, Math.max(first, last)];
}

export class VirtualList {
  readonly node: HTMLElement;
  private readonly before = h('div', { class: 'virtual-spacer', 'aria-hidden': 'true' });
  private readonly after = h('div', { class: 'virtual-spacer', 'aria-hidden': 'true' });
  private readonly blocks: Block[] = [];
  /** Blocks in the DOM: `[first, last]`. */
  private first = 0;
  private last = -1;
  private laying = false;

  constructor(
    private readonly scroller: HTMLElement,
    /** Builds a block's content the first time it is shown. */
    private readonly build: (index: number) => void,
    /** Called after blocks were put back in the DOM (their deferred renders may be stale). */
    private readonly shown: (index: number) => void,
  ) {
    this.node = h('div', { class: 'transcript-list' }, this.before, this.after);
  }

  get count(): number {
    return this.blocks.length;
  }

  block(i: number): Block {
    return this.blocks[i]!;
  }

  isMounted(i: number): boolean {
    return i >= this.first && i <= this.last;
  }

  clear(): void {
    this.blocks.length = 0;
    this.first = 0;
    this.last = -1;
    this.node.replaceChildren(this.before, this.after);
    this.before.style.height = this.after.style.height = '0px';
  }

  /**
   * A new last block. With `follow`, it is mounted (and built) at once when the list's end is in the DOM (the user
   * follows the conversation); otherwise it waits for `layout`.
   */
  push(follow: boolean): Block {
    const body = h('div', { class: 'turn-body' });
    const footer = h('div', { class: 'turn-footer' });
    const block: Block = { el: h('div', { class: 'turn' }, body, footer), body, footer, height: undefined, built: false };
    this.blocks.push(block);
    const i = this.blocks.length - 1;
    if (follow && this.last === i - 1) {
      this.mount(i, this.after);
      this.last = i;
    }
    return block;
  }

  /**
   * Brings the DOM in step with the viewport: measures the mounted blocks, mounts those within a screen of it (building
   * them the first time), unmounts the rest and sizes the spacers. `atEnd` lays out for the list's end (the view
   * follows the conversation). Repeats while a measurement changes the answer, a few times at most.
   */
  layout(atEnd: boolean): void {
    // Building a block can run the page's deferred renders, which lay out again: the outer pass does it.
    if (this.blocks.length === 0 || this.laying) return;
    this.laying = true;
    try {
      this.layoutPasses(atEnd);
    } finally {
      this.laying = false;
    }
  }

  private layoutPasses(atEnd: boolean): void {
    for (let pass = 0; pass < 3; pass++) {
      const moved = this.measure();
      const heights = this.heights();
      const view = this.scroller.clientHeight;
      const total = heights.reduce((a, b) => a + b, 0);
      // The viewport's top in the list's coordinates (the before-spacer stands in for the blocks above).
      const top = atEnd ? total - view : this.scroller.getBoundingClientRect().top + this.scroller.clientTop - this.node.getBoundingClientRect().top;
      const [first, last] = visibleRange(heights, top, top + view, Math.max(view, 200));
      if (first === this.first && last === this.last && !moved) return;
      this.mountRange(first, last, heights);
    }
  }

  /**
   * Mounts block `i` (building it if need be) with the blocks around it: scrolls to where it lies by the heights
   * known so far and lays out there, so the caller can scroll it into view exactly.
   */
  reveal(i: number): void {
    if (this.isMounted(i)) return;
    const heights = this.heights();
    let y = 0;
    for (let k = 0; k < i; k++) y += heights[k]!;
    const listTop = this.node.getBoundingClientRect().top - this.scroller.getBoundingClientRect().top - this.scroller.clientTop + this.scroller.scrollTop;
    this.scroller.scrollTop = listTop + y;
    this.layout(false);
    if (!this.isMounted(i)) this.mountRange(i, i, this.heights());
  }

  private heights(): number[] {
    let sum = 0;
    let n = 0;
    for (const b of this.blocks) {
      if (b.height === undefined) continue;
      sum += b.height;
      n++;
    }
    const estimate = n ? sum / n : DEFAULT_ESTIMATE;
    return this.blocks.map((b) => b.height ?? estimate);
  }

  /** Reads the mounted blocks' heights; true when one changed enough to matter. */
  private measure(): boolean {
    let moved = false;
    for (let i = this.first; i <= this.last; i++) {
      const b = this.blocks[i]!;
      const height = b.el.getBoundingClientRect().height;
      if (b.height === undefined || Math.abs(b.height - height) >= SETTLE_PX) moved = true;
      b.height = height;
    }
    return moved;
  }

  private mountRange(first: number, last: number, heights: readonly number[]): void {
    for (let i = this.first; i <= this.last; i++) if (i < first || i > last) this.blocks[i]!.el.remove();
    for (let i = first; i <= last; i++) {
      if (this.isMounted(i)) continue;
      // In order: before the next mounted block, or the end spacer.
      let next: Node = this.after;
      for (let j = i + 1; j <= last; j++) {
        if (this.blocks[j]!.el.parentNode === this.node) {
          next = this.blocks[j]!.el;
          break;
        }
      }
      this.mount(i, next);
    }
    this.first = first;
    this.last = last;
    let above = 0;
    for (let i = 0; i < first; i++) above += heights[i]!;
    let below = 0;
    for (let i = last + 1; i < heights.length; i++) below += heights[i]!;
    this.before.style.height = `${above}px`;
    this.after.style.height = `${below}px`;
  }

  private mount(i: number, before: Node): void {
    const b = this.blocks[i]!;
    if (b.el.parentNode === this.node) return;
    this.node.insertBefore(b.el, before);
    if (!b.built) {
      b.built = true;
      this.build(i);
    } else this.shown(i);
  }
}
