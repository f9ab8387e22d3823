// Where the lines a hunk removed are shown in the editor, as text at the end of lines (VS Code gives extensions no
// lines of their own between a file's lines, only text decorations on them): each removed line beside the line that
// took its place, the rest after the hunk's last line, so a change is judged without hovering. Pure (no `vscode`).

/** A line's removed text, shown at its end. */
export interface RemovedMark {
  line: number;
  /** The removed lines shown there, without their line endings. */
  shown: string[];
  /** Removed lines left out there (the hover and the diff show them all). */
  more: number;
}

/** Removed lines shown together at one place; a longer run is counted, not listed. */
const MAX_SHOWN_TOGETHER = 3;
/** A removed line is cut to this many characters: the mark follows the line's own text. */
const MAX_CHARS = 120;

/** The marks for a hunk at lines [start, end) of a document of `lineCount` lines that removed `removed`. */
export function removedMarks(h: { start: number; end: number; removed: readonly string[] }, lineCount: number): RemovedMark[] {
  if (h.removed.length === 0 || lineCount === 0) return [];
  const last = lineCount - 1;
  const clip = (line: number) => Math.min(Math.max(line, 0), last);
  const text = (s: string) => {
    const one = s.replace(/\r?\n$/u, '').replace(/\t/gu, '  ');
    return one.length > MAX_CHARS ? `${one.slice(0, MAX_CHARS - 1)}…` : one;
  };
  const added = h.end - h.start;
  const marks: RemovedMark[] = [];
  // Beside each new line, the old line it replaced.
  const paired = Math.min(added, h.removed.length);
  for (let i = 0; i < paired; i++) marks.push({ line: clip(h.start + i), shown: [text(h.removed[i]!)], more: 0 });
  const rest = h.removed.slice(paired).map(text);
  if (rest.length) {
    // After the hunk's last new line, or, where it only removed lines, on the line that follows them.
    const line = clip(added > 0 ? h.end - 1 : h.start);
    const shown = rest.slice(0, MAX_SHOWN_TOGETHER);
    const at = marks.find((m) => m.line === line);
    if (at) {
      at.shown.push(...shown);
      at.more += rest.length - shown.length;
    } else marks.push({ line, shown, more: rest.length - shown.length });
  }
  return marks;
}
