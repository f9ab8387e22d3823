// The chat header's agent picker: which agent new sessions start with. Shown only when the setting lists more than
// one; the host remembers the choice and echoes it (and starts a new session with the picked agent).
import type { AgentChoiceView, WebviewToHost } from '../protocol/protocol';
import { h } from './dom';
import { l10n } from './l10n';

export class AgentPickerView {
  readonly node: HTMLSelectElement;

  constructor(post: (m: WebviewToHost) => void) {
    this.node = h('select', {
      class: 'agent-picker',
      'data-testid': 'agent-picker',
      'aria-label': l10n.t('Agent for new chats'),
      title: l10n.t('Agent for new chats'),
    });
    this.node.addEventListener('change', () => post({ type: 'selectAgent', name: this.node.value }));
    this.node.hidden = true;
  }

  update(agents: AgentChoiceView[], selected: string): void {
    this.node.replaceChildren(...agents.map((a) => h('option', { value: a.name }, a.name)));
    this.node.value = selected;
    this.node.hidden = agents.length < 2;
  }
}
