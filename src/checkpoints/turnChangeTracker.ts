// Records what each turn of the current session changed on disk: a git snapshot of the tracked files when the turn
// starts, the tool calls it ran, and at its end the per-file change set (turnChangeModel.ts decides the contents).
// It owns the change sets; the chat shows the latest one and TurnReview reverts from it.
import { readFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { Chat } from '../chat/chat';
import type { TurnStartGate } from '../chat/turnStartGate';
import { Emitter, type Disposable, type Event } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { ToolCallState, TranscriptChange } from '../acpClient/transcript';
import { changedSince, contentAt, takeGitSnapshot, type GitSnapshot } from './gitSnapshot';
import { describeChange, diffsByPath, type ChangedFile, type FileDiff } from './turnChangeModel';

export interface TrackedFile extends ChangedFile {
  reverted: boolean;
}

export interface TurnChangeSet {
  id: string;
  sessionId: string;
  files: TrackedFile[];
  /** What the set may miss (no git snapshot: files changed by shell commands are not seen). */
  limit?: string;
}

interface RunningTurn {
  toolCallIds: Set<string>;
  snapshot: Promise<GitSnapshot | undefined>;
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Change-set ids are unique across the chats' trackers (the review's URIs name them). */
let setCounter = 0;

export class TurnChangeTracker implements Disposable {
  private readonly emitter: Emitter<TurnChangeSet | undefined>;
  private sessionSub: Disposable | undefined;
  private readonly sub: Disposable;
  private session: Session | undefined;
  private turn: RunningTurn | undefined;
  private latest: TurnChangeSet | undefined;
  /** Settles when the latest turn's change set is computed (tests and the revert wait on it). */
  private computing: Promise<void> = Promise.resolve();

  /** Fired with the current session's latest change set (or undefined when a new session has none yet). */
  readonly onDidChange: Event<TurnChangeSet | undefined>;

  constructor(
    private readonly chat: Pick<Chat, 'session' | 'onDidChangeSession'>,
    private readonly logger: Logger,
    private readonly cwd: () => string | undefined,
    /** Where the turn's snapshot is held, so the prompt leaves only once it is taken. */
    private readonly turnStarts?: TurnStartGate,
  ) {
    this.emitter = new Emitter((err) => logger.error('[turnChanges] listener failed', err));
    this.onDidChange = this.emitter.event;
    this.sub = chat.onDidChangeSession((s) => this.follow(s));
    this.follow(chat.session);
  }

  /** The current session's latest turn that changed files. */
  get current(): TurnChangeSet | undefined {
    return this.latest;
  }

  /** Resolves once the change set of the turn that ended last is computed. */
  settled(): Promise<void> {
    return this.computing;
  }

  get(id: string): TurnChangeSet | undefined {
    return this.latest?.id === id ? this.latest : undefined;
  }

  /** Mark files of a set reverted (TurnReview calls this after its edit applied). */
  markReverted(id: string, paths: readonly string[]): void {
    const set = this.get(id);
    if (!set) return;
    for (const f of set.files) if (paths.includes(f.path)) f.reverted = true;
    this.emitter.fire(set);
  }

  dispose(): void {
    this.sub.dispose();
    this.sessionSub?.dispose();
    this.emitter.dispose();
  }

  private follow(session: Session | undefined): void {
    this.sessionSub?.dispose();
    this.session = session;
    this.turn = undefined;
    if (this.latest) {
      this.latest = undefined;
      this.emitter.fire(undefined);
    }
    this.sessionSub = session?.onDidChange((changes) => this.onChanges(session, changes));
  }

  private onChanges(session: Session, changes: readonly TranscriptChange[]): void {
    for (const c of changes) {
      if (c.type === 'entry-added' && c.entry.kind === 'user' && !this.turn) this.startTurn(session);
      if ((c.type === 'entry-added' || c.type === 'entry-changed') && c.entry.kind === 'tool') this.turn?.toolCallIds.add(c.entry.toolCall.toolCallId);
      if (c.type === 'meta-changed' && c.keys.includes('turn') && this.turn && session.turn === 'idle') this.endTurn(session);
    }
  }

  private startTurn(session: Session): void {
    const cwd = this.cwd();
    if (cwd === undefined) {
      this.turn = { toolCallIds: new Set(), snapshot: Promise.resolve(undefined) };
      return;
    }
    // Taken before the prompt leaves (the gate holds it): a shell command the turn runs changes files only after it.
    const started = Date.now();
    const snapshot = takeGitSnapshot(cwd).then(
      (s) => {
        this.logger.info(`[turnChanges] ${s ? `git snapshot ${s.commit.slice(0, 8)} of ${s.root}` : `no git snapshot (${cwd} is not in a repository with a commit)`} in ${Date.now() - started} ms`);
        return s;
      },
      (err: unknown) => {
        this.logger.warn('[turnChanges] no git snapshot for this turn', err);
        return undefined;
      },
    );
    this.turnStarts?.hold(session.id, snapshot);
    this.turn = { toolCallIds: new Set(), snapshot };
  }

  private endTurn(session: Session): void {
    const turn = this.turn!;
    this.turn = undefined;
    const toolCalls = [...turn.toolCallIds].flatMap((id) => session.getToolCall(id) ?? []);
    this.computing = this.computing
      .then(() => this.compute(session.id, turn, toolCalls))
      .then(
        (set) => {
          if (!set || this.session !== session) return;
          this.latest = set;
          this.logger.info(`[turnChanges] turn ${set.id}: ${set.files.length} file(s) changed`);
          this.emitter.fire(set);
        },
        (err: unknown) => this.logger.error('[turnChanges] could not work out what the turn changed', err),
      );
  }

  private async compute(sessionId: string, turn: RunningTurn, toolCalls: ToolCallState[]): Promise<TurnChangeSet | undefined> {
    const cwd = this.cwd() ?? '/';
    const snapshot = await turn.snapshot;
    const diffs = new Map<string, FileDiff[]>();
    for (const [path, list] of diffsByPath(toolCalls)) {
      const abs = nodePath.resolve(cwd, path);
      diffs.set(abs, [...(diffs.get(abs) ?? []), ...list]);
    }
    const paths = new Set(diffs.keys());
    if (snapshot) for (const p of await changedSince(snapshot)) paths.add(p);
    const files: TrackedFile[] = [];
    for (const path of [...paths].sort()) {
      const after = await readText(path);
      if (after === undefined) continue; // binary or unreadable: not something this view can revert
      const fromGit = snapshot ? await contentAt(snapshot, path) : undefined;
      const change = describeChange(path, after, fromGit, diffs.get(path) ?? []);
      if (change) files.push({ ...change, reverted: false });
    }
    if (!files.length) return undefined;
    return {
      id: `turn-${++setCounter}`,
      sessionId,
      files,
      limit: snapshot ? undefined : 'The workspace is not a git repository: files changed by shell commands are not listed.',
    };
  }
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
