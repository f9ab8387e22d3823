// The error or sign-in card above the composer: the host's one-line message, its details (the agent's last output,
// the API's words) folded behind "Show details", and its buttons (a sign-in method's button shows the agent's name and
// description verbatim; the first other action is the primary one). A click posts the button's action; the host runs only what it
// offered. A button clicked once is disabled until the host replaces or clears the card.
import { SETUP_STEPS, type ChatNotice, type NoticeButton, type SetupStep, type WebviewToHost } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';

const SEVERITY_ICON: Record<ChatNotice['severity'], string> = { error: 'error', warning: 'warning', info: 'info' };

/** The set-up's steps as the card names them; the last is the empty chat's first prompt. */
function stepName(step: SetupStep | 'ask'): string {
  switch (step) {
    case 'getClaudeCode':
      return l10n.t('Get Claude Code');
    case 'signIn':
      return l10n.t('Sign in');
    case 'ask':
      return l10n.t('Ask for a change');
  }
}

export class NoticeView {
  readonly node = h('section', { class: 'notice', 'data-testid': 'notice', role: 'alert' });
  private shownId: number | undefined;
  /** "Send my prompt when signed in", shown when the host kept a prompt for after sign-in. */
  private resend: HTMLInputElement | undefined;

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.node.hidden = true;
  }

  update(notice: ChatNotice | null): void {
    if (notice?.id === this.shownId) return;
    this.shownId = notice?.id;
    this.node.hidden = !notice;
    if (!notice) {
      setChildren(this.node);
      return;
    }
    this.node.dataset.severity = notice.severity;
    const methods = notice.buttons.filter((b) => b.methodId !== undefined);
    const others = notice.buttons.filter((b) => b.methodId === undefined);
    this.resend = notice.keptPrompt !== undefined ? h('input', { type: 'checkbox', 'data-testid': 'resend-when-signed-in' }) : undefined;
    setChildren(
      this.node,
      notice.setup ? setupSteps(notice.setup) : null,
      h('div', { class: 'notice-message', 'data-testid': 'notice-message' }, icon(SEVERITY_ICON[notice.severity] ?? 'info'), h('span', {}, notice.message)),
      notice.details
        ? h(
            'details',
            { class: 'notice-details', 'data-testid': 'notice-details' },
            h('summary', {}, l10n.t('Show details')),
            h('pre', { class: 'notice-details-text', tabindex: 0 }, notice.details),
          )
        : null,
      // One primary action: the agent's first method; the others, and the card's actions, are secondary.
      methods.length ? h('div', { class: 'notice-methods' }, ...methods.map((b, i) => this.methodButton(notice.id, b, i === 0))) : null,
      others.length ? h('div', { class: 'notice-actions' }, ...others.map((b, i) => this.actionButton(notice.id, b, i === 0 && methods.length === 0))) : null,
      this.resend ? h('label', { class: 'notice-resend' }, this.resend, l10n.t('Send “{0}” when signed in', notice.keptPrompt ?? '')) : null,
    );
  }

  private methodButton(noticeId: number, b: NoticeButton, primary: boolean): HTMLElement {
    // Named by what it shows (the method's name, then the agent's description), so a voice user says what they see.
    const el = button(
      b.label,
      { class: primary ? 'notice-method primary' : 'notice-method', 'data-testid': 'sign-in-method', 'data-method-id': b.methodId, 'aria-label': undefined },
      h('span', { class: 'notice-method-name' }, b.label),
      b.description ? h('span', { class: 'notice-method-desc' }, b.description) : null,
    );
    el.addEventListener('click', () => this.click(el, noticeId, b));
    return el;
  }

  private actionButton(noticeId: number, b: NoticeButton, primary: boolean): HTMLElement {
    const el = button(b.label, { class: primary ? 'notice-action primary' : 'notice-action', 'data-testid': 'notice-action', 'data-action': b.action });
    el.addEventListener('click', () => this.click(el, noticeId, b));
    return el;
  }

  private click(el: HTMLButtonElement, noticeId: number, b: NoticeButton): void {
    if (el.disabled) return;
    el.disabled = true;
    // Re-enabled after a moment: the action may open a dialog the user cancels, leaving this card as it was.
    setTimeout(() => (el.disabled = false), 1500);
    this.post({
      type: 'noticeAction',
      noticeId,
      action: b.action,
      ...(b.methodId !== undefined ? { methodId: b.methodId } : {}),
      ...(this.resend ? { resend: this.resend.checked } : {}),
    });
  }
}

/** "Set up · 2 of 3" and the steps, done ones ticked and the current one marked, so a first run reads as one path. */
function setupSteps(current: SetupStep): HTMLElement {
  const steps = [...SETUP_STEPS, 'ask'] as const;
  const at = steps.indexOf(current);
  return h(
    'div',
    { class: 'setup-steps', 'data-testid': 'setup-steps' },
    h('span', { class: 'setup-count' }, l10n.t('Set up · step {0} of {1}', at + 1, steps.length)),
    h(
      'ol',
      { 'aria-label': l10n.t('Set-up steps') },
      ...steps.map((step, i) =>
        h(
          'li',
          { class: i < at ? 'done' : i === at ? 'current' : 'todo', 'data-step': step, ...(i === at ? { 'aria-current': 'step' } : {}) },
          icon(i < at ? 'pass-filled' : i === at ? 'circle-large-filled' : 'circle-large-outline'),
          stepName(step),
        ),
      ),
    ),
  );
}
