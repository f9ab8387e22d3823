// The chat's one-line header: the context meter (contextMeter.ts), the sign-in state and the chat's own toggles; below it only
// when there is something to say and no error card says it, the connection status with Restart. The chat's title, New Chat and Show
// Chats… are VS Code's own (the view's or the tab's title bar: chatChrome.ts, the manifest's menus). The
// session's config options live in the ConfigBar under the composer.
import type { SessionMeta, UsageView } from '../protocol/protocol';
import { needsFolder, type ConnectionStatus, type WebviewToHost } from '../protocol/protocol';
import { AccountBadge } from './accountBadge';
import { contextMeter } from './contextMeter';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';

export class HeaderView {
  readonly node: HTMLElement;
  private readonly row: HTMLElement;
  private readonly usage = h('span', { class: 'usage', 'data-testid': 'usage' });
  /** The host's words on the chat's tokens and cost and the warning before compaction (usage/). */
  private usageView: UsageView = { lines: [], cost: null, warning: null };
  private meta: SessionMeta | null = null;
  /** The page's heading for screen readers: the chat's title (VS Code's title bar shows it to everyone else). */
  private readonly heading = h('h1', { class: 'sr-only' }, l10n.t('Chat'));
  readonly statusBar = h('div', { class: 'status-bar', role: 'status', 'data-testid': 'connection-status' });
  private readonly account = new AccountBadge();
  // The same name as the notice card's action and the command (ACP Chat: Restart Agent).
  private readonly restart = button(
    l10n.t('Restart Agent'),
    { class: 'restart-btn', 'data-testid': 'restart-agent' },
    icon('debug-restart'),
    l10n.t('Restart Agent'),
  );

  constructor(post: (m: WebviewToHost) => void) {
    this.restart.addEventListener('click', () => post({ type: 'restartAgent' }));
    this.node = h(
      'header',
      { class: 'chat-header' },
      this.heading,
      (this.row = h('div', { class: 'header-row' }, this.usage, this.account.node)),
      this.statusBar,
    );
    this.usage.hidden = true;
  }

  /** A control owned by another view (e.g. Follow the agent), at the row's end. */
  addAction(node: HTMLElement): void {
    this.row.append(node);
  }

  /** `cardShown`: the chat's error card is on screen; it says why and offers Restart, so this line stays away. */
  update(meta: SessionMeta | null, status: ConnectionStatus, cardShown: boolean): void {
    this.heading.textContent = meta?.title || l10n.t('New chat');
    this.meta = meta;
    this.renderUsage(meta);
    this.renderStatus(meta, status, cardShown);
    this.account.update(status);
  }

  setUsage(view: UsageView): void {
    this.usageView = view;
    this.renderUsage(this.meta);
  }

  /** The meter, its tooltip the context, the last turn's and the chat's tokens and cost; a warning near compaction. */
  private renderUsage(meta: SessionMeta | null): void {
    const u = contextMeter(meta?.usage);
    const { lines, cost, warning } = this.usageView;
    this.usage.hidden = !u && lines.length === 0;
    if (this.usage.hidden) return;
    const tooltip = [warning, u?.tooltip, ...lines].filter(Boolean).join('\n');
    // The chat's cost beside the meter, short enough for a side bar of 290 px; the rest in the tooltip.
    const shown = [u?.text, cost].filter(Boolean).join(' · ');
    setChildren(this.usage, warning ? icon('warning') : null, shown || l10n.t('Usage'));
    this.usage.title = tooltip;
    this.usage.setAttribute('aria-label', [warning, u?.label, ...lines].filter(Boolean).join('. '));
    this.usage.dataset.level = warning ? 'warning' : (u?.level ?? 'low');
  }

  private renderStatus(meta: SessionMeta | null, status: ConnectionStatus, cardShown: boolean): void {
    let text = '';
    let kind = 'ok';
    if (status.state === 'starting') {
      text = l10n.t('Starting the agent…');
      kind = 'busy';
    } else if (needsFolder(status)) {
      // The page's welcome says it and offers Open Folder; a restart cannot help.
    } else if (status.state === 'error') {
      // The full cause and what to do are on the chat's notice card (userErrorPresenter); this line only says so.
      text = l10n.t('Agent not running: {0}', status.message.split('\n')[0] ?? '');
      kind = 'error';
    } else if (meta?.connection === 'disconnected') {
      text = meta.disconnectReason ?? l10n.t('The agent is not running.');
      kind = 'error';
    }
    if (kind === 'error' && cardShown) text = '';
    // One line (the agent's last output is on the card, behind Show details); the whole in the tooltip.
    const line = text.split('\n')[0] ?? '';
    this.statusBar.hidden = text === '';
    this.statusBar.dataset.kind = kind;
    // Why the agent went away (exit code or signal, its last output), and a way back that reloads the conversation.
    setChildren(
      this.statusBar,
      text ? icon(kind === 'busy' ? 'loading codicon-modifier-spin' : 'error') : null,
      text ? h('span', { class: 'status-text', title: text }, line) : null,
      text && kind === 'error' ? this.restart : null,
    );
  }
}
