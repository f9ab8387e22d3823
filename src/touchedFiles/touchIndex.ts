// Which chats changed each file, for the editor's "Changed by …" lenses: kept in the workspace's state, so it is read
// back after a reload (and so is disk input: parsed with care, never trusted). A file is named by its path relative to
// the folder the chat worked in (a worktree chat's worktree), so after Apply the same path in the workspace finds it.
// Bounded: the files changed last and, for each, the chats that changed it last. No `vscode` import.
import * as nodePath from 'node:path';
import { C0, codePointClass, DEL_C1, hasC0Control } from '../acpClient/controlChars';
import { isInside } from '../acpClient/pathInside';

/** One chat's latest turn that changed a file. */
export interface TouchEntry {
  readonly sessionId: string;
  /** The chat's title when it was last seen; absent until the agent names the chat. */
  readonly title?: string;
  /** The turn's first prompt, 0-based among the chat's prompts. */
  readonly userIndex: number;
  /** When it was recorded (ms since the epoch). */
  readonly at: number;
}

/** What is kept in the workspace's state (an array of pairs: a path never becomes an object's key). */
export interface StoredTouches {
  readonly version: 1;
  readonly files: readonly { readonly path: string; readonly entries: readonly TouchEntry[] }[];
}

export const MAX_FILES = 500;
export const MAX_ENTRIES_PER_FILE = 5;
const MAX_PATH = 4096;
const MAX_SESSION_ID = 256;
const MAX_TITLE = 500;
/** Shown on one line: controls (newlines included) and runs of spaces become one space. */
const SPACES = new RegExp(`(?:\\s|${codePointClass(C0, DEL_C1)})+`, 'gu');

export class TouchIndex {
  /** Each file's entries, newest first; the map in the order the files were changed, oldest first. */
  private readonly files = new Map<string, TouchEntry[]>();

  /** The index kept in the workspace's state; anything malformed is left out (all of it, when it is not an index). */
  static parse(raw: unknown): TouchIndex {
    const index = new TouchIndex();
    if (!isRecord(raw) || raw.version !== 1 || !Array.isArray(raw.files)) return index;
    const files: [string, TouchEntry[]][] = [];
    const seen = new Set<string>();
    for (const file of raw.files.slice(0, MAX_FILES * 2)) {
      if (!isRecord(file) || !isKey(file.path) || seen.has(file.path) || !Array.isArray(file.entries)) continue;
      const entries = newestFirst(uniqueSessions(file.entries.slice(0, MAX_ENTRIES_PER_FILE * 2).flatMap((e) => parseEntry(e) ?? [])));
      if (!entries.length) continue;
      seen.add(file.path);
      files.push([file.path, entries.slice(0, MAX_ENTRIES_PER_FILE)]);
    }
    // Oldest first, as the map keeps them; the newest MAX_FILES stay.
    files.sort((a, b) => a[1][0]!.at - b[1][0]!.at);
    for (const [path, entries] of files.slice(-MAX_FILES)) index.files.set(path, entries);
    return index;
  }

  /** How many files it names. */
  get size(): number {
    return this.files.size;
  }

  /** The chats that changed the file at `key` (see touchKey), newest first. */
  touchedBy(key: string): readonly TouchEntry[] {
    return this.files.get(key) ?? [];
  }

