// The page's deferred rendering: views ask for a render as messages arrive, and one animation frame does the work
// of every message since the last. A frame builds rich content (markdown, code) only while its budget lasts; what
// is left shows as plain text until a later frame builds it.
import type { Renderable } from './viewContext';

/**
 * How long one frame builds rich content (markdown, code) before the rest waits for the next frame, shown as plain
 * text meanwhile: half a 60 Hz frame, so the layout and the browser's own work still fit, and scrolling and typing
 * during a long reply do not stutter.
 */
const FRAME_BUDGET_MS = 8;

export class FrameScheduler {
  private readonly dirty = new Set<Renderable>();
  private scheduled = false;
  /** When this frame's budget for rich content ends (see FRAME_BUDGET_MS). */
  private deadline = Infinity;

  constructor(
    private readonly requestFrame: (cb: () => void) => void,
    private readonly now: () => number,
    /** Runs after each frame's renders (the layout they changed). */
    private readonly afterRenders: () => void,
  ) {}

  /** Whether this frame's time for building rich content is used up. */
  overBudget(): boolean {
    return this.now() > this.deadline;
  }

  /** `v.renderNow()` in the next frame; several requests in one frame render once. */
  request(v: Renderable): void {
    this.dirty.add(v);
    this.schedule();
  }

  /** One frame does the deferred work of every message since the last. */
  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.requestFrame(() => this.flush());
  }

  /** Runs the deferred renders now, then `afterRenders` (tests; also each frame). */
  flush(): void {
    this.scheduled = false;
    const views = [...this.dirty];
    this.dirty.clear();
    this.deadline = this.now() + FRAME_BUDGET_MS;
    // A view out of the DOM renders when its turn is shown again (TranscriptView asks).
    for (const v of views) if (v.node.isConnected) v.renderNow();
    this.deadline = Infinity;
    this.afterRenders();
  }
}
