// The typed errors of resolving and downloading Claude Code. Their messages say what failed and what to do; the host
// decides how to show them.

/** Nothing runnable was found where the bundled adapter may take Claude Code from. */
export class ClaudeCodeNotFoundError extends Error {
  override name = 'ClaudeCodeNotFoundError';
  constructor(
    /** A `claude` on PATH that runs: offered to the user, never used without asking. */
    readonly onPath: { path: string; version: string } | undefined,
    /** Places that were set but did not run `--version` (a stale setting or variable), for the message and the log. */
    readonly broken: { source: string; path: string; problem: string }[] = [],
  ) {
    const brokenText = broken.map((b) => ` ${b.source} points to ${b.path}, which ${b.problem}.`).join('');
    super(
      'Claude Code was not found. The Claude agent runs the Claude Code program, which is not part of this extension: ' +
        `download it, locate it, or set acpChat.claudeCode.path.${brokenText}`,
    );
  }
}

export type DownloadFailure = 'offline' | 'proxy' | 'integrity' | 'http' | 'cancelled' | 'unsupported' | 'notRunnable' | 'disk';

/** The download did not complete; nothing of it was left behind. */
export class ClaudeCodeDownloadError extends Error {
  override name = 'ClaudeCodeDownloadError';
  constructor(
    readonly reason: DownloadFailure,
    message: string,
  ) {
    super(message);
  }
}
