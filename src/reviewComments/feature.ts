// Reviewing the agent's work like a pull request: comments on the lines of files a chat changed (in the editor and on
// the agent's side of a turn's diff) and on a plan's lines, kept as drafts across reloads and sent to that chat as one
// prompt; the agent's later changes to those lines come under each sent thread.
import * as vscode from 'vscode';
import { partKey } from '../chat/chatParts';
import type { Chat } from '../chat/chat';
import { TURN_CHANGES } from '../checkpoints/feature';
import { COMMANDS } from '../contributions/commandIds';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import { shownPath } from '../workbench/shownPath';
import { CommentThreads, type ShownComment } from './commentThreads';
import { PlanReview } from './planReview';
import { ReviewSender } from './reviewSender';
import { ReviewStore } from './reviewStore';
import { REVIEW_COMMENTS } from './reviewCommentsWording';

export const REVIEW_COMMENTS_PART = partKey<ChatPart>('reviewComments');

export function activateReviewComments(core: Core): Feature {
  const { chats, presenter, logger } = core;
  const store = new ReviewStore(core.context.workspaceState);
  const say = (message: string) => presenter.showMessage(message, 'info', []);

  /** The chat whose newest turn changed `path` (the active one first), by its session. */
  const ownerOf = (path: string): string | undefined => {
    const order = [chats.active, ...chats.all().filter((c) => c !== chats.active)];
    for (const chat of order) {
      const sets = core.parts.get(chat, TURN_CHANGES).turnChanges.sets;
      if (chat.session && sets.some((s) => s.files.some((f) => f.path === path))) return chat.session.id;
    }
    return undefined;
  };

  /** Sends `text` to the chat of `sessionId` as soon as its running turn is over (now when it runs none). */
  const submitAfterTurn = (sessionId: string, text: string): boolean => {
    const chat = chats.forSession(sessionId);
    const session = chat?.session;
    if (!chat || session?.id !== sessionId) {
      presenter.showMessage(REVIEW_COMMENTS.chatClosed(), 'warning', []);
      return false;
    }
    const blocks = [{ type: 'text' as const, text }];
    const send = () => {
      try {
        const submitted = session.submit(blocks);
        if ('sent' in submitted)
          submitted.sent.catch((err: unknown) => presenter.report(err, { chat, what: vscode.l10n.t('Sending the feedback'), prompt: blocks }));
      } catch (err) {
        presenter.report(err, { chat, what: vscode.l10n.t('Sending the feedback'), prompt: blocks });
      }
    };
    if (session.status.turn === 'idle') send();
    else {
      const sub = session.onDidChange(() => {
        if (session.status.turn !== 'idle') return;
        sub.dispose();
        send();
      });
    }
    void core.views.reveal(chat);
    return true;
  };

  const plans = new PlanReview({ store, permissions: core.permissions, submitAfterTurn, say });
  const threads = new CommentThreads(store, { ownerOf, planOf: (uri) => plans.planOf(uri) }, logger);
  const sender = new ReviewSender({
    store,
    chats,
    presenter,
    label: (path, chat: Chat) => shownPath(path, [...(chat.workPlace ? [chat.workPlace.folder] : []), ...core.folders.paths()]).text,
    reveal: (chat) => core.views.reveal(chat),
  });

  return {
    disposables: [threads, plans, store],
    chatPart: {
      key: REVIEW_COMMENTS_PART,
      make: (chat) => {
        // Each turn that ends brings what it changed under the chat's sent threads (a set once: ids are per activation).
        const { turnChanges } = core.parts.get(chat, TURN_CHANGES);
        const seen = new Set(turnChanges.sets.map((s) => s.id));
        const sub = turnChanges.onDidChange(() => {
          for (const set of turnChanges.sets) {
            if (seen.has(set.id)) continue;
            seen.add(set.id);
            sender.followUp(set);
          }
        });
        return {
          actions: { showReviewComments: async () => void (await vscode.commands.executeCommand('workbench.action.focusCommentsPanel')) },
          dispose: () => sub.dispose(),
        };
      },
    },
    commands: {
      [COMMANDS.reviewCommentAdd]: (reply) => threads.reply(reply as vscode.CommentReply),
      [COMMANDS.reviewCommentEdit]: (comment) => threads.edit(comment as ShownComment),
      [COMMANDS.reviewCommentSave]: (comment) => threads.save(comment as ShownComment),
      [COMMANDS.reviewCommentCancel]: (comment) => threads.cancel(comment as ShownComment),
      [COMMANDS.reviewCommentDelete]: (comment) => threads.delete(comment as ShownComment),
      [COMMANDS.reviewThreadDelete]: (thread) => threads.deleteThread(thread as vscode.CommentThread),
      // From a thread's title bar (that thread's chat), or the command palette (the active chat's drafts).
      [COMMANDS.reviewSend]: (thread) => sender.send(threads.threadOf(thread as vscode.CommentThread | undefined)?.sessionId),
      [COMMANDS.planSendFeedback]: (uri) => plans.sendFeedback(uri),
      [COMMANDS.planApprove]: (uri) => plans.approve(uri),
    },
    test: { reviewStore: store, commentThreads: threads, reviewSender: sender, planReview: plans },
  };
}
