// A tiny event emitter in VS Code's shape (`event(listener, thisArgs?, disposables?) → Disposable`), without the
// `vscode` import: the extension's one event idiom, a drop-in where VS Code takes an Event.

export interface Disposable {
  dispose(): void;
}

/** As VS Code's `Event`: `thisArgs` is the listener's `this`, and the subscription is added to `disposables`. */
export type Event<T> = (listener: (value: T) => void, thisArgs?: unknown, disposables?: Disposable[]) => Disposable;

export class Emitter<T> {
  private listeners = new Set<(value: T) => void>();
  private disposed = false;

  /** `onListenerError` receives what a listener throws (one bad listener must not starve the others). */
  constructor(private readonly onListenerError: (err: unknown) => void = (err) => console.error('[events] listener failed', err)) {}

  /** Subscribe; the returned Disposable unsubscribes. Subscribing after dispose is a no-op. */
  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    if (this.disposed) return { dispose: () => undefined };
    // Wrap so the same function can be subscribed twice and removed independently.
    const entry = (value: T) => listener.call(thisArgs, value);
    this.listeners.add(entry);
    const subscription = { dispose: () => void this.listeners.delete(entry) };
    disposables?.push(subscription);
    return subscription;
  };

  /** Deliver `value` to every current listener, synchronously. */
  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }
}
