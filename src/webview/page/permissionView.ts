// A permission request: its question for that kind of call ("Run this command?"), what it is about in whole (the
// command, path or URL, wrapped, never cut), options as buttons whose labels wrap; once settled, the outcome.
// Rendered inside its tool card when that card is on screen, standalone otherwise (placement is the transcript's job).
import {
  buildApprovalQuestion,
  inApprovalOrder,
  type ApprovalQuestion,
  type PermissionRecord,
  type ShownPath,
  type ToolCallState,
  type TranscriptEntry,
} from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';
import { OPTION_KIND_ICON, describePermissionOutcome } from './labels';
import type { EntryView } from './messageViews';
import type { ViewContext } from './viewContext';
import { renderGrantLine } from './grantLineView';
import { titleNamesPath } from './pathInTitle';

export class PermissionView implements EntryView {
  readonly node = h('div', { class: 'permission-card', 'data-testid': 'permission', role: 'group' });
  private key = '';
  toolCallId = '';
  /** Set once the user clicked, so a double click cannot answer twice before the host's update arrives. */
  private answered = false;

  constructor(
    private readonly ctx: ViewContext,
    private readonly standalone: () => boolean,
    /** The transcript's state of a tool call (what the question is asked from), if it holds the call. */
    private readonly toolCallOf: (toolCallId: string) => ToolCallState | undefined = () => undefined,
    /** The subagent that asks (the name of the lane the card is in); undefined when the main agent asks. */
    private readonly askedBy: () => string | undefined = () => undefined,
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
    const call = this.toolCallOf(p.toolCallId);
    const asked = buildApprovalQuestion(
      { ...call, title: call?.title || p.title },
      p.options.map((o) => o.optionId),
    );
    // A path as the chat shows it; the tool card's title may name it already ("Edit src/cart.js": the Claude adapter
    // titles a file's calls with its path relative to the session's folder, dist/tool-calls/content.js toDisplayPath).
    // From the subject, not the raw path: it is the path with what cannot be shown made visible.
    const shown = asked.subjectForm === 'path' && asked.subject !== undefined ? this.ctx.shownPath?.(asked.subject) : undefined;
    const named = !!shown?.inside && !!call?.title && titleNamesPath(call.title, shown.text);
    const by = this.askedBy();
    const json = JSON.stringify([p, asked, shown, named, by]);
    if (json === this.key) return;
    this.key = json;
    this.toolCallId = p.toolCallId;
    this.node.dataset.permissionKey = p.key;
    this.node.dataset.status = p.outcome.status;
    // The card's title says the path then, and is shown whole while the question waits (styles.css).
    this.node.toggleAttribute('data-named-by-title', named && !this.standalone());
    this.node.setAttribute('aria-label', l10n.t('Permission: {0}', p.title));
    setChildren(this.node, ...this.render(p, asked, shown, named, by));
  }

  /** Re-renders after a move (standalone ↔ inside the tool card changes how an answered request shows). */
  refresh(e: TranscriptEntry): void {
    this.key = '';
    this.update(e);
  }

  /** `named`: the tool card's title names the file, so inside that card the subject is not said again. */
  private render(p: PermissionRecord, asked: ApprovalQuestion, shown: ShownPath | undefined, named: boolean, by: string | undefined): (HTMLElement | null)[] {
    const standalone = this.standalone();
    const settled = p.outcome.status !== 'pending';
    const outcome = settled ? h('span', { class: 'permission-outcome', 'data-testid': 'permission-outcome' }, describePermissionOutcome(p.outcome)) : null;
    if (settled) this.answered = false;
    // Inside its tool card an answered request is one line of that card (no box of its own): what was answered.
    // What a durable answer did (read from the settings files by the host), under the answer.
    const grant = settled ? renderGrantLine(this.ctx.grantFor?.(p.key), this.ctx.post) : null;
    if (outcome && !standalone) return [h('div', { class: 'permission-answered' }, icon(outcomeIcon(p)), outcome), grant];
    const head = h(
      'div',
      { class: 'permission-head' },
      icon(outcomeIcon(p)),
      h('span', { class: 'permission-title', 'data-testid': 'permission-question' }, asked.question),
    );
    // A subagent's question says whose it is, as the QuickPick, the modal and the diff do.
    const askedBy = by === undefined ? null : h('div', { class: 'permission-asked-by', 'data-testid': 'permission-asked-by' }, l10n.t('Asked by {0}', by));
    const subject = standalone || !named ? renderSubject(asked, shown) : null;
    const desc = p.description ? h('div', { class: 'permission-desc' }, p.description) : null;
    if (outcome) return [head, askedBy, subject, desc, outcome, grant];
    const buttons = inApprovalOrder(p.options).map((o, i) => {
      const key = String(i + 1);
      // The accessible name is what the button shows: the option's name, then its key.
      const b = button(
        `${o.name} ${key}`,
        {
          class: `perm-btn perm-${o.kind}${i === 0 && o.kind === 'allow_once' ? ' primary' : ''}`,
          'data-option-id': o.optionId,
          'data-testid': 'permission-option',
          'data-kind': o.kind,
          'aria-keyshortcuts': key,
        },
        icon(OPTION_KIND_ICON[o.kind] ?? 'circle'),
        h('span', { class: 'perm-label' }, o.name),
        ' ',
        h('kbd', { class: 'perm-key' }, key),
      );
      b.addEventListener('click', () => this.answer(p.key, o.optionId));
      return b;
    });
    return [head, askedBy, subject, desc, h('div', { class: 'permission-options' }, ...buttons)];
  }

  private answer(key: string, optionId: string): void {
    if (this.answered) return;
    this.answered = true;
    for (const other of Array.from(this.node.querySelectorAll('button'))) other.disabled = true;
    this.ctx.post({ type: 'answerPermission', key, optionId });
  }
}

/**
 * The subject in whole, wrapped: a command, path or URL as code (a long command scrolls, focusable to scroll by key); a
 * path relative to the chat's folders, whole and marked outside them.
 */
function renderSubject(asked: ApprovalQuestion, shown: ShownPath | undefined): HTMLElement | null {
  if (asked.subject === undefined) return null;
  const form = asked.subjectForm ?? 'text';
  const outside = shown && !shown.inside ? ' subject-outside' : '';
  const attrs = { class: `permission-subject subject-${form}${outside}`, 'data-testid': 'permission-subject', 'data-form': form };
  if (form === 'text') return h('div', attrs, asked.subject);
  const text = shown ? shown.text : asked.subject;
  // A line break is offered after each slash, so a long path wraps between its folders before it wraps mid-name.
  const parts = text.split(/(?<=[\\/])/u).flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
  return h('code', form === 'command' ? { ...attrs, tabindex: 0 } : attrs, ...parts);
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
