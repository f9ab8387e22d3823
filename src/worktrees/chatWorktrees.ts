// Chats in their own git worktrees: New Chat in Worktree makes one on a new branch under the extension's storage and
// starts the chat's session there; the chat reviews what it changed against where it started, applies that to the
// user's folder (three-way, per file, a conflict written only when the user picks a side), opens it in a new window,
// or discards it (asked first, with what would be lost). Nothing is removed without the user's confirmation.
// This class holds where each session works and the worktrees' lifecycle; the steps are in newWorktree.ts,
// worktreeChanges.ts, worktreeApply.ts, worktreeDiscard.ts and manageWorktrees.ts.
import { existsSync } from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { errorMessage } from '../acpClient/errors';
import { Emitter, type Disposable } from '../acpClient/events';
import type { Chat, WorkPlace } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import { WorktreeError } from './worktreeError';
import { WORKTREES } from './worktreeWording';
import { manageWorktrees } from './manageWorktrees';
import { askForWorktree, makeWorktree, type NewWorktreeDeps } from './newWorktree';
import { appliedSummary, applyChanges, askWhichToTake, type ApplyOutcome, type PickConflicts } from './worktreeApply';
import { changesOf, type WorktreeChanges } from './worktreeChanges';
import { askToDiscard, askToDiscardWithChat, deleteFromRepository, type Confirm } from './worktreeDiscard';
import { fileAt, repositoryOf, type Repository } from './worktreeGit';
import type { WorktreeRecord } from './worktreeStore';

export const WORKTREE_SCHEME = 'acp-chat-worktree';

export interface ChatWorktreesDeps extends NewWorktreeDeps {
  trusted(): boolean;
}

export class ChatWorktrees implements vscode.Disposable {
  private readonly changedEmitter = new Emitter<void>((err) => this.deps.logger.error('[worktrees] listener failed', err));
  /** A worktree's files may have changed (a turn ended, an apply, a discard): views read them again. */
  readonly onDidChangeFiles = this.changedEmitter.event;
  private readonly subs: Disposable[] = [];
  /** Missing worktrees already said, so a reload says it once. */
  private readonly saidMissing = new Set<string>();

  constructor(private readonly deps: ChatWorktreesDeps) {
    this.subs.push(
      vscode.workspace.registerTextDocumentContentProvider(WORKTREE_SCHEME, this),
      deps.store.onDidChange(() => this.changedEmitter.fire()),
    );
  }

  /** The worktrees' folders: the agent works in them as in the workspace's (paths there are shown without asking). */
  roots(): string[] {
    return this.deps.store.all().map((r) => r.path);
  }

  /** Where `sessionId` works, when it works in a worktree that is still there; a missing one is said once. */
  placeOf(sessionId: string): WorkPlace | undefined {
    const record = this.deps.store.forSession(sessionId);
    if (!record) return undefined;
    if (!existsSync(record.cwd)) {
      if (!this.saidMissing.has(record.id)) {
        this.saidMissing.add(record.id);
        this.deps.say(WORKTREES.missing(record.branch), 'warning', ['manageWorktrees']);
      }
      return undefined;
    }
    return { folder: record.cwd, branch: record.branch };
  }

  /** The branch of the worktree `sessionId` works in (the history's label; its folder may be gone). */
  branchOf(sessionId: string): string | undefined {
    return this.deps.store.forSession(sessionId)?.branch;
  }

  /** The folders a session may read and write through the client (fs/*, terminal cwd): its worktree only, if it has one. */
  rootsOf(sessionId: string): string[] | undefined {
    const record = this.deps.store.forSession(sessionId);
    return record ? [record.path] : undefined;
  }

  /** The record of the worktree `chat` works in. */
  recordOf(chat: Pick<Chat, 'workPlace'>): WorktreeRecord | undefined {
    const place = chat.workPlace;
    return place ? this.deps.store.forFolder(place.folder) : undefined;
  }

  /** Every session a chat opens in a worktree belongs to it (a fork too); a turn's end may have changed its files. */
  track(chats: ChatRegistry): Disposable {
    const turns = new Map<Chat, Disposable>();
    const sub = chats.onDidChangeSession(({ chat, session }) => {
      turns.get(chat)?.dispose();
      turns.delete(chat);
      const record = this.recordOf(chat);
      if (!session || !record) return;
      void this.deps.store.addSession(record.id, session.id);
      turns.set(
        chat,
        session.onDidChange((changes) => {
          if (changes.some((c) => c.type === 'meta-changed' && c.keys.includes('turn')) && session.status.turn === 'idle') this.changedEmitter.fire();
        }),
      );
    });
    return {
      dispose: () => {
        sub.dispose();
        for (const t of turns.values()) t.dispose();
      },
    };
  }

