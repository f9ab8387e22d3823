// The views of the agent's messages and thoughts. Agent text streams in chunks: update() only stores the text; the
// markdown is parsed once per frame (renderNow), and only its unfinished end again (streamedMarkdown.ts).
import type { TranscriptEntry } from '../protocol/protocol';
import { blocksText, renderNonTextBlocks } from './contentBlocks';
import { button, h, icon, setChildren } from './dom';
import { codeBlockView } from './markdown';
import { l10n } from './l10n';
import { stableMarkdownPrefix } from './markdownSegments';
import type { EntryOf, EntryView } from './messageViews';
import { appendsAsText, nextPartEnd, openFence, openListItems, openTableRows } from './streamedMarkdown';
import type { Renderable, ViewContext } from './viewContext';

/** Finished parts of a streamed message per group: a 200 KB message is some 2,000 parts, 60-odd groups. */
const CHUNKS_PER_GROUP = 32;
/**
 * Lines of a code block still being written that go into one box of their own: the frame that adds lines lays out the
 * last box's lines, not the whole block's, so a frame costs the same at line 2,000 as at line 20.
 */
const OPEN_CODE_BOX_LINES = 100;
/**
 * About how much of the finished text not built yet one plain box holds. The boxes start at line starts and keep their
 * text while it does not change, so a frame that builds parts lays out the boxes it changed, and the browser skips
 * the ones off screen (`content-visibility: auto`): a burst that leaves 50 KB behind does not lay it all out per frame.
 */
const PLAIN_BOX_CHARS = 2048;

/**
 * Agent message: streamed markdown, rendered at most once per frame and only for this entry. Finished blocks are
 * rendered once and kept (`stable`), a part at a time while the frame's budget lasts, the rest shown as plain text
 * until a later frame builds it; each frame re-renders only the unfinished end (`tail`), and a code block still being
 * written grows there by its new text instead.
 */
export class AgentMessageView implements EntryView, Renderable {
  readonly node: HTMLElement;
  protected readonly body = h('div', { class: 'markdown-body' });
  protected readonly refs = h('div', { class: 'refs-slot' });
  private readonly stable = h('div', { class: 'md-stable' });
  private readonly tail = h('div', { class: 'md-tail' });
  /** The group of finished parts the next one joins (see CHUNKS_PER_GROUP). */
  private group: HTMLElement | undefined;
  private groupSize = 0;
  private text = '';
  private renderedText: string | undefined;
  /** How much of `text` is rendered in `stable`. */
  private stableLength = 0;
  /** Finished text not built yet (the frame's budget ran out): shown plain, built by the next frames. */
  private behind = false;
  /** The plain boxes showing it (see PLAIN_BOX_CHARS), in order, each with where its text starts in `text`. */
  private plain: { box: HTMLElement; start: number; text: string }[] = [];
  private readonly plainNode = h('div', { class: 'md-plain' });
  /**
   * The tail's code block while it is still being written: where its text starts in `text`, what it shows, and the
   * text node that grows (the lines before it are in boxes of OPEN_CODE_BOX_LINES).
   */
  private openCode: { at: number; code: HTMLElement; shown: string; growing: Text; growingLines: number } | undefined;
  /**
   * The tail's tight list while it is still being written: its element, how many items are finished, its last item
   * with the text it shows and the whitespace at that text's end that the render left out (`pending`).
   */
  private openList:
    { at: number; element: HTMLElement; done: number; last: { item: HTMLElement; text: string; pending: string } | undefined; shown: string } | undefined;
  /** The tail's table while it is still being written: its head's text, its body, how many rows are finished, its last row. */
  private openTable: { at: number; head: string; body: HTMLElement; done: number; last: HTMLElement | undefined; shown: string } | undefined;
  private refsKey = '';
  /** Called with the text rendered so far (for polite announcements). */
  onRendered: ((text: string) => void) | undefined;

  constructor(
    protected readonly ctx: ViewContext,
    cls = 'agent-message',
    testid = 'agent-message',
  ) {
    this.node = h('div', { class: `entry ${cls}`, 'data-testid': testid });
  }

  update(e: TranscriptEntry): void {
    const entry = e as EntryOf<'agent'> | EntryOf<'thought'>;
    this.text = blocksText(entry.content);
    const nonText = entry.content.filter((b) => b.type !== 'text');
    const key = JSON.stringify(nonText);
    if (key !== this.refsKey) {
      this.refsKey = key;
      setChildren(this.refs, renderNonTextBlocks(nonText, this.ctx));
    }
    if (this.text !== this.renderedText) this.ctx.requestRender(this);
  }

