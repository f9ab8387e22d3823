// How the agent says it is signed in (its `_auth/status_update` label, e.g. "Anthropic API key"); never a secret.
import type { ConnectionStatus } from '../protocol/protocol';
import { h, icon, setChildren } from './dom';

export class AccountBadge {
  readonly node = h('span', { class: 'account', 'data-testid': 'account' });

  update(status: ConnectionStatus): void {
    const label = status.state === 'ready' ? status.account : undefined;
    this.node.hidden = !label;
    if (!label) return;
    this.node.title = `Signed in: ${label}`;
    setChildren(this.node, icon('account'), label);
  }
}
