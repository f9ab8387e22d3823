// The error of an answer to an approval that was not used, with its wording: approvals are answered here, so why an
// answer did not count is said here.
import { l10n } from '../contributions/l10n';
import type { DescribedError, UserError } from '../feedback/userErrors';

/** The user's answer to an approval was not used: the request had ended, or the answer was not one it offered. */
export class AnswerNotUsedError extends Error implements DescribedError {
  override name = 'AnswerNotUsedError';
  constructor(
    readonly why: 'expired' | 'refused',
    detail = '',
  ) {
    super(why === 'expired' ? 'the request had already ended' : detail); // l10n-ignore: for the log; describe() words it for the user
  }

  describe(): UserError {
    return this.why === 'expired'
      ? { message: l10n.t('That request had already ended; your answer was not used.'), severity: 'info', actions: [] }
      : { message: l10n.t('Your answer was not used: {0}', this.message), severity: 'error', actions: ['showLog'] };
  }
}
