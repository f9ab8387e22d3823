// The review's threads on screen, with VS Code's Comments API: on the lines of files a chat changed (in the editor and
// on the agent's side of a turn's diff) and on a plan's lines. Add, reply, edit and delete act on the store
// (reviewStore.ts), and every thread shown is drawn from it: a draft says so, a sent thread says it was sent and
// carries, under it, what the agent changed on its lines afterwards. Threads follow their lines as the file changes.
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { type AnyThread, isPlanThread, type ReviewStore } from './reviewStore';
import { linesOf, relocate } from './reviewThreads';
import { REVIEW_COMMENTS } from './reviewCommentsWording';

export const CONTROLLER_ID = 'acpChat.review';

/** One comment as VS Code shows it; ids lead back to the store. */
class ShownComment implements vscode.Comment {
  constructor(
    readonly threadId: string,
    readonly commentId: string,
    public body: string | vscode.MarkdownString,
    public mode: vscode.CommentMode,
    readonly author: vscode.CommentAuthorInformation,
    readonly contextValue: string,
    readonly label: string | undefined,
    readonly timestamp: Date,
  ) {}
}

export interface ThreadPlaces {
  /** The session of the chat whose change `path` holds (the newest), if a chat changed it. */
  ownerOf(path: string): string | undefined;
  /** A plan document's question (its permission key and session), if `uri` is one. */
  planOf(uri: vscode.Uri): { key: string; sessionId: string } | undefined;
}

export class CommentThreads implements vscode.Disposable {
  private readonly controller = vscode.comments.createCommentController(CONTROLLER_ID, REVIEW_COMMENTS.controllerLabel());
  private readonly shown = new Map<string, vscode.CommentThread>();
  private readonly ids = new WeakMap<vscode.CommentThread, string>();
  /** Comments open for editing (by id): their text is the editor's until Save or Cancel. */
  private readonly editing = new Set<string>();
  private readonly subs: vscode.Disposable[] = [];

