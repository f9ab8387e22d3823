// The header's "Follow the agent" toggle: a pressed/unpressed button; the host remembers the choice and echoes it.
import type { WebviewToHost } from '../protocol/protocol';
import { button, icon } from './dom';
import { l10n } from './l10n';

export class FollowToggleView {
  readonly node: HTMLButtonElement;
  private enabled = false;

  constructor(post: (m: WebviewToHost) => void) {
    // Its own icon: the eye is a Read's.
    this.node = button(
      l10n.t('Follow the agent'),
      { class: 'icon-btn follow-toggle', 'data-testid': 'follow-agent', 'aria-pressed': 'false' },
      icon('compass'),
    );
    this.node.addEventListener('click', () => post({ type: 'setFollowAgent', enabled: !this.enabled }));
    this.update(false);
  }

  update(enabled: boolean): void {
    this.enabled = enabled;
    this.node.setAttribute('aria-pressed', String(enabled));
    this.node.title = enabled
      ? l10n.t('Following the agent: its files open as it works. Click to stop.')
      : l10n.t('Follow the agent: open the files it works on as it goes (focus stays here).');
  }
}
