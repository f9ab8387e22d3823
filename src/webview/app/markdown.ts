// Agent markdown → sanitized DOM. Raw HTML is off in markdown-it; code is highlighted with a small set of
// highlight.js grammars (core + a handful keeps the bundle small) and gets a copy button.
import MarkdownIt from 'markdown-it';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdownLang from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { h, icon } from './dom';
import { sanitizeHtml } from './sanitize';

const languages = { bash, css, diff, go, java, javascript, json, markdown: markdownLang, python, rust, shell, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);

/** Highlighting bigger blocks costs more than it helps while streaming. */
const MAX_HIGHLIGHT_CHARS = 100_000;

const md = new MarkdownIt({
  html: false,
  linkify: true,
  breaks: false,
  highlight(code, lang): string {
    const name = lang.trim().toLowerCase();
    if (!name || !hljs.getLanguage(name) || code.length > MAX_HIGHLIGHT_CHARS) return '';
    try {
      return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
    } catch {
      // A grammar failure only costs the colours; markdown-it then escapes the code itself.
      return '';
    }
  },
});

export type MarkdownRenderer = (text: string) => DocumentFragment;

/** Markdown to HTML before sanitizing: where streamed rendering splits text, the split must not change this. */
export const markdownHtml = (text: string): string => md.render(text);

/** Renders markdown to a sanitized fragment; code blocks get a copy button (handled by a delegated listener). */
export const renderMarkdown: MarkdownRenderer = (text) => {
  const frag = sanitizeHtml(markdownHtml(text));
  for (const pre of Array.from(frag.querySelectorAll('pre'))) {
    const wrap = h('div', { class: 'code-block' });
    pre.replaceWith(wrap);
    wrap.append(h('button', { type: 'button', class: 'icon-btn copy-code', 'aria-label': 'Copy code', title: 'Copy code', 'data-testid': 'copy-code' }, icon('copy')), pre);
  }
  return frag;
};
