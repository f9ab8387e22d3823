// Binds the chat to its turns beyond their entries: each turn's changes (ChatSource side) with Review and Revert, and
// going back from a user message: edit and resend it, restore the code and/or rewind the conversation to before it,
// retry a failed turn. Kept apart from chatBindings so these features are one place to read.
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { isInside } from '../../acpClient/pathInside';
import type { Chat } from '../../chat/chat';
import { promptWithText } from '../../acpClient/forkPoint';
import { Emitter } from '../../acpClient/events';
import type { TranscriptEntry } from '../../acpClient/transcript';
import type { CodeRestore } from '../../checkpoints/codeRestore';
import { planRestore } from '../../checkpoints/restorePlan';
import type { TurnChangeSet, TurnChangeTracker } from '../../checkpoints/turnChangeTracker';
import type { TurnReview } from '../../checkpoints/turnReview';
import type { EditorReview } from '../../review/editorReview';
import { describeGoBack, describeRestore, describeRevertRefusals, GO_BACK } from '../../feedback/userErrors';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';
import type { ChatActions, ChatSource } from './chatWebviewController';
import type { TurnChangesView, TurnsView } from '../protocol/protocol';

export function turnChangesView(set: TurnChangeSet, label: (path: string) => string, toReview: (path: string) => number = () => 0): TurnChangesView {
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
    })),
  };
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
    notes.push(vscode.l10n.t('The records of the {0} oldest turn{1} were dropped: their code cannot be restored.', dropped, dropped === 1 ? '' : 's'));
  return { changes: sets.map((s) => turnChangesView(s, label, toReview)), ...(notes.length ? { note: notes.join(' ') } : {}), superseded: [...superseded] };
}

export type TurnsSource = Pick<ChatSource, 'getTurns' | 'onDidChangeTurns' | 'onDidRequestDraft'>;
export type TurnsActions = Pick<ChatActions, 'reviewTurnChanges' | 'revertTurnChanges' | 'editPrompt' | 'goBack' | 'retryTurn'>;

export interface TurnsDeps {
  review: TurnReview;
  restore: CodeRestore;
  /** The changes still under review in the editor, counted per file on the cards. */
  editorReview?: Pick<EditorReview, 'count' | 'onDidChange'>;
  presenter: Pick<UserErrorPresenter, 'showMessage' | 'report'>;
}

export interface TurnsBinding {
  source: TurnsSource;
  actions: TurnsActions;
  dispose(): void;
}

