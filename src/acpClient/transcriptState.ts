// The reducer's state and a copy-on-write draft so reducers stay pure: the input state is never mutated, each
// reduce copies the entry array once and replaces only the entries it touches.
import type { SessionMeta, TextAppend, TranscriptChange, TranscriptEntry, TranscriptSnapshot } from './transcript';

export interface TranscriptState {
  readonly meta: SessionMeta;
  readonly entries: readonly TranscriptEntry[];
  /** toolCallId → index in `entries`. Entries are only ever appended, so indexes are stable. */
  readonly toolIndex: KeyIndex;
  /** compactionId → index of its notice entry. */
  readonly compactionIndex: KeyIndex;
  /** permission key → index of its permission entry. */
  readonly permissionIndex: KeyIndex;
  /** User entries carry no messageId in the model, so the reducer remembers the open one here. */
  readonly userMessageId: string | null;
  readonly nextId: number;
}

/**
 * An immutable key → entry index map whose `with` costs O(1) amortised: recent keys sit in a small overlay over a
 * shared base, merged into a new base when the overlay grows. Copying the whole map on every added tool call made a
 * long session's updates slower the longer it ran (2,000 tool calls: ~2 s of copying in the wire bench).
 */
export class KeyIndex {
  static readonly empty = new KeyIndex(new Map(), new Map());
  private static readonly OVERLAY_MAX = 64;

  private constructor(
    private readonly base: ReadonlyMap<string, number>,
    private readonly overlay: ReadonlyMap<string, number>,
  ) {}

  get(key: string): number | undefined {
    return this.overlay.get(key) ?? this.base.get(key);
  }

  with(key: string, at: number): KeyIndex {
    if (this.overlay.size < KeyIndex.OVERLAY_MAX) return new KeyIndex(this.base, new Map(this.overlay).set(key, at));
    // Merge the overlay into a fresh base once per OVERLAY_MAX additions.
    const base = new Map(this.base);
    for (const [k, v] of this.overlay) base.set(k, v);
    return new KeyIndex(base, new Map([[key, at]]));
  }
}

export interface ReduceResult {
  state: TranscriptState;
  changes: TranscriptChange[];
}

/** A fresh, connected, idle session. */
export function emptyTranscript(sessionId: string): TranscriptState {
  return {
    meta: { sessionId, plan: [], availableCommands: [], configOptions: [], turn: 'idle', connection: 'connected' },
    entries: [],
    toolIndex: KeyIndex.empty,
    compactionIndex: KeyIndex.empty,
    permissionIndex: KeyIndex.empty,
    userMessageId: null,
    nextId: 1,
  };
}

/** A deep copy of the public part, safe to post to a webview or keep while the session moves on. */
export function toSnapshot(state: TranscriptState): TranscriptSnapshot {
  return structuredClone({ meta: state.meta, entries: state.entries as TranscriptEntry[] });
}

type Index = 'toolIndex' | 'compactionIndex' | 'permissionIndex';

/** Mutable working copy of one reduce step; `finish()` freezes it back into a state plus its change list. */
export class Draft {
  private entries: TranscriptEntry[];
  private meta: SessionMeta;
  private indexes: Record<Index, KeyIndex>;
  userMessageId: string | null;
  private nextId: number;
  private changes: TranscriptChange[] = [];
  private metaKeys = new Set<keyof SessionMeta>();
  /** Index → what was appended to it, or null when it changed otherwise (or more than once) in this step. */
  private changedEntries = new Map<number, TextAppend | null>();

  constructor(
    private readonly base: TranscriptState,
    readonly now: number,
  ) {
    this.entries = [...base.entries];
    this.meta = base.meta;
    this.indexes = { toolIndex: base.toolIndex, compactionIndex: base.compactionIndex, permissionIndex: base.permissionIndex };
    this.userMessageId = base.userMessageId;
    this.nextId = base.nextId;
  }

  get lastEntry(): TranscriptEntry | undefined {
    return this.entries[this.entries.length - 1];
  }

  get allEntries(): readonly TranscriptEntry[] {
    return this.entries;
  }

  get currentMeta(): SessionMeta {
    return this.meta;
  }

  newId(): string {
    return `e${this.nextId++}`;
  }

  indexOf(index: Index, key: string): number | undefined {
    return this.indexes[index].get(key);
  }

  /** Append an entry (closing an open thought first) and return its index. */
  add(entry: TranscriptEntry, index?: { name: Index; key: string }): number {
    this.closeOpenThought();
    const at = this.entries.push(entry) - 1;
    if (index) this.indexes[index.name] = this.indexes[index.name].with(index.key, at);
    this.changes.push({ type: 'entry-added', entry, index: at });
    return at;
  }

  /**
   * Replace the entry at `at` (a new object; the old one is left untouched). `append` says the new entry is the old
   * one with text added at the end of one field, so views can receive the added text instead of the whole entry.
   */
  replace(at: number, entry: TranscriptEntry, append?: TextAppend): void {
    this.entries[at] = entry;
    this.changedEntries.set(at, append && !this.changedEntries.has(at) ? append : null);
  }

  setMeta<K extends keyof SessionMeta>(key: K, value: SessionMeta[K]): void {
    if (this.meta[key] === value) return;
    this.meta = { ...this.meta, [key]: value };
    this.metaKeys.add(key);
  }

  /** A thought ends when anything else is added after it, or the turn ends. */
  closeOpenThought(): void {
    const at = this.entries.length - 1;
    const last = this.entries[at];
    if (last?.kind === 'thought' && last.endedAt === undefined) this.replace(at, { ...last, endedAt: this.now });
  }

  finish(): ReduceResult {
    const changes = [...this.changes];
    // Entries added in this step are already reported whole by 'entry-added'; report later patches of them too,
    // since the added entry object may have been replaced after it was pushed.
    for (const [at, append] of [...this.changedEntries].sort((a, b) => a[0] - b[0])) {
      const added = changes.findIndex((c) => c.type === 'entry-added' && c.index === at);
      if (added >= 0) changes[added] = { type: 'entry-added', entry: this.entries[at]!, index: at };
      else changes.push(append ? { type: 'entry-changed', entry: this.entries[at]!, append } : { type: 'entry-changed', entry: this.entries[at]! });
    }
    if (this.metaKeys.size) changes.push({ type: 'meta-changed', keys: [...this.metaKeys] });
    const state: TranscriptState = {
      meta: this.meta,
      entries: this.changes.length || this.changedEntries.size ? this.entries : this.base.entries,
      toolIndex: this.indexes.toolIndex,
      compactionIndex: this.indexes.compactionIndex,
      permissionIndex: this.indexes.permissionIndex,
      userMessageId: this.userMessageId,
      nextId: this.nextId,
    };
    return { state, changes };
  }
}
