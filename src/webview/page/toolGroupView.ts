// A run of finished tool calls of one kind, folded into one line ("Read 40 files") that expands to their cards. The
// transcript view decides the members (toolGroups.ts) and mounts their cards into `body` while it is expanded; folded,
// the cards are not in the page at all.
import { h, icon, setChildren } from './dom';
import { TOOL_KIND_ICON } from './labels';
import { l10n } from './l10n';
import { groupLabel } from './toolGroups';

export class ToolGroupView {
  readonly body = h('div', { class: 'tool-group-body', 'data-testid': 'tool-group-body' });
  // Named by what it shows (a voice user says what they see); aria-expanded says whether the cards are shown.
  private readonly toggle = h('button', { type: 'button', class: 'tool-group-toggle', 'data-testid': 'tool-group-toggle', 'aria-expanded': 'false' });
  readonly node: HTMLElement;
  /** Entry ids of the calls, in transcript order. */
  members: string[] = [];
  expanded = false;

  constructor(
    readonly kind: string,
    onToggle: (group: ToolGroupView) => void,
  ) {
    this.node = h('div', { class: 'entry tool-group', 'data-testid': 'tool-group', 'data-kind': kind }, this.toggle, this.body);
    this.body.hidden = true;
    this.toggle.addEventListener('click', () => onToggle(this));
  }

  setMembers(ids: string[]): void {
    this.members = ids;
    this.render();
  }

  setExpanded(expanded: boolean): void {
    this.expanded = expanded;
    this.body.hidden = !expanded;
    this.render();
  }

  private render(): void {
    const label = groupLabel(this.kind, this.members.length);
    this.node.dataset.count = String(this.members.length);
    this.toggle.setAttribute('aria-expanded', String(this.expanded));
    this.toggle.title = this.expanded ? l10n.t('Fold these calls') : l10n.t('Show each call');
    setChildren(
      this.toggle,
      icon(this.expanded ? 'chevron-down' : 'chevron-right'),
      icon(TOOL_KIND_ICON[this.kind as keyof typeof TOOL_KIND_ICON] ?? 'tools'),
      h('span', { class: 'tool-group-label' }, label),
      h('span', { class: 'tool-group-status' }, icon('pass'), l10n.t('Completed')),
    );
  }
}
