// Agent markdown → DOM, built from markdown-it's tokens with raw HTML off (markdownDom.ts: no HTML string, nothing to
// sanitise). Code blocks can take the focus (the page's one copy button joins the block hovered or focused), and their
// colours come from the highlight worker (codeHighlighter.ts) when the page has one.
import MarkdownIt from 'markdown-it';
import type { CodeHighlighter } from './codeHighlighter';
import { h } from './dom';
import { buildMarkdown } from './markdownDom';

const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

export type MarkdownRenderer = (text: string) => DocumentFragment;

/** Markdown to HTML as markdown-it renders it: where streamed rendering splits text, the split must not change this. */
export const markdownHtml = (text: string): string => md.render(text);

/**
 * A code block as the chat shows it, coloured if it can be. It takes the focus (a long line scrolls, and the keyboard
 * reaches the page's one copy button, which joins the block hovered or focused: App's copyButton).
 */
export function codeBlockView(code: string, lang: string | undefined, highlighter?: CodeHighlighter): { block: HTMLElement; code: HTMLElement } {
  const codeEl = h('code', lang ? { class: `language-${lang}` } : {});
  codeEl.textContent = code;
  const block = h('div', { class: 'code-block' }, h('pre', { tabindex: 0 }, codeEl));
  if (highlighter && lang) highlighter.colour(codeEl, code, lang);
  return { block, code: codeEl };
}

/** Renders markdown to DOM; code blocks get a copy button and, with a highlighter, their colours. */
export function markdownRenderer(highlighter?: CodeHighlighter): MarkdownRenderer {
  return (text) => buildMarkdown(md.parse(text, {}), (code, lang) => codeBlockView(code, lang, highlighter).block);
}

/** Without colours: what a page without the highlight worker shows. */
export const renderMarkdown: MarkdownRenderer = markdownRenderer();

/** A little of every block and inline rule the agent's replies use (see warmUpMarkdown). */
const WARM_UP =
  '# A\n\nText with **bold**, *it*, `code`, [a link](https://example.com) and example.com.\n\n- a\n- b\n\n1. c\n\n> d\n\n| e | f |\n| - | :-: |\n| g | h |\n\n```ts\nconst i = 1;\n```\n\n---\n';

/**
 * Renders a sample once, off screen, while the page waits, so the first reply's first frame does not also pay for
 * markdown-it's first parse (7–10 ms of that frame in Chromium on the test machine: a key typed as the first words
 * come would wait for it).
 */
export function warmUpMarkdown(): void {
  renderMarkdown(WARM_UP);
}
