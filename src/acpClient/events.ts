// A tiny event emitter in VS Code's shape (`event(listener) → Disposable`), without the `vscode` import.

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => void) => Disposable;

export class Emitter<T> {
  private listeners = new Set<(value: T) => void>();
  private disposed = false;

  /** `onListenerError` receives what a listener throws (one bad listener must not starve the others). */
  constructor(private readonly onListenerError: (err: unknown) => void = (err) => console.error('[events] listener failed', err)) {}

  /** Subscribe; the returned Disposable unsubscribes. Subscribing after dispose is a no-op. */
  readonly event: Event<T> = (listener) => {
    if (this.disposed) return { dispose: () => undefined };
    // Wrap so the same function can be subscribed twice and removed independently.
    const entry = (value: T) => listener(value);
    this.listeners.add(entry);
    return { dispose: () => this.listeners.delete(entry) };
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
