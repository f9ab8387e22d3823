// The turn cards: each turn's changed files at its end (Review opens the multi-file diff, Undo puts a file or all back,
// Keep accepts what the editor still holds under review), with that counted per file, and retried turns marked superseded.
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import { Emitter } from '../acpClient/events';
import { subagentName } from '../acpClient/subagentLanes';
import type { TurnChangeSet } from '../checkpoints/turnChangeTracker';
import { fileLabel } from '../checkpoints/fileLabel';
import type { ChangeAuthor } from '../checkpoints/turnChangeModel';
import type { TurnChangesPart } from '../checkpoints/feature';
import { describeRevertRefusals } from './reviewWording';
import type { UserErrorPresenter } from '../feedback/userErrorPresenter';
import type { ChatActions, ChatSource } from '../webview/host/chatPage';
import type { TurnChangesView, TurnsView } from '../webview/protocol/protocol';
import type { EditorReview } from './editorReview';
import type { TurnReview } from './turnReview';

export function turnChangesView(set: TurnChangeSet, label: (path: string) => string, toReview: (path: string) => number = () => 0): TurnChangesView {
  // Who changed each file is said only when a subagent took part: a turn of the main agent alone reads as it always did.
  const subagents = set.files.some((f) => f.changedBy?.some((a) => a.agent === 'subagent'));
  return {
    id: set.id,
    userIndex: set.userIndex,
    endUserIndex: set.endUserIndex,
    files: set.files.map((f) => ({
      path: f.path,
      label: label(f.path),
      added: f.added,
      removed: f.removed,
      change: f.before === null ? 'created' : f.after === null ? 'deleted' : 'modified',
      reverted: f.reverted,
      cannotRevert:
        f.before === undefined ? vscode.l10n.t('Its content before the turn is unknown: {0}.', f.beforeUnknown ?? vscode.l10n.t('no record')) : undefined,
      ...(toReview(f.path) > 0 ? { toReview: toReview(f.path) } : {}),
      ...(subagents && f.changedBy?.length ? { by: authorNames(f.changedBy) } : {}),
    })),
  };
}

/** The names of who changed a file, each once, in the order they first did. */
export function authorNames(authors: readonly ChangeAuthor[]): string[] {
  const names = authors.map((a) => (a.agent === 'main' ? vscode.l10n.t('Main agent') : subagentName(a.title)));
  return [...new Set(names)];
}

/** The turns as the page shows them: the cards in their turns, the note that would repeat on each said once. */
export function turnsView(
  sets: readonly TurnChangeSet[],
  dropped: number,
  superseded: readonly number[],
  label: (path: string) => string,
  toReview?: (path: string) => number,
): TurnsView {
  const notes = [...new Set(sets.flatMap((s) => (s.limit ? [s.limit] : [])))];
  if (dropped > 0)
    notes.push(vscode.l10n.t('The records of the {0} oldest turn{1} were dropped: their code cannot be rewound.', dropped, dropped === 1 ? '' : 's'));
  return { changes: sets.map((s) => turnChangesView(s, label, toReview)), ...(notes.length ? { note: notes.join(' ') } : {}), superseded: [...superseded] };
}

export interface TurnCards {
  source: Pick<ChatSource, 'getTurns' | 'onDidChangeTurns'>;
  actions: Pick<ChatActions, 'reviewTurnChanges' | 'revertTurnChanges' | 'keepTurnChanges'>;
  dispose(): void;
}

export function bindTurnCards(
  chat: Chat,
  turns: Pick<TurnChangesPart, 'turnChanges' | 'goBack'>,
  deps: { review: TurnReview; editorReview: Pick<EditorReview, 'count' | 'keepFile' | 'onDidChange'>; presenter: Pick<UserErrorPresenter, 'showMessage'> },
): TurnCards {
  const { turnChanges: tracker, goBack } = turns;
  const { review, editorReview, presenter } = deps;
  const changed = new Emitter<void>();
  const subs = [
    tracker.onDidChange(() => changed.fire()),
    chat.onDidChangeSession(() => changed.fire()),
    goBack.onDidChangeSuperseded(() => changed.fire()),
    editorReview.onDidChange(() => changed.fire()),
  ];
  return {
    source: {
      getTurns: () =>
        turnsView(
          tracker.sets,
          tracker.dropped,
          goBack.superseded(),
          (path) => fileLabel(chat, path),
          (path) => editorReview.count(path),
        ),
      onDidChangeTurns: changed.event,
    },
    actions: {
      reviewTurnChanges: (id) => review.review(id),
      revertTurnChanges: async (id, path) => {
        const result = await review.revert(id, path === undefined ? undefined : [path]);
        const refusal = describeRevertRefusals(result.refused);
        if (refusal) presenter.showMessage(refusal.message, refusal.severity, refusal.actions, chat);
      },
      // Keep is the editor's Keep All for each file: its marks go, the file stays as the agent left it.
      keepTurnChanges: async (id, path) => {
        const set = tracker.sets.find((s) => s.id === id);
        for (const f of set?.files ?? []) if ((path === undefined || f.path === path) && editorReview.count(f.path) > 0) editorReview.keepFile(f.path);
      },
    },
    dispose: () => {
      for (const s of subs) s.dispose();
      changed.dispose();
    },
  };
}
