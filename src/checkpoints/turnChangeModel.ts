// What one turn changed, file by file: the content before the turn, the content the turn left, and the +/- line
// counts. Pure (no `vscode`, no I/O): the tracker reads the disk and git, this decides what the turn did.
import { diffLines } from 'diff';
import type { ToolCallState } from '../acpClient/transcript';
import { l10n } from '../contributions/l10n';

/** One diff the agent reported for a file (a tool call's `diff` content). `oldText: null` = the call created it. */
export interface FileDiff {
  oldText: string | null;
  newText: string;
}

/** The content a file had before the turn: known (`null` = it did not exist), or why it cannot be known. */
export type BeforeContent = { known: true; text: string | null } | { known: false; reason: string };

export interface ChangedFile {
  path: string;
  /** `null`: the file did not exist before the turn (a revert deletes it). Absent when unknown. */
  before?: string | null;
  /** Why the content before the turn is unknown (then it cannot be reverted). */
  beforeUnknown?: string;
  /** What the turn left on disk; `null`: the turn deleted the file. */
  after: string | null;
  added: number;
  removed: number;
  /** Where the content before the turn came from. */
  source: 'git' | 'diffs' | 'none';
  /**
   * Who changed it, from the tool calls of the turn that wrote it (their diffs), in the order they first did. Absent:
   * not known (only the git snapshot saw the change, e.g. a shell command's; or a record kept before this was).
   */
  changedBy?: ChangeAuthor[];
}

/** Who made a change: the main agent, or a subagent by its lane (the child session id) and its title then. */
export type ChangeAuthor = { agent: 'main' } | { agent: 'subagent'; lane: string; title?: string };

/** A tool call of the turn with the lane it ran in (undefined: the main agent's). */
export interface LanedToolCall {
  call: ToolCallState;
  lane?: string;
}

/** The diffs of the turn's completed tool calls, per path, oldest first. Failed or refused calls changed nothing. */
export function diffsByPath(toolCalls: readonly ToolCallState[]): Map<string, FileDiff[]> {
  const byPath = new Map<string, FileDiff[]>();
  for (const call of toolCalls) {
    if (call.status !== 'completed') continue;
    for (const c of call.content) {
      if (c.type !== 'diff' || typeof c.path !== 'string' || typeof c.newText !== 'string') continue;
      const list = byPath.get(c.path) ?? [];
      list.push({ oldText: c.oldText ?? null, newText: c.newText });
      byPath.set(c.path, list);
    }
  }
  return byPath;
}

/**
 * Who wrote each path (the paths as the diffs name them): the lanes of the completed calls with a diff of it, in the
 * order they first did (`undefined`: the main agent). Calls that wrote nothing, failed or were refused are no one's.
 */
export function writersByPath(calls: readonly LanedToolCall[]): Map<string, (string | undefined)[]> {
  const byPath = new Map<string, (string | undefined)[]>();
  for (const { call, lane } of calls) {
    for (const path of diffsByPath([call]).keys()) {
      const writers = byPath.get(path) ?? [];
      if (!writers.includes(lane)) writers.push(lane);
      byPath.set(path, writers);
    }
  }
  return byPath;
}

/**
 * Undo the turn's diffs of one file on the text it has now, newest first. Claude's Edit diffs hold the changed
 * snippet (with some context), so each `newText` must occur exactly once in the text it is undone from; anything
 * else would guess, and a guessed revert could destroy work, so the result is then unknown.
 */
export function undoDiffs(now: string | null, diffs: readonly FileDiff[]): BeforeContent {
  let text = now;
  for (let i = diffs.length - 1; i >= 0; i--) {
    const d = diffs[i]!;
    if (text === null) return { known: false, reason: l10n.t('the file was deleted after the agent edited it') };
    if (d.oldText === null) {
      // The call created the file; its text must be what the call wrote, or something else changed it since.
      if (text !== d.newText) return { known: false, reason: l10n.t('the file changed after the agent created it') };
      text = null;
      continue;
    }
    if (text === d.newText) {
      text = d.oldText;
      continue;
    }
    if (d.newText === '') return { known: false, reason: l10n.t('an edit removed text and its place cannot be found') };
    const at = text.indexOf(d.newText);
    if (at < 0 || text.indexOf(d.newText, at + 1) >= 0) {
      return { known: false, reason: l10n.t('the agent’s edit cannot be located exactly in the file') };
    }
    text = text.slice(0, at) + d.oldText + text.slice(at + d.newText.length);
  }
  return { known: true, text };
}

/** Lines added and removed from `before` to `after` (a missing file counts as empty). */
export function lineCounts(before: string | null, after: string | null): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before ?? '', after ?? '')) {
    if (part.added) added += part.count ?? 0;
    else if (part.removed) removed += part.count ?? 0;
  }
  return { added, removed };
}

/**
 * One file's entry in the turn's change set, or undefined when the turn left it as it was. `fromGit` is the file's
 * content in the turn-start snapshot (`undefined`: not tracked there, `null`: tracked but absent), which is exact and
 * wins over undoing the agent's diffs.
 */
export function describeChange(path: string, after: string | null, fromGit: string | null | undefined, diffs: readonly FileDiff[]): ChangedFile | undefined {
  const before: BeforeContent =
    fromGit !== undefined
      ? { known: true, text: fromGit }
      : diffs.length
        ? undoDiffs(after, diffs)
        : { known: false, reason: l10n.t('no record of its content before the turn') };
  const source = fromGit !== undefined ? 'git' : diffs.length ? 'diffs' : 'none';
  if (!before.known) {
    const fromAgent = diffs.length ? lineCountsOfDiffs(diffs) : { added: 0, removed: 0 };
    return { path, beforeUnknown: before.reason, after, ...fromAgent, source: 'none' };
  }
  if (before.text === after) return undefined;
  return { path, before: before.text, after, ...lineCounts(before.text, after), source };
}

function lineCountsOfDiffs(diffs: readonly FileDiff[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const d of diffs) {
    const c = lineCounts(d.oldText, d.newText);
    added += c.added;
    removed += c.removed;
  }
  return { added, removed };
}

/** A revert may proceed only when the file still holds exactly what the turn left. */
export function revertRefusal(file: ChangedFile, current: string | null): string | undefined {
  if (file.before === undefined) return `its content before the turn is unknown (${file.beforeUnknown ?? 'no record'})`;
  if (current !== file.after) return 'it changed after the agent wrote it';
  return undefined;
}
