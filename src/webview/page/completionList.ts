// The composer's list of suggestions (`/` commands, `@` context) above the box. The focus stays in the textarea: a
// textarea takes no combobox role (nor aria-expanded), so the open list is announced through its active option.
import { h, icon, setChildren } from './dom';
import { l10n } from './l10n';

export interface CompletionItem {
  label: string;
  detail?: string;
  /** A codicon shown before the label, and the word a screen reader hears for it. */
  icon?: { name: string; word: string };
  accept: () => void;
}

export class CompletionList {
  readonly node = h('ul', {
    class: 'completions',
    role: 'listbox',
    id: 'composer-completions',
    'aria-label': l10n.t('Suggestions'),
    'data-testid': 'completions',
  });
  private items: CompletionItem[] = [];
  private active = 0;

  constructor(private readonly textarea: HTMLTextAreaElement) {
    this.textarea.setAttribute('aria-controls', 'composer-completions');
    this.node.hidden = true;
  }

  /** The list's keys while it is open (↑/↓ move, Enter or Tab accepts, Escape closes): true when `e` was one. */
  onKeyDown(e: KeyboardEvent): boolean {
    if (this.node.hidden || this.items.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      this.setActive((this.active + (e.key === 'ArrowDown' ? 1 : this.items.length - 1)) % this.items.length);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      this.accept(this.active);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      // Only the list closes: the turn goes on (Escape unhandled here reaches VS Code, where it stops a turn).
      e.stopPropagation();
      this.close();
      return true;
    }
    return false;
  }

  /** Shows `items`, the first one active; none closes the list. */
  open(items: CompletionItem[]): void {
    this.items = items;
    if (items.length === 0) return this.close();
    setChildren(
      this.node,
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
          this.accept(i);
        });
        return li;
      }),
    );
    this.node.hidden = false;
    this.setActive(0);
  }

  private setActive(i: number): void {
    this.active = i;
    Array.from(this.node.children).forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
    this.textarea.setAttribute('aria-activedescendant', `completion-${i}`);
  }

  private accept(i: number): void {
    const it = this.items[i];
    this.close();
    it?.accept();
    this.textarea.focus();
  }

  /** Hides the list, with nothing active. */
  close(): void {
    this.items = [];
    this.node.hidden = true;
    this.node.replaceChildren();
    this.textarea.removeAttribute('aria-activedescendant');
  }
}