  constructor(
    private readonly store: ReviewStore,
    private readonly places: ThreadPlaces,
    private readonly logger: Logger,
  ) {
    this.controller.options = { placeHolder: REVIEW_COMMENTS.placeholder(), prompt: REVIEW_COMMENTS.prompt() };
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: (doc) => (this.commentable(doc) ? [new vscode.Range(0, 0, Math.max(0, doc.lineCount - 1), 0)] : []),
    };
    this.subs.push(
      store.onDidChange(() => this.draw()),
      // A thread moves with its lines as the file is edited, here or on disk.
      vscode.workspace.onDidChangeTextDocument((e) => this.follow(e.document)),
    );
    this.draw();
  }

  private commentable(doc: vscode.TextDocument): boolean {
    if (this.places.planOf(doc.uri)) return true;
    return doc.uri.scheme === 'file' && this.places.ownerOf(doc.uri.fsPath) !== undefined;
  }

  /** The store's thread a thread on screen shows (a new one from the gutter's + has none yet). */
  threadOf(shown: vscode.CommentThread | undefined): AnyThread | undefined {
    const id = shown && this.ids.get(shown);
    return id ? this.store.get(id) : undefined;
  }

  /** The first comment of a new thread (from the gutter's +), or a reply to a thread. */
  reply(reply: vscode.CommentReply): void {
    const text = reply.text.trim();
    if (!text) return;
    const existing = this.threadOf(reply.thread);
    if (existing) {
      this.store.update({ ...existing, comments: [...existing.comments, this.store.comment(text)] });
      return;
    }
    const made = this.newThread(reply.thread, text);
    if (!made) {
      reply.thread.dispose();
      return;
    }
    // The thread VS Code made for the + becomes this one's.
    this.shown.set(made.id, reply.thread);
    this.ids.set(reply.thread, made.id);
    this.store.add(made);
  }

  private newThread(shown: vscode.CommentThread, text: string): AnyThread | undefined {
    const range = shown.range ?? new vscode.Range(0, 0, 0, 0);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === shown.uri.toString());
    const lines = doc ? linesOf(doc.getText()).slice(range.start.line, range.end.line + 1) : [];
    const base = {
      id: this.store.newId('t'),
      start: range.start.line,
      end: range.end.line,
      lines,
      comments: [this.store.comment(text)],
      state: 'draft' as const,
    };
    const plan = this.places.planOf(shown.uri);
    if (plan) return { ...base, sessionId: plan.sessionId, path: shown.uri.toString(), planKey: plan.key };
    const owner = shown.uri.scheme === 'file' ? this.places.ownerOf(shown.uri.fsPath) : undefined;
    if (!owner) {
      this.logger.warn(`[review] a comment on ${shown.uri.toString()}, which no chat changed, is not kept`);
      return undefined;
    }
    return { ...base, sessionId: owner, path: shown.uri.fsPath };
  }

  edit(comment: ShownComment): void {
    this.editing.add(comment.commentId);
    this.draw();
  }

  save(comment: ShownComment): void {
    this.editing.delete(comment.commentId);
    const thread = this.store.get(comment.threadId);
    const body = (typeof comment.body === 'string' ? comment.body : comment.body.value).trim();
    if (!thread) return;
    if (!body) return this.delete(comment);
    this.store.update({ ...thread, comments: thread.comments.map((c) => (c.id === comment.commentId ? { ...c, body } : c)) });
  }

  cancel(comment: ShownComment): void {
    this.editing.delete(comment.commentId);
    this.draw();
  }

  delete(comment: ShownComment): void {
    this.editing.delete(comment.commentId);
    const thread = this.store.get(comment.threadId);
    if (thread) this.store.update({ ...thread, comments: thread.comments.filter((c) => c.id !== comment.commentId) });
  }

  /** Deletes a whole draft thread (its title bar's action). */
  deleteThread(shown: vscode.CommentThread): void {
    const thread = this.threadOf(shown);
    if (thread) this.store.remove(thread.id);
    else shown.dispose();
  }

  private follow(doc: vscode.TextDocument): void {
    const inDoc = this.store.all().filter((t) => (isPlanThread(t) ? t.path === doc.uri.toString() : doc.uri.scheme === 'file' && t.path === doc.uri.fsPath));
    if (inDoc.length === 0) return;
    const text = doc.getText();
    const moved = inDoc.map((t) => relocate(t, text)).filter((t, i) => t !== inDoc[i]);
    if (moved.length) this.store.update(...moved);
  }

  /** Draws every thread of the store, its comments anew (a cancelled edit shows the kept text again). */
  private draw(): void {
    const live = new Set(this.store.all().map((t) => t.id));
    for (const [id, shown] of this.shown) {
      if (live.has(id)) continue;
      shown.dispose();
      this.shown.delete(id);
    }
    for (const t of this.store.all()) {
      const uri = isPlanThread(t) ? vscode.Uri.parse(t.path) : vscode.Uri.file(t.path);
      const range = new vscode.Range(t.start, 0, t.end, 0);
      let shown = this.shown.get(t.id);
      if (!shown) {
        shown = this.controller.createCommentThread(uri, range, []);
        this.shown.set(t.id, shown);
        this.ids.set(shown, t.id);
      } else if (!shown.range?.isEqual(range)) shown.range = range;
      this.paint(shown, t);
    }
  }

  private paint(shown: vscode.CommentThread, t: AnyThread): void {
    shown.contextValue = isPlanThread(t) ? `plan-${t.state}` : t.state;
    shown.canReply = t.state === 'draft';
    shown.label = REVIEW_COMMENTS.threadLabel(t.state, t.outdated === true);
    shown.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
    shown.comments = t.comments.map((c) => {
      const editing = this.editing.has(c.id);
      const you = c.author === 'user';
      return new ShownComment(
        t.id,
        c.id,
        you ? c.body : new vscode.MarkdownString(c.body),
        editing ? vscode.CommentMode.Editing : vscode.CommentMode.Preview,
        { name: you ? REVIEW_COMMENTS.you() : REVIEW_COMMENTS.agent() },
        you && t.state === 'draft' ? 'draft' : you ? 'sent' : 'agent',
        you && t.state === 'draft' ? REVIEW_COMMENTS.draftLabel() : undefined,
        new Date(c.at),
      );
    });
  }

  /** The thread on screen showing the store's thread `id` (what the tests read). */
  shownThread(id: string): vscode.CommentThread | undefined {
    return this.shown.get(id);
  }

  dispose(): void {
    for (const s of this.subs.splice(0)) s.dispose();
    this.controller.dispose();
  }
}

export type { ShownComment };
