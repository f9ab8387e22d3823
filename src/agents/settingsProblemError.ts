// The error for agent settings with entries that were ignored (acpChat.agent, acpChat.agents), with its wording: the
// agents' settings are read here, so their problems are said here.
import { l10n } from '../contributions/l10n';
import type { DescribedError, UserError } from '../feedback/userErrors';

/** A setting holds entries that were ignored (each problem says which and why). */
export class SettingsProblemError extends Error implements DescribedError {
  override name = 'SettingsProblemError';
  constructor(
    readonly setting: string,
    readonly problems: readonly string[],
  ) {
    super(`${setting}: ${problems.join('; ')}`);
  }

  /** The first problem, the others counted (the log has them all). */
  describe(): UserError {
    const more = this.problems.length > 1 ? l10n.t(' (and {0} more; see the log)', this.problems.length - 1) : '';
    return { message: `${this.problems[0] ?? this.message}${more}`, severity: 'warning', actions: ['openSettings'] };
  }
}
