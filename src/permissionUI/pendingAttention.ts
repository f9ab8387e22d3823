// Draws the user's eye to requests that wait for an answer: the status-bar item and the chat view's badge. The
// notification for a request waiting while the window has no focus is the attention capability's (src/attention).
import * as vscode from 'vscode';
import { LingeringCount } from './lingeringCount';
import type { PermissionBroker } from './permissionBroker';
import { pendingStatusText } from './pendingStatusText';
import { COUNT_LINGER_MS } from './timings';
import { COMMANDS } from '../contributions/commandIds';

export class PendingAttention implements vscode.Disposable {
  private readonly statusItem: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];

  /** `setBadge` shows the count on the chat view (0 clears it). */
  constructor(broker: PermissionBroker, setBadge: (count: number) => void) {
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
}
