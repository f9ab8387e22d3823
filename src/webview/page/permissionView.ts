// A permission request: options as buttons in the order the agent sent them; once settled, the outcome.
// Rendered inside its tool card when that card is on screen, standalone otherwise (placement is the transcript's job).
import type { PermissionRecord, TranscriptEntry } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { OPTION_KIND_ICON, describePermissionOutcome } from './labels';
import type { EntryView } from './messageViews';
import type { ViewContext } from './viewContext';

export class PermissionView implements EntryView {
  readonly node = h('div', { class: 'permission-card', 'data-testid': 'permission', role: 'group' });
  private key = '';
  toolCallId = '';
  /** Set once the user clicked, so a double click cannot answer twice before the host's update arrives. */
  private answered = false;

  constructor(
    private readonly ctx: ViewContext,
    private readonly standalone: () => boolean,
  ) {}

  update(e: TranscriptEntry): void {
    const p = (e as Extract<TranscriptEntry, { kind: 'permission' }>).permission;
    const json = JSON.stringify(p);
    if (json === this.key) return;
    this.key = json;
    this.toolCallId = p.toolCallId;
    this.node.dataset.permissionKey = p.key;
    this.node.dataset.status = p.outcome.status;
    this.node.setAttribute('aria-label', `Permission: ${p.title}`);
    setChildren(this.node, ...this.render(p));
  }

  /** Re-renders after a move (standalone ↔ inside the tool card changes the heading). */
  refresh(e: TranscriptEntry): void {
    this.key = '';
    this.update(e);
  }

  private render(p: PermissionRecord): (HTMLElement | null)[] {
    const head = h(
      'div',
      { class: 'permission-head' },
      icon(outcomeIcon(p)),
      h('span', { class: 'permission-title' }, this.standalone() ? p.title : p.outcome.status === 'pending' ? 'Approval needed' : 'Approval'),
    );
    const desc = p.description ? h('div', { class: 'permission-desc' }, p.description) : null;
    if (p.outcome.status !== 'pending') {
      this.answered = false;
      return [head, desc, h('div', { class: 'permission-outcome', 'data-testid': 'permission-outcome' }, describePermissionOutcome(p.outcome))];
    }
    const buttons = p.options.map((o) => {
      const b = button(o.name, { class: `perm-btn perm-${o.kind}`, 'data-option-id': o.optionId, 'data-testid': 'permission-option', 'data-kind': o.kind }, icon(OPTION_KIND_ICON[o.kind] ?? 'circle'), o.name);
      b.addEventListener('click', () => {
        if (this.answered) return;
        this.answered = true;
        for (const other of Array.from(this.node.querySelectorAll('button'))) other.disabled = true;
        this.ctx.post({ type: 'answerPermission', key: p.key, optionId: o.optionId });
      });
      return b;
    });
    return [head, desc, h('div', { class: 'permission-options' }, ...buttons)];
  }
}

/** The heading's codicon: what happened at a glance (allowed, rejected, or ended without an answer). */
function outcomeIcon(p: PermissionRecord): string {
  switch (p.outcome.status) {
    case 'pending':
      return 'shield';
    case 'selected':
      return p.outcome.optionKind.startsWith('allow') ? 'pass' : 'circle-slash';
    default:
      return 'debug-stop';
  }
}
