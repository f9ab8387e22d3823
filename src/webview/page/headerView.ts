// The chat's one-line header: session title, context usage and cost, history and new chat (the sign-in state sits
// in this row too); below it only when there is something to say, the connection status with Restart. The session's
// config options live in the ConfigBar under the composer.
import type { SessionMeta } from '../protocol/protocol';
import type { ConnectionStatus, WebviewToHost } from '../protocol/protocol';
import { AccountBadge } from './accountBadge';
import { button, h, icon, setChildren } from './dom';

export class HeaderView {
  readonly node: HTMLElement;
  private readonly title = h('span', { class: 'session-title', 'data-testid': 'session-title' }, 'New chat');
  private readonly usage = h('span', { class: 'usage', 'data-testid': 'usage' });
  readonly statusBar = h('div', { class: 'status-bar', role: 'status', 'data-testid': 'connection-status' });
  private readonly account = new AccountBadge();
  private readonly newSession = button('New session', { class: 'icon-btn', 'data-testid': 'new-session' }, icon('add'));
  private readonly history = button('Open conversation…', { class: 'icon-btn', 'data-testid': 'open-history' }, icon('history'));
  private readonly restart = button('Restart', { class: 'restart-btn', 'data-testid': 'restart-agent' }, icon('debug-restart'), 'Restart');

  constructor(post: (m: WebviewToHost) => void) {
    this.newSession.addEventListener('click', () => post({ type: 'newSession' }));
    this.history.addEventListener('click', () => post({ type: 'openHistory' }));
    this.restart.addEventListener('click', () => post({ type: 'restartAgent' }));
    this.node = h(
      'header',
      { class: 'chat-header' },
      h('div', { class: 'header-row' }, this.title, this.usage, this.account.node, this.history, this.newSession),
      this.statusBar,
    );
    this.usage.hidden = true;
  }

  /** A control owned by another view (e.g. Follow the agent), placed before New session. */
  addAction(node: HTMLElement): void {
    this.newSession.before(node);
  }

  update(meta: SessionMeta | null, status: ConnectionStatus): void {
    this.title.textContent = meta?.title || 'New chat';
    this.renderUsage(meta);
    this.renderStatus(meta, status);
    this.account.update(status);
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
      // The full cause and what to do are on the chat's notice card (userErrorPresenter); this line only says so.
      text = `Agent not running: ${status.message.split('\n')[0]}`;
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
