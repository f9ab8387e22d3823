// Send Review: every draft comment of a chat's changes as one prompt to that chat (queued while a turn runs), the
// threads marked sent; and then, as the chat's later turns end, what they changed on a sent thread's lines comes
// under that thread. A comment is never lost: the threads stay whatever happens to the prompt.
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { Chat } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import type { TurnChangeSet } from '../checkpoints/turnChangeTracker';
import type { UserErrorPresenter } from '../feedback/userErrorPresenter';
import { reviewPrompt } from './reviewPrompt';
import { isPlanThread, type ReviewStore } from './reviewStore';
import { changeUnder, linesOf, relocate, type ReviewThread } from './reviewThreads';
import { REVIEW_COMMENTS } from './reviewCommentsWording';

export interface ReviewSenderDeps {
  store: ReviewStore;
  chats: Pick<ChatRegistry, 'active' | 'forSession'>;
  presenter: Pick<UserErrorPresenter, 'report' | 'showMessage'>;
  /** A path as the user knows it (relative to the chat's folder). */
  label(path: string, chat: Chat): string;
  reveal(chat: Chat): Promise<void>;
}

/** What the transcript keeps on a sent review's prompt, so the chat shows it as one compact entry. */
export interface ReviewMeta {
  comments: number;
  files: number;
}

async function currentText(path: string): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path);
  if (open) return open.getText();
  return readFile(path, 'utf8').catch(() => undefined);
}

export class ReviewSender {
  constructor(private readonly deps: ReviewSenderDeps) {}

  private drafts(): ReviewThread[] {
    return this.deps.store.all().filter((t) => t.state === 'draft' && !isPlanThread(t));
  }

  /** Sends the drafts of the chat of `sessionId` (a thread's), else of the active chat, else of the one chat with drafts. */
  async send(sessionId?: string): Promise<void> {
    const drafts = this.drafts();
    const active = this.deps.chats.active.session?.id;
    const target = sessionId ?? (drafts.some((t) => t.sessionId === active) ? active : drafts[0]?.sessionId);
    const mine = drafts.filter((t) => t.sessionId === target);
    if (!target || mine.length === 0) return this.say(REVIEW_COMMENTS.nothingToSend(), 'info');
    const chat = this.deps.chats.forSession(target);
    const session = chat?.session;
    if (!chat || !session || session.id !== target) return this.say(REVIEW_COMMENTS.chatClosed(), 'warning');
    // Quoted as the lines are now: a thread whose lines changed since is marked outdated and quoted as written.
    const current = await Promise.all(
      mine.map(async (t) => {
        const text = await currentText(t.path);
        return text === undefined ? { ...t, outdated: true } : relocate(t, text);
      }),
    );
    const files = new Set(current.map((t) => t.path)).size;
    const review: ReviewMeta = { comments: current.length, files };
    const blocks: ContentBlock[] = [{ type: 'text', text: reviewPrompt(current, (p) => this.deps.label(p, chat)), _meta: { acpChat: { review } } }];
    // The user's prompts: a subagent's incoming messages (in its lane) are not.
    const after = session.snapshot().entries.filter((e) => e.kind === 'user' && e.lane === undefined).length;
    this.deps.store.update(...current.map((t) => ({ ...t, state: 'sent' as const, after })));
    try {
      const submitted = session.submit(blocks);
      if ('sent' in submitted)
        submitted.sent.catch((err: unknown) => this.deps.presenter.report(err, { chat, what: vscode.l10n.t('Sending the review'), prompt: blocks }));
    } catch (err) {
      // Not taken: the comments are drafts again, to send once the chat can take them.
      this.deps.store.update(...current.map((t) => ({ ...t, state: 'draft' as const, after: undefined })));
      this.deps.presenter.report(err, { chat, what: vscode.l10n.t('Sending the review') });
      return;
    }
    this.say(REVIEW_COMMENTS.sent(current.length), 'info');
    await this.deps.reveal(chat);
  }

  /** A turn of the chat ended with `set`: its changes to a sent thread's lines come under that thread. */
  followUp(set: TurnChangeSet): void {
    const changed: ReviewThread[] = [];
    for (const t of this.deps.store.all()) {
      if (isPlanThread(t) || t.state !== 'sent' || t.sessionId !== set.sessionId || set.userIndex < (t.after ?? Infinity)) continue;
      const file = set.files.find((f) => f.path === t.path);
      if (!file || typeof file.after !== 'string') continue;
      const under = changeUnder(t, file.before ?? '', file.after);
      const next = { ...t, after: set.endUserIndex + 1 };
      if (!under) {
        changed.push({ ...relocate(next, file.after) });
        continue;
      }
      const diff = ['```diff', ...under.diff, '```'].join('\n');
      const lines = linesOf(file.after).slice(under.start, under.end + 1);
      changed.push({
        ...next,
        start: under.start,
        end: under.end,
        lines,
        outdated: false,
        comments: [...t.comments, this.deps.store.comment(REVIEW_COMMENTS.agentChanged(diff), 'agent')],
      });
    }
    if (changed.length) this.deps.store.update(...changed);
  }

  private say(message: string, severity: 'info' | 'warning'): void {
    this.deps.presenter.showMessage(message, severity, []);
  }
}
