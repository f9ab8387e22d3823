// Turns a session's fine-grained transcript changes into few webview messages. While the agent streams, dozens of
// chunks arrive per frame; each entry is sent once per tick with its latest state, so the webview patches one node
// once instead of once per chunk. Pure apart from the injected timer, so it is unit-tested directly.
import type { SessionMeta, TranscriptChange, TranscriptEntry } from '../acpClient/transcript';
import type { HostToWebview } from './protocol';
import { unreachable } from '../acpClient/unreachable';

export type PatchMessage = Extract<HostToWebview, { type: 'patch' }>;

export interface PublisherOptions {
  post: (msg: PatchMessage) => void;
  /** The session's current meta; read at flush time so changed keys carry their latest values. */
  getMeta: () => SessionMeta | undefined;
  /** Schedules a flush; defaults to setTimeout. Returns a cancel function. */
  schedule?: (fn: () => void, ms: number) => () => void;
  tickMs?: number;
}

export class TranscriptPublisher {
  private readonly entries = new Map<string, TranscriptEntry>();
  private readonly metaKeys = new Set<keyof SessionMeta>();
  private cancelTimer: (() => void) | undefined;
  private readonly schedule: (fn: () => void, ms: number) => () => void;

  constructor(private readonly opts: PublisherOptions) {
    this.schedule =
      opts.schedule ??
      ((fn, ms) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      });
  }

  /** Records changes and schedules one flush for the current tick. */
  push(changes: readonly TranscriptChange[]): void {
    for (const c of changes) {
      switch (c.type) {
        case 'entry-added':
        case 'entry-changed':
          // Map keeps first-insertion order, so new entries stay in the order they were added.
          this.entries.set(c.entry.id, c.entry);
          break;
        case 'meta-changed':
          for (const k of c.keys) this.metaKeys.add(k);
          break;
        default:
          unreachable(c, 'transcript change');
      }
    }
    if (!this.cancelTimer && this.hasPending()) {
      this.cancelTimer = this.schedule(() => {
        this.cancelTimer = undefined;
        this.flush();
      }, this.opts.tickMs ?? 16);
    }
  }

  hasPending(): boolean {
    return this.entries.size > 0 || this.metaKeys.size > 0;
  }

  /** Posts the pending changes now (if any) as one `patch`. */
  flush(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    if (!this.hasPending()) return;
    const msg: PatchMessage = { type: 'patch', entries: [...this.entries.values()] };
    const meta = this.opts.getMeta();
    if (meta && this.metaKeys.size > 0) {
      const partial: Record<string, unknown> = {};
      // undefined is lost in postMessage's JSON; null tells the webview the field was cleared.
      for (const k of this.metaKeys) partial[k] = meta[k] ?? null;
      msg.meta = partial as Partial<SessionMeta>;
    }
    this.entries.clear();
    this.metaKeys.clear();
    this.opts.post(msg);
  }

  /** Drops pending changes: a snapshot that supersedes them is being sent. */
  reset(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.entries.clear();
    this.metaKeys.clear();
  }

  dispose(): void {
    this.reset();
  }
}
