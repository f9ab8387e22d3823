// The composer: a textarea (Enter sends, Shift+Enter is a newline, ↑/↓ in an empty box walk the history),
// `/` command completion, `@` completion of context (the host's suggestions: the problems, the terminal's output, the
// git changes, files, folders, symbols; `@#name` symbols only), attachment chips, pasted images, files and folders
// dropped from the Explorer or an editor tab (dropTarget.ts), and Send / Stop buttons.
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import type { Attachment, ComposerCapabilities, Mention, MentionCompletion, WebviewToHost } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { makeDropTarget } from './dropTarget';

/** Pasted images above this size are refused (base64 grows them by a third again). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_HISTORY = 100;

interface CompletionItem {
  label: string;
  detail?: string;
  /** A codicon shown before the label, and the word a screen reader hears for it. */
  icon?: { name: string; word: string };
  accept: () => void;
}

/** Each `@` suggestion's icon and the word for what it is (a category's own label says it). */
const MENTION_ICONS: Record<Mention['kind'], { name: string; word: string }> = {
  problems: { name: 'warning', word: '' },
  terminal: { name: 'terminal', word: '' },
  changes: { name: 'git-compare', word: '' },
  file: { name: 'file', word: 'File' },
  folder: { name: 'folder', word: 'Folder' },
  symbol: { name: 'symbol-class', word: 'Symbol' },
};

// One line in a 290 px side bar: what the box is for and the two characters that do more than type (Enter and
// Shift+Enter follow the chat convention; the Send and Queue buttons say what Enter does).
const IDLE_PLACEHOLDER = 'Ask, @ for context, / for commands';
const RUNNING_PLACEHOLDER = 'Queue a follow-up, @ for context';

export class Composer {
  readonly node: HTMLElement;
  readonly textarea = h('textarea', {
    class: 'composer-input',
    rows: 3,
    placeholder: IDLE_PLACEHOLDER,
    'aria-label': 'Message the agent',
    'data-testid': 'composer-input',
    'aria-autocomplete': 'list',
  });
  readonly sendButton = button('Send', { class: 'icon-btn primary', 'data-testid': 'send' }, icon('send'));
  /** What else to attach (files, a symbol, the problems, a terminal's output, the git changes): the host asks. */
  private readonly addContextButton = button('Add Context…', { class: 'icon-btn', 'data-testid': 'add-context' }, icon('attach'));
  // While a turn runs Stop is the primary action, with its word (a bare square read as an empty checkbox).
  readonly stopButton = button(
    'Stop',
    { class: 'icon-btn primary stop-btn', 'data-testid': 'stop' },
    icon('stop-circle'),
    h('span', { class: 'btn-label' }, 'Stop'),
  );
  private readonly chips = h('div', { class: 'attachments', 'aria-label': 'Attachments', role: 'list', 'data-testid': 'attachments' });
  private readonly popup = h('ul', {
    class: 'completions',
    role: 'listbox',
    id: 'composer-completions',
    'aria-label': 'Suggestions',
    'data-testid': 'completions',
  });
  private readonly notice = h('div', { class: 'composer-notice', role: 'status' });
  /** Shown while a drop would be taken (the composer's `dragging` class). */
  private readonly dropHint = h('div', { class: 'drop-hint', 'aria-hidden': 'true', 'data-testid': 'drop-hint' }, icon('attach'), 'Drop to add to the chat');
  private readonly tools = h('div', { class: 'composer-tools' });
  private attachments: Attachment[] = [];
  private history: string[] = [];
  /** Position while walking the history; history.length means "not walking". */
  private historyIndex = 0;
  private items: CompletionItem[] = [];
  private active = 0;
  private atRequestId = 0;
  private commands: AvailableCommand[] = [];
  private capabilities: ComposerCapabilities = { image: false, embeddedContext: false, steering: false };

  /** Called with the message to send; the app decides whether to post it now or queue it. */
  onSubmit: (text: string, attachments: Attachment[]) => void = () => {};

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.textarea.setAttribute('aria-controls', 'composer-completions');
    this.popup.hidden = true;
    this.chips.hidden = true;
    this.notice.hidden = true;
    this.stopButton.hidden = true;
    this.node = h(
      'div',
      { class: 'composer' },
      this.popup,
      this.chips,
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
    this.textarea.addEventListener('blur', () => setTimeout(() => this.closeCompletions(), 150));
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
    const send = running ? 'Queue (sent when the turn ends)' : 'Send';
    this.sendButton.setAttribute('aria-label', send);
    this.sendButton.title = send;
    if (running) setChildren(this.sendButton, icon('list-ordered'), h('span', { class: 'btn-label' }, 'Queue'));
    else setChildren(this.sendButton, icon('send'));
    this.textarea.placeholder = running ? RUNNING_PLACEHOLDER : IDLE_PLACEHOLDER;
  }

  addAttachment(a: Attachment): void {
    const same = (b: Attachment) =>
      b.type === a.type &&
      'path' in b &&
      'path' in a &&
      b.path === a.path &&
      (a.type !== 'selection' || (b.type === 'selection' && b.startLine === a.startLine && b.endLine === a.endLine));
    if (a.type !== 'image' && this.attachments.some(same)) return;
    this.attachments.push(a);
    this.renderChips();
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
    this.openCompletions(
      items.slice(0, 100).map((m) => ({
        label: m.label,
        ...(m.detail ? { detail: m.detail } : {}),
        icon: MENTION_ICONS[m.mention.kind],
        accept: () => {
          this.replaceCurrentToken('');
          this.post({ type: 'attachMention', mention: m.mention });
        },
      })),
    );
  }

