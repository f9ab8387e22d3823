// Reviewing the agent's changes: each turn's card (Review opens the multi-file diff, Revert takes files back), Review
// Changes… over several turns, Keep and Undo per hunk in the editor, and answering an edit's approval from the diff it
// opened.
import * as vscode from 'vscode';
import { blocksText } from '../acpClient/transcript';
import type { Chat } from '../chat/chat';
import { partKey } from '../chat/chatParts';
import { TURN_CHANGES } from '../checkpoints/feature';
import { COMMANDS } from '../contributions/commandIds';
import { inActiveChat } from '../core/commandHandlers';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import type { DiffAnswer } from './diffApprovalChoices';
import { DiffApprovals } from './diffApprovals';
import { EditorReview } from './editorReview';
import { reviewableSets, reviewRanges } from './reviewRange';
import { ReviewRangePicker } from './reviewRangePicker';
import { DIFF_NOT_ASKING, NO_CHANGES_TO_REVIEW } from './reviewWording';
import { bindTurnCards } from './turnCards';
import { TurnReview } from './turnReview';

export const REVIEW = partKey<ChatPart>('review');

export function activateReview(core: Core): Feature {
  const { logger, presenter } = core;
  const turnReview = new TurnReview(logger);
  // The agent's changes under review where the code is: Keep / Undo per hunk, from every chat's turns.
  const editorReview = new EditorReview({
    memento: core.context.workspaceState,
    logger,
    say: (message) => presenter.showMessage(message, 'warning', []),
    marksOn: () => core.settings.get<boolean>('review.marks') !== false,
    openAfterTurn: () => core.settings.get<'never' | 'preview' | 'focus'>('review.openAfterTurn') ?? 'never',
  });
  // A diff opened for an approval answers it from its title bar.
  const diffApprovals = new DiffApprovals({ permissions: core.permissions, editor: core.editor, logger });
  const rangePicker = new ReviewRangePicker();

  /** Review Changes…: the chat's turns with something to review, all or from a picked prompt on, in one diff. */
  const reviewChanges = async (chat: Chat) => {
    const sets = reviewableSets(core.parts.get(chat, TURN_CHANGES).turnChanges.sets);
    const prompts = chat.session?.snapshot().entries.flatMap((e) => (e.kind === 'user' && e.lane === undefined ? [blocksText(e.content)] : [])) ?? [];
    const ranges = reviewRanges(sets, (userIndex) => prompts[userIndex]);
    if (!ranges.length) {
      presenter.showMessage(NO_CHANGES_TO_REVIEW.message, NO_CHANGES_TO_REVIEW.severity, NO_CHANGES_TO_REVIEW.actions, chat);
      return;
    }
    const range = ranges.length === 1 ? ranges[0] : await rangePicker.pick(ranges);
    if (range) await turnReview.reviewSince(range.sets, range.since);
  };

  /** Answers the diff's approval: the diff clicked (its title bar passes its resource), else the active tab. */
  const answerFromDiff = (answer: DiffAnswer) => async (target?: unknown) => {
    if (!(await diffApprovals.answer(answer, target))) presenter.showMessage(DIFF_NOT_ASKING.message, DIFF_NOT_ASKING.severity, DIFF_NOT_ASKING.actions);
  };
  const atCursor = (op: (path: string, id: string) => unknown) => async () => {
    const at = await editorReview.atCursor();
    if (at) await op(at.path, at.id);
  };
  const hunk = (op: (path: string, id: string) => unknown) => (path?: unknown, id?: unknown) =>
    typeof path === 'string' && typeof id === 'string' && op(path, id);
  const file = (op: (path: string) => unknown) => (uri?: unknown) => {
    const path = fileOf(uri);
    return path ? op(path) : undefined;
  };

  return {
    disposables: [turnReview, editorReview, diffApprovals, rangePicker],
    chatPart: {
      key: REVIEW,
      make: (chat) => {
        const turns = core.parts.get(chat, TURN_CHANGES);
        const tracked = turnReview.track(turns.turnChanges);
        const inEditor = editorReview.track(turns.turnChanges);
        const cards = bindTurnCards(chat, turns, { review: turnReview, editorReview, presenter });
        return {
          source: cards.source,
          actions: cards.actions,
          dispose: () => {
            cards.dispose();
            tracked.dispose();
            inEditor.dispose();
          },
        };
      },
    },
    commands: {
      [COMMANDS.diffApprovalAllow]: answerFromDiff('allow'),
      [COMMANDS.diffApprovalAllowAlways]: answerFromDiff('allowAlways'),
      [COMMANDS.diffApprovalDeny]: answerFromDiff('deny'),
      // Keep and Undo of one hunk: from its CodeLens (path and hunk id), or at the cursor from the keyboard.
      [COMMANDS.reviewKeep]: hunk((path, id) => editorReview.keep(path, id)),
      [COMMANDS.reviewUndo]: hunk((path, id) => editorReview.undo(path, id)),
      [COMMANDS.reviewKeepAtCursor]: atCursor((path, id) => editorReview.keep(path, id)),
      [COMMANDS.reviewUndoAtCursor]: atCursor((path, id) => editorReview.undo(path, id)),
      // Keep All / Undo All in the editor title: for the file shown (the title passes its URI), else the active editor's.
      [COMMANDS.reviewKeepFile]: file((path) => editorReview.keepFile(path)),
      [COMMANDS.reviewUndoFile]: file((path) => editorReview.undoFile(path)),
      [COMMANDS.reviewNext]: () => editorReview.go(1),
      [COMMANDS.reviewPrevious]: () => editorReview.go(-1),
      [COMMANDS.reviewChanges]: inActiveChat(core, vscode.l10n.t('Reviewing the changes'), reviewChanges),
    },
    test: { turnReview, editorReview, reviewRangePicker: rangePicker },
  };
}

/** The file an editor-title command is for: the URI it was given, else the active editor's. */
function fileOf(uri: unknown): string | undefined {
  if (uri instanceof vscode.Uri && uri.scheme === 'file') return uri.fsPath;
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === 'file' ? active.fsPath : undefined;
}
