// Draws the user's eye to requests that wait for an answer: the status-bar item, the chat view's badge and, when the
// window is not focused, a notification. It only shows; "Show" runs the show-pending command.
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { toDisplayText, withoutLinks } from '../acpClient/displayText';
import { LingeringCount } from './lingeringCount';
import type { PermissionBroker, Prompt } from './permissionBroker';
import { pendingStatusText } from './pendingStatusText';
import { readNotifyWhenUnfocused } from './settings';
import { COUNT_LINGER_MS } from './timings';
import { COMMANDS } from '../contributions/commandIds';

export class PendingAttention implements vscode.Disposable {
  private readonly statusItem: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];

  /** `setBadge` shows the count on the chat view (0 clears it). */
  constructor(
    broker: PermissionBroker,
    setBadge: (count: number) => void,
    private readonly logger: Logger,
  ) {
    this.statusItem = vscode.window.createStatusBarItem('acpChat.pendingApprovals', vscode.StatusBarAlignment.Left, 100);
    this.statusItem.name = vscode.l10n.t('ACP Chat: approvals waiting');
    this.statusItem.command = COMMANDS.showPendingPermission;
    this.statusItem.tooltip = vscode.l10n.t('Show the next request waiting for your answer');
    this.statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    const shown = new LingeringCount((n) => {
      this.updateStatus(n);
      setBadge(n);
    }, COUNT_LINGER_MS);
    this.disposables.push(
      this.statusItem,
      shown,
      broker.onDidAdd((p) => this.notifyIfUnfocused(p)),
      broker.onDidChangeCount((n) => shown.set(n)),
    );
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private updateStatus(count: number): void {
    const text = pendingStatusText(count);
    if (text) {
      this.statusItem.text = text;
      this.statusItem.show();
    } else {
      this.statusItem.hide();
    }
  }

  private notifyIfUnfocused(prompt: Prompt): void {
    if (vscode.window.state.focused || !readNotifyWhenUnfocused()) return;
    const what = prompt.type === 'permission' ? toDisplayText(prompt.presentation.title, 120) : vscode.l10n.t('the agent has a question');
    const show = vscode.l10n.t('Show');
    void vscode.window.showInformationMessage(withoutLinks(vscode.l10n.t('ACP Chat: an approval is waiting — {0}', what)), show).then(
      (choice) => {
        if (choice === show) void vscode.commands.executeCommand(COMMANDS.showPendingPermission, prompt.key);
      },
      (err: unknown) => this.logger.error('[permissions] notification failed', err),
    );
  }
}