  renderNow(): void {
    if (this.text === this.renderedText && !this.behind) return;
    const text = this.text;
    if (this.renderedText === undefined || !text.startsWith(this.renderedText.slice(0, this.stableLength))) {
      // Not an append (first render, or the text was replaced): start over.
      this.stable.replaceChildren();
      this.stableLength = 0;
      this.group = undefined;
      this.openCode = undefined;
      this.openList = undefined;
      this.openTable = undefined;
      this.clearPlain();
      if (this.body.firstChild !== this.stable) this.body.replaceChildren(this.stable, this.tail);
    }
    this.renderedText = text;
    const boundary = stableMarkdownPrefix(text, this.stableLength);
    // At least one part a frame, so a message always moves on; then more while the frame has time.
    do {
      if (this.stableLength >= boundary) break;
      this.appendPart(text, nextPartEnd(text, this.stableLength, boundary));
    } while (!this.ctx.overBudget?.());
    this.behind = this.stableLength < boundary;
    if (this.behind) {
      // The newest text is on screen in this frame all the same, as plain text.
      this.openCode = undefined;
      this.openList = undefined;
      this.openTable = undefined;
      this.showPlain(text);
      this.ctx.requestRender(this);
    } else {
      this.clearPlain();
      this.renderTail(text);
    }
    this.onRendered?.(text);
  }

  /**
   * Shows `text` from `stableLength` on as plain text, in boxes that start at the first line start after each multiple
   * of PLAIN_BOX_CHARS (so they stay where they are as the text grows), the first at `stableLength`. A box whose text
   * did not change is left as it is.
   */
  private showPlain(text: string): void {
    const starts = [this.stableLength];
    for (let at = (Math.floor(this.stableLength / PLAIN_BOX_CHARS) + 1) * PLAIN_BOX_CHARS; at < text.length; at += PLAIN_BOX_CHARS) {
      const nl = text.indexOf('\n', at);
      if (nl < 0 || nl + 1 >= text.length) break;
      if (nl + 1 > starts[starts.length - 1]!) starts.push(nl + 1);
    }
    const old = new Map(this.plain.map((b) => [b.start, b]));
    this.plain = starts.map((start, i) => {
      const boxText = text.slice(start, starts[i + 1] ?? text.length);
      const box = old.get(start) ?? { box: h('div', { class: 'md-plain-box' }), start, text: '' };
      old.delete(start);
      if (box.text !== boxText) {
        box.box.textContent = boxText;
        box.text = boxText;
      }
      return box;
    });
    for (const b of old.values()) b.box.remove();
    let at = this.plainNode.firstChild;
    for (const b of this.plain) {
      if (b.box !== at) this.plainNode.insertBefore(b.box, at);
      at = b.box.nextSibling;
    }
    if (this.tail.firstChild !== this.plainNode || this.tail.childNodes.length !== 1) this.tail.replaceChildren(this.plainNode);
  }

  private clearPlain(): void {
    if (!this.plain.length) return;
    this.plain = [];
    this.plainNode.replaceChildren();
  }

  /** Renders `text` from `stableLength` to `end` (a block boundary) as one finished part. */
  private appendPart(text: string, end: number): void {
    // One block per finished part, in contained groups: a frame that adds a part lays out the groups' boxes, not
    // every part's, so a long message does not make each frame's layout slower.
    if (!this.group || this.groupSize >= CHUNKS_PER_GROUP) {
      this.group = this.stable.appendChild(h('div', { class: 'md-group' }));
      this.groupSize = 0;
    }
    this.group.appendChild(h('div', { class: 'md-chunk' }, this.ctx.renderMarkdown(text.slice(this.stableLength, end))));
    this.groupSize++;
    this.stableLength = end;
  }

  /** The unfinished end: a code block still being written grows by its new text; anything else is rendered anew. */
  private renderTail(text: string): void {
    const tail = text.slice(this.stableLength);
    const open = this.openCode?.at === this.stableLength ? this.openCode : undefined;
    // The lines shown before were checked for a closing fence already, all but the last (it may have grown into one).
    const fence = openFence(tail, open ? open.shown.lastIndexOf('\n') + 1 : 0);
    if (fence) {
      const code = tail.slice(fence.contentStart);
      if (open && code.startsWith(open.shown)) {
        if (code.length > open.shown.length) growCode(open, code.slice(open.shown.length));
        open.shown = code;
        return;
      }
      // Coloured once it is finished (it is then rendered as a finished part, by the highlighter).
      const view = codeBlockView('', fence.lang);
      this.tail.replaceChildren(view.block);
      const growing = view.code.appendChild(document.createTextNode(''));
      this.openCode = { at: this.stableLength, code: view.code, shown: code, growing, growingLines: 0 };
      growCode(this.openCode, code);
      return;
    }
    this.openCode = undefined;
    if (this.renderOpenList(tail)) return;
    this.openList = undefined;
    if (this.renderOpenTable(tail)) return;
    this.openTable = undefined;
    this.tail.replaceChildren(this.ctx.renderMarkdown(tail));
  }

