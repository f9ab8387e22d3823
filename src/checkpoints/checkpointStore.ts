// What each turn of a session changed, kept on disk so that a restore to before a prompt works after Reload Window and
// after reopening a conversation from the history: one JSON file per session in the extension's storage. Bounded per
// session (the oldest turns are dropped, and counted, so the chat can say so) and in sessions (the least recently
// written files go). A file that cannot be read or is not of this shape reads as no record, never as an error.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import * as nodePath from 'node:path';
import type { Logger } from '../acpClient/logger';
import type { ChangeAuthor, ChangedFile } from './turnChangeModel';

export interface TrackedFile extends ChangedFile {
  reverted: boolean;
}

/** One turn's record: which prompts it spans (by their place among the session's prompts) and what it changed. */
export interface TurnRecord {
  /** The place of the turn's first prompt among the session's user messages (0 = the first). */
  userIndex: number;
  /** The place of its last prompt (a prompt steered into the running turn joins it). */
  endUserIndex: number;
  files: TrackedFile[];
  /** What the record may miss (no git snapshot: files changed by shell commands are not seen). */
  limit?: string;
}

export interface SessionRecords {
  turns: TurnRecord[];
  /** Turns whose records were dropped to stay within the bounds (oldest first). */
  dropped: number;
}

export interface StoreLimits {
  turnsPerSession: number;
  /** Characters of file contents (before and after) kept per session. */
  charsPerSession: number;
  sessions: number;
}

export const DEFAULT_LIMITS: StoreLimits = { turnsPerSession: 100, charsPerSession: 16 * 1024 * 1024, sessions: 200 };

const VERSION = 1;

/** The newest turns that fit the bounds; the rest are counted as dropped. */
export function boundRecords(records: SessionRecords, limits: Pick<StoreLimits, 'turnsPerSession' | 'charsPerSession'>): SessionRecords {
  const kept: TurnRecord[] = [];
  let chars = 0;
  for (let i = records.turns.length - 1; i >= 0 && kept.length < limits.turnsPerSession; i--) {
    const turn = records.turns[i]!;
    const size = turn.files.reduce((n, f) => n + (f.before?.length ?? 0) + (f.after?.length ?? 0), 0);
    if (kept.length > 0 && chars + size > limits.charsPerSession) break;
    chars += size;
    kept.unshift(turn);
  }
  return { turns: kept, dropped: records.dropped + records.turns.length - kept.length };
}

export class CheckpointStore {
  /** Writes run one after another, so the last one wins. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    /** The folder the records live in; undefined: nothing is kept (the records last as long as the window). */
    private readonly dir: string | undefined,
    private readonly logger: Logger,
    private readonly limits: StoreLimits = DEFAULT_LIMITS,
  ) {}

  async load(sessionId: string): Promise<SessionRecords> {
    if (!this.dir) return { turns: [], dropped: 0 };
    await this.writing;
    const file = this.fileOf(sessionId);
    try {
      return parseRecords(JSON.parse(await readFile(file, 'utf8')), sessionId) ?? this.unreadable(file, 'not a record of this session');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { turns: [], dropped: 0 };
      return this.unreadable(file, String(err));
    }
  }

  /** Keeps `records` (bounded) for `sessionId`; resolves with what was kept. */
  save(sessionId: string, records: SessionRecords): Promise<SessionRecords> {
    const bounded = boundRecords(records, this.limits);
    if (!this.dir) return Promise.resolve(bounded);
    const dir = this.dir;
    const write = this.writing.then(async () => {
      await mkdir(dir, { recursive: true });
      const file = this.fileOf(sessionId);
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify({ version: VERSION, sessionId, ...bounded }));
      await rename(tmp, file);
      await this.prune(dir);
    });
    this.writing = write.catch((err: unknown) => this.logger.warn(`[checkpoints] could not keep the records of ${sessionId}`, err));
    return this.writing.then(() => bounded);
  }

  /** Removes the least recently written sessions' records beyond the bound. */
  private async prune(dir: string): Promise<void> {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
    if (names.length <= this.limits.sessions) return;
    const dated = await Promise.all(names.map(async (n) => ({ n, t: (await stat(nodePath.join(dir, n)).catch(() => undefined))?.mtimeMs ?? 0 })));
    dated.sort((a, b) => a.t - b.t);
    for (const { n } of dated.slice(0, dated.length - this.limits.sessions)) await rm(nodePath.join(dir, n), { force: true });
  }

  private fileOf(sessionId: string): string {
    // A session id is the agent's text: only a plain one names a file; any other is hashed.
    const name = /^[A-Za-z0-9_-]{1,100}$/u.test(sessionId) ? sessionId : createHash('sha256').update(sessionId).digest('hex');
    return nodePath.join(this.dir!, `${name}.json`);
  }

  private unreadable(file: string, why: string): SessionRecords {
    this.logger.warn(`[checkpoints] ${file} was not read (${why}): its turns cannot be restored`);
    return { turns: [], dropped: 0 };
  }
}