export function bindTurns(chat: Chat, tracker: TurnChangeTracker, deps: TurnsDeps): TurnsBinding {
  const { review, restore, presenter } = deps;
  const changed = new Emitter<void>();
  const drafts = new Emitter<string>();
  /** Per session: the places of the user messages whose failed turn was retried. */
  const superseded = new Map<string, Set<number>>();
  const subs = [tracker.onDidChange(() => changed.fire()), chat.onDidChangeSession(() => changed.fire())];
  if (deps.editorReview) subs.push(deps.editorReview.onDidChange(() => changed.fire()));

  const entries = (): TranscriptEntry[] => chat.session?.snapshot().entries ?? [];
  /** A file's name as the chat shows it: relative to the chat's worktree while it works in one, else the workspace's. */
  const label = (path: string) => {
    const home = chat.workPlace?.folder;
    return home && isInside(home, path) ? nodePath.relative(home, path) : vscode.workspace.asRelativePath(path);
  };
  /** The user message `entryId` is, or (for a turn's other entries) the one whose turn holds it, with its place. */
  const userMessage = (entryId: string, within: 'self' | 'turn') => {
    const all = entries();
    const at = all.findIndex((e) => e.id === entryId);
    if (at < 0) return undefined;
    let i = at;
    if (within === 'turn') while (i >= 0 && all[i]!.kind !== 'user') i--;
    const entry = all[i];
    if (entry?.kind !== 'user') return undefined;
    return { entry, userIndex: all.slice(0, i).filter((e) => e.kind === 'user').length };
  };
  /**
   * Going back into another session: once it is shown, the records of the turns before the prompt come along (a fork
   * shares that history). Runs `op`, which switches the session.
   */
  const carrying = async <T>(userIndex: number, op: () => Promise<T>): Promise<T> => {
    const earlier = tracker.sets.filter((s) => s.endUserIndex < userIndex);
    const sub = chat.onDidChangeSession((session) => {
      sub.dispose();
      if (session) void tracker.inherit(earlier);
    });
    try {
      return await op();
    } finally {
      sub.dispose();
    }
  };
  const showOutcome = (message: ReturnType<typeof describeGoBack>) => {
    if (message) presenter.showMessage(message.message, message.severity, message.actions, chat);
  };

  const restoreCode = async (userIndex: number): Promise<boolean> => {
    const outcome = await restore.restore(tracker, userIndex, async (count, leftAlone) => {
      const detail = leftAlone.length ? vscode.l10n.t('Left alone: {0}.', leftAlone.map((r) => `${label(r.path)} (${r.reason})`).join('; ')) : undefined;
      const answer = await vscode.window.showWarningMessage(
        GO_BACK.confirmRestore(count),
        { modal: true, ...(detail ? { detail } : {}) },
        GO_BACK.restoreButton,
      );
      return answer === GO_BACK.restoreButton;
    });
    if (!outcome) return false;
    const said = describeRestore(outcome, label);
    presenter.showMessage(said.message, said.severity, said.actions, chat);
    return true;
  };

  return {
    source: {
      getTurns: () =>
        turnsView(
          tracker.sets,
          tracker.dropped,
          [...(superseded.get(chat.session?.id ?? '') ?? [])],
          label,
          deps.editorReview && ((p) => deps.editorReview!.count(p)),
        ),
      onDidChangeTurns: changed.event,
      onDidRequestDraft: drafts.event,
    },
    actions: {
      reviewTurnChanges: (id) => review.review(id),
      revertTurnChanges: async (id, path) => {
        const result = await review.revert(id, path === undefined ? undefined : [path]);
        const refusal = describeRevertRefusals(result.refused);
        if (refusal) presenter.showMessage(refusal.message, refusal.severity, refusal.actions, chat);
      },
      editPrompt: async (entryId, text) => {
        const found = userMessage(entryId, 'self');
        if (!found) return;
        const outcome = await carrying(found.userIndex, () => chat.editPrompt(entryId, promptWithText(found.entry.content, text)));
        showOutcome(describeGoBack('edit', outcome));
      },
      goBack: async (entryId) => {
        const found = userMessage(entryId, 'self');
        if (!found) return;
        const plan = planRestore(tracker.sets, found.userIndex);
        const canRestore = plan.files.length > 0 || plan.unknown.length > 0;
        type Item = vscode.QuickPickItem & { code: boolean; conversation: boolean };
        const items: Item[] = [
          ...(canRestore
            ? [{ label: GO_BACK.restoreCode, detail: GO_BACK.restoreCodeDetail, iconPath: new vscode.ThemeIcon('discard'), code: true, conversation: false }]
            : []),
          { label: GO_BACK.rewind, detail: GO_BACK.rewindDetail, iconPath: new vscode.ThemeIcon('history'), code: false, conversation: true },
          ...(canRestore
            ? [{ label: GO_BACK.both, detail: GO_BACK.bothDetail, iconPath: new vscode.ThemeIcon('debug-reverse-continue'), code: true, conversation: true }]
            : []),
        ];
        const picked = await vscode.window.showQuickPick(items, {
          title: GO_BACK.title,
          placeHolder: canRestore ? GO_BACK.placeholder : GO_BACK.placeholderNoCode,
        });
        if (!picked) return;
        // The code first: a rewound conversation is another session, whose records start empty.
        if (picked.code && !(await restoreCode(found.userIndex))) return;
        if (!picked.conversation) return;
        const outcome = await carrying(found.userIndex, () => chat.rewindTo(entryId));
        drafts.fire(found.entry.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n'));
        showOutcome(describeGoBack('rewind', outcome));
      },
      retryTurn: async (entryId) => {
        const found = userMessage(entryId, 'turn');
        const session = chat.session;
        if (!found || !session) return;
        const marks = superseded.get(session.id) ?? new Set<number>();
        superseded.set(session.id, marks.add(found.userIndex));
        changed.fire();
        await chat.retry(found.entry.id);
      },
    },
    dispose: () => {
      for (const s of subs) s.dispose();
      changed.dispose();
      drafts.dispose();
    },
  };
}
