// Terminal output with ANSI colours. ansi_up escapes the text and emits flat spans. The CSP forbids inline style
// attributes, so the output is parsed (styles renamed) in a detached document and rebuilt here from text nodes and spans: palette
// colours as ansi_up classes, bold/italic/… as our classes, truecolor through CSSOM (which the CSP allows).
import { AnsiUp } from 'ansi_up';

const STYLE_CLASSES: Record<string, string> = {
  'font-weight:bold': 'ansi-bold',
  'opacity:0.7': 'ansi-faint',
  'font-style:italic': 'ansi-italic',
  'text-decoration:underline': 'ansi-underline',
};

/** Renders terminal text (possibly with ANSI escapes) to a fragment of text nodes and class-styled spans. */
export function renderAnsi(text: string): DocumentFragment {
  // A fresh converter per call: colour state must not leak from one output into another.
  const conv = new AnsiUp();
  conv.use_classes = true;
  conv.url_allowlist = {};
  // Even a DOMParser document inherits the page's CSP, so style attributes are renamed before parsing (ansi_up
  // escapes the text, so `<span style=` can only be its own markup).
  const html = conv.ansi_to_html(text).replace(/<span style="/g, '<span data-ansi-style="');
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.createDocumentFragment();
  for (const node of Array.from(parsed.body.childNodes)) {
    const content = node.textContent ?? '';
    if (node.nodeName !== 'SPAN') {
      out.appendChild(document.createTextNode(content));
      continue;
    }
    const src = node as Element;
    const span = document.createElement('span');
    for (const c of Array.from(src.classList)) if (/^ansi-[a-z-]+$/.test(c)) span.classList.add(c);
    for (const decl of (src.getAttribute('data-ansi-style') ?? '').split(';').map((d) => d.replace(/\s+/g, ''))) {
      const cls = STYLE_CLASSES[decl];
      if (cls) span.classList.add(cls);
      const m = /^(color|background-color):rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)$/.exec(decl);
      if (m) span.style[m[1] === 'color' ? 'color' : 'backgroundColor'] = `rgb(${m[2]},${m[3]},${m[4]})`;
    }
    span.textContent = content;
    out.appendChild(span);
  }
  return out;
}
