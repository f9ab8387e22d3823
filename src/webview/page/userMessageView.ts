// The view of a user's message: its text and attachments, and its actions (Edit in place, Copy, Go Back).
import type { TranscriptEntry } from '../protocol/protocol';
import { blocksText, renderNonTextBlocks } from './contentBlocks';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';
import type { EntryOf, EntryView } from './messageViews';
import type { ViewContext } from './viewContext';

/**
 * A message of the user's, with its actions: Edit (in place: Enter sends it again from just before it, Escape leaves
 * it as it was), Copy (as Markdown) and Go Back (the host asks: restore the code, rewind the conversation, or both).
 * The actions are hidden while a turn runs (the page's `running` mark): going back waits for the turn's end.
 */
/** The review a prompt carries (the host marks a sent review's text in its `_meta`), if it is one. */
function reviewOf(content: EntryOf<'user'>['content']): { comments: number; files: number } | undefined {
  const meta = content[0]?._meta as { acpChat?: { review?: { comments?: unknown; files?: unknown } } } | null | undefined;
  const review = meta?.acpChat?.review;
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  const comments = count(review?.comments);
  const files = count(review?.files);
  return comments && files ? { comments, files } : undefined;
}

export class UserMessageView implements EntryView {
  readonly node = h('div', { class: 'entry user-message', 'data-testid': 'user-message' });
  private entry: EntryOf<'user'> | undefined;
  private editor: HTMLTextAreaElement | undefined;

  constructor(private readonly ctx: ViewContext) {}

  update(e: TranscriptEntry): void {
    this.entry = e as EntryOf<'user'>;
    if (!this.editor) this.render();
  }

  private render(): void {
    const entry = this.entry!;
    const action = (label: string, name: string, testid: string, run: () => void) => {
      const b = button(label, { class: 'icon-btn', 'data-testid': testid }, icon(name));
      b.addEventListener('click', run);
      return b;
    };
    const actions = h(
      'div',
      { class: 'message-actions user-actions', role: 'toolbar', 'aria-label': l10n.t('Message actions') },
      action(l10n.t('Edit and send'), 'edit', 'edit-prompt', () => this.startEditing()),
      action(l10n.t('Copy as Markdown'), 'copy', 'copy-message', () => this.ctx.copy?.(entry)),
      action(l10n.t('Rewind to before this prompt…'), 'discard', 'go-back', () => this.ctx.post({ type: 'goBack', entryId: entry.id })),
    );
    const review = reviewOf(entry.content);
    setChildren(
      this.node,
      h('div', { class: 'entry-role' }, icon('account'), l10n.t('You'), actions),
      review ? this.renderReview(review) : h('div', { class: 'user-text' }, blocksText(entry.content)),
      renderNonTextBlocks(entry.content, this.ctx),
    );
  }

  /** A sent review as one line (its comments are in VS Code's Comments view, each on its lines), not its whole prompt. */
  private renderReview(review: { comments: number; files: number }): HTMLElement {
    const show = button(l10n.t('Show Comments'), { class: 'text-btn', 'data-testid': 'show-review-comments' });
    show.addEventListener('click', () => this.ctx.post({ type: 'showReviewComments' }));
    const what =
      review.comments === 1
        ? l10n.t('Review sent: 1 comment')
        : review.files === 1
          ? l10n.t('Review sent: {0} comments on 1 file', review.comments)
          : l10n.t('Review sent: {0} comments on {1} files', review.comments, review.files);
    return h('div', { class: 'user-text user-review', 'data-testid': 'review-entry' }, icon('comment-discussion'), ' ', what, ' ', show);
  }

  private startEditing(): void {
    const entry = this.entry!;
    const editor = h('textarea', { class: 'edit-prompt-input', 'data-testid': 'edit-prompt-input', 'aria-label': l10n.t('Edit your message'), rows: 3 });
    // Only a leading text block is the typed text, the one the host replaces (forkPoint.ts promptWithText).
    const first = entry.content[0];
    editor.value = first?.type === 'text' ? first.text : '';
    const send = button(l10n.t('Send'), {
      class: 'primary',
      'data-testid': 'edit-prompt-send',
      title: l10n.t('Send it again from just before this message (Enter)'),
    });
    const cancel = button(l10n.t('Cancel'), { class: 'text-btn', 'data-testid': 'edit-prompt-cancel', title: l10n.t('Leave the message as it was (Escape)') });
    const stop = () => {
      this.editor = undefined;
      this.render();
    };
    const submit = () => {
      const text = editor.value;
      if (!text.trim()) return;
      stop();
      this.ctx.post({ type: 'editPrompt', entryId: entry.id, text });
    };
    send.addEventListener('click', submit);
    cancel.addEventListener('click', stop);
    editor.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        submit();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        stop();
      }
    });
    this.editor = editor;
    setChildren(
      this.node,
      h('div', { class: 'entry-role' }, icon('account'), l10n.t('You')),
      editor,
      renderNonTextBlocks(entry.content, this.ctx),
      h('p', { class: 'edit-prompt-hint' }, l10n.t('Sending continues the chat from just before this message; the chat as it is stays in the history.')),
      h('div', { class: 'edit-prompt-buttons' }, cancel, send),
    );
    editor.focus();
    editor.setSelectionRange(editor.value.length, editor.value.length);
  }
}
