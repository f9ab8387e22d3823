// The session's choices in the composer's toolbar, as Copilot Chat and Claude Code's extension show them: the mode in
// one word and the model by name, each a select showing its current value, with a tooltip that names it ("Mode: Ask
// before edits", "Model: …") and each mode's full name on its option; every other option (effort, fast mode…) behind
// one "More" menu with visible labels. Values follow the model: a select the user just changed shows the new value
// until the host's update confirms or reverts it.
import type { SessionConfigOption, SessionConfigSelectOption } from '@agentclientprotocol/sdk';
import type { SessionMeta } from '../protocol/protocol';
import type { WebviewToHost } from '../protocol/protocol';
import { h, icon, setChildren } from './dom';
import { l10n } from './l10n';
import { modeLabel, shortModeLabel } from './labels';

export class ConfigBar {
  readonly node = h('div', { class: 'config-bar', role: 'toolbar', 'aria-label': l10n.t('Chat settings'), 'data-testid': 'config-bar' });
  private key = '';

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.node.hidden = true;
    // The "More" menu closes as menus do: Escape inside it, or a click anywhere else.
    this.node.addEventListener('keydown', (e) => {
      const menu = this.menu();
      if (e.key !== 'Escape' || !menu?.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
      e.stopPropagation();
    });
    document.addEventListener('click', (e) => {
      const menu = this.menu();
      if (menu?.open && !menu.contains(e.target as Node)) menu.open = false;
    });
  }

  private menu(): HTMLDetailsElement | null {
    return this.node.querySelector('details');
  }

  update(meta: SessionMeta | null): void {
    const options = meta?.configOptions ?? [];
    const modes = meta?.modes;
    const key = JSON.stringify([options, modes]);
    if (key === this.key) return;
    this.key = key;
    const focusedId = (document.activeElement as HTMLElement | null)?.dataset?.controlId;
    const wasOpen = this.menu()?.open ?? false;
    const shown: HTMLElement[] = [];
    const more: HTMLElement[] = [];
    // The adapter reports the mode both as `modes` and as a config option of category "mode", and keeps only the
    // config option current after a change; prefer it when present.
    const modeOption = options.find((o) => o.category === 'mode');
    if (!modeOption && modes && modes.availableModes.length > 0) {
      const sel = h('select', { 'aria-label': l10n.t('Mode'), 'data-testid': 'mode-select', 'data-control-id': 'mode' });
      const short = shortModeLabels(modes.availableModes.map((m) => ({ value: m.id, name: m.name })));
      for (const m of modes.availableModes) sel.append(buildModeOption(m.id, m.name, m.description, short));
      sel.value = modes.currentModeId;
      sel.title = titleOf(l10n.t('Mode'), sel);
      sel.addEventListener('change', () => this.post({ type: 'setMode', modeId: sel.value }));
      shown.push(sel);
    }
    for (const o of options) {
      const inBar = o === modeOption || o.category === 'model';
      (inBar ? shown : more).push(this.configControl(o, o === modeOption, inBar));
    }
    if (more.length > 0) {
      const menu = h(
        'details',
        { class: 'config-more' },
        h(
          'summary',
          { class: 'icon-btn', title: l10n.t('More chat settings'), 'aria-label': l10n.t('More chat settings'), 'data-testid': 'config-more' },
          icon('settings'),
        ),
        h('div', { class: 'config-more-panel', role: 'group', 'aria-label': l10n.t('More chat settings') }, ...more),
      );
      menu.open = wasOpen;
      shown.push(menu);
    }
    setChildren(this.node, ...shown);
    this.node.hidden = shown.length === 0;
    // Rebuilding the controls must not steal keyboard focus from the one the user is on.
    if (focusedId)
      Array.from(this.node.querySelectorAll<HTMLElement>('[data-control-id]'))
        .find((el) => el.dataset.controlId === focusedId)
        ?.focus();
  }