  /**
   * A turn of `sessionId` from the prompt at `userIndex` changed the file at `key`. The chat's entry for the file moves
   * to the front, unless it already names this turn or a later one (a chat shown again brings its old turns back):
   * then only its title follows `turn`'s. Returns whether anything changed. (The chat's entries for other files are
   * renamed by retitle.)
   */
  record(key: string, turn: { sessionId: string; userIndex: number; title?: string }, at: number): boolean {
    if (!isKey(key) || !isSessionId(turn.sessionId) || !isUserIndex(turn.userIndex) || !Number.isFinite(at)) return false;
    const entries = this.files.get(key) ?? [];
    const known = entries.find((e) => e.sessionId === turn.sessionId);
    const title = cleanTitle(turn.title) ?? known?.title;
    if (known && known.userIndex >= turn.userIndex) {
      if (title === known.title) return false;
      this.files.set(
        key,
        entries.map((e) => (e === known ? { ...e, title } : e)),
      );
      return true;
    }
    const entry: TouchEntry = { sessionId: turn.sessionId, userIndex: turn.userIndex, at, ...(title !== undefined ? { title } : {}) };
    const next = newestFirst([entry, ...entries.filter((e) => e !== known)]).slice(0, MAX_ENTRIES_PER_FILE);
    this.files.delete(key);
    this.files.set(key, next);
    for (const oldest of this.files.keys()) {
      if (this.files.size <= MAX_FILES) break;
      this.files.delete(oldest);
    }
    return true;
  }

  /** The agent named (or renamed) the chat: every entry of `sessionId` takes the title. Returns whether any did. */
  retitle(sessionId: string, title: string): boolean {
    const clean = cleanTitle(title);
    if (clean === undefined) return false;
    let changed = false;
    for (const [key, entries] of this.files) {
      if (!entries.some((e) => e.sessionId === sessionId && e.title !== clean)) continue;
      this.files.set(
        key,
        entries.map((e) => (e.sessionId === sessionId ? { ...e, title: clean } : e)),
      );
      changed = true;
    }
    return changed;
  }

  /** What to keep in the workspace's state. */
  toStored(): StoredTouches {
    return { version: 1, files: [...this.files].map(([path, entries]) => ({ path, entries })) };
  }
}

/**
 * The index's name for `file` when it lies in `folder` (both absolute): its path relative to the folder, with `/`
 * between its parts; undefined for the folder itself or a file outside it.
 */
export function touchKey(
  folder: string,
  file: string,
  path: Pick<typeof nodePath, 'relative' | 'isAbsolute' | 'sep' | 'normalize'> = nodePath,
): string | undefined {
  const root = path.normalize(folder);
  const child = path.normalize(file);
  if (!path.isAbsolute(root) || !path.isAbsolute(child) || !isInside(root, child, path)) return undefined;
  const rel = path.relative(root, child);
  return rel === '' ? undefined : rel.split(path.sep).join('/');
}

function parseEntry(raw: unknown): TouchEntry | undefined {
  if (!isRecord(raw) || !isSessionId(raw.sessionId) || !isUserIndex(raw.userIndex)) return undefined;
  if (typeof raw.at !== 'number' || !Number.isFinite(raw.at) || raw.at < 0) return undefined;
  if (raw.title !== undefined && raw.title !== null && typeof raw.title !== 'string') return undefined;
  const title = cleanTitle(raw.title ?? undefined);
  return { sessionId: raw.sessionId, userIndex: raw.userIndex, at: raw.at, ...(title !== undefined ? { title } : {}) };
}

/** Newest first; of two at the same time, the one listed first stays first. */
function newestFirst(entries: TouchEntry[]): TouchEntry[] {
  return entries.sort((a, b) => b.at - a.at);
}

/** One entry per chat: the one with the latest turn. */
function uniqueSessions(entries: TouchEntry[]): TouchEntry[] {
  const bySession = new Map<string, TouchEntry>();
  for (const e of entries) {
    const known = bySession.get(e.sessionId);
    if (!known || e.userIndex > known.userIndex) bySession.set(e.sessionId, e);
  }
  return [...bySession.values()];
}

function cleanTitle(title: string | undefined): string | undefined {
  const clean = title?.replace(SPACES, ' ').trim();
  return clean ? clean.slice(0, MAX_TITLE) : undefined;
}

function isKey(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value !== '' &&
    value.length <= MAX_PATH &&
    !hasC0Control(value) &&
    !value.startsWith('/') &&
    !/^[a-zA-Z]:/.test(value) &&
    !value.split('/').includes('..')
  );
}

function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= MAX_SESSION_ID;
}

function isUserIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
