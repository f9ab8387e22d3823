// The one gate between agent text and the DOM. Markdown is rendered with raw HTML off, and the result is still passed
// through DOMPurify with a strict allow-list: no styles, no event attributes, no embedded documents, no SVG/MathML.
// Links never navigate: an http(s) href becomes `data-href` (a click posts `openLink`, the host asks the user);
// any other scheme (javascript:, command:, file:, data:, vscode:) is unwrapped to plain text.
import DOMPurify from 'dompurify';
import { parseExternalLink } from '../protocol/protocol';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 's', 'del', 'code', 'pre', 'kbd', 'sub', 'sup',
  'blockquote', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div',
];
const ALLOWED_ATTR = ['href', 'class', 'start', 'title', 'colspan', 'rowspan'];

/** Sanitizes an HTML string into an inert fragment with links neutralised. */
export function sanitizeHtml(html: string): DocumentFragment {
  const frag = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'input', 'img', 'link', 'meta', 'base'],
    FORBID_ATTR: ['style', 'id', 'name'],
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  }) as DocumentFragment;
  neutraliseLinks(frag);
  return frag;
}

function neutraliseLinks(root: DocumentFragment): void {
  for (const a of Array.from(root.querySelectorAll('a'))) {
    const href = a.getAttribute('href') ?? '';
    a.removeAttribute('href');
    // The host applies the same policy again before opening anything (the webview is not trusted).
    if (parseExternalLink(href)) {
      a.setAttribute('data-href', href);
      a.setAttribute('title', href);
      a.setAttribute('role', 'link');
      a.setAttribute('tabindex', '0');
      a.classList.add('ext-link');
    } else {
      a.replaceWith(...Array.from(a.childNodes));
    }
  }
}
