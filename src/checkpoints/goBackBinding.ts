// Going back from a user message, as the chat's page asks for it: edit and resend it, restore the code and/or rewind
// the conversation to before it, retry a failed turn. The retried turns are marked superseded (the turn cards read
// the marks).
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import { promptWithText } from '../acpClient/forkPoint';
import { Emitter, type Event } from '../acpClient/events';
import type { TranscriptEntry } from '../acpClient/transcript';
import type { UserErrorPresenter } from '../feedback/userErrorPresenter';
import type { ChatActions, ChatSource } from '../webview/host/chatPage';
import type { CodeRestore } from './codeRestore';
import { fileLabel } from './fileLabel';
import { describeGoBack, describeRestore, GO_BACK } from './goBackWording';
import { planRestore } from './restorePlan';
import type { TurnChangeTracker } from './turnChangeTracker';

export interface GoBackBinding {
  source: Pick<ChatSource, 'onDidRequestDraft'>;
  actions: Pick<ChatActions, 'editPrompt' | 'goBack' | 'retryTurn'>;
  /** The places of the user messages whose failed turn was retried, in the session the chat shows. */
  superseded(): number[];
  readonly onDidChangeSuperseded: Event<void>;
  dispose(): void;
}

export function bindGoBack(
  chat: Chat,
  tracker: TurnChangeTracker,
  deps: { restore: CodeRestore; presenter: Pick<UserErrorPresenter, 'showMessage'> },
): GoBackBinding {
  const { restore, presenter } = deps;
  const drafts = new Emitter<string>();
  const supersededChanged = new Emitter<void>();
  /** Per session: the places of the user messages whose failed turn was retried. */
  const superseded = new Map<string, Set<number>>();
  const label = (path: string) => fileLabel(chat, path);

  const entries = (): TranscriptEntry[] => chat.session?.snapshot().entries ?? [];
  /** A prompt: a user message of the main flow (a subagent's lane may hold its own, which are not the user's). */
  const isPrompt = (e: TranscriptEntry) => e.kind === 'user' && e.lane === undefined;
  /** The user message `entryId` is, or (for a turn's other entries) the one whose turn holds it, with its place. */
  const userMessage = (entryId: string, within: 'self' | 'turn') => {
    const all = entries();
    const at = all.findIndex((e) => e.id === entryId);
    if (at < 0) return undefined;
    let i = at;
    if (within === 'turn') while (i >= 0 && !isPrompt(all[i]!)) i--;
    const entry = all[i];
    if (entry?.kind !== 'user' || !isPrompt(entry)) return undefined;
    return { entry, userIndex: all.slice(0, i).filter(isPrompt).length };
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
    source: { onDidRequestDraft: drafts.event },
    superseded: () => [...(superseded.get(chat.session?.id ?? '') ?? [])],
    onDidChangeSuperseded: supersededChanged.event,
    actions: {
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
        supersededChanged.fire();
        await chat.retry(found.entry.id);
      },
    },
    dispose: () => {
      drafts.dispose();
      supersededChanged.dispose();
    },
  };
}
