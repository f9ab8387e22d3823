// Streaming markdown is re-rendered per frame; only its unfinished end needs to be. This finds where the finished
// part ends: after the last blank line outside a fenced code block that is followed by a new top-level block. Text
// before that point is complete blocks that later chunks cannot change, so it is rendered once.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line that would continue the block above across a blank line: indented content, or another list item. */
const CONTINUES = /^(\s|[-*+]\s|\d{1,9}[.)]\s|>)/;

/**
 * Length of the stable prefix of `text` (0 when nothing is finished yet). `from` is a stable length found earlier for
 * a prefix of `text`: the scan resumes there (outside any fence, at a block start), so a stream costs linear time
 * overall instead of rescanning the whole message every frame.
 */
export function stableMarkdownPrefix(text: string, from = 0): number {
  let fence: string | undefined;
  let stable = from;
  let pos = from;
  let blankAt = -1; // start of the line after a blank line outside a fence, when the previous line was blank
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
