// The agent's live plan (session meta): each step with status and priority. Replaced wholesale on every plan update,
// as the protocol sends the full list each time.
import type { PlanEntry } from '@agentclientprotocol/sdk';
import { h, icon, setChildren } from './dom';
import { PLAN_STATUS_ICON } from './labels';
import { l10n } from './l10n';

export class PlanView {
  readonly node = h('section', { class: 'plan', 'aria-label': l10n.t('Plan'), 'data-testid': 'plan' });
  private key = '';

  update(plan: readonly PlanEntry[]): void {
    const key = JSON.stringify(plan);
    if (key === this.key) return;
    this.key = key;
    this.node.hidden = plan.length === 0;
    const done = plan.filter((p) => p.status === 'completed').length;
    setChildren(
      this.node,
      h('div', { class: 'plan-head' }, icon('checklist'), l10n.t('Plan ({0}/{1})', done, plan.length)),
      h(
        'ol',
        { class: 'plan-list' },
        ...plan.map((p) =>
          h(
            'li',
            { class: `plan-item plan-${p.status}`, 'data-status': p.status, 'data-priority': p.priority },
            icon(PLAN_STATUS_ICON[p.status] ?? 'circle-large-outline'),
            h('span', { class: 'plan-text' }, p.content),
            h('span', { class: `plan-priority prio-${p.priority}`, title: l10n.t('{0} priority', priorityWord(p.priority)) }, priorityWord(p.priority)),
            h('span', { class: 'sr-only' }, ', ' + statusWord(p.status)),
          ),
        ),
      ),
    );
  }
}

/** A step's priority in words; a value the protocol does not define is shown as the agent sent it. */
function priorityWord(priority: string): string {
  switch (priority) {
    case 'high':
      return l10n.t('high');
    case 'medium':
      return l10n.t('medium');
    case 'low':
      return l10n.t('low');
    default:
      return priority;
  }
}

/** A step's status for screen readers; a value the protocol does not define is read as the agent sent it. */
function statusWord(status: string): string {
  switch (status) {
    case 'pending':
      return l10n.t('pending');
    case 'in_progress':
      return l10n.t('in progress');
    case 'completed':
      return l10n.t('completed');
    default:
      return status.replace('_', ' ');
  }
}
