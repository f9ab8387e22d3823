// The error of not finding a Claude Code to run, with its wording: Claude Code is resolved here, so its absence and
// what to do about it (download, locate, or use the `claude` found on PATH) are said here.
import { AgentStartError } from '../../acpClient/errors';
import { l10n } from '../../contributions/l10n';
import type { DescribedError, UserError } from '../../feedback/userErrors';

/** Nothing runnable was found where the bundled adapter may take Claude Code from: a start failure like any other. */
export class ClaudeCodeNotFoundError extends AgentStartError implements DescribedError {
  override name = 'ClaudeCodeNotFoundError';
  constructor(
    /** A `claude` on PATH that runs: offered to the user, never used without asking. */
    readonly onPath: { path: string; version: string } | undefined,
    /** Places that were set but did not run `--version` (a stale setting or variable), for the message and the log. */
    readonly broken: { source: string; path: string; problem: string }[] = [],
  ) {
    super(
      // l10n-ignore: for the log; describe() words it for the user
      `claude-code-missing (not runnable: ${broken.map((b) => `${b.path} ${b.problem}`).join('; ') || 'none'}; on PATH: ${onPath?.path ?? 'none'})`,
      'claude-code-missing',
    );
  }

  describe(): UserError {
    const broken = this.broken.map((b) => l10n.t(' {0} points to {1}, which {2}.', b.source, b.path, b.problem)).join('');
    const found = this.onPath;
    const message = l10n.t(
      'Claude Code was not found. The Claude agent runs the Claude Code program, which is not part of this extension: download it, locate it, or set acpChat.claudeCode.path.{0}{1}',
      broken,
      found ? ` A claude was found on PATH: ${found.path} (${found.version}).` : '',
    );
    if (!found) return { message, severity: 'warning', actions: ['downloadClaudeCode', 'locateClaudeCode'] };
    // `--version` prints e.g. "2.1.318 (Claude Code)": the number alone on the button, the whole line in the message.
    const label = l10n.t('Use claude {0}', found.version.split(/\s/)[0]);
    return { message, severity: 'warning', actions: ['downloadClaudeCode', 'useClaudeOnPath', 'locateClaudeCode'], claudeOnPath: { path: found.path, label } };
  }
}