  /**
   * A tight list still being written grows by its new items: the items finished since the last frame are rendered
   * once, together, and join the list; the last one grows by its new words while they are plain text, and is rendered
   * anew otherwise. False when `tail` is not such a list (then it is rendered whole).
   */
  private renderOpenList(tail: string): boolean {
    const open = openListItems(tail);
    if (!open) return false;
    const { listStart, starts } = open;
    const n = starts.length;
    const itemText = (i: number) => tail.slice(starts[i]!, i + 1 < n ? starts[i + 1]! : tail.length);
    let list = this.openList?.at === this.stableLength && tail.startsWith(this.openList.shown) ? this.openList : undefined;
    if (!list) {
      // The list element comes from its finished items rendered together, or its only item (an ordered list's start
      // with them).
      const done = n > 1 ? n - 1 : 0;
      const first = this.renderItems(tail.slice(starts[0]!, done ? starts[done]! : tail.length), Math.max(done, 1));
      if (!first) return false;
      this.tail.replaceChildren(listStart > 0 ? this.ctx.renderMarkdown(tail.slice(0, listStart)) : '', first.list);
      const only = done ? undefined : { item: first.items[0]!, ...shownText(itemText(0)) };
      list = this.openList = { at: this.stableLength, element: first.list, done, last: only, shown: tail };
      if (only) return true;
    }
    const lastText = itemText(n - 1);
    if (list.done === n - 1 && list.last && growItem(list.last, lastText)) {
      list.shown = tail;
      return true;
    }
    // The last item of the frame before is rendered again: it is finished now, or still being written.
    list.last?.item.remove();
    list.last = undefined;
    if (list.done < n - 1) {
      const finished = this.renderItems(tail.slice(starts[list.done]!, starts[n - 1]!), n - 1 - list.done);
      if (!finished) return false;
      list.element.append(...finished.items);
      list.done = n - 1;
    }
    const last = this.renderItems(lastText, 1)?.items[0];
    if (!last) return false;
    list.last = { item: list.element.appendChild(last), ...shownText(lastText) };
    list.shown = tail;
    return true;
  }

  /**
   * A table still being written grows by its new rows: the rows finished since the last frame are rendered once,
   * under its head, and join its body; the last row is rendered anew. False when `tail` is not such a table.
   */
  private renderOpenTable(tail: string): boolean {
    const open = openTableRows(tail);
    if (!open) return false;
    const head = tail.slice(0, open.headEnd);
    const { rows } = open;
    // A row still being written is the text after the last newline (none when the tail ends with one).
    const finished = tail.endsWith('\n') ? rows.length : rows.length - 1;
    let table = this.openTable?.at === this.stableLength && this.openTable.head === head && tail.startsWith(this.openTable.shown) ? this.openTable : undefined;
    if (!table) {
      const element = this.renderTable(head, 0);
      if (!element) return false;
      const body = h('tbody');
      element.table.append(body);
      this.tail.replaceChildren(element.table);
      table = this.openTable = { at: this.stableLength, head, body, done: 0, last: undefined, shown: tail };
    }
    table.last?.remove();
    table.last = undefined;
    if (table.done < finished) {
      const added = this.renderTable(head + tail.slice(rows[table.done]!, finished < rows.length ? rows[finished]! : tail.length), finished - table.done);
      if (!added) return false;
      table.body.append(...added.rows);
      table.done = finished;
    }
    if (finished < rows.length) {
      const last = this.renderTable(head + tail.slice(rows[finished]!), 1);
      if (!last) return false;
      table.last = table.body.appendChild(last.rows[0]!);
    }
    table.shown = tail;
    return true;
  }

