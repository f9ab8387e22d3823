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
import { MAX_HIGHLIGHT_CHARS } from './codeHighlighter';

const languages = { bash, css, diff, go, java, javascript, json, markdown: markdownLang, python, rust, shell, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);

/**
 * `code` as highlight.js HTML (escaped text in `span.hljs-*`), or undefined when it stays plain: an unknown language,
 * a block over the limit, or a grammar that failed (that only costs the colours).
 */
export function highlightCode(code: string, lang: string): string | undefined {
  const name = lang.trim().toLowerCase();
  if (!name || !hljs.getLanguage(name) || code.length > MAX_HIGHLIGHT_CHARS) return undefined;
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return undefined;
  }
}
