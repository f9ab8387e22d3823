// The agent's live plan (session meta): each step with status and priority. Replaced wholesale on every plan update,
// as the protocol sends the full list each time.
import type { PlanEntry } from '@agentclientprotocol/sdk';
import { h, icon, setChildren } from './dom';
import { PLAN_STATUS_ICON } from './labels';

export class PlanView {
  readonly node = h('section', { class: 'plan', 'aria-label': 'Plan', 'data-testid': 'plan' });
  private key = '';

  update(plan: readonly PlanEntry[]): void {
    const key = JSON.stringify(plan);
    if (key === this.key) return;
    this.key = key;
    this.node.hidden = plan.length === 0;
    const done = plan.filter((p) => p.status === 'completed').length;
    setChildren(
      this.node,
      h('div', { class: 'plan-head' }, icon('checklist'), `Plan (${done}/${plan.length})`),
      h(
        'ol',
        { class: 'plan-list' },
        ...plan.map((p) =>
          h(
            'li',
            { class: `plan-item plan-${p.status}`, 'data-status': p.status, 'data-priority': p.priority },
            icon(PLAN_STATUS_ICON[p.status] ?? 'circle-large-outline'),
            h('span', { class: 'plan-text' }, p.content),
            h('span', { class: `plan-priority prio-${p.priority}`, title: `${p.priority} priority` }, p.priority),
            h('span', { class: 'sr-only' }, `, ${p.status.replace('_', ' ')}`),
          ),
        ),
      ),
    );
  }
}
