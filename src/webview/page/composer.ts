// The composer: a textarea (Enter sends, Shift+Enter is a newline, ↑/↓ in an empty box walk the history),
// `/` command completion, `@` completion of context (the host's suggestions: the problems, the terminal's output, the
// git changes, files, folders, symbols; `@#name` symbols only), attachment chips, pasted images, files and folders
// dropped from the Explorer or an editor tab (dropTarget.ts), and Send / Stop buttons. The suggestion list, the
// attachment chips and the history are parts of their own (completionList.ts, attachmentChips.ts, promptHistory.ts).
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import type { Attachment, ComposerCapabilities, Mention, MentionCompletion, WebviewToHost } from '../protocol/protocol';
import { AttachmentChips } from './attachmentChips';
import { CompletionList } from './completionList';
import { button, h, icon, setChildren } from './dom';
import { makeDropTarget } from './dropTarget';
import { l10n } from './l10n';
import { PromptHistory } from './promptHistory';

/** Pasted images above this size are refused (base64 grows them by a third again). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Each `@` suggestion's icon and the word for what it is (a category's own label says it). */
function mentionIcon(kind: Mention['kind']): { name: string; word: string } {
  switch (kind) {
    case 'problems':
      return { name: 'warning', word: '' };
    case 'terminal':
      return { name: 'terminal', word: '' };
    case 'changes':
      return { name: 'git-compare', word: '' };
    case 'file':
      return { name: 'file', word: l10n.t('File') };
    case 'folder':
      return { name: 'folder', word: l10n.t('Folder') };
    case 'symbol':
      return { name: 'symbol-class', word: l10n.t('Symbol') };
  }
}

// One line in a 290 px side bar: what the box is for and the two characters that do more than type (Enter and
// Shift+Enter follow the chat convention; the Send and Queue buttons say what Enter does). Functions: the words are
// translated when shown, not as the module loads.
const idlePlaceholder = (): string => l10n.t('Ask, @ for context, / for commands');
const runningPlaceholder = (): string => l10n.t('Queue a follow-up, @ for context');

export class Composer {
  readonly node: HTMLElement;
  readonly textarea = h('textarea', {
    class: 'composer-input',
    rows: 3,
    placeholder: idlePlaceholder(),
    'aria-label': l10n.t('Message the agent'),
    'data-testid': 'composer-input',
    'aria-autocomplete': 'list',
  });
  readonly sendButton = button(l10n.t('Send'), { class: 'icon-btn primary', 'data-testid': 'send' }, icon('send'));
  /** What else to attach (files, a symbol, the problems, a terminal's output, the git changes): the host asks. */
  private readonly addContextButton = button(l10n.t('Add Context…'), { class: 'icon-btn', 'data-testid': 'add-context' }, icon('attach'));
  // While a turn runs Stop is the primary action, with its word (a bare square read as an empty checkbox).
  readonly stopButton = button(
    l10n.t('Stop'),
    { class: 'icon-btn primary stop-btn', 'data-testid': 'stop' },
    icon('stop-circle'),
    h('span', { class: 'btn-label' }, l10n.t('Stop')),
  );
  private readonly chips = new AttachmentChips(() => this.textarea.focus());
  private readonly completions = new CompletionList(this.textarea);
  private readonly notice = h('div', { class: 'composer-notice', role: 'status' });
  /** Shown while a drop would be taken (the composer's `dragging` class). */
  private readonly dropHint = h(
    'div',
    { class: 'drop-hint', 'aria-hidden': 'true', 'data-testid': 'drop-hint' },
    icon('attach'),
    l10n.t('Drop to add to the chat'),
  );
  private readonly tools = h('div', { class: 'composer-tools' });
  private readonly history = new PromptHistory();
  private atRequestId = 0;
  private commands: AvailableCommand[] = [];
  private capabilities: ComposerCapabilities = { image: false, embeddedContext: false, steering: false };

