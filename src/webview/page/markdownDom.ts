// Agent markdown straight to DOM: markdown-it's tokens (raw HTML off) are built into elements from a fixed allow-list,
// text only ever as text nodes, so no HTML string is made or parsed and nothing needs sanitising afterwards. A token
// this builder does not know adds its text, never an element. Links never navigate: an http(s) link becomes
// `data-href` (a click posts `openLink`, and the host asks the user); any other scheme is its text only.
import type MarkdownIt from 'markdown-it';
import { parseExternalLink } from '../protocol/protocol';

type Token = ReturnType<MarkdownIt['parse']>[number];

/** Block and inline tokens that open an element, and the element (the heading's and cell's own tag is read from them). */
const ELEMENT: Record<string, string> = {
  paragraph_open: 'p',
  heading_open: '',
  bullet_list_open: 'ul',
  ordered_list_open: 'ol',
  list_item_open: 'li',
  blockquote_open: 'blockquote',
  table_open: 'table',
  thead_open: 'thead',
  tbody_open: 'tbody',
  tr_open: 'tr',
  th_open: 'th',
  td_open: 'td',
  strong_open: 'strong',
  em_open: 'em',
  s_open: 's',
};
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** What a fenced or indented code block is built into; the caller adds its frame (copy control, colours). */
export type CodeBlockBuilder = (code: string, lang: string | undefined) => Node;

/** `tokens` (markdown-it's parse) as DOM. */
export function buildMarkdown(tokens: readonly Token[], codeBlock: CodeBlockBuilder): DocumentFragment {
  const root = document.createDocumentFragment();
  const stack: ParentNode[] = [root];
  const top = () => stack[stack.length - 1]!;
  const build = (list: readonly Token[]) => {
    for (const t of list) {
      if (t.nesting === 1) {
        stack.push(open(t, top()));
      } else if (t.nesting === -1) {
        if (stack.length > 1) stack.pop();
      } else {
        leaf(t, top(), codeBlock, build);
      }
    }
  };
  build(tokens);
  return root;
}

/** The element `t` opens, appended to `parent`; a link that may not be one and a hidden paragraph give `parent` itself. */
function open(t: Token, parent: ParentNode): ParentNode {
  // A tight list's paragraphs are not shown as paragraphs (markdown-it marks them hidden).
  if (t.hidden) return parent;
  if (t.type === 'link_open') return link(t.attrGet('href') ?? '', parent);
  const tag = t.type === 'heading_open' ? t.tag : ELEMENT[t.type];
  if (!tag || (t.type === 'heading_open' && !HEADINGS.has(tag))) return parent;
  const el = document.createElement(tag);
  if (t.type === 'ordered_list_open') {
    const start = Number(t.attrGet('start') ?? '1');
    if (Number.isInteger(start) && start !== 1) el.setAttribute('start', String(start));
  }
  parent.appendChild(el);
  return el;
}

function link(href: string, parent: ParentNode): ParentNode {
  // The host applies the same policy again before opening anything (the page is not trusted).
  if (!parseExternalLink(href)) return parent;
  const a = document.createElement('a');
  a.dataset.href = href;
  a.title = href;
  a.setAttribute('role', 'link');
  a.tabIndex = 0;
  a.className = 'ext-link';
  parent.appendChild(a);
  return a;
}

function leaf(t: Token, parent: ParentNode, codeBlock: CodeBlockBuilder, build: (list: readonly Token[]) => void): void {
  switch (t.type) {
    case 'inline':
      build(t.children ?? []);
      return;
    case 'text':
    case 'text_special':
      parent.appendChild(document.createTextNode(t.content));
      return;
    case 'softbreak':
      parent.appendChild(document.createTextNode('\n'));
      return;
    case 'hardbreak':
      parent.appendChild(document.createElement('br'));
      return;
    case 'hr':
      parent.appendChild(document.createElement('hr'));
      return;
    case 'code_inline': {
      const code = document.createElement('code');
      code.textContent = t.content;
      parent.appendChild(code);
      return;
    }
    case 'fence':
      parent.appendChild(codeBlock(t.content, t.info.trim().split(/\s+/u)[0] || undefined));
      return;
    case 'code_block':
      parent.appendChild(codeBlock(t.content, undefined));
      return;
    case 'image':
      // Nothing is loaded; as before the builder, an image shows nothing.
      return;
    default:
      // Raw HTML is off, so html_block and html_inline do not come; anything else unknown is shown as its text.
      if (t.content) parent.appendChild(document.createTextNode(t.content));
  }
}
