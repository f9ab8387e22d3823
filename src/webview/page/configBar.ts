// The compact bar under the composer: one dropdown per session config option (mode, model, effort…, generic by
// category; booleans as checkboxes), each showing its current value, as in Claude Code's extension and Zed. Values
// follow the model: a select the user just changed shows the new value until the host's update confirms or reverts it.
import type { SessionConfigOption, SessionConfigSelectOption } from '@agentclientprotocol/sdk';
import type { SessionMeta } from '../protocol/protocol';
import type { WebviewToHost } from '../protocol/protocol';
import { h, setChildren } from './dom';

export class ConfigBar {
  readonly node = h('div', { class: 'config-bar controls', role: 'toolbar', 'aria-label': 'Session settings', 'data-testid': 'config-bar' });
  private key = '';

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.node.hidden = true;
  }

  update(meta: SessionMeta | null): void {
    const options = meta?.configOptions ?? [];
    const modes = meta?.modes;
    const key = JSON.stringify([options, modes]);
    if (key === this.key) return;
    this.key = key;
    const focusedId = (document.activeElement as HTMLElement | null)?.dataset?.controlId;
    const items: HTMLElement[] = [];
    // The adapter reports the mode both as `modes` and as a config option of category "mode", and keeps only the
    // config option current after a change; prefer it when present.
    const modeOption = options.find((o) => o.category === 'mode');
    if (!modeOption && modes && modes.availableModes.length > 0) {
      const sel = h('select', { 'aria-label': 'Mode', title: 'Mode', 'data-testid': 'mode-select', 'data-control-id': 'mode' });
      for (const m of modes.availableModes) sel.append(h('option', { value: m.id, title: m.description ?? undefined }, m.name));
      sel.value = modes.currentModeId;
      sel.addEventListener('change', () => this.post({ type: 'setMode', modeId: sel.value }));
      items.push(labelled('Mode', sel));
    }
    for (const o of options) items.push(this.configControl(o, o === modeOption));
    setChildren(this.node, ...items);
    this.node.hidden = items.length === 0;
    // Rebuilding the controls must not steal keyboard focus from the one the user is on.
    if (focusedId) Array.from(this.node.querySelectorAll<HTMLElement>('[data-control-id]')).find((el) => el.dataset.controlId === focusedId)?.focus();
  }

  private configControl(o: SessionConfigOption, isMode: boolean): HTMLElement {
    if (o.type === 'boolean') {
      const cb = h('input', { type: 'checkbox', 'aria-label': o.name, title: o.description ?? o.name, 'data-testid': 'config-option', 'data-config-id': o.id, 'data-control-id': `cfg:${o.id}` });
      cb.checked = o.currentValue;
      cb.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: o.id, value: cb.checked }));
      return h('label', { class: 'control control-bool' }, cb, o.name);
    }
    const sel = h('select', {
      'aria-label': o.name,
      title: o.description ?? o.name,
      'data-testid': isMode ? 'mode-select' : 'config-option',
      'data-config-id': o.id,
      'data-category': o.category ?? undefined,
      'data-control-id': `cfg:${o.id}`,
    });
    const opt = (x: SessionConfigSelectOption) => h('option', { value: x.value, title: x.description ?? undefined }, x.name);
    for (const item of o.options) {
      if ('group' in item) sel.append(h('optgroup', { label: item.name }, ...item.options.map(opt)));
      else sel.append(opt(item));
    }
    sel.value = o.currentValue;
    sel.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: o.id, value: sel.value }));
    return labelled(o.name, sel);
  }
}

/** Compact: no visible label; the select shows its current value, and its name is its tooltip and accessible name. */
function labelled(name: string, control: HTMLElement): HTMLElement {
  return h('label', { class: 'control', title: name }, h('span', { class: 'control-label sr-only' }, name), control);
}

