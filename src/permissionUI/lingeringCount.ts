// The waiting-requests count as the attention surfaces (status-bar item, view badge) show it. A fall to zero waits
// `lingerMs` for a next request: an agent that asks again right after an answer then leaves the status bar as it was
// instead of blinking the item off and on. Any count above zero shows at once.

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
