// Find in the chat (Ctrl+F / Cmd+F): a bar like the editor's find widget that searches the whole conversation, not
// only what the virtual list has mounted (transcriptSearch.ts), brings the match's turn into the DOM, opens what hides
// it (a folded run, a collapsed thought) and marks it with the CSS Custom Highlight API, which changes no DOM.
import type { TranscriptEntry } from '../protocol/protocol';
import { button, h, icon } from './dom';
import { l10n } from './l10n';
import { findAll, occurrences, type SearchHit } from './transcriptSearch';

export interface FindTarget {
  entries(): Iterable<TranscriptEntry>;
  /** Puts the entry in the DOM, rendered, and returns its node. */
  reveal(entryId: string): HTMLElement | undefined;
}

const HIGHLIGHT = 'acp-find';

export class FindBar {
  readonly node: HTMLElement;
  private readonly input = h('input', {
    type: 'text',
    class: 'find-input',
    placeholder: l10n.t('Find'),
    'aria-label': l10n.t('Find in the chat'),
    'data-testid': 'find-input',
  });
  private readonly count = h('span', { class: 'find-count', 'aria-live': 'polite', 'data-testid': 'find-count' });
  private hits: SearchHit[] = [];
  private current = -1;
  private returnFocus: Element | null = null;

  constructor(private readonly target: FindTarget) {
    const prev = button(l10n.t('Previous match (Shift+Enter)'), { class: 'icon-btn', 'data-testid': 'find-previous' }, icon('arrow-up'));
    const next = button(l10n.t('Next match (Enter)'), { class: 'icon-btn', 'data-testid': 'find-next' }, icon('arrow-down'));
    const close = button(l10n.t('Close (Escape)'), { class: 'icon-btn', 'data-testid': 'find-close' }, icon('close'));
    this.node = h('div', { class: 'find-bar', role: 'search', 'data-testid': 'find-bar' }, this.input, this.count, prev, next, close);
    this.node.hidden = true;
    this.input.addEventListener('input', () => this.search());
    this.node.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        // Closing the find bar is all this Escape does: it does not go on to VS Code's Stop.
        e.stopPropagation();
        this.close();
      } else if (e.key === 'Enter' || e.key === 'F3') {
        e.preventDefault();
        this.go(e.shiftKey ? -1 : 1);
      }
    });
    prev.addEventListener('click', () => this.go(-1));
    next.addEventListener('click', () => this.go(1));
    close.addEventListener('click', () => this.close());
  }

  get isOpen(): boolean {
    return !this.node.hidden;
  }

  open(): void {
    if (!this.isOpen) this.returnFocus = document.activeElement;
    this.node.hidden = false;
    this.input.focus();
    this.input.select();
    if (this.input.value) this.search();
  }

  close(): void {
    this.node.hidden = true;
    this.hits = [];
    this.current = -1;
    setHighlight(undefined);
    if (this.returnFocus instanceof HTMLElement && this.returnFocus.isConnected) this.returnFocus.focus();
    this.returnFocus = null;
  }

  /** Searches the conversation for the input's text; the current match is the last one (nearest the end). */
  private search(): void {
    this.hits = findAll(this.target.entries(), this.input.value);
    this.current = this.hits.length - 1;
    this.showCurrent();
  }

  /** The next (1) or previous (-1) match, wrapping; the conversation is searched again (it may have grown). */
  private go(step: 1 | -1): void {
    if (!this.input.value) return;
    const was = this.hits[this.current];
    this.hits = findAll(this.target.entries(), this.input.value);
    const at = was ? this.hits.findIndex((x) => x.entryId === was.entryId && x.nth === was.nth) : -1;
    if (!this.hits.length) this.current = -1;
    else if (at < 0) this.current = step > 0 ? 0 : this.hits.length - 1;
    else this.current = (at + step + this.hits.length) % this.hits.length;
    this.showCurrent();
  }

  private showCurrent(): void {
    const hit = this.hits[this.current];
    this.count.textContent = !this.input.value ? '' : hit ? l10n.t('{0} of {1}', this.current + 1, this.hits.length) : l10n.t('No results');
    this.node.dataset.state = !this.input.value || hit ? '' : 'none';
    if (!hit) {
      setHighlight(undefined);
      return;
    }
    const node = this.target.reveal(hit.entryId);
    if (!node) return;
    const range = rangeOf(node, this.input.value, hit.nth);
    // Markdown as written and as shown can differ (`**x**` shows x): then the entry itself is the place.
    const at = range ? range.startContainer.parentElement : node;
    for (let el = at?.closest('details'); el; el = el.parentElement?.closest('details')) el.open = true;
    setHighlight(range);
    at?.scrollIntoView?.({ block: 'center' });
  }
}

/** The `nth` occurrence of `query` in the text shown under `root` (the last one when it shows fewer), as a Range. */
function rangeOf(root: HTMLElement, query: string, nth: number): Range | undefined {
  const nodes: Text[] = [];
  let text = '';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push(n as Text);
    text += (n as Text).data;
  }
  const found = occurrences(text, query);
  if (!found.length) return undefined;
  const start = found[Math.min(nth, found.length - 1)]!;
  const range = document.createRange();
  let offset = 0;
  let started = false;
  for (const n of nodes) {
    const end = offset + n.data.length;
    if (!started && start < end) {
      range.setStart(n, start - offset);
      started = true;
    }
    if (started && start + query.length <= end) {
      range.setEnd(n, start + query.length - offset);
      return range;
    }
    offset = end;
  }
  return undefined;
}

/** Marks the current match (CSS Custom Highlight API; a page without it shows the scroll alone). */
function setHighlight(range: Range | undefined): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') return;
  if (range) CSS.highlights.set(HIGHLIGHT, new Highlight(range));
  else CSS.highlights.delete(HIGHLIGHT);
}
