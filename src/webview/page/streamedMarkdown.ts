// The text side of a streamed reply, without the DOM (agentMessageView.ts renders it): how the finished text is cut
// into the parts a frame builds, and whether the unfinished end is a code block or a tight list still being written,
// which then grow by their new text instead of being rendered anew.
import { stableMarkdownPrefix } from './markdownSegments';

/**
 * About how much finished text one part holds: the unit of work a frame's budget is counted in. The budget is checked
 * between parts, so a frame can run over it by one part's cost (and its layout): 2 KB keeps that small.
 */
const PART_CHARS = 2048;

/** Where the part of `text` that starts at `from` (a block start) ends: a block boundary about PART_CHARS on, at most `boundary`. */
export function nextPartEnd(text: string, from: number, boundary: number): number {
  for (let size = PART_CHARS; ; size *= 2) {
    if (from + size >= boundary) return boundary;
    const end = stableMarkdownPrefix(text.slice(0, from + size), from);
    if (end > from) return end;
  }
}

/** A line that would join the block above it across a blank line (as in markdownSegments.ts): indented, an item, a quote. */
const JOINS_ACROSS_BLANK = /^(\s|[-*+]\s|\d{1,9}[.)]\s|>)/u;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/mu;

/**
 * When `tail` ends in one tight list still being written: where that list starts (after the blocks before it), and
 * where each of its top-level items starts. The list starts at a line's start with an item, holds no blank line, and
 * each line at a line's start is an item of the same kind (other lines are indented: the item's own). The blocks before
 * it end with a blank line and could not take the list in (no fence, and not a list, an indented block or a quote).
 * Undefined otherwise.
 */
export function openListItems(tail: string): { listStart: number; starts: number[] } | undefined {
  const blank = tail.lastIndexOf('\n\n');
  const listStart = blank < 0 ? 0 : blank + 2;
  if (listStart > 0) {
    const before = tail.slice(0, blank).trimEnd();
    const lastLine = before.slice(before.lastIndexOf('\n') + 1);
    if (FENCE_LINE.test(before) || JOINS_ACROSS_BLANK.test(lastLine) || lastLine === '') return undefined;
  }
  const marker = /^(?:([-*+])|\d{1,9}([.)])) /u;
  const first = marker.exec(tail.slice(listStart));
  if (!first) return undefined;
  const kind = first[1] ?? first[2];
  const starts: number[] = [];
  for (let pos = listStart; pos < tail.length;) {
    const nl = tail.indexOf('\n', pos);
    const line = tail.slice(pos, nl < 0 ? tail.length : nl);
    const item = marker.exec(line);
    if (item) {
      if ((item[1] ?? item[2]) !== kind) return undefined;
      starts.push(pos);
    } else if (!/^\s/u.test(line) && line !== '') {
      return undefined; // a line at the line's start that is no item: a lazy continuation, read by the whole render
    }
    if (nl < 0) break;
    pos = nl + 1;
  }
  return { listStart, starts };
}

/**
 * The code block `tail` is, when it is one fenced block still open: its fence at the start of its first line, that line
 * whole, and no closing fence after. `from`: how much of its content is known to hold no closing fence line. Then its
 * content is the rest of `tail` as written, as markdown-it reads an unclosed fence.
 */
export function openFence(tail: string, from = 0): { lang: string | undefined; contentStart: number } | undefined {
  const m = /^(`{3,}|~{3,})([^\n]*)\n/u.exec(tail);
  if (!m) return undefined;
  const marker = m[1]!;
  const info = m[2]!;
  if (marker[0] === '`' && info.includes('`')) return undefined; // not a fence: a backtick in its info string
  const contentStart = m[0].length;
  for (let pos = contentStart + from; ;) {
    const nl = tail.indexOf('\n', pos);
    const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/u.exec(tail.slice(pos, nl < 0 ? tail.length : nl));
    if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length) return undefined;
    if (nl < 0) break;
    pos = nl + 1;
  }
  return { lang: info.trim().split(/\s+/u)[0] || undefined, contentStart };
}

const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/u;

/**
 * When `tail` starts with a table still being written: the end of its head (its header and delimiter lines, each
 * ended by a newline) and where each row after them starts (the last may be unfinished). Undefined otherwise. Whether
 * each line really is a row of the table is for the render to say (agentMessageView.ts checks what it builds).
 */
export function openTableRows(tail: string): { headEnd: number; rows: number[] } | undefined {
  const headerEnd = tail.indexOf('\n');
  if (headerEnd < 0 || !tail.slice(0, headerEnd).includes('|')) return undefined;
  const delimiterEnd = tail.indexOf('\n', headerEnd + 1);
  if (delimiterEnd < 0 || !TABLE_DELIMITER.test(tail.slice(headerEnd + 1, delimiterEnd))) return undefined;
  const headEnd = delimiterEnd + 1;
  const rows: number[] = [];
  for (let pos = headEnd; pos < tail.length;) {
    rows.push(pos);
    const nl = tail.indexOf('\n', pos);
    if (nl < 0) break;
    pos = nl + 1;
  }
  return { headEnd, rows };
}

/** Characters that, added to the end of a line of inline markdown, cannot change how the text before them renders. */
const INERT = /^[\p{L}\p{N} ,'"?!]*$/u;

/**
 * Whether `added`, written after `before` (one line of inline markdown, rendered), renders as the same text appended:
 * no newline, no markup character, and the word it ends in holds none either (so a link cannot form, `example.co` + `m`).
 */
export function appendsAsText(before: string, added: string): boolean {
  if (!INERT.test(added)) return false;
  const word = /\S*$/u.exec(before + added)![0];
  return INERT.test(word) && !before.includes('\n');
}
