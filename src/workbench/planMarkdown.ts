// A plan from the agent, made safe for VS Code's markdown preview: the preview loads `https:` images (its default
// CSP allows them), so a plan could make the editor fetch a URL the agent chose (a beacon). What would load is
// decided by markdown-it configured as the preview's is, never by looking at lines: markdown is not parsed per line
// (code spans, reference images, multi-line tags and fences all cross or depend on other lines).
// The preview reads more than markdown-it does, and each can move what is code: the editor's text model drops a
// leading BOM, markdown-it-front-matter hides a first block opened by `---`, and the built-in markdown-math reads
// `$…$` and `$$` blocks, which can take in a backtick or a fence line. Each is kept out of play below, so what is
// checked here is what the preview reads.
// markdown-it is loaded on the first plan shown, not when the extension activates (scripts/build.mjs, dist/vendor/).
import type MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];

/** Formatting tags without attributes: raw HTML that can load nothing. */
const BARE_TAG = /<\/?(?:b|i|u|s|em|strong|code|kbd|sub|sup|del|ins|mark|small|br)\s*\/?>/giu;

/** markdown-it's own line split (it normalizes `\r\n` and `\r` to `\n` before parsing); odd items are the breaks. */
const LINE_BREAK = /(\r\n?|\n)/u;

let parser: MarkdownIt | undefined;

/**
 * `markdown` without anything the preview would load on its own: unchanged when it has no image and no raw HTML
 * beyond bare formatting tags; otherwise with `![`, `<` and `$` escaped outside its code blocks; and when escaping
 * changes which lines are code (so the check fails), the whole plan as one code block.
 */
export async function inertPlan(markdown: string): Promise<string> {
  const md = await previewParser();
  const text = asPreviewReadsIt(markdown);
  const tokens = md.parse(text, {});
  const code = codeLines(tokens);
  if (!loadsSomething(tokens) && !(readsMath(tokens, text, code) && /!\[|</u.test(text))) return text;
  const escaped = escapeOutsideCode(text, code);
  if (!loadsSomething(md.parse(escaped, {}))) return escaped;
  return asCodeBlock(text);
}

/** `markdown` read alike here and by the preview: without a BOM, and with a leading `---` as markdown, not front matter. */
function asPreviewReadsIt(markdown: string): string {
  const text = markdown.startsWith('\uFEFF') ? markdown.slice(1) : markdown;
  return text.startsWith('---') ? `\n${text}` : text;
}

/** The parser as VS Code's markdown preview sets it up (markdown-language-features `markdownEngine.ts`). */
async function previewParser(): Promise<MarkdownIt> {
  if (!parser) {
    const { default: MarkdownItClass } = await import('markdown-it');
    parser = new MarkdownItClass({ html: true, linkify: true });
  }
  return parser;
}

/** Whether the preview would render an image, or raw HTML other than bare formatting tags, from `tokens`. */
function loadsSomething(tokens: Token[]): boolean {
  return tokens.some(
    (t) =>
      t.type === 'image' ||
      ((t.type === 'html_block' || t.type === 'html_inline') && t.content.replace(BARE_TAG, '').includes('<')) ||
      (t.children !== null && loadsSomething(t.children)),
  );
}

/**
 * Whether markdown-math could read `text` otherwise than markdown-it alone: a `$` in text outside code (inline
 * math starts only there), or `$$` on a line outside code blocks (a math block can start on a line inside a code span).
 */
function readsMath(tokens: Token[], text: string, code: Set<number>): boolean {
  const inText = (ts: Token[]): boolean => ts.some((t) => (t.type === 'text' && t.content.includes('$')) || (t.children !== null && inText(t.children)));
  return inText(tokens) || linesOf(text).some((line, i) => !code.has(i) && line.includes('$$'));
}

/** The line numbers (0-based) inside fenced and indented code blocks, whose text the preview shows as written. */
function codeLines(tokens: Token[]): Set<number> {
  const lines = new Set<number>();
  for (const t of tokens) {
    if ((t.type === 'fence' || t.type === 'code_block') && t.map) for (let i = t.map[0]; i < t.map[1]; i++) lines.add(i);
  }
  return lines;
}

/**
 * `markdown` with every `![`, `<` and `$` outside `code` shown as text: no image, HTML or math can start there.
 * `$` becomes an entity, not `\$`, which a backslash before it would turn into an escaped backslash.
 */
function escapeOutsideCode(markdown: string, code: Set<number>): string {
  const inert = (line: string) => line.replaceAll('![', '!\\[').replaceAll('<', '&lt;').replaceAll('$', '&#36;');
  return markdown
    .split(LINE_BREAK)
    .map((part, i) => (i % 2 === 1 || code.has(i / 2) ? part : inert(part)))
    .join('');
}

/** The lines of `markdown` as markdown-it numbers them. */
function linesOf(markdown: string): string[] {
  return markdown.split(LINE_BREAK).filter((_, i) => i % 2 === 0);
}

/** `markdown` as one fenced code block: a backtick fence longer than any run in the text cannot be closed early. */
function asCodeBlock(markdown: string): string {
  let longest = 0;
  for (const run of markdown.matchAll(/`+/gu)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${markdown}\n${fence}\n`;
}
