// The YAML front matter of a Claude Code markdown file (slash command, skill, subagent), read only as far as finding
// its top-level keys and the text of their values. The bundled CLI takes the block between a leading `---` line and
// the next `---` (`/^---\s*\n([\s\S]*?)---\s*\n?/` in @anthropic-ai/claude-agent-sdk-linux-x64/claude); this takes
// the same block, after one leading byte-order mark as the CLI drops it (`e.charCodeAt(0)===65279?e.slice(1):e`). Its
// YAML reader (Bun.YAML) breaks lines at CR, LF and CRLF, not at NEL or LS (a command whose description follows a lone
// CR shows that description: test/integration/projectSettings.test.ts); so does this. Values stay as written, not
// interpreted, so the dialog shows what the file says. What this reader does not follow (flow mappings, merge keys,
// escaped keys, a tab-indented block) marks the block unclear, and the caller shows it whole.

/** One top-level key and its value's text as written (continuation lines dedented). */
export interface FrontMatterEntry {
  key: string;
  value: string;
}

export interface FrontMatter {
  /** The block between the `---` lines. */
  block: string;
  entries: FrontMatterEntry[];
  /** A line this reader cannot place: a YAML reader might still find a key in it. */
  unclear: boolean;
  /** The text after the block. */
  body: string;
}

const BLOCK = /^---\s*\n([\s\S]*?)---\s*\n?/u;
/** `key:`, `"key":` or `'key':` at the start of a line, then the rest of the line. */
const KEY = /^(?:"([^"\\]*)"|'([^']*)'|([^\s"'#:{}[\],&*!|>%@`?-][^:]*?))[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/u;

/** The front matter at the start of `text`, or undefined when there is none. */
export function parseFrontMatter(text: string): FrontMatter | undefined {
  const match = BLOCK.exec(text.replace(/^\ufeff/u, ''));
  if (!match) return undefined;
  const block = match[1];
  const entries: { key: string; lines: string[] }[] = [];
  let unclear = false;
  for (const line of block.split(/\r\n|\r|\n/u)) {
    const current = entries[entries.length - 1];
    if (/^[ \t-]/u.test(line)) {
      if (current) current.lines.push(line);
      else if (line.trim() !== '') unclear = true;
      continue;
    }
    if (line.trim() === '') {
      current?.lines.push(line);
      continue;
    }
    if (line.startsWith('#')) continue;
    const key = KEY.exec(line);
    const name = key?.[1] ?? key?.[2] ?? key?.[3];
    if (name === undefined || name === '<<') {
      unclear = true;
      continue;
    }
    entries.push({ key: name, lines: [key![4] ?? ''] });
  }
  return {
    block,
    entries: entries.map((e) => ({ key: e.key, value: toValueText(e.lines) })),
    unclear,
    body: text.replace(/^\ufeff/u, '').slice(match[0].length),
  };
}

/** A list value as its items, `A, B`; any other value as written. Empty when YAML would read nothing. */
export function toListText(value: string): string {
  const lines = value.split('\n');
  const items = lines.map((l) => /^-[ \t]+(.+)$/u.exec(l.trim())?.[1]);
  if (lines.length > 1 && lines[0] === '' && items.slice(1).every((i) => i !== undefined))
    return items
      .slice(1)
      .map((i) => unquote(i!.trim()))
      .join(', ');
  return /^(?:\[\s*\]|\{\s*\}|~|null|""|'')?$/u.test(value.trim()) ? '' : unquote(value.replace(/^\n/u, ''));
}

/** The key line's rest and its continuation lines, with trailing blank lines dropped and the common indent removed. */
function toValueText(lines: string[]): string {
  const [first, ...rest] = lines;
  while (rest.length && rest[rest.length - 1].trim() === '') rest.pop();
  const indent = Math.min(...rest.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/u.exec(l)![0].length));
  const body = rest.map((l) => l.slice(Number.isFinite(indent) ? indent : 0));
  // A value that starts on the next line keeps a leading newline, which is how a list is told from a scalar.
  return [first.trim(), ...body].join('\n');
}

function unquote(text: string): string {
  const m = /^(["'])(.*)\1$/su.exec(text);
  return m && !m[2].includes(m[1]) ? m[2] : text;
}
