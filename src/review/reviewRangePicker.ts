// Review Changes…'s question: a QuickPick of which of the chat's changes to review (reviewRange.ts words the rows).
// Kept open as an object, not showQuickPick, so the extension-host tests see what it offers and where its focus is.
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';

type Row = { label: string; description: string };
type Item<R extends Row> = vscode.QuickPickItem & { range: R };

/** What a test can see of the open question. */
export interface ReviewRangePickView {
  items: Row[];
  activeIndex: number;
}

export class ReviewRangePicker implements vscode.Disposable {
  private qp: Pick<vscode.QuickPick<vscode.QuickPickItem>, 'hide' | 'items' | 'activeItems'> | undefined;
  private readonly viewEmitter = new Emitter<void>();
  /** The question opened, closed or moved its focus (what `view()` returns changed). */
  readonly onDidChangeView = this.viewEmitter.event;

  /** Asks which of `ranges` to review; undefined when the question is dismissed (or replaced by another). */
  pick<R extends Row>(ranges: readonly R[]): Promise<R | undefined> {
    this.qp?.hide();
    const qp = vscode.window.createQuickPick<Item<R>>();
    this.qp = qp;
    qp.title = vscode.l10n.t('Review Changes');
    qp.placeholder = vscode.l10n.t('Which changes by the agent to review');
    qp.items = ranges.map((range) => ({ label: range.label, description: range.description, range }));
    return new Promise((resolve) => {
      qp.onDidAccept(() => {
        resolve((qp.selectedItems[0] ?? qp.activeItems[0])?.range);
        qp.hide();
      });
      qp.onDidHide(() => {
        resolve(undefined);
        if (this.qp === qp) this.qp = undefined;
        qp.dispose();
        this.viewEmitter.fire();
      });
      qp.onDidChangeActive(() => this.viewEmitter.fire());
      qp.show();
      this.viewEmitter.fire();
    });
  }

  view(): ReviewRangePickView | undefined {
    const qp = this.qp;
    if (!qp) return undefined;
    const active = qp.activeItems[0];
    return {
      items: qp.items.map((i) => ({ label: i.label, description: i.description ?? '' })),
      activeIndex: active ? qp.items.indexOf(active) : -1,
    };
  }

  dispose(): void {
    this.qp?.hide();
    this.viewEmitter.dispose();
  }
}
