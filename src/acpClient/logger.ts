// The logging surface the protocol client needs. VS Code's LogOutputChannel matches it structurally, so this folder never
// imports `vscode`; tests pass a recording fake.
export interface Logger {
  info(msg: string, ...args: unknown[]): void;
  warn(msg: string, ...args: unknown[]): void;
  error(msg: string, ...args: unknown[]): void;
  debug?(msg: string, ...args: unknown[]): void;
}
