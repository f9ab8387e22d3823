// The session's choices in the composer's toolbar, as Copilot Chat and Claude Code's extension show them: the mode,
// named for what it does, and the model by name, each a select showing its current value; every other option (effort,
// fast mode…) behind one "More" menu with visible labels. Values follow the model: a select the user just changed
// shows the new value until the host's update confirms or reverts it.
import type { SessionConfigOption, SessionConfigSelectOption } from '@agentclientprotocol/sdk';
import type { SessionMeta } from '../protocol/protocol';
import type { WebviewToHost } from '../protocol/protocol';
import { h, icon, setChildren } from './dom';
import { modeLabel } from './labels';

export class ConfigBar {
  readonly node = h('div', { class: 'config-bar', role: 'toolbar', 'aria-label': 'Session settings', 'data-testid': 'config-bar' });
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
      const sel = h('select', { 'aria-label': 'Mode', 'data-testid': 'mode-select', 'data-control-id': 'mode' });
      for (const m of modes.availableModes) sel.append(h('option', { value: m.id, title: m.description ?? undefined }, modeLabel(m.id, m.name)));
      sel.value = modes.currentModeId;
      sel.title = titleOf('Mode', sel);
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
        h('summary', { class: 'icon-btn', title: 'More session settings', 'aria-label': 'More session settings', 'data-testid': 'config-more' }, icon('settings')),
        h('div', { class: 'config-more-panel', role: 'group', 'aria-label': 'More session settings' }, ...more),
      );
      menu.open = wasOpen;
      shown.push(menu);
    }
    setChildren(this.node, ...shown);
    this.node.hidden = shown.length === 0;
    // Rebuilding the controls must not steal keyboard focus from the one the user is on.
    if (focusedId) Array.from(this.node.querySelectorAll<HTMLElement>('[data-control-id]')).find((el) => el.dataset.controlId === focusedId)?.focus();
  }

  /** A select in the bar (its value is its label, its name the tooltip), or a labelled row in the menu. */
  private configControl(o: SessionConfigOption, isMode: boolean, inBar: boolean): HTMLElement {
    if (o.type === 'boolean') {
      const cb = h('input', { type: 'checkbox', title: o.description ?? undefined, 'data-testid': 'config-option', 'data-config-id': o.id, 'data-control-id': `cfg:${o.id}` });
      cb.checked = o.currentValue;
      cb.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: o.id, value: cb.checked }));
      return h('label', { class: 'control control-bool' }, cb, o.name);
    }
    const sel = h('select', {
      'aria-label': o.name,
      'data-testid': isMode ? 'mode-select' : 'config-option',
      'data-config-id': o.id,
      'data-category': o.category ?? undefined,
      'data-control-id': `cfg:${o.id}`,
    });
    const opt = (x: SessionConfigSelectOption) => h('option', { value: x.value, title: x.description ?? undefined }, isMode ? modeLabel(x.value, x.name) : x.name);
    for (const item of o.options) {
      if ('group' in item) sel.append(h('optgroup', { label: item.name }, ...item.options.map(opt)));
      else sel.append(opt(item));
    }
    sel.value = o.currentValue;
    sel.title = titleOf(o.name, sel);
    sel.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: o.id, value: sel.value }));
    if (inBar) return sel;
    return h('label', { class: 'control' }, h('span', { class: 'control-label' }, o.name), sel);
  }
}

/** "Model: Default (recommended)": what the select is and shows, whole, where the bar has to cut its text. */
function titleOf(name: string, sel: HTMLSelectElement): string {
  const current = sel.selectedOptions[0]?.textContent ?? '';
  return current ? `${name}: ${current}` : name;
}
