// The logging surface the protocol client needs. VS Code's LogOutputChannel matches it structurally, so this folder never
// imports `vscode`; tests pass a recording fake.
export interface Logger {
  info(msg: string, ...args: unknown[]): void;
  warn(msg: string, ...args: unknown[]): void;
  error(msg: string, ...args: unknown[]): void;
  debug?(msg: string, ...args: unknown[]): void;
}

/** Warnings a confused agent would repeat, each logged the first time its key comes (at most `max` keys). */
export class OnceLog {
  private readonly seen = new Set<string>();

  constructor(
    private readonly logger: Logger,
    private readonly prefix: string,
    private readonly max = 200,
  ) {}

  warn(key: string, message: string): void {
    if (this.seen.has(key) || this.seen.size >= this.max) return;
    this.seen.add(key);
    this.logger.warn(`${this.prefix} ${message}`);
  }
}