  submit(): void {
    const text = this.textarea.value;
    if (text.trim() === '' && this.attachments.length === 0) return;
    if (text.trim() !== '' && this.history[this.history.length - 1] !== text) {
      this.history.push(text);
      if (this.history.length > MAX_HISTORY) this.history.shift();
    }
    this.historyIndex = this.history.length;
    const attachments = this.attachments;
    this.attachments = [];
    this.textarea.value = '';
    this.renderChips();
    this.closeCompletions();
    this.setNotice('');
    this.onSubmit(text, attachments);
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing) return;
    if (!this.popup.hidden && this.items.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        this.setActive((this.active + (e.key === 'ArrowDown' ? 1 : this.items.length - 1)) % this.items.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        this.acceptCompletion(this.active);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        // Only the list closes: the turn goes on (Escape unhandled here reaches VS Code, where it stops a turn).
        e.stopPropagation();
        this.closeCompletions();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.submit();
      return;
    }
    if (e.key === 'ArrowUp' && (this.textarea.value === '' || this.historyIndex < this.history.length) && this.history.length > 0) {
      if (this.historyIndex === 0) return;
      e.preventDefault();
      this.historyIndex--;
      this.textarea.value = this.history[this.historyIndex] ?? '';
      return;
    }
    if (e.key === 'ArrowDown' && this.historyIndex < this.history.length) {
      e.preventDefault();
      this.historyIndex++;
      this.textarea.value = this.history[this.historyIndex] ?? '';
    }
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
      this.setNotice('Files from outside VS Code cannot be attached: drag them from the Explorer (hold Shift), or paste an image.');
  }

  private addImages(files: File[]): void {
    if (!this.capabilities.image) {
      this.setNotice('This agent does not accept images.');
      return;
    }
    for (const f of files) {
      if (f.size > MAX_IMAGE_BYTES) {
        this.setNotice(`Image ${f.name || ''} is too large (max ${MAX_IMAGE_BYTES / 1024 / 1024} MB).`);
        continue;
      }
      const reader = new FileReader();
      reader.addEventListener('load', () => {
        const m = /^data:([^;,]+);base64,(.*)$/s.exec(String(reader.result));
        if (m) this.addAttachment({ type: 'image', mimeType: m[1]!, data: m[2]!, name: f.name || 'pasted image' });
      });
      reader.addEventListener('error', () => this.setNotice('Could not read the pasted image.'));
      reader.readAsDataURL(f);
    }
  }

  private updateCompletions(): void {
    const text = this.textarea.value;
    const slash = /^\/(\S*)$/.exec(text);
    if (slash && this.commands.length > 0) {
      const q = (slash[1] ?? '').toLowerCase();
      const cmds = this.commands.filter((c) => c.name.toLowerCase().startsWith(q)).slice(0, 50);
      this.openCompletions(
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
    this.closeCompletions();
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

  private openCompletions(items: CompletionItem[]): void {
    this.items = items;
    if (items.length === 0) return this.closeCompletions();
    setChildren(
      this.popup,
      ...items.map((it, i) => {
        // The kind is a word for a screen reader (the icon is hidden from it): "Folder src/", "Symbol Release Notes".
        const name = [it.icon?.word, it.label].filter(Boolean).join(' ') + (it.detail ? `, ${it.detail}` : '');
        const li = h(
          'li',
          {
            role: 'option',
            id: `completion-${i}`,
            class: 'completion',
            'data-testid': 'completion',
            'aria-label': name,
            ...(it.icon ? { 'data-kind': it.icon.name } : {}),
          },
          it.icon ? icon(it.icon.name, 'completion-icon') : null,
          h('span', { class: 'completion-label' }, it.label),
          it.detail ? h('span', { class: 'completion-detail' }, it.detail) : null,
        );
        // mousedown, not click: the textarea's blur would close the list first.
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          this.acceptCompletion(i);
        });
        return li;
      }),
    );
    // A textarea takes no combobox role (nor aria-expanded): the open list is announced through its active option.
    this.popup.hidden = false;
    this.setActive(0);
  }

  private setActive(i: number): void {
    this.active = i;
    Array.from(this.popup.children).forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
    this.textarea.setAttribute('aria-activedescendant', `completion-${i}`);
  }

  private acceptCompletion(i: number): void {
    const it = this.items[i];
    this.closeCompletions();
    it?.accept();
    this.textarea.focus();
  }

  private closeCompletions(): void {
    this.items = [];
    this.popup.hidden = true;
    this.popup.replaceChildren();
    this.textarea.removeAttribute('aria-activedescendant');
  }

  private renderChips(): void {
    this.chips.hidden = this.attachments.length === 0;
    setChildren(
      this.chips,
      ...this.attachments.map((a, i) => {
        const label = a.type === 'selection' ? `${a.name}:${a.startLine}-${a.endLine}` : a.name;
        const remove = button(`Remove attachment ${label}`, { class: 'chip-remove', 'data-testid': 'remove-attachment' }, icon('close'));
        remove.addEventListener('click', () => {
          this.attachments.splice(i, 1);
          this.renderChips();
          this.textarea.focus();
        });
        return h('span', { class: 'chip', role: 'listitem', 'data-testid': 'attachment' }, icon(chipIcon(a)), label, remove);
      }),
    );
  }
}

/** The chip's icon: what kind of thing is attached. */
function chipIcon(a: Attachment): string {
  switch (a.type) {
    case 'image':
      return 'file-media';
    case 'selection':
      return 'selection';
    case 'context':
      return a.kind === 'problems' ? 'warning' : a.kind === 'terminal' ? 'terminal' : 'git-compare';
    default:
      return a.folder ? 'folder' : 'file';
  }
}
