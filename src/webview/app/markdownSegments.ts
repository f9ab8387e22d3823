// Streaming markdown is re-rendered per frame; only its unfinished end needs to be. This finds where the finished
// part ends: after the last blank line outside a fenced code block that is followed by a new top-level block. Text
// before that point is complete blocks that later chunks cannot change, so it is rendered once.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line that would continue the block above across a blank line: indented content, or another list item. */
const CONTINUES = /^(\s|[-*+]\s|\d{1,9}[.)]\s|>)/;

/**
 * Length of the stable prefix of `text` (0 when nothing is finished yet). `from`, a length this returned for an
 * earlier state of the same stream, resumes the scan there (the text before it is finished blocks), so a stream is
 * not re-scanned from its start on every frame.
 */
export function stableMarkdownPrefix(text: string, from = 0): number {
  let fence: string | undefined;
  let stable = from;
  let pos = from;
  // A returned boundary starts a block after a blank line, outside any fence: the state the scan had there.
  let blankAt = from > 0 ? from : -1; // start of the line after a blank line outside a fence, when the previous line was blank
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break; // the last line is still being written
    const line = text.slice(pos, nl);
    const next = nl + 1;
    const open = FENCE.exec(line);
    if (fence) {
      if (open && open[1]![0] === fence[0] && open[1]!.length >= fence.length && line.trim() === open[1]) fence = undefined;
    } else if (line.trim() === '') {
      blankAt = next;
    } else {
      if (blankAt === pos && !CONTINUES.test(line)) stable = pos;
      if (open) fence = open[1];
    }
    pos = next;
  }
  return stable;
}
