// "ACP Chat: Show Chats…": a QuickPick of the workspace's conversations, newest first, searchable by title,
// with Fork and Delete buttons where the agent offers them. Picking one shows it in the chat.
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import type { HistorySource, HistoryTarget } from '../chat/historySource';
import { displayTitle, relativeTime, type HistoryItem } from '../chat/sessionHistory';
import { escapeCodicons, toDisplayText } from '../acpClient/displayText';

type Item = vscode.QuickPickItem & { sessionId: string };

const FORK: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('repo-forked'),
  get tooltip() {
    return vscode.l10n.t('Continue in a copy (fork)');
  },
};
const DELETE: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('trash'),
  get tooltip() {
    return vscode.l10n.t('Delete this chat');
  },
};

/** What a test can see of the open picker. */
export interface HistoryPickerView {
  items: { label: string; description: string; sessionId: string }[];
  activeIndex: number;
  busy: boolean;
}

export class HistoryPicker implements vscode.Disposable {
  private qp: vscode.QuickPick<Item> | undefined;
  private target: HistoryTarget | undefined;
  private readonly viewEmitter = new Emitter<void>();
  /** The picker opened, closed, filled or moved its focus (what `view()` returns changed). */
  readonly onDidChangeView = this.viewEmitter.event;

  constructor(
    private readonly source: HistorySource,
    /** Reports a failed action (the one place that words errors for the user does the rest). */
    private readonly report: (what: string, err: unknown) => void,
    private readonly now: () => number = Date.now,
    /** Why the chat showing a conversation waits for the user ("finished", "an approval"…), if it does. */
    private readonly waitingOf: (sessionId: string) => string | undefined = () => undefined,
  ) {}

  /** Opens the picker (or focuses the open one) and fills it from the agent; a pick opens in `target`'s chat. */
  async show(target: HistoryTarget): Promise<void> {
    this.target = target;
    if (this.qp) {
      this.qp.show();
      return;
    }
    const qp = vscode.window.createQuickPick<Item>();
    this.qp = qp;
    qp.title = vscode.l10n.t('Chats');
    qp.placeholder = vscode.l10n.t('Search chats by title');
    qp.matchOnDescription = false;
    qp.busy = true;
    qp.onDidAccept(() => {
      const item = qp.selectedItems[0] ?? qp.activeItems[0];
      if (!item) return;
      qp.hide();
      void this.act(vscode.l10n.t('Opening the chat'), () => this.source.open(item.sessionId, this.target ?? target));
    });
    qp.onDidTriggerItemButton(({ item, button }) => {
      if (button === FORK) {
        qp.hide();
        void this.act(vscode.l10n.t('Forking the chat'), () => this.source.fork(item.sessionId, this.target ?? target));
      } else if (button === DELETE) {
        void this.confirmDelete(item);
      }
    });
    qp.onDidHide(() => {
      if (this.qp === qp) this.qp = undefined;
      qp.dispose();
      this.viewEmitter.fire();
    });
    qp.onDidChangeActive(() => this.viewEmitter.fire());
    qp.show();
    await this.refresh();
  }

  view(): HistoryPickerView | undefined {
    const qp = this.qp;
    if (!qp) return undefined;
    const active = qp.activeItems[0];
    return {
      items: qp.items.map((i) => ({ label: i.label, description: i.description ?? '', sessionId: i.sessionId })),
      activeIndex: active ? qp.items.indexOf(active) : -1,
      busy: qp.busy,
    };
  }

  dispose(): void {
    this.qp?.hide();
    this.viewEmitter.dispose();
  }

  private async refresh(): Promise<void> {
    const qp = this.qp;
    if (!qp) return;
    qp.busy = true;
    try {
      const items = await this.source.list(this.target);
      if (this.qp !== qp) return;
      qp.items = items.map((i) => this.toItem(i));
      if (items.length === 0) qp.placeholder = vscode.l10n.t('No chats in this workspace yet');
    } catch (err) {
      qp.hide();
      this.report('Listing conversations', err);
    } finally {
      qp.busy = false;
      this.viewEmitter.fire();
    }
  }

  private toItem(item: HistoryItem): Item {
    const current = item.sessionId === this.target?.session?.id;
    const waiting = this.waitingOf(item.sessionId);
    const buttons: vscode.QuickInputButton[] = [];
    if (this.source.canFork()) buttons.push(FORK);
    if (this.source.canDelete()) buttons.push(DELETE);
    return {
      // Titles are agent text: shown literally, never as icon syntax.
      label: escapeCodicons(toDisplayText(displayTitle(item), 200)),
      // A conversation in a worktree names its branch (our own record, not agent text).
      description: [
        waiting ? `$(bell-dot) ${vscode.l10n.t('needs you: {0}', waiting)}` : '',
        item.branch ? `$(git-branch) ${escapeCodicons(item.branch)}` : '',
        relativeTime(item.updatedAt, this.now()),
        current ? 'current' : '',
      ]
        .filter(Boolean)
        .join(' · '),
      sessionId: item.sessionId,
      buttons,
    };
  }

  private async confirmDelete(item: Item): Promise<void> {
    // The question takes the focus; the list stays open behind it, so the user sees the result and can go on. VS Code
    // sends the pick's ignoreFocusOut a moment after the question opens, so the list may close anyway: then it opens
    // again after the answer.
    const qp = this.qp;
    const target = this.target;
    if (qp) qp.ignoreFocusOut = true;
    const del = vscode.l10n.t('Delete');
    try {
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('Delete the chat "{0}"?', item.label),
        { modal: true, detail: vscode.l10n.t('The agent removes it from its history. This cannot be undone.') },
        del,
      );
      if (choice === del) await this.act(vscode.l10n.t('Deleting the chat'), () => this.source.delete(item.sessionId));
    } finally {
      if (qp && this.qp === qp) {
        qp.ignoreFocusOut = false;
        qp.show();
        await this.refresh();
      } else if (!this.qp && target) {
        await this.show(target);
      }
    }
  }

  private async act(what: string, op: () => Promise<unknown>): Promise<void> {
    try {
      await op();
    } catch (err) {
      this.report(what, err);
    }
  }
}
