// The waiting-requests count as the attention surfaces (status-bar item, view badge) show it: a new count shows at
// once, but a fall to zero waits `lingerMs` for a next request. An agent that asks again right after an answer then
// leaves the status bar as it was: hiding the item and showing it again made the workbench restyle the whole status
// bar (its neighbours' first/last-visible classes) just as the next QuickPick was being laid out, about a third of
// the time from request to QuickPick displayed in the bench.

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

  constructor(
    private readonly show: (count: number) => void,
    private readonly lingerMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  set(count: number): void {
    if (count > 0) {
      this.cancelZero();
      if (count !== this.shown) this.apply(count);
    } else if (this.shown > 0 && this.pendingZero === undefined) {
      this.pendingZero = this.timers.set(() => {
        this.pendingZero = undefined;
        this.apply(0);
      }, this.lingerMs);
    }
  }

  dispose(): void {
    this.cancelZero();
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
}
