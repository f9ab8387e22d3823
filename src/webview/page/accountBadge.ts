// How the agent says it is signed in (its `_auth/status_update` label, e.g. "Anthropic API key"); never a secret.
import type { ConnectionStatus } from '../protocol/protocol';
import { h, icon, setChildren } from './dom';
import { l10n } from './l10n';

export class AccountBadge {
  readonly node = h('span', { class: 'account', 'data-testid': 'account' });

  update(status: ConnectionStatus): void {
    const signedOut = status.state === 'ready' && status.signedOut === true;
    const label = status.state === 'ready' ? status.account : undefined;
    this.node.hidden = !label && !signedOut;
    this.node.dataset.signedOut = String(signedOut);
    if (signedOut) {
      // The same words as the sign-in card and the commands.
      this.node.title = l10n.t('The agent is not signed in: Sign In… on the card or in the palette');
      setChildren(this.node, icon('account'), l10n.t('Not signed in'));
      return;
    }
    if (!label) return;
    // An icon in the header's one line; the account in its tooltip and for screen readers.
    this.node.title = l10n.t('Signed in: {0}', label);
    setChildren(this.node, icon('account'), h('span', { class: 'sr-only' }, label));
  }
}
