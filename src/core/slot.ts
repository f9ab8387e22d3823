// A service that a capability provides to the core after the core is built (where a session works, the MCP servers a
// session gets): the core asks the slot each time, and the fallback answers while no capability provides it.
import type { Disposable } from '../acpClient/events';

export class Slot<T> {
  private provider: T | undefined;

  constructor(
    private readonly name: string,
    private readonly fallback: T,
  ) {}

  /** Provided once; disposing the returned value withdraws it. */
  provide(provider: T): Disposable {
    if (this.provider) throw new Error(`${this.name} is provided once`);
    this.provider = provider;
    return { dispose: () => (this.provider = undefined) };
  }

  get current(): T {
    return this.provider ?? this.fallback;
  }
}