  /**
   * New Chat in Worktree: asks for the folder (several open), the branch and, when the folder has uncommitted changes,
   * whether to bring them; makes the worktree and starts `chat`'s new session in it. Undefined when the user cancelled.
   */
  async create(chat: Chat, folders: readonly string[]): Promise<WorktreeRecord | undefined> {
    if (!this.deps.trusted()) throw new WorktreeError('untrusted', 'The workspace is not trusted.');
    if (!folders.length || !this.deps.storageDir) throw new WorktreeError('no-folder', 'No folder is open.');
    const answers = await askForWorktree(folders);
    if (!answers) return undefined;
    const { repo, folder, branch, carry } = answers;
    const record = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: WORKTREES.creating(branch) }, () =>
      this.make(repo, folder, branch, carry),
    );
    await chat.newSession({ folder: record.cwd, branch: record.branch });
    return record;
  }

  /** Makes the worktree and remembers it (the part of `create` past the questions). */
  make(repo: Repository, folder: string, branch: string, carry: boolean): Promise<WorktreeRecord> {
    return makeWorktree(repo, folder, branch, carry, this.deps);
  }

  /** What the worktree changed since it was made: its files (commits the agent made there included) and commits. */
  async changes(record: WorktreeRecord, repo?: Repository): Promise<WorktreeChanges> {
    repo ??= await this.repository(record);
    return changesOf(record, repo);
  }

  /** The multi-file diff of what the worktree changed (or of one file): where it started ↔ the worktree now. */
  async review(record: WorktreeRecord, only?: string): Promise<void> {
    const { files } = await this.changes(record);
    const shown = files.filter((f) => only === undefined || f.path === only);
    if (!shown.length) {
      this.deps.say(WORKTREES.noChanges, 'info', []);
      return;
    }
    const resources = shown.map((f) => {
      const now = vscode.Uri.file(nodePath.join(record.path, ...f.path.split('/')));
      const before = vscode.Uri.from({ scheme: WORKTREE_SCHEME, path: `/${record.id}/${f.path}` });
      return [now, before, f.status === 'deleted' ? before : now] as [vscode.Uri, vscode.Uri, vscode.Uri];
    });
    await vscode.commands.executeCommand('vscode.changes', vscode.l10n.t('Changes in {0}', record.branch), resources);
  }

  /** A file as it was when the worktree was made (empty when it did not exist): the left side of Review. */
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const [, id, ...rest] = uri.path.split('/');
    const record = this.deps.store.get(id ?? '');
    if (!record) return '(This worktree is gone.)';
    const repo = await this.repository(record);
    return (await fileAt(repo, record.base, rest.join('/')))?.toString('utf8') ?? '';
  }

  /**
   * Apply to Workspace: each file the worktree changed, brought into the user's folder as an uncommitted change. A
   * file the user changed too is merged three-way; one that conflicts is written only if `pick` takes the worktree's
   * version for it. Refused while the chat's turn runs in the worktree.
   */
  async apply(record: WorktreeRecord, pick: PickConflicts = askWhichToTake): Promise<ApplyOutcome> {
    const repo = await this.repository(record);
    const outcome = await applyChanges(record, repo, await this.changes(record, repo), pick);
    const { applied, conflicts, taken } = outcome;
    this.deps.logger.info(`[worktrees] applied ${record.branch}: ${applied.length} file(s), ${conflicts.length} conflict(s), ${taken.length} taken`);
    this.changedEmitter.fire();
    return outcome;
  }

  /** Discard: asked first with what would be lost; then the worktree, its branch and its ref go, and the record. */
  async discard(record: WorktreeRecord, chats: ChatRegistry, confirm: Confirm = askToDiscard): Promise<boolean> {
    const present = existsSync(record.path);
    const lost = present ? await this.changes(record).catch(() => undefined) : undefined;
    const detail = present ? WORKTREES.discardLoses(lost?.files.map((f) => f.path) ?? [], lost?.commits ?? []) : WORKTREES.pruneQuestion(record.branch);
    if (!(await confirm(WORKTREES.discardQuestion(record.branch), detail))) return false;
    // Its chats move to a new session in the user's folder first: the agent must not be left working in a removed folder.
    for (const chat of chats.all()) if (this.recordOf(chat)?.id === record.id) await chat.newSession();
    await deleteFromRepository(await this.repository(record), record);
    await this.deps.store.remove(record.id);
    this.deps.logger.info(`[worktrees] discarded ${record.path} and ${record.branch}`);
    this.deps.say(WORKTREES.discarded(record.branch), 'info', []);
    return true;
  }

  /** Open Worktree in New Window. */
  async openInNewWindow(record: WorktreeRecord): Promise<void> {
    if (!existsSync(record.path)) throw new WorktreeError('missing', `${record.path} does not exist.`);
    await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(record.path), { forceNewWindow: true });
  }

  /** A conversation is being deleted: offers to discard its worktree too (asked, never assumed). */
  async offerDiscardWith(sessionId: string, chats: ChatRegistry): Promise<void> {
    const record = this.deps.store.forSession(sessionId);
    if (!record) return;
    const others = record.sessions.filter((s) => s !== sessionId);
    if (others.length) return; // another conversation still works there
    await this.discard(record, chats, askToDiscardWithChat(record.branch));
  }

  /** Manage Worktrees: each with its state; pick one for Review, Apply, Open in New Window, Discard or Prune. */
  async manage(chats: ChatRegistry): Promise<void> {
    const records = this.deps.store.all();
    if (!records.length) {
      this.deps.say(WORKTREES.none, 'info', []);
      return;
    }
    await manageWorktrees(this, records, chats);
  }

  /** What an apply did, said once. */
  sayApplied(outcome: ApplyOutcome, chat?: Chat): void {
    const { message, severity } = appliedSummary(outcome);
    this.deps.say(message, severity, [], chat);
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    this.changedEmitter.dispose();
  }

  private async repository(record: WorktreeRecord): Promise<Repository> {
    try {
      return await repositoryOf(record.repoRoot);
    } catch (err) {
      throw err instanceof WorktreeError ? err : new Error(`Reading the repository of ${record.branch} failed: ${errorMessage(err)}`);
    }
  }
}
