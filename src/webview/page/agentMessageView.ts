// The views of the agent's messages and thoughts. Agent text streams in chunks: update() only stores the text; the
// markdown is parsed once per frame (renderNow), and only its unfinished end again (streamedMarkdown.ts).
import type { TranscriptEntry } from '../protocol/protocol';
import { blocksText, renderNonTextBlocks } from './contentBlocks';
import { button, h, icon, setChildren } from './dom';
import { codeBlockView } from './markdown';
import { l10n } from './l10n';
import { stableMarkdownPrefix } from './markdownSegments';
import type { EntryOf, EntryView } from './messageViews';
import { nextPartEnd, openFence, openListItems } from './streamedMarkdown';
import type { Renderable, ViewContext } from './viewContext';

/** Finished parts of a streamed message per group: a 200 KB message is some 2,000 parts, 60-odd groups. */
const CHUNKS_PER_GROUP = 32;
/**
 * Lines of a code block still being written that go into one box of their own: the frame that adds lines lays out the
 * last box's lines, not the whole block's, so a frame costs the same at line 2,000 as at line 20.
 */
const OPEN_CODE_BOX_LINES = 100;

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
  /**
   * The tail's code block while it is still being written: where its text starts in `text`, what it shows, and the
   * text node that grows (the lines before it are in boxes of OPEN_CODE_BOX_LINES).
   */
  private openCode: { at: number; code: HTMLElement; shown: string; growing: Text; growingLines: number } | undefined;
  /** The tail's tight list while it is still being written: its element, how many items are finished, its last item. */
  private openList: { at: number; element: HTMLElement; done: number; last: HTMLElement | undefined; shown: string } | undefined;
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
      this.tail.replaceChildren(h('div', { class: 'md-plain' }, text.slice(this.stableLength)));
      this.ctx.requestRender(this);
    } else {
      this.renderTail(text);
    }
    this.onRendered?.(text);
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
    this.tail.replaceChildren(this.ctx.renderMarkdown(tail));
  }

  /**
   * A tight list still being written grows by its new items: each finished item is rendered once, alone, and joins
   * the list; the last one is rendered anew each frame. False when `tail` is not such a list (then it is rendered whole).
   */
  private renderOpenList(tail: string): boolean {
    const open = openListItems(tail);
    if (!open) return false;
    const { listStart, starts } = open;
    const n = starts.length;
    const itemText = (i: number) => tail.slice(starts[i]!, i + 1 < n ? starts[i + 1]! : tail.length);
    let list = this.openList?.at === this.stableLength && tail.startsWith(this.openList.shown) ? this.openList : undefined;
    if (!list) {
      // The list element comes from its first item rendered alone (an ordered list's start with it).
      const first = this.renderItem(itemText(0));
      if (!first) return false;
      this.tail.replaceChildren(listStart > 0 ? this.ctx.renderMarkdown(tail.slice(0, listStart)) : '', first.list);
      list = this.openList = { at: this.stableLength, element: first.list, done: n > 1 ? 1 : 0, last: n > 1 ? undefined : first.item, shown: tail };
      if (n === 1) return true;
    }
    // The last item of the frame before is rendered again: it is finished now, or still being written.
    list.last?.remove();
    list.last = undefined;
    for (; list.done < n - 1; list.done++) {
      const item = this.renderItem(itemText(list.done))?.item;
      if (!item) return false;
      list.element.appendChild(item);
    }
    const last = this.renderItem(itemText(n - 1))?.item;
    if (!last) return false;
    list.last = list.element.appendChild(last);
    list.shown = tail;
    return true;
  }

  /** One list item's text rendered alone: its list (`ul` or `ol`, with its start) and its `li`; undefined if it is not one. */
  private renderItem(text: string): { list: HTMLElement; item: HTMLElement } | undefined {
    const frag = this.ctx.renderMarkdown(text);
    const list = frag.firstElementChild;
    const item = list?.firstElementChild;
    if (
      frag.childElementCount !== 1 ||
      !(list instanceof HTMLElement) ||
      !/^(UL|OL)$/u.test(list.tagName) ||
      list.childElementCount !== 1 ||
      !(item instanceof HTMLElement)
    )
      return undefined;
    return { list, item };
  }
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
