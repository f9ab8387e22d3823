// The user's review of a chat's changes: threads of comments on lines of files, each going to the chat whose change it
// is about. Pure (no vscode): the comment threads on screen are drawn from this, it is what the workspace keeps across
// reloads, and what "Send Review" turns into one prompt. A thread keeps its place as its file changes: it moves with
// lines added or removed above it, and when its own lines are gone it is outdated, as a pull request's comment is.
import { structuredPatch } from 'diff';
import { isRecord } from '../acpClient/guards';

export interface ReviewComment {
  id: string;
  body: string;
  /** `agent`: what the agent changed on these lines after the review was sent, shown under the thread. */
  author: 'user' | 'agent';
  at: number;
}

export interface ReviewThread {
  id: string;
  /** The session of the chat whose change the thread is about: the review goes to it. */
  sessionId: string;
  path: string;
  /** The lines it is on, 0-based, inclusive. */
  start: number;
  end: number;
  /** Those lines' text when the thread was made (or last moved): what the prompt quotes, and how its place is found. */
  lines: string[];
  comments: ReviewComment[];
  /** A draft until the review is sent; then sent, and the agent's later changes to its lines come under it. */
  state: 'draft' | 'sent';
  /** Its lines are gone from the file: it stays, marked, at the nearest place. */
  outdated?: boolean;
  /** Sent: the place among the chat's prompts from which the agent's turns' changes to its lines come under it. */
  after?: number;
}

/** A file's text as lines, without the line ends. */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/u);
}

/**
 * Where `thread` is now in `text`: unchanged when its lines are still there, moved to the nearest place they are, else
 * outdated where it was (clamped to the file).
 */
export function relocate(thread: ReviewThread, text: string): ReviewThread {
  const lines = linesOf(text);
  const height = thread.end - thread.start + 1;
  const at = (i: number) => thread.lines.every((l, k) => lines[i + k] === l);
  if (at(thread.start)) return thread.outdated ? { ...thread, outdated: false } : thread;
  const last = Math.max(0, lines.length - height);
  for (let d = 1; d <= lines.length; d++) {
    for (const i of [thread.start - d, thread.start + d]) {
      if (i >= 0 && i <= last && at(i)) return { ...thread, start: i, end: i + height - 1, outdated: false };
    }
  }
  const start = Math.min(thread.start, Math.max(0, lines.length - 1));
  return { ...thread, start, end: Math.min(start + height - 1, Math.max(0, lines.length - 1)), outdated: true };
}

/**
 * What a change from `before` to `after` did to the thread's lines: the hunks that touch them (or border them), as a
 * unified diff's lines, and where the thread is in `after`. Undefined when the change left its lines alone.
 */
export function changeUnder(thread: ReviewThread, before: string, after: string): { diff: string[]; start: number; end: number } | undefined {
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context: 0 });
  const first = thread.start + 1;
  const last = thread.end + 1;
  let shift = 0;
  const touched: string[] = [];
  let start = thread.start;
  let end = thread.end;
  for (const h of patch.hunks) {
    const hEnd = h.oldStart + Math.max(h.oldLines, 1) - 1;
    if (hEnd < first - 1) {
      shift += h.newLines - h.oldLines;
      continue;
    }
    if (h.oldStart > last + 1) break;
    touched.push(...h.lines.filter((l) => !l.startsWith('\\')));
    end += h.newLines - h.oldLines;
  }
  if (touched.length === 0) return undefined;
  start += shift;
  end += shift;
  return { diff: touched, start: Math.max(0, start), end: Math.max(start, end) };
}

/** The threads as the workspace keeps them, read back: anything malformed is left out, never thrown. */
export function parseThreads(value: unknown): ReviewThread[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((t): ReviewThread[] => {
    if (!isRecord(t)) return [];
    const { id, sessionId, path, start, end, lines, comments, state } = t;
    if (typeof id !== 'string' || typeof sessionId !== 'string' || typeof path !== 'string') return [];
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (end as number) < (start as number)) return [];
    if (!Array.isArray(lines) || !lines.every((l) => typeof l === 'string')) return [];
    if (state !== 'draft' && state !== 'sent') return [];
    if (!Array.isArray(comments)) return [];
    const kept = comments.flatMap((c): ReviewComment[] =>
      isRecord(c) && typeof c.id === 'string' && typeof c.body === 'string' && (c.author === 'user' || c.author === 'agent') && typeof c.at === 'number'
        ? [{ id: c.id, body: c.body, author: c.author, at: c.at }]
        : [],
    );
    if (kept.length === 0) return [];
    return [
      {
        id,
        sessionId,
        path,
        start: start as number,
        end: end as number,
        lines: lines as string[],
        comments: kept,
        state,
        ...(t.outdated === true ? { outdated: true } : {}),
        ...(Number.isInteger(t.after) && (t.after as number) >= 0 ? { after: t.after as number } : {}),
      },
    ];
  });
}
