// Binds the chat to a turn's changes: the latest change set as the chat lists it (ChatSource side) and Review /
// Revert as chat actions. Kept apart from chatBindings so the review feature is one place to read.
import * as vscode from 'vscode';
import type { TurnChangeSet, TurnChangeTracker } from '../../workbench/turnChangeTracker';
import { describeRevertRefusals } from '../../feedback/userErrors';
import type { TurnReview } from '../../workbench/turnReview';
import type { ChatActions, ChatSource } from './chatWebviewController';
import type { TurnChangesView } from '../protocol/protocol';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';

export function turnChangesView(set: TurnChangeSet | undefined, label: (path: string) => string): TurnChangesView | null {
  if (!set) return null;
  return {
    id: set.id,
    limit: set.limit,
    files: set.files.map((f) => ({
      path: f.path,
      label: label(f.path),
      added: f.added,
      removed: f.removed,
      change: f.before === null ? 'created' : f.after === null ? 'deleted' : 'modified',
      reverted: f.reverted,
      cannotRevert: f.before === undefined ? `Its content before the turn is unknown: ${f.beforeUnknown ?? 'no record'}.` : undefined,
    })),
  };
}

export type TurnChangesSource = Pick<ChatSource, 'getTurnChanges' | 'onDidChangeTurnChanges'>;

export function turnChangesSource(tracker: TurnChangeTracker): TurnChangesSource {
  return {
    getTurnChanges: () => turnChangesView(tracker.current, (p) => vscode.workspace.asRelativePath(p)),
    onDidChangeTurnChanges: (listener) => tracker.onDidChange(() => listener()),
  };
}

export type TurnChangesActions = Pick<ChatActions, 'reviewTurnChanges' | 'revertTurnChanges'>;

/** Review and Revert; a refused file is explained by the error presenter (the others are reverted). */
export function turnChangesActions(review: TurnReview, presenter: Pick<UserErrorPresenter, 'showMessage'>): TurnChangesActions {
  return {
    reviewTurnChanges: (id) => review.review(id),
    revertTurnChanges: async (id, path) => {
      const result = await review.revert(id, path === undefined ? undefined : [path]);
      const refusal = describeRevertRefusals(result.refused);
      if (refusal) presenter.showMessage(refusal.message, refusal.severity, refusal.actions);
    },
  };
}