  /** Called with the message to send; the app decides whether to post it now or queue it. */
  onSubmit: (text: string, attachments: Attachment[]) => void = () => {};

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.notice.hidden = true;
    this.stopButton.hidden = true;
    this.node = h(
      'div',
      { class: 'composer' },
      this.completions.node,
      this.chips.node,
      this.notice,
      this.dropHint,
      // One box, as an editor's input looks: the text, then a toolbar of the session's choices with Send and Stop at
      // its end (the choices are placed there by the app: see placeTools).
      h(
        'div',
        { class: 'composer-box' },
        this.textarea,
        h('div', { class: 'composer-toolbar' }, this.addContextButton, this.tools, h('div', { class: 'composer-buttons' }, this.stopButton, this.sendButton)),
      ),
    );
    this.textarea.addEventListener('keydown', (e) => this.onKeyDown(e));
    this.textarea.addEventListener('input', () => this.updateCompletions());
    this.textarea.addEventListener('paste', (e) => this.onPaste(e));
    this.textarea.addEventListener('blur', () => setTimeout(() => this.completions.close(), 150));
    this.sendButton.addEventListener('click', () => this.submit());
    this.stopButton.addEventListener('click', () => this.post({ type: 'cancelTurn' }));
    this.addContextButton.addEventListener('click', () => this.post({ type: 'addContext' }));
    makeDropTarget(this.node, {
      uris: (uris) => this.post({ type: 'dropUris', uris }),
      files: (files) => this.addOsFiles(files),
    });
  }

  setContext(commands: AvailableCommand[], capabilities: ComposerCapabilities, running: boolean): void {
    this.commands = commands;
    this.capabilities = capabilities;
    this.stopButton.hidden = !running;
    // Enter queues while a turn runs: Send becomes Queue, in words as Stop is (an icon alone did not say it), and
    // steps back; the placeholder says what Enter does now.
    this.sendButton.classList.toggle('primary', !running);
    this.sendButton.classList.toggle('queue-btn', running);
    const send = running ? l10n.t('Queue (sent when the turn ends)') : l10n.t('Send');
    this.sendButton.setAttribute('aria-label', send);
    this.sendButton.title = send;
    if (running) setChildren(this.sendButton, icon('list-ordered'), h('span', { class: 'btn-label' }, l10n.t('Queue')));
    else setChildren(this.sendButton, icon('send'));
    this.textarea.placeholder = running ? runningPlaceholder() : idlePlaceholder();
  }

  addAttachment(a: Attachment): void {
    this.chips.add(a);
  }

  /** Puts the session's choices (the config bar) in the composer's toolbar, before Send and Stop. */
  placeTools(node: HTMLElement): void {
    this.tools.replaceChildren(node);
  }

  /** Puts `text` before what the box holds (a rewound prompt: the draft the user had is kept after it). */
  prependText(text: string): void {
    const rest = this.textarea.value;
    this.textarea.value = rest ? `${text}\n\n${rest}` : text;
    this.textarea.dispatchEvent(new Event('input'));
  }

  focus(): void {
    this.textarea.focus();
  }

  setNotice(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = text === '';
  }

  /** Fills the `@` suggestions for the latest request; stale answers are ignored. */
  showMentionCompletions(requestId: number, items: MentionCompletion[]): void {
    if (requestId !== this.atRequestId || this.currentAtQuery() === undefined) return;
    this.completions.open(
      items.slice(0, 100).map((m) => ({
        label: m.label,
        ...(m.detail ? { detail: m.detail } : {}),
        icon: mentionIcon(m.mention.kind),
        accept: () => {
          this.replaceCurrentToken('');
          this.post({ type: 'attachMention', mention: m.mention });
        },
      })),
    );
  }

  submit(): void {
    const text = this.textarea.value;
    if (text.trim() === '' && this.chips.count === 0) return;
    this.history.record(text);
    const attachments = this.chips.take();
    this.textarea.value = '';
    this.completions.close();
    this.setNotice('');
    this.onSubmit(text, attachments);
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing || this.completions.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.submit();
      return;
    }
    const recalled = e.key === 'ArrowUp' ? this.history.up(this.textarea.value === '') : e.key === 'ArrowDown' ? this.history.down() : undefined;
    if (recalled === undefined) return;
    e.preventDefault();
    this.textarea.value = recalled;
  }

  private onPaste(e: ClipboardEvent): void {
    const files = Array.from(e.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'));
    if (files.length === 0) return;
    e.preventDefault();
    this.addImages(files);
  }

  /**
   * Files dropped from the OS: they carry no path the agent could read, so only images are taken (as pasted ones
   * are); the rest is refused with what to do instead.
   */
  private addOsFiles(files: File[]): void {
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (images.length) this.addImages(images);
    if (images.length < files.length)
      this.setNotice(l10n.t('Files from outside VS Code cannot be attached: drag them from the Explorer (hold Shift), or paste an image.'));
  }

  private addImages(files: File[]): void {
    if (!this.capabilities.image) {
      this.setNotice(l10n.t('This agent does not accept images.'));
      return;
    }
    for (const f of files) {
      if (f.size > MAX_IMAGE_BYTES) {
        this.setNotice(l10n.t('Image {0} is too large (max {1} MB).', f.name || '', MAX_IMAGE_BYTES / 1024 / 1024));
        continue;
      }
      const reader = new FileReader();
      reader.addEventListener('load', () => {
        const m = /^data:([^;,]+);base64,(.*)$/s.exec(String(reader.result));
        if (m) this.addAttachment({ type: 'image', mimeType: m[1]!, data: m[2]!, name: f.name || l10n.t('pasted image') });
      });
      reader.addEventListener('error', () => this.setNotice(l10n.t('Could not read the pasted image.')));
      reader.readAsDataURL(f);
    }
  }

  private updateCompletions(): void {
    const text = this.textarea.value;
    const slash = /^\/(\S*)$/.exec(text);
    if (slash && this.commands.length > 0) {
      const q = (slash[1] ?? '').toLowerCase();
      const cmds = this.commands.filter((c) => c.name.toLowerCase().startsWith(q)).slice(0, 50);
      this.completions.open(
        cmds.map((c) => ({
          label: `/${c.name}`,
          detail: c.description,
          accept: () => {
            this.textarea.value = `/${c.name} `;
          },
        })),
      );
      return;
    }
    const at = this.currentAtQuery();
    if (at !== undefined) {
      this.post({ type: 'completeMentions', requestId: ++this.atRequestId, query: at });
      return;
    }
    this.completions.close();
  }

  /** The `@query` being typed at the caret, if any. */
  private currentAtQuery(): string | undefined {
    const before = this.textarea.value.slice(0, this.textarea.selectionStart ?? this.textarea.value.length);
    const m = /(?:^|\s)@([^\s@]*)$/.exec(before);
    return m ? m[1] : undefined;
  }

  private replaceCurrentToken(replacement: string): void {
    const caret = this.textarea.selectionStart ?? this.textarea.value.length;
    const before = this.textarea.value.slice(0, caret).replace(/@[^\s@]*$/, replacement);
    this.textarea.value = before + this.textarea.value.slice(caret);
    this.textarea.selectionStart = this.textarea.selectionEnd = before.length;
  }
}
