// The one owner of the review's threads: what the comment threads on screen show, kept in the workspace's state so a
// draft outlives a reload (a plan's threads live as long as its question: its document does not outlast the window).
import { Emitter, type Event } from '../acpClient/events';
import type { KeyValueStore } from '../chat/sessionStore';
import { parseThreads, type ReviewComment, type ReviewThread } from './reviewThreads';

const KEY = 'acpChat.review.threads';
/** Bounds what the workspace keeps: a review is a handful of threads, never thousands. */
const MAX_THREADS = 500;

export interface PlanThread extends ReviewThread {
  /** The plan's question it answers: the permission request's key. */
  planKey: string;
}

export type AnyThread = ReviewThread | PlanThread;

export function isPlanThread(t: AnyThread): t is PlanThread {
  return 'planKey' in t;
}

export class ReviewStore {
  private threads: AnyThread[];
  private readonly changed = new Emitter<void>();
  readonly onDidChange: Event<void> = this.changed.event;
  private counter = 0;

  constructor(private readonly memento: KeyValueStore) {
    this.threads = parseThreads(memento.get<unknown>(KEY));
  }

  all(): readonly AnyThread[] {
    return this.threads;
  }

  get(id: string): AnyThread | undefined {
    return this.threads.find((t) => t.id === id);
  }

  newId(prefix: string): string {
    return `${prefix}-${Date.now().toString(36)}-${++this.counter}`;
  }

  comment(body: string, author: ReviewComment['author'] = 'user'): ReviewComment {
    return { id: this.newId('c'), body, author, at: Date.now() };
  }

  add(thread: AnyThread): void {
    this.threads = [...this.threads, thread];
    this.save();
  }

  /** Replaces threads by id; a thread left with no comment goes. */
  update(...next: AnyThread[]): void {
    const byId = new Map(next.map((t) => [t.id, t]));
    this.threads = this.threads.map((t) => byId.get(t.id) ?? t).filter((t) => t.comments.length > 0);
    this.save();
  }

  remove(id: string): void {
    this.threads = this.threads.filter((t) => t.id !== id);
    this.save();
  }

  private save(): void {
    const kept = this.threads.filter((t) => !isPlanThread(t)).slice(-MAX_THREADS);
    void this.memento.update(KEY, kept);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
