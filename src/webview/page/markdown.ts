// Agent markdown → sanitized DOM. Raw HTML is off in markdown-it; code blocks get a copy button, and their colours
// come from the highlight worker (codeHighlighter.ts) when the page has one.
import MarkdownIt from 'markdown-it';
import type { CodeHighlighter } from './codeHighlighter';
import { h, icon } from './dom';
import { sanitizeHtml } from './sanitize';

// Code is left for the highlighter: markdown-it escapes it and marks its language (`language-ts`).
const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

export type MarkdownRenderer = (text: string) => DocumentFragment;

/** Markdown to HTML before sanitizing: where streamed rendering splits text, the split must not change this. */
export const markdownHtml = (text: string): string => md.render(text);

/** Renders markdown to a sanitized fragment; code blocks get a copy button (handled by a delegated listener). */
export function markdownRenderer(highlighter?: CodeHighlighter): MarkdownRenderer {
  return (text) => {
    const frag = sanitizeHtml(markdownHtml(text));
    for (const pre of Array.from(frag.querySelectorAll('pre'))) {
      const wrap = h('div', { class: 'code-block' });
      pre.replaceWith(wrap);
      wrap.append(h('button', { type: 'button', class: 'icon-btn copy-code', 'aria-label': 'Copy code', title: 'Copy code', 'data-testid': 'copy-code' }, icon('copy')), pre);
      const code = pre.querySelector('code');
      const lang = /(?:^|\s)language-(\S+)/.exec(code?.className ?? '')?.[1];
      if (highlighter && code && lang) highlighter.colour(code, code.textContent ?? '', lang);
    }
    return frag;
  };
}

/** Without colours: what a page without the highlight worker shows. */
export const renderMarkdown: MarkdownRenderer = markdownRenderer();
