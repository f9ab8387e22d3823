// The typed errors of resolving and downloading Claude Code. Their messages are for the log; feedback/userErrors.ts
// words them for the user.
import { AgentStartError } from '../../acpClient/errors';

/** Nothing runnable was found where the bundled adapter may take Claude Code from: a start failure like any other. */
export class ClaudeCodeNotFoundError extends AgentStartError {
  override name = 'ClaudeCodeNotFoundError';
  constructor(
    /** A `claude` on PATH that runs: offered to the user, never used without asking. */
    readonly onPath: { path: string; version: string } | undefined,
    /** Places that were set but did not run `--version` (a stale setting or variable), for the message and the log. */
    readonly broken: { source: string; path: string; problem: string }[] = [],
  ) {
    // For the log; feedback/userErrors.ts words it from the details.
    super(
      `claude-code-missing (not runnable: ${broken.map((b) => `${b.path} ${b.problem}`).join('; ') || 'none'}; on PATH: ${onPath?.path ?? 'none'})`,
      'claude-code-missing',
      { claudeOnPath: onPath, claudeBroken: broken },
    );
  }
}
