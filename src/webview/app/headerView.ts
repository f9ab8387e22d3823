// Session title, connection status, context usage and cost, and the session controls: one <select> per config
// option (generic by category; booleans as checkboxes), the mode, and New session. Values follow the model: a
// select the user just changed shows the new value until the host's update confirms or reverts it.
import type { SessionConfigOption, SessionConfigSelectOption } from '@agentclientprotocol/sdk';
import type { SessionMeta } from '../../acpClient/transcript';
import type { ConnectionStatus, WebviewToHost } from '../protocol';
import { button, h, icon, setChildren } from './dom';

export class HeaderView {
  readonly node: HTMLElement;
  private readonly title = h('span', { class: 'session-title', 'data-testid': 'session-title' }, 'New chat');
  private readonly usage = h('span', { class: 'usage', 'data-testid': 'usage' });
  readonly statusBar = h('div', { class: 'status-bar', role: 'status', 'data-testid': 'connection-status' });
  private readonly controls = h('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Session settings' });
  private readonly newSession = button('New session', { class: 'icon-btn', 'data-testid': 'new-session' }, icon('add'));
  private readonly history = button('Open conversation…', { class: 'icon-btn', 'data-testid': 'open-history' }, icon('history'));
  private readonly restart = button('Restart', { class: 'restart-btn', 'data-testid': 'restart-agent' }, icon('debug-restart'), 'Restart');
  private controlsKey = '';

  constructor(private readonly post: (m: WebviewToHost) => void) {
    this.newSession.addEventListener('click', () => post({ type: 'newSession' }));
    this.history.addEventListener('click', () => post({ type: 'openHistory' }));
    this.restart.addEventListener('click', () => post({ type: 'restartAgent' }));
    this.node = h(
      'header',
      { class: 'chat-header' },
      h('div', { class: 'header-row' }, this.title, this.usage, this.history, this.newSession),
      this.controls,
      this.statusBar,
    );
    this.usage.hidden = true;
  }

  update(meta: SessionMeta | null, status: ConnectionStatus): void {
    this.title.textContent = meta?.title || 'New chat';
    this.renderUsage(meta);
    this.renderStatus(meta, status);
    this.renderControls(meta);
  }

  private renderUsage(meta: SessionMeta | null): void {
    const u = meta?.usage;
    this.usage.hidden = !u;
    if (!u) return;
    const pct = u.size > 0 ? Math.round((u.used / u.size) * 100) : 0;
    const cost = u.cost ? ` · ${formatCost(u.cost.amount, u.cost.currency)}` : '';
    this.usage.textContent = `${formatTokens(u.used)} / ${formatTokens(u.size)}${cost}`;
    this.usage.title = `Context: ${u.used.toLocaleString()} of ${u.size.toLocaleString()} tokens (${pct}%)${cost}`;
    this.usage.dataset.level = pct >= 90 ? 'high' : pct >= 70 ? 'medium' : 'low';
  }

  private renderStatus(meta: SessionMeta | null, status: ConnectionStatus): void {
    let text = '';
    let kind = 'ok';
    if (status.state === 'starting') {
      text = 'Starting the agent…';
      kind = 'busy';
    } else if (status.state === 'error') {
      text = status.message;
      kind = 'error';
    } else if (meta?.connection === 'disconnected') {
      text = meta.disconnectReason ?? 'The agent is not running.';
      kind = 'error';
    }
    this.statusBar.hidden = text === '';
    this.statusBar.dataset.kind = kind;
    // Why the agent went away (exit code or signal, its last output), and a way back that reloads the conversation.
    setChildren(
      this.statusBar,
      text ? icon(kind === 'busy' ? 'loading codicon-modifier-spin' : 'error') : null,
      text ? h('span', { class: 'status-text' }, text) : null,
      kind === 'error' ? this.restart : null,
    );
  }

  private renderControls(meta: SessionMeta | null): void {
    const options = meta?.configOptions ?? [];
    const modes = meta?.modes;
    const key = JSON.stringify([options, modes]);
    if (key === this.controlsKey) return;
    this.controlsKey = key;
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
    setChildren(this.controls, ...items);
    this.controls.hidden = items.length === 0;
    // Rebuilding the controls must not steal keyboard focus from the one the user is on.
    if (focusedId) Array.from(this.controls.querySelectorAll<HTMLElement>('[data-control-id]')).find((el) => el.dataset.controlId === focusedId)?.focus();
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

function labelled(name: string, control: HTMLElement): HTMLElement {
  return h('label', { class: 'control' }, h('span', { class: 'control-label' }, name), control);
}

/** 1234 → "1.2k", 1000000 → "1M". */
export function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${+(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1000) return `${+(n / 1000).toFixed(1)}k`;
  return String(n);
}

function formatCost(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
  } catch {
    // An unknown currency code: show it verbatim.
    return `${amount.toFixed(4)} ${currency}`;
  }
}
