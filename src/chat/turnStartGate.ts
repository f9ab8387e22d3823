// What a turn waits for before its prompt leaves: work that must see the files as they were before the agent can
// change them (the editor's git snapshot of a chat's session). Held per session; a prompt waits at most `capMs`, so
// a slow repository delays a prompt by a moment at worst, never blocks it.
export class TurnStartGate {
  private readonly held = new Map<string, Promise<unknown>>();

  constructor(private readonly capMs = 1000) {}

  /** `work` must finish before the prompt of `sessionId` that started it is sent. */
  hold(sessionId: string, work: Promise<unknown>): void {
    this.held.set(sessionId, work);
  }

  /** Resolves when what was held for `sessionId` is done (or after the cap); never rejects. */
  async wait(sessionId: string): Promise<void> {
    const work = this.held.get(sessionId);
    if (!work) return;
    this.held.delete(sessionId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.capMs)));
    await Promise.race([
      work.then(
        () => undefined,
        () => undefined,
      ),
      cap,
    ]);
    clearTimeout(timer);
  }
}
