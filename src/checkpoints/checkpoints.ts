// The going-back capability as the composition root wires it: where turn records are kept, Review and Revert of a
// turn, and Restore code to before a prompt (with its undo), shared by every chat.
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { describeRestore, noRestoreToUndo } from '../feedback/userErrors';
import type { UserErrorPresenter } from '../feedback/userErrorPresenter';
import type { Chat } from '../chat/chat';
import { CheckpointStore } from './checkpointStore';
import { CodeRestore } from './codeRestore';
import type { TurnChangeTracker } from './turnChangeTracker';
import { TurnReview } from './turnReview';

export class Checkpoints implements vscode.Disposable {
  readonly store: CheckpointStore;
  readonly review: TurnReview;
  readonly restore: CodeRestore;

  constructor(storageDir: string | undefined, logger: Logger) {
    this.store = new CheckpointStore(storageDir, logger);
    this.review = new TurnReview(logger);
    this.restore = new CodeRestore(logger);
  }

  /** Undo Code Restore: takes back `tracker`'s last restore and says in `chat` what it put back. */
  async undo(chat: Chat, tracker: TurnChangeTracker, presenter: Pick<UserErrorPresenter, 'showMessage'>): Promise<void> {
    if (!this.restore.canUndo(tracker)) {
      presenter.showMessage(noRestoreToUndo(), 'info', [], chat);
      return;
    }
    const outcome = await this.restore.undo(tracker);
    const said = describeRestore(outcome, (p) => vscode.workspace.asRelativePath(p), 'undo');
    presenter.showMessage(said.message, said.severity, said.actions, chat);
  }

  dispose(): void {
    this.review.dispose();
    this.restore.dispose();
  }
}
