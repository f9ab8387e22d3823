// The view of a user's message: its text and attachments, and its actions (Edit in place, Copy, Go Back).
import type { TranscriptEntry } from '../protocol/protocol';
import { blocksText, renderNonTextBlocks } from './contentBlocks';
import { button, h, icon, setChildren } from './dom';
import type { EntryOf, EntryView } from './messageViews';
import type { ViewContext } from './viewContext';

/**
 * A message of the user's, with its actions: Edit (in place: Enter sends it again from just before it, Escape leaves
 * it as it was), Copy (as Markdown) and Go Back (the host asks: restore the code, rewind the conversation, or both).
 * The actions are hidden while a turn runs (the page's `running` mark): going back waits for the turn's end.
 */
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
      { class: 'message-actions user-actions', role: 'toolbar', 'aria-label': 'Message actions' },
      action('Edit and send', 'edit', 'edit-prompt', () => this.startEditing()),
      action('Copy as Markdown', 'copy', 'copy-message', () => this.ctx.copy?.(entry)),
      action('Rewind to before this prompt…', 'discard', 'go-back', () => this.ctx.post({ type: 'goBack', entryId: entry.id })),
    );
    setChildren(
      this.node,
      h('div', { class: 'entry-role' }, icon('account'), 'You', actions),
      h('div', { class: 'user-text' }, blocksText(entry.content)),
      renderNonTextBlocks(entry.content, this.ctx),
    );
  }

  private startEditing(): void {
    const entry = this.entry!;
    const editor = h('textarea', { class: 'edit-prompt-input', 'data-testid': 'edit-prompt-input', 'aria-label': 'Edit your message', rows: 3 });
    // Only a leading text block is the typed text, the one the host replaces (forkPoint.ts promptWithText).
    const first = entry.content[0];
    editor.value = first?.type === 'text' ? first.text : '';
    const send = button('Send', { class: 'primary', 'data-testid': 'edit-prompt-send', title: 'Send it again from just before this message (Enter)' });
    const cancel = button('Cancel', { class: 'text-btn', 'data-testid': 'edit-prompt-cancel', title: 'Leave the message as it was (Escape)' });
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
      h('div', { class: 'entry-role' }, icon('account'), 'You'),
      editor,
      renderNonTextBlocks(entry.content, this.ctx),
      h('p', { class: 'edit-prompt-hint' }, 'Sending continues the chat from just before this message; the chat as it is stays in the history.'),
      h('div', { class: 'edit-prompt-buttons' }, cancel, send),
    );
    editor.focus();
    editor.setSelectionRange(editor.value.length, editor.value.length);
  }
}
