// The error of a location the agent named that cannot be opened, with its wording: locations are checked and opened
// here, so why one is not opened is said here.
import { l10n } from '../contributions/l10n';
import type { DescribedError, UserError } from '../feedback/userErrors';

/** A location the agent named cannot be opened (relative, control characters, …); `reason` says which check failed. */
export class LocationRefusedError extends Error implements DescribedError {
  override name = 'LocationRefusedError';
  constructor(
    readonly label: string,
    readonly reason: string,
  ) {
    super(`cannot open ${label}: ${reason}`); // l10n-ignore: for the log; describe() words it for the user
  }

  describe(): UserError {
    return { message: l10n.t('Cannot open {0}. {1}', this.label, this.reason), severity: 'error', actions: [] };
  }
}