  /** A select in the bar (its value is its label, its name the tooltip), or a labelled row in the menu. */
  private configControl(o: SessionConfigOption, isMode: boolean, inBar: boolean): HTMLElement {
    if (o.type === 'boolean') {
      const cb = h('input', {
        type: 'checkbox',
        title: o.description ?? undefined,
        'data-testid': 'config-option',
        'data-config-id': o.id,
        'data-control-id': `cfg:${o.id}`,
      });
      cb.checked = o.currentValue;
      cb.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: o.id, value: cb.checked }));
      return h('label', { class: 'control control-bool' }, cb, o.name);
    }
    // In the bar the tooltip names what the select is in the user's words, whatever the agent calls the option.
    const name = !inBar ? o.name : isMode ? l10n.t('Mode') : o.category === 'model' ? l10n.t('Model') : o.name;
    const sel = h('select', {
      'aria-label': name,
      'data-testid': isMode ? 'mode-select' : 'config-option',
      'data-config-id': o.id,
      'data-category': o.category ?? undefined,
      'data-control-id': `cfg:${o.id}`,
    });
    const flat = o.options.flatMap((item) => ('group' in item ? item.options : [item]));
    const short = isMode ? shortModeLabels(flat) : undefined;
    const opt = (x: SessionConfigSelectOption) =>
      isMode ? buildModeOption(x.value, x.name, x.description, short) : h('option', { value: x.value, title: x.description ?? undefined }, x.name);
    for (const item of o.options) {
      if ('group' in item) sel.append(h('optgroup', { label: item.name }, ...item.options.map(opt)));
      else sel.append(opt(item));
    }
    sel.value = o.currentValue;
    sel.title = titleOf(name, sel);
    sel.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: o.id, value: sel.value }));
    if (inBar && o.category === 'model') return modelPicker(sel, flat);
    if (inBar) return sel;
    return h('label', { class: 'control' }, h('span', { class: 'control-label' }, o.name), sel);
  }
}

/**
 * The model picker in the bar: the select itself (its list names each model whole), under a face showing the current
 * model's short name, so a narrow side bar reads "Opus" where the select would cut "Default (recommended)" to "Defaul…".
 */
function modelPicker(sel: HTMLSelectElement, options: readonly SessionConfigSelectOption[]): HTMLElement {
  const current = () => options.find((x) => x.value === sel.value);
  const text = h('span', { class: 'model-picker-text', 'aria-hidden': 'true', 'data-testid': 'model-name' });
  const show = () => {
    const o = current();
    text.textContent = o ? modelName(o.name, o.description) : sel.value;
  };
  show();
  sel.addEventListener('change', show);
  return h('span', { class: 'model-picker', title: sel.title }, text, icon('chevron-down'), sel);
}

/**
 * A model's name for the bar: the adapter's "Default (recommended)" is shown as the model it stands for (its
 * description, "Opus"); another by its name ("Sonnet 5.5"), the description's first part when that is the name.
 */
export function modelName(name: string, description: string | null | undefined): string {
  const first = description?.split(' · ')[0]?.trim();
  if (/^default\b/iu.test(name) && first && first.length <= 24 && first === description?.trim()) return first;
  return name;
}

/** "Mode: Ask before edits": what the select is and shows, whole (its option's full name), where the bar shortens it. */
function titleOf(name: string, sel: HTMLSelectElement): string {
  const option = sel.selectedOptions[0];
  const current = option?.dataset.fullName ?? option?.textContent ?? '';
  return current ? l10n.t('{0}: {1}', name, current) : name;
}

/**
 * Each mode's word for the picker, by value; undefined when two modes would read the same (their first words match),
 * and the picker then shows the full names.
 */
function shortModeLabels(modes: readonly { value: string; name: string }[]): Map<string, string> | undefined {
  const short = new Map(modes.map((m) => [m.value, shortModeLabel(m.value, m.name)]));
  return new Set(short.values()).size === short.size ? short : undefined;
}

/** A mode's option: its word (or full name), the full name and what it does in its tooltip. */
function buildModeOption(value: string, name: string, description: string | null | undefined, short: Map<string, string> | undefined): HTMLOptionElement {
  const full = modeLabel(value, name);
  return h('option', { value, title: description ? l10n.t('{0}: {1}', full, description) : full, 'data-full-name': full }, short?.get(value) ?? full);
}
