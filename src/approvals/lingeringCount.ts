// The waiting-requests count as the attention surfaces (status-bar item, view badge) show it. A fall to zero waits
// `lingerMs` for a next request: an agent that asks again right after an answer then leaves the status bar as it
// was (hiding the item and showing it again made the workbench restyle the whole status bar, its neighbours'
// first/last-visible classes, just as the next QuickPick was being laid out). A rise from nothing shown waits
// `firstShowMs`: the request's own surface (the QuickPick) goes to the workbench first and is laid out on its own,
// rather than in the same update as the status bar and the badge (a few ms of every request → displayed in the
// approval bench's "one at a time" series). Changes between counts above zero show at once.

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class LingeringCount {
  private shown = 0;
  private pendingZero: unknown;
  private pendingFirst: unknown;
  private latest = 0;

  constructor(
    private readonly show: (count: number) => void,
    private readonly lingerMs: number,
    private readonly firstShowMs = 0,
    private readonly timers: Timers = realTimers,
  ) {}

  set(count: number): void {
    this.latest = count;
    if (count > 0) {
      this.cancelZero();
      if (this.shown > 0) {
        if (count !== this.shown) this.apply(count);
      } else if (this.firstShowMs <= 0) {
        this.apply(count);
      } else if (this.pendingFirst === undefined) {
        this.pendingFirst = this.timers.set(() => {
          this.pendingFirst = undefined;
          this.apply(this.latest);
        }, this.firstShowMs);
      }
    } else if (this.pendingFirst !== undefined) {
      // Answered before it was shown: nothing to show or to take away.
      this.cancelFirst();
    } else if (this.shown > 0 && this.pendingZero === undefined) {
      this.pendingZero = this.timers.set(() => {
        this.pendingZero = undefined;
        this.apply(0);
      }, this.lingerMs);
    }
  }

  dispose(): void {
    this.cancelZero();
    this.cancelFirst();
  }

  private apply(count: number): void {
    this.shown = count;
    this.show(count);
  }

  private cancelZero(): void {
    if (this.pendingZero === undefined) return;
    this.timers.clear(this.pendingZero);
    this.pendingZero = undefined;
  }

  private cancelFirst(): void {
    if (this.pendingFirst === undefined) return;
    this.timers.clear(this.pendingFirst);
    this.pendingFirst = undefined;
  }
}
