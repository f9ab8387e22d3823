// The error of an ACP Registry that cannot be read at all, with its wording: the registry is read here, so what went
// wrong with it is said here.
import { l10n } from '../contributions/l10n';
import { firstLine, type DescribedError, type UserError } from '../feedback/userErrors';

/** A registry that cannot be read at all, or an entry it will not install; its message says what was wrong. */
export class AgentRegistryError extends Error implements DescribedError {
  override name = 'AgentRegistryError';
  constructor(
    readonly reason: 'badJson' | 'noPlatform' | 'unpinned' | 'refused',
    message: string,
  ) {
    super(message);
  }

  /** A registry that cannot be read: nothing was installed. */
  describe(): UserError {
    const message =
      this.reason === 'badJson'
        ? l10n.t('The agent registry could not be read: {0} Check acpChat.agentRegistry.url.', firstLine(this.message))
        : firstLine(this.message);
    return {
      message: l10n.t('{0} Nothing was installed.', message),
      severity: 'error',
      actions: this.reason === 'badJson' ? ['openSettings', 'showLog'] : ['showLog'],
    };
  }
}
