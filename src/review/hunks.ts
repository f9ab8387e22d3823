// The agent's changes to one file as hunks, and where they are in the file as it is now. Pure (no `vscode`, no I/O).
// A file under review has a `base` (what it held before the agent's changes the user has not judged yet) and an
// `agent` text (what the agent left). The hunks are the line differences between the two. The user may have typed in
// the file since: a hunk is found in the current text by matching the agent's text line by line, and a hunk whose
// lines the user changed is `edited`: it is shown, but neither Undo nor Keep touches lines the user wrote.
import { diffArrays } from 'diff';

export interface Hunk {
  /** Lines [agentStart, agentEnd) of the agent's text replaced lines [baseStart, baseEnd) of the base. */
  agentStart: number;
  agentEnd: number;
  baseStart: number;
  baseEnd: number;
  /** The base's lines (what Undo puts back), each with its line ending. */
  removed: string[];
  /** The agent's lines, each with its line ending. */
  added: string[];
  /** How many hunks before this one have the same removed and added lines (0 for most): tells them apart in hunkId. */
  twin: number;
}

/** A hunk as it stands in the current text: lines [start, end); `edited` when the user changed any of its lines. */
export interface LocatedHunk extends Hunk {
  start: number;
  end: number;
  edited: boolean;
}

/** `text` as lines, each keeping its line ending (the last one may have none). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/gu) ?? [];
}

/** The hunks that turn `base` into `agent` (`null`: the file does not exist, read as empty). */
export function computeHunks(base: string | null, agent: string | null): Hunk[] {
  const before = splitLines(base ?? '');
  const after = splitLines(agent ?? '');
  const hunks: Hunk[] = [];
  let b = 0;
  let a = 0;
  let open: Hunk | undefined;
  for (const part of diffArrays(before, after)) {
    const n = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      open = undefined;
      b += n;
      a += n;
      continue;
    }
    open ??= hunks[hunks.push({ agentStart: a, agentEnd: a, baseStart: b, baseEnd: b, removed: [], added: [], twin: 0 }) - 1]!;
    if (part.removed) {
      open.removed.push(...part.value);
      b += n;
      open.baseEnd = b;
    } else {
      open.added.push(...part.value);
      a += n;
      open.agentEnd = a;
    }
  }
  const seen = new Map<string, number>();
  for (const h of hunks) {
    const key = JSON.stringify([h.removed, h.added]);
    h.twin = seen.get(key) ?? 0;
    seen.set(key, h.twin + 1);
  }
  return hunks;
}

/** For each line of `from`, its line in `to`, or -1 when it is not there unchanged. */
export function lineMap(from: string, to: string): number[] {
  const map: number[] = [];
  let t = 0;
  for (const part of diffArrays(splitLines(from), splitLines(to))) {
    const n = part.count ?? part.value.length;
    if (part.added) t += n;
    else if (part.removed) for (let i = 0; i < n; i++) map.push(-1);
    else for (let i = 0; i < n; i++) map.push(t++);
  }
  return map;
}

/**
 * Where each hunk is in `current`. A hunk whose agent lines are all there unchanged, in a row, is at those lines; a
 * hunk of removed lines only is at the line after the agent line before it. Any other hunk is `edited`: the user
 * changed it, and it is placed at the nearest line that is still known.
 */
export function locateHunks(hunks: readonly Hunk[], agent: string | null, current: string | null): LocatedHunk[] {
  const map = lineMap(agent ?? '', current ?? '');
  const currentLines = splitLines(current ?? '').length;
  /** The current line of agent line `i`, or where it would be (after the known line before it). */
  const at = (i: number): number => {
    for (let k = i - 1; k >= 0; k--) if (map[k]! >= 0) return map[k]! + 1;
    return 0;
  };
  return hunks.map((h) => {
    if (h.agentEnd === h.agentStart) {
      // Lines removed only: still a clean place when the agent lines around it are both there, next to each other.
      const before = h.agentStart > 0 ? map[h.agentStart - 1]! : -1;
      const after = h.agentStart < map.length ? map[h.agentStart]! : currentLines;
      const edited = (h.agentStart > 0 && before < 0) || after < 0 || (h.agentStart > 0 ? after !== before + 1 : after !== 0);
      const place = edited ? at(h.agentStart) : after;
      return { ...h, start: place, end: place, edited };
    }
    const lines = map.slice(h.agentStart, h.agentEnd);
    const start = lines[0]!;
    const edited = lines.some((l, i) => l < 0 || l !== start + i);
    if (!edited) return { ...h, start, end: start + lines.length, edited: false };
    const first = lines.find((l) => l >= 0) ?? at(h.agentStart);
    return { ...h, start: first, end: first + Math.max(1, lines.filter((l) => l >= 0).length), edited: true };
  });
}

/** The base once `hunk` is kept: the agent's lines stand in for the base's there. */
export function keepHunk(base: string | null, hunk: Hunk): string {
  const lines = splitLines(base ?? '');
  lines.splice(hunk.baseStart, hunk.baseEnd - hunk.baseStart, ...hunk.added);
  return lines.join('');
}

/** The agent's text once `hunk` is undone: the base's lines are back there. */
export function undoHunk(agent: string | null, hunk: Hunk): string {
  const lines = splitLines(agent ?? '');
  lines.splice(hunk.agentStart, hunk.agentEnd - hunk.agentStart, ...hunk.removed);
  return lines.join('');
}

/** What Undo writes into `current` for a clean hunk: its lines [start, end) become the base's. */
export function undoEdit(located: LocatedHunk): { start: number; end: number; text: string } {
  return { start: located.start, end: located.end, text: located.removed.join('') };
}

/**
 * A stable name for a hunk, so a CodeLens clicked after the file changed acts on that hunk or on none. Its lines and
 * `twin`, not a line number: keeping a hunk moves the base's lines below it, undoing one moves the agent's, and the
 * lenses of the other hunks must still find theirs.
 */
export function hunkId(h: Hunk): string {
  let x = 5381;
  for (const s of [...h.removed, '\u0000', ...h.added, `\u0000${h.twin}`]) for (let i = 0; i < s.length; i++) x = ((x * 33) ^ s.charCodeAt(i)) >>> 0;
  return x.toString(36);
}