  /** A table's head and `count` rows rendered alone: the table and its rows; undefined if that is not what it renders. */
  private renderTable(text: string, count: number): { table: HTMLElement; rows: HTMLElement[] } | undefined {
    const frag = this.ctx.renderMarkdown(text);
    const table = frag.firstElementChild;
    if (frag.childElementCount !== 1 || !(table instanceof HTMLElement) || table.tagName !== 'TABLE') return undefined;
    const body = table.querySelector(':scope > tbody');
    const rows = body ? [...body.children].filter((r): r is HTMLElement => r instanceof HTMLElement) : [];
    if (rows.length !== count) return undefined;
    body?.remove();
    return { table, rows };
  }

  /** `count` list items' text rendered alone: their list (`ul` or `ol`, with its start) and its items; undefined if that is not what it renders. */
  private renderItems(text: string, count: number): { list: HTMLElement; items: HTMLElement[] } | undefined {
    const frag = this.ctx.renderMarkdown(text);
    const list = frag.firstElementChild;
    if (frag.childElementCount !== 1 || !(list instanceof HTMLElement) || !/^(UL|OL)$/u.test(list.tagName) || list.childElementCount !== count)
      return undefined;
    const items = [...list.children].filter((i): i is HTMLElement => i instanceof HTMLElement);
    return items.length === count ? { list, items } : undefined;
  }
}

/** The text a rendered line shows, and the whitespace at its end that the render leaves out. */
function shownText(text: string): { text: string; pending: string } {
  const trimmed = text.trimEnd();
  return { text, pending: text.slice(trimmed.length) };
}

/**
 * Grows the last item of an open list by the new text of `text`, when that is plain words that render as themselves
 * (see appendsAsText) after the item's own text. False when it must be rendered anew.
 */
function growItem(last: { item: HTMLElement; text: string; pending: string }, text: string): boolean {
  if (!text.startsWith(last.text)) return false;
  const added = text.slice(last.text.length);
  const end = last.item.lastChild;
  if (!(end instanceof Text) || !appendsAsText(last.text, added)) return false;
  const grown = last.pending + added;
  const shown = grown.trimEnd();
  end.appendData(shown);
  last.text = text;
  last.pending = grown.slice(shown.length);
  return true;
}

/** Adds `text` to an open code block: to its growing text node, whose whole lines go into a box of their own when there are enough. */
function growCode(open: { code: HTMLElement; growing: Text; growingLines: number }, text: string): void {
  open.growing.appendData(text);
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) open.growingLines++;
  if (open.growingLines < OPEN_CODE_BOX_LINES) return;
  const data = open.growing.data;
  const cut = data.lastIndexOf('\n') + 1;
  open.code.insertBefore(h('span', { class: 'code-box' }, data.slice(0, cut)), open.growing);
  open.growing.data = data.slice(cut);
  open.growingLines = 0;
}

/** The agent's message, with Copy (as Markdown). */
export class AgentView extends AgentMessageView {
  private entry: TranscriptEntry | undefined;
  constructor(ctx: ViewContext) {
    super(ctx);
    const copy = button(l10n.t('Copy as Markdown'), { class: 'icon-btn', 'data-testid': 'copy-reply' }, icon('copy'));
    copy.addEventListener('click', () => this.entry && this.ctx.copy?.(this.entry));
    this.node.append(this.body, this.refs, h('div', { class: 'message-actions agent-actions', role: 'toolbar', 'aria-label': l10n.t('Reply actions') }, copy));
  }
  override update(e: TranscriptEntry): void {
    this.entry = e;
    super.update(e);
  }
}

/** A thought: collapsed by default, with how long the agent thought. */
export class ThoughtView extends AgentMessageView {
  private readonly summaryText = h('span', { class: 'thought-summary-text' }, l10n.t('Thinking…'));
  private readonly details = h('details', { class: 'thought' });
  constructor(ctx: ViewContext) {
    super(ctx, 'thought-entry', 'thought');
    this.details.append(h('summary', {}, icon('lightbulb'), this.summaryText), this.body, this.refs);
    this.node.append(this.details);
  }
  override update(e: TranscriptEntry): void {
    const entry = e as EntryOf<'thought'>;
    this.summaryText.textContent = entry.endedAt !== undefined ? l10n.t('Thought for {0}', formatDuration(entry.endedAt - entry.at)) : l10n.t('Thinking…');
    super.update(e);
  }
}

/** "850ms", "12s", "2m 5s". */
export function formatDuration(ms: number): string {
  if (!(ms >= 0)) return l10n.t('{0}s', 0);
  if (ms < 1000) return l10n.t('{0}ms', Math.round(ms));
  const s = Math.round(ms / 1000);
  return s < 60 ? l10n.t('{0}s', s) : l10n.t('{0}m {1}s', Math.floor(s / 60), s % 60);
}
