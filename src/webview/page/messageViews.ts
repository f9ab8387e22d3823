// The contract of an entry's view, and the views of notices, errors and turn ends. A user message's view is in
// userMessageView.ts, the agent's messages' and thoughts' in agentMessageView.ts.
import type { TranscriptEntry } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';
import type { ViewContext } from './viewContext';

/** An entry's view: its node, brought in step with each new state of the entry. */
export interface EntryView {
  readonly node: HTMLElement;
  update(entry: TranscriptEntry): void;
}

/** The transcript entry of kind `K`. */
export type EntryOf<K extends TranscriptEntry['kind']> = Extract<TranscriptEntry, { kind: K }>;

export class NoticeView implements EntryView {
  readonly node = h('div', { class: 'entry notice-entry', role: 'note', 'data-testid': 'notice-entry' });
  update(e: TranscriptEntry): void {
    const entry = e as EntryOf<'notice'>;
    const sev = entry.severity === 'error' ? 'error' : entry.severity === 'warning' ? 'warning' : 'info';
    this.node.dataset.severity = sev;
    setChildren(this.node, icon(sev), h('strong', {}, entry.title), entry.description ? h('div', { class: 'notice-detail' }, entry.description) : null);
  }
}

/**
 * Where a turn failed, as one line of the transcript (the whole message in its tooltip). The card above the composer
 * is the one place that explains it and offers what to do, and the one that announces it: this line is not an alert.
 */
export class ErrorView implements EntryView {
  readonly node = h('div', { class: 'entry error-entry', 'data-testid': 'error' });
  constructor(private readonly ctx: ViewContext) {}
  update(e: TranscriptEntry): void {
    const message = (e as EntryOf<'error'>).message;
    this.node.title = message;
    setChildren(this.node, icon('error'), h('span', { class: 'error-line' }, message), retryButton(this.ctx, e.id));
  }
}

/**
 * Retry on a failed or cancelled turn: its prompt goes again in the same conversation, and this turn stays, marked
 * superseded (its Retry then gives way to a word saying so).
 */
function retryButton(ctx: ViewContext, entryId: string): HTMLElement {
  const retry = button(
    l10n.t('Retry'),
    { class: 'text-btn retry-btn', 'data-testid': 'retry-turn', title: l10n.t('Send this prompt again') },
    icon('refresh'),
    l10n.t('Retry'),
  );
  retry.addEventListener('click', () => {
    retry.disabled = true;
    ctx.post({ type: 'retryTurn', entryId });
  });
  return h('span', { class: 'turn-retry' }, retry, h('span', { class: 'superseded-note', 'data-testid': 'superseded' }, l10n.t('Retried below')));
}

/** What the turn's end says for the agent's stop reason: nothing for a turn that simply ended. */
function stopReasonText(reason: string): string {
  switch (reason) {
    case 'end_turn':
      return '';
    case 'cancelled':
      return l10n.t('Cancelled');
    case 'max_tokens':
      return l10n.t('Stopped: the response hit the token limit');
    case 'max_turn_requests':
      return l10n.t('Stopped: too many requests in one turn');
    case 'refusal':
      return l10n.t('The agent refused to continue');
    default:
      return l10n.t('Stopped: {0}', reason);
  }
}

export class TurnEndView implements EntryView {
  readonly node = h('div', { class: 'entry turn-end', 'data-testid': 'turn-end' });
  constructor(private readonly ctx: ViewContext) {}
  update(e: TranscriptEntry): void {
    const reason = (e as EntryOf<'turn-end'>).stopReason;
    const text = stopReasonText(reason);
    this.node.hidden = text === '';
    setChildren(
      this.node,
      text ? h('span', {}, icon(reason === 'cancelled' ? 'debug-stop' : 'info'), text) : null,
      reason === 'cancelled' ? retryButton(this.ctx, e.id) : null,
    );
  }
}
