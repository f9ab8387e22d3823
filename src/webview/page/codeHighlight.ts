// Syntax colours for fenced code: highlight.js core with a handful of grammars (the full set would triple the
// bundle). This runs in the page's highlight worker (highlightWorker.ts), never on the page's main thread: a grammar
// is compiled the first time a block of its language is coloured (76 ms for TypeScript on the bench machine), and a
// large block takes as long again to colour, and either would hold up streaming and input.
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
import { MAX_HIGHLIGHT_CHARS, type HighlightRun } from './codeHighlighter';

const languages = { bash, css, diff, go, java, javascript, json, markdown: markdownLang, python, rust, shell, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);

/** The highlight.js classes the page's theme colours (styles.css); a span of any other class would only add nodes. */
const STYLED = new Set([
  'hljs-keyword',
  'hljs-selector-tag',
  'hljs-built_in',
  'hljs-string',
  'hljs-attr',
  'hljs-template-tag',
  'hljs-number',
  'hljs-literal',
  'hljs-comment',
  'hljs-quote',
  'hljs-title',
  'hljs-function',
  'hljs-section',
  'hljs-type',
  'hljs-class',
  'hljs-variable',
  'hljs-params',
  'hljs-addition',
  'hljs-deletion',
  'hljs-meta',
]);

/**
 * `code` as runs of text, each with the class the theme colours it by (or none), for the page to build as text nodes:
 * the page makes no markup of the worker's answer. Undefined when it stays plain: an unknown language, a block over
 * the limit, or a grammar that failed (that only costs the colours).
 */
export function highlightRuns(code: string, lang: string): HighlightRun[] | undefined {
  const html = highlightCode(code, lang);
  return html === undefined ? undefined : runsOf(html);
}

/** highlight.js's markup (escaped text in nested `span class="hljs-…"`) as runs, each coloured by its innermost styled class. */
export function runsOf(html: string): HighlightRun[] {
  const runs: HighlightRun[] = [];
  const classes: (string | null)[] = [];
  const add = (text: string) => {
    if (!text) return;
    const cls = [...classes].reverse().find((c) => c !== null) ?? null;
    const last = runs[runs.length - 1];
    if (last && last[0] === cls) last[1] += text;
    else runs.push([cls, text]);
  };
  for (const part of html.split(/(<span class="[^"]*">|<\/span>)/u)) {
    if (part.startsWith('<span class="')) {
      const first = part.slice('<span class="'.length, -2).split(' ')[0]!;
      classes.push(STYLED.has(first) ? first : null);
    } else if (part === '</span>') {
      classes.pop();
    } else {
      add(unescape(part));
    }
  }
  return runs;
}

/** highlight.js escapes `&`, `<`, `>`, `"` and `'` in the code (escapeHTML); nothing else is an entity in its output. */
function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27);/gu, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[e]!);
}

/** `code` as highlight.js HTML, or undefined when it stays plain. */
export function highlightCode(code: string, lang: string): string | undefined {
  const name = lang.trim().toLowerCase();
  if (!name || !hljs.getLanguage(name) || code.length > MAX_HIGHLIGHT_CHARS) return undefined;
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return undefined;
  }
}
