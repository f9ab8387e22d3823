// Turns a session's fine-grained transcript changes into few webview messages. While the agent streams, dozens of
// chunks arrive per frame; each entry is sent once per tick, so the webview patches one node once instead of once per
// chunk. The first change after a quiet tick goes at once (a reply's first words, an approval, a tool's start do not
// wait for the timer), and the end of a turn is sent when it comes. An entry that only grew at the end since the last post (streamed text, command output) is sent as the text
// it gained, so what is posted per chunk does not grow with the message. Pure apart from the injected timer, so it
// is unit-tested directly.
import type { SessionMeta, TextAppend, TranscriptChange, TranscriptEntry } from '../../acpClient/transcript';
import type { EntryAppend, HostToWebview } from '../protocol/protocol';
import { unreachable } from '../../acpClient/unreachable';

export type PatchMessage = Extract<HostToWebview, { type: 'patch' }>;

export interface PublisherOptions {
  post: (msg: PatchMessage) => void;
  /** The session's current meta; read at flush time so changed keys carry their latest values. */
  getMeta: () => Readonly<SessionMeta> | undefined;
  /** Schedules a flush; defaults to setTimeout. Returns a cancel function. */
  schedule?: (fn: () => void, ms: number) => () => void;
  tickMs?: number;
  /** The clock (epoch ms) a patch is stamped with and ticks are told by; defaults to Date.now. */
  now?: () => number;
}

/** An entry waiting for the next post: whole, or as what was appended since the page last got it. */
interface Pending {
  entry: TranscriptEntry;
  append: { field: TextAppend['field']; from: number; parts: string[] } | null;
}

export class TranscriptPublisher {
  private readonly entries = new Map<string, Pending>();
  private readonly metaKeys = new Set<keyof SessionMeta>();
  private cancelTimer: (() => void) | undefined;
  private readonly schedule: (fn: () => void, ms: number) => () => void;
  private readonly now: () => number;
  /** When the page last got something (a patch, or the snapshot this publisher starts from): a change a tick or more later starts a burst and goes at once. */
  private lastPostAt: number;

  constructor(private readonly opts: PublisherOptions) {
    this.schedule =
      opts.schedule ??
      ((fn, ms) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      });
    this.now = opts.now ?? Date.now;
    this.lastPostAt = this.now();
  }

  /** Records changes and schedules one flush for the current tick. */
  push(changes: readonly TranscriptChange[]): void {
    for (const c of changes) {
      switch (c.type) {
        case 'entry-added':
          // Map keeps first-insertion order, so new entries stay in the order they were added.
          this.entries.set(c.entry.id, { entry: c.entry, append: null });
          break;
        case 'entry-changed':
          this.entries.set(c.entry.id, this.merge(this.entries.get(c.entry.id), c.entry, c.append));
          break;
        case 'meta-changed':
          for (const k of c.keys) this.metaKeys.add(k);
          break;
        default:
          unreachable(c, 'transcript change');
      }
    }
    if (!this.hasPending()) return;
    const tick = this.opts.tickMs ?? 16;
    const ends = endsTurn(changes, () => this.opts.getMeta());
    if (this.cancelTimer && !ends) return; // joins the tick already scheduled
    const since = this.now() - this.lastPostAt;
    if (ends || since >= tick) {
      this.flush();
      return;
    }
    // The tick is counted from the last post, so the last change of a burst waits at most what is left of it.
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = undefined;
      this.flush();
    }, tick - since);
  }

  hasPending(): boolean {
    return this.entries.size > 0 || this.metaKeys.size > 0;
  }

  /** Posts the pending changes now (if any) as one `patch`. */
  flush(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    if (!this.hasPending()) return;
    const entries: TranscriptEntry[] = [];
    const appends: EntryAppend[] = [];
    for (const p of this.entries.values()) {
      if (p.append) appends.push(toEntryAppend(p.entry, p.append.field, p.append.from, p.append.parts.join('')));
      else entries.push(p.entry);
    }
    const msg: PatchMessage = { type: 'patch', entries, sentAt: this.now() };
    if (appends.length > 0) msg.appends = appends;
    const meta = this.metaKeys.size > 0 ? this.opts.getMeta() : undefined;
    if (meta) {
      const partial: Record<string, unknown> = {};
      // undefined is lost in postMessage's JSON; null tells the webview the field was cleared.
      for (const k of this.metaKeys) partial[k] = meta[k] ?? null;
      msg.meta = partial as Partial<SessionMeta>;
    }
    this.entries.clear();
    this.metaKeys.clear();
    this.lastPostAt = msg.sentAt!;
    this.opts.post(msg);
  }

  /** A change joins what is pending for its entry: appends chain while each builds on the last; anything else is whole. */
  private merge(prev: Pending | undefined, entry: TranscriptEntry, append: TextAppend | undefined): Pending {
    if (!append) return { entry, append: null };
    // Nothing pending: the page holds the entry as last posted, which is what this append builds on.
    if (!prev) return { entry, append: { field: append.field, from: append.from, parts: [append.text] } };
    if (prev.append?.field === append.field) {
      prev.append.parts.push(append.text);
      prev.entry = entry;
      return prev;
    }
    // The entry is pending whole (new, or changed otherwise in this tick): it goes whole, with the text in it.
    return { entry, append: null };
  }

  /** Drops pending changes: a snapshot that supersedes them is being sent. */
  reset(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.lastPostAt = this.now();
    this.entries.clear();
    this.metaKeys.clear();
  }

  dispose(): void {
    this.reset();
  }
}

/** Whether `changes` end the turn: its end entry, or the session going idle (the meta is read only then). */
function endsTurn(changes: readonly TranscriptChange[], meta: () => Readonly<SessionMeta> | undefined): boolean {
  return changes.some(
    (c) => (c.type === 'entry-added' && c.entry.kind === 'turn-end') || (c.type === 'meta-changed' && c.keys.includes('turn') && meta()?.turn === 'idle'),
  );
}

function toEntryAppend(entry: TranscriptEntry, field: TextAppend['field'], from: number, text: string): EntryAppend {
  if (field === 'text') return { id: entry.id, field, from, text };
  const tc = entry.kind === 'tool' ? entry.toolCall : undefined;
  const append: EntryAppend = { id: entry.id, field, from, text, length: tc?.terminalOutput?.length ?? 0 };
  if (tc?.terminalOutputDropped) append.dropped = tc.terminalOutputDropped;
  return append;
}