/** The records in `json`, or undefined when it is not what this store writes for `sessionId`. */
export function parseRecords(json: unknown, sessionId: string): SessionRecords | undefined {
  if (!isObject(json) || json.version !== VERSION || json.sessionId !== sessionId || !Array.isArray(json.turns)) return undefined;
  const dropped = typeof json.dropped === 'number' && Number.isSafeInteger(json.dropped) && json.dropped >= 0 ? json.dropped : 0;
  const turns: TurnRecord[] = [];
  for (const t of json.turns) {
    if (!isObject(t) || !isIndex(t.userIndex) || !isIndex(t.endUserIndex) || !Array.isArray(t.files)) return undefined;
    const files = t.files.map(parseFile);
    if (files.some((f) => f === undefined)) return undefined;
    turns.push({
      userIndex: t.userIndex,
      endUserIndex: t.endUserIndex,
      files: files as TrackedFile[],
      ...(typeof t.limit === 'string' ? { limit: t.limit } : {}),
    });
  }
  return { turns, dropped };
}

function parseFile(f: unknown): TrackedFile | undefined {
  if (!isObject(f) || typeof f.path !== 'string' || !nodePath.isAbsolute(f.path)) return undefined;
  const text = (v: unknown) => v === null || typeof v === 'string';
  if (!text(f.after) || (f.before !== undefined && !text(f.before))) return undefined;
  if (!isIndex(f.added) || !isIndex(f.removed) || typeof f.reverted !== 'boolean') return undefined;
  if (f.source !== 'git' && f.source !== 'diffs' && f.source !== 'none') return undefined;
  // Who changed it is only shown: a record without it (kept before it was) or with one not of this shape reads as not known.
  const changedBy = parseAuthors(f.changedBy);
  return {
    path: f.path,
    ...(f.before !== undefined ? { before: f.before as string | null } : {}),
    ...(typeof f.beforeUnknown === 'string' ? { beforeUnknown: f.beforeUnknown } : {}),
    after: f.after as string | null,
    added: f.added,
    removed: f.removed,
    source: f.source,
    ...(changedBy ? { changedBy } : {}),
    reverted: f.reverted,
  };
}

function parseAuthors(v: unknown): ChangeAuthor[] | undefined {
  if (!Array.isArray(v) || !v.length) return undefined;
  const authors: ChangeAuthor[] = [];
  for (const a of v) {
    if (isObject(a) && a.agent === 'main') authors.push({ agent: 'main' });
    else if (isObject(a) && a.agent === 'subagent' && typeof a.lane === 'string' && (a.title === undefined || typeof a.title === 'string'))
      authors.push({ agent: 'subagent', lane: a.lane, ...(typeof a.title === 'string' ? { title: a.title } : {}) });
    else return undefined;
  }
  return authors;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}
