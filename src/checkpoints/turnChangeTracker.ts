// Records what each turn of the current session changed on disk: a git snapshot of the tracked files when the turn
// starts, the tool calls it ran, and at its end the per-file change set (turnChangeModel.ts decides the contents).
// It owns the change sets of the session the chat shows, oldest first, each placed by its prompts' places among the
// session's user messages; they are kept in the CheckpointStore, so a reload or a reopened conversation has them too.
// TurnReview reviews and reverts from them; CodeRestore restores to before a prompt. A subagent's tool calls (entries
// with a `lane`) are the turn's like the main agent's: their diffs count, and each file says who wrote it. The prompts
// are the main flow's user messages (a lane's own user messages are not the user's prompts).
import { readFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { Chat } from '../chat/chat';
import type { TurnStartGate } from '../chat/turnStartGate';
import { Emitter, type Disposable, type Event } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { ToolCallState, TranscriptChange, TranscriptEntry } from '../acpClient/transcript';
import type { CheckpointStore, TrackedFile, TurnRecord } from './checkpointStore';
import { changedSince, contentAt, takeGitSnapshot, type GitSnapshot } from './gitSnapshot';
import { describeChange, diffsByPath, writersByPath, type ChangeAuthor, type FileDiff, type LanedToolCall } from './turnChangeModel';

export type { TrackedFile } from './checkpointStore';

export interface TurnChangeSet extends TurnRecord {
  id: string;
  sessionId: string;
}

interface RunningTurn {
  userIndex: number;
  endUserIndex: number;
  /** The turn's tool calls by id, each with the lane it ran in (undefined: the main agent's). */
  toolCallIds: Map<string, string | undefined>;
  snapshot: Promise<GitSnapshot | undefined>;
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Change-set ids are unique across the chats' trackers (the review's URIs name them). */
let setCounter = 0;

export class TurnChangeTracker implements Disposable {
  private readonly emitter: Emitter<void>;
  private sessionSub: Disposable | undefined;
  private readonly sub: Disposable;
  private session: Session | undefined;
  private turn: RunningTurn | undefined;
  /** The user messages the session holds so far (the next one's place). */
  private users = 0;
  private records: TurnChangeSet[] = [];
  private droppedCount = 0;
  /** Settles when the latest turn's change set is computed and kept (tests and the revert wait on it). */
  private computing: Promise<void> = Promise.resolve();

  /** Fired when the current session's change sets change (a turn ended, a file was reverted, a session was shown). */
  readonly onDidChange: Event<void>;
  /**
   * A tool call of the running turn finished writing files: each path it wrote with every diff the turn's finished calls
   * made to it so far, oldest first (undone from the file, they give what it held when the turn started).
   */
  readonly onDidToolWrite: Event<ReadonlyMap<string, FileDiff[]>>;
  private readonly writeEmitter: Emitter<ReadonlyMap<string, FileDiff[]>>;
  /** The tool calls whose writes were reported (once each). */
  private readonly reported = new Set<string>();

  constructor(
    private readonly chat: Pick<Chat, 'session' | 'onDidChangeSession'>,
    private readonly logger: Logger,
    private readonly cwd: () => string | undefined,
    private readonly store: CheckpointStore,
    /** Where the turn's snapshot is held, so the prompt leaves only once it is taken. */
    private readonly turnStarts?: TurnStartGate,
  ) {
    this.emitter = new Emitter((err) => logger.error('[turnChanges] listener failed', err));
    this.onDidChange = this.emitter.event;
    this.writeEmitter = new Emitter((err) => logger.error('[turnChanges] write listener failed', err));
    this.onDidToolWrite = this.writeEmitter.event;
    this.sub = chat.onDidChangeSession((s) => this.follow(s));
    this.follow(chat.session);
  }

  /** The current session's turns that changed files, oldest first. */
  get sets(): readonly TurnChangeSet[] {
    return this.records;
  }

  /** The latest of them. */
  get current(): TurnChangeSet | undefined {
    return this.records.at(-1);
  }

  /** How many older turns' records were dropped to stay within the store's bounds. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Resolves once the change set of the turn that ended last (and a shown session's records) are in. */
  settled(): Promise<void> {
    return this.computing;
  }

  get(id: string): TurnChangeSet | undefined {
    return this.records.find((s) => s.id === id);
  }

  /** Mark files of a set reverted (TurnReview calls this after its edit applied). */
  markReverted(id: string, paths: readonly string[]): void {
    const set = this.get(id);
    if (!set) return;
    for (const f of set.files) if (paths.includes(f.path)) f.reverted = true;
    this.changed();
  }

  /**
   * The files of the turns from the prompt at `userIndex` on were put back as they were before it (CodeRestore): each
   * is marked reverted where it was changed, so the cards and a later restore read the disk as it now is. Returns
   * what puts the marks back as they were (an undone restore).
   */
  markRestored(userIndex: number, paths: readonly string[]): () => void {
    const marked: TrackedFile[] = [];
    for (const set of this.records) {
      if (set.userIndex < userIndex) continue;
      for (const f of set.files) {
        if (!paths.includes(f.path) || f.reverted) continue;
        f.reverted = true;
        marked.push(f);
      }
    }
    this.changed();
    return () => {
      for (const f of marked) f.reverted = false;
      this.changed();
    };
  }

  /**
   * The session shown now continues another's history (an edit or a rewind forked it): the records of that history's
   * turns come along, before the session's own, so their code can still be restored from here.
   */
  async inherit(sets: readonly TurnRecord[]): Promise<void> {
    await this.computing;
    const session = this.session;
    const ownFrom = Math.min(...this.records.map((r) => r.userIndex));
    const earlier = sets.filter((s) => s.endUserIndex < ownFrom);
    if (!session || !earlier.length) return;
    const copies = earlier.map(({ userIndex, endUserIndex, files, limit }) =>
      this.asSet(session.id, { userIndex, endUserIndex, files: files.map((f) => ({ ...f })), ...(limit ? { limit } : {}) }),
    );
    this.records = [...copies, ...this.records];
    this.emitter.fire();
    this.computing = this.computing.then(() => this.keep(session));
    await this.computing;
  }

  dispose(): void {
    this.sub.dispose();
    this.sessionSub?.dispose();
    this.emitter.dispose();
    this.writeEmitter.dispose();
  }

  private follow(session: Session | undefined): void {
    this.sessionSub?.dispose();
    this.session = session;
    this.turn = undefined;
    this.records = [];
    this.droppedCount = 0;
    this.users = session ? session.snapshot().entries.filter(isPrompt).length : 0;
    this.emitter.fire();
    this.sessionSub = session?.onDidChange((changes) => this.onChanges(session, changes));
    if (session) this.computing = this.computing.then(() => this.loadRecords(session));
  }

  private async loadRecords(session: Session): Promise<void> {
    const kept = await this.store.load(session.id);
    if (this.session !== session) return;
    // Turns that ended while the records were read come after the kept ones.
    this.records = [...kept.turns.map((t) => this.asSet(session.id, t)), ...this.records];
    this.droppedCount = kept.dropped;
    if (kept.turns.length) this.logger.info(`[turnChanges] ${kept.turns.length} earlier turn(s) of ${session.id} can be restored`);
    this.emitter.fire();
  }

  private onChanges(session: Session, changes: readonly TranscriptChange[]): void {
    for (const c of changes) {
      if (c.type === 'entry-added' && isPrompt(c.entry)) {
        const index = this.users++;
        if (!this.turn) this.startTurn(session, index);
        else this.turn.endUserIndex = index;
      }
      if ((c.type === 'entry-added' || c.type === 'entry-changed') && c.entry.kind === 'tool') {
        const id = c.entry.toolCall.toolCallId;
        if (this.turn && !this.turn.toolCallIds.has(id)) this.turn.toolCallIds.set(id, c.entry.lane);
        if (this.turn) this.reportWrite(session, this.turn, c.entry.toolCall);
      }
      if (c.type === 'meta-changed' && c.keys.includes('turn') && this.turn && session.turn === 'idle') this.endTurn(session);
    }
  }

  private reportWrite(session: Session, turn: RunningTurn, call: ToolCallState): void {
    if (call.status !== 'completed' || this.reported.has(call.toolCallId)) return;
    const cwd = this.cwd() ?? '/';
    const wrote = new Set([...diffsByPath([call]).keys()].map((p) => nodePath.resolve(cwd, p)));
    if (!wrote.size) return;
    this.reported.add(call.toolCallId);
    const calls = [...turn.toolCallIds.keys()].flatMap((id) => session.getToolCall(id) ?? []);
    const writes = new Map<string, FileDiff[]>();
    for (const [path, list] of diffsByPath(calls)) {
      const abs = nodePath.resolve(cwd, path);
      if (wrote.has(abs)) writes.set(abs, [...(writes.get(abs) ?? []), ...list]);
    }
    this.writeEmitter.fire(writes);
  }

  private startTurn(session: Session, userIndex: number): void {
    const cwd = this.cwd();
    if (cwd === undefined) {
      this.turn = { userIndex, endUserIndex: userIndex, toolCallIds: new Map(), snapshot: Promise.resolve(undefined) };
      return;
    }
    // Taken before the prompt leaves (the gate holds it): a shell command the turn runs changes files only after it.
    const started = Date.now();
    const snapshot = takeGitSnapshot(cwd).then(
      (s) => {
        this.logger.info(
          `[turnChanges] ${s ? `git snapshot ${s.commit.slice(0, 8)} of ${s.root}` : `no git snapshot (${cwd} is not in a repository with a commit)`} in ${Date.now() - started} ms`,
        );
        return s;
      },
      (err: unknown) => {
        this.logger.warn('[turnChanges] no git snapshot for this turn', err);
        return undefined;
      },
    );
    this.turnStarts?.hold(session.id, snapshot);
    this.turn = { userIndex, endUserIndex: userIndex, toolCallIds: new Map(), snapshot };
  }

  private endTurn(session: Session): void {
    const turn = this.turn!;
    this.turn = undefined;
    const toolCalls = [...turn.toolCallIds].flatMap(([id, lane]): LanedToolCall[] => {
      const call = session.getToolCall(id);
      return call ? [{ call, ...(lane === undefined ? {} : { lane }) }] : [];
    });
    // The lanes' titles as they are now (the record keeps them: a reopened conversation may not have its lanes).
    const titles = new Map(toolCalls.flatMap(({ lane }) => (lane === undefined ? [] : [[lane, session.subagentLane(lane)?.title] as const])));
    this.computing = this.computing
      .then(() => this.compute(turn, toolCalls, titles))
      .then(
        async (record) => {
          if (!record || this.session !== session) return;
          const set = this.asSet(session.id, record);
          this.records.push(set);
          this.logger.info(`[turnChanges] turn ${set.id} (prompt ${record.userIndex + 1}): ${set.files.length} file(s) changed`);
          this.emitter.fire();
          await this.keep(session);
        },
        (err: unknown) => this.logger.error('[turnChanges] could not work out what the turn changed', err),
      );
  }

  private async compute(turn: RunningTurn, toolCalls: LanedToolCall[], titles: ReadonlyMap<string, string | undefined>): Promise<TurnRecord | undefined> {
    const cwd = this.cwd() ?? '/';
    const snapshot = await turn.snapshot;
    const diffs = new Map<string, FileDiff[]>();
    for (const [path, list] of diffsByPath(toolCalls.map((c) => c.call))) {
      const abs = nodePath.resolve(cwd, path);
      diffs.set(abs, [...(diffs.get(abs) ?? []), ...list]);
    }
    const writers = new Map<string, (string | undefined)[]>();
    for (const [path, lanes] of writersByPath(toolCalls)) {
      const abs = nodePath.resolve(cwd, path);
      const known = writers.get(abs) ?? [];
      writers.set(abs, [...known, ...lanes.filter((l) => !known.includes(l))]);
    }
    const paths = new Set(diffs.keys());
    if (snapshot) for (const p of await changedSince(snapshot)) paths.add(p);
    const files: TrackedFile[] = [];
    for (const path of [...paths].sort()) {
      const after = await readText(path);
      if (after === undefined) continue; // binary or unreadable: not something this view can revert
      const fromGit = snapshot ? await contentAt(snapshot, path) : undefined;
      const change = describeChange(path, after, fromGit, diffs.get(path) ?? []);
      const by = writers.get(path);
      if (change) files.push({ ...change, ...(by ? { changedBy: by.map((lane) => author(lane, titles)) } : {}), reverted: false });
    }
    if (!files.length) return undefined;
    return {
      userIndex: turn.userIndex,
      endUserIndex: turn.endUserIndex,
      files,
      limit: snapshot ? undefined : 'The workspace is not a git repository: files changed by shell commands are not listed.',
    };
  }

  private asSet(sessionId: string, record: TurnRecord): TurnChangeSet {
    return { ...record, id: `turn-${++setCounter}`, sessionId };
  }

  private changed(): void {
    this.emitter.fire();
    const session = this.session;
    if (session) this.computing = this.computing.then(() => this.keep(session));
  }

  /** Writes the session's records; the store may drop the oldest to stay within its bounds. */
  private async keep(session: Session): Promise<void> {
    const records = this.records.map(({ id: _id, sessionId: _s, ...record }) => record);
    const kept = await this.store.save(session.id, { turns: records, dropped: this.droppedCount });
    if (this.session !== session || kept.turns.length === this.records.length) return;
    this.records = this.records.slice(this.records.length - kept.turns.length);
    this.droppedCount = kept.dropped;
    this.emitter.fire();
  }
}

/** A user message the user sent: one of the main flow (a subagent's lane may hold its own). */
function isPrompt(e: TranscriptEntry): boolean {
  return e.kind === 'user' && e.lane === undefined;
}

function author(lane: string | undefined, titles: ReadonlyMap<string, string | undefined>): ChangeAuthor {
  if (lane === undefined) return { agent: 'main' };
  const title = titles.get(lane);
  return { agent: 'subagent', lane, ...(title ? { title } : {}) };
}

/** The file's text on disk; `null` when it does not exist; undefined when it is binary, too large or unreadable. */
export async function readText(path: string): Promise<string | null | undefined> {
  try {
    const bytes = await readFile(path);
    if (bytes.length > MAX_FILE_BYTES || bytes.includes(0)) return undefined;
    return new TextDecoder('utf-8').decode(bytes);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
}
