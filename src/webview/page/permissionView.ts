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
  ) {
    // While pending, a digit key pressed in the card picks the option with that number (a settled card has none).
    this.node.addEventListener('keydown', (ev) => {
      if (!/^[1-9]$/.test(ev.key) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const option = this.node.querySelectorAll<HTMLButtonElement>('[data-testid="permission-option"]')[Number(ev.key) - 1];
      if (!option) return;
      ev.preventDefault();
      option.click();
    });
  }

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
    const standalone = this.standalone();
    const settled = p.outcome.status !== 'pending';
    const outcome = settled ? h('span', { class: 'permission-outcome', 'data-testid': 'permission-outcome' }, describePermissionOutcome(p.outcome)) : null;
    if (settled) this.answered = false;
    // Inside its tool card an answered request is one line of that card (no box of its own): what was answered.
    if (outcome && !standalone) return [h('div', { class: 'permission-answered' }, icon(outcomeIcon(p)), outcome)];
    const head = h('div', { class: 'permission-head' }, icon(outcomeIcon(p)), h('span', { class: 'permission-title' }, standalone ? p.title : 'Approval needed'));
    const desc = p.description ? h('div', { class: 'permission-desc' }, p.description) : null;
    if (outcome) return [head, desc, outcome];
    const buttons = inCardOrder(p.options).map((o, i) => {
      const key = String(i + 1);
      // The accessible name is what the button shows: the option's name, then its key.
      const b = button(
        `${o.name} ${key}`,
        { class: `perm-btn perm-${o.kind}${i === 0 && o.kind === 'allow_once' ? ' primary' : ''}`, 'data-option-id': o.optionId, 'data-testid': 'permission-option', 'data-kind': o.kind, 'aria-keyshortcuts': key },
        icon(OPTION_KIND_ICON[o.kind] ?? 'circle'),
        h('span', { class: 'perm-label' }, o.name),
        ' ',
        h('kbd', { class: 'perm-key' }, key),
      );
      b.addEventListener('click', () => this.answer(p.key, o.optionId));
      return b;
    });
    return [head, desc, h('div', { class: 'permission-options' }, ...buttons)];
  }

  private answer(key: string, optionId: string): void {
    if (this.answered) return;
    this.answered = true;
    for (const other of Array.from(this.node.querySelectorAll('button'))) other.disabled = true;
    this.ctx.post({ type: 'answerPermission', key, optionId });
  }
}

/** Kinds in the card's order: the one-time allow first, then the one-time deny (never pushed out of sight by a long
 *  label), then the broader grants and refusals. The agent's order is kept within a kind. */
const KIND_ORDER: Record<string, number> = { allow_once: 0, reject_once: 1, allow_always: 2, reject_always: 3 };

export function inCardOrder<T extends { kind: string }>(options: readonly T[]): T[] {
  const rank = (o: T) => KIND_ORDER[o.kind] ?? 4;
  return options.map((o, i) => ({ o, i })).sort((a, b) => rank(a.o) - rank(b.o) || a.i - b.i).map(({ o }) => o);
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
