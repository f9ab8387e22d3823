// Chats in their own git worktrees: New Chat in Worktree makes one on a new branch under the extension's storage and
// starts the chat's session there; the chat reviews what it changed against where it started, applies that to the
// user's folder (three-way, per file, a conflict written only when the user picks a side), opens it in a new window,
// or discards it (asked first, with what would be lost). Nothing is removed without the user's confirmation.
import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { WorktreeError, errorMessage } from '../acpClient/errors';
import { Emitter, type Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import { isInside } from '../acpClient/pathInside';
import type { Chat, WorkPlace } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import { WORKTREES, type Severity, type UserAction } from '../feedback/userErrors';
import { resolveInWorkspace } from '../workbench/workspacePaths';
import { setWorktreeRoots } from '../workbench/worktreeRoots';
import { conflictText, decideApply, type ConflictReason } from './applyDecision';
import { isSandboxStub } from './sandboxStubs';
import {
  addWorktree,
  branchNameProblem,
  carryChanges,
  changedFiles,
  commitsSince,
  deleteBranch,
  deleteRef,
  fileAt,
  hasUncommittedChanges,
  headCommit,
  keepCommit,
  mergeText,
  recordState,
  removeWorktree,
  repositoryOf,
  type Repository,
  type WorktreeFileChange,
} from './worktreeGit';
import type { WorktreeRecord, WorktreeStore } from './worktreeStore';

export const WORKTREE_SCHEME = 'acp-chat-worktree';

export interface ChatWorktreesDeps {
  store: WorktreeStore;
  logger: Logger;
  /** Where worktrees are made (the extension's storage for this workspace); undefined without a folder. */
  storageDir: string | undefined;
  trusted(): boolean;
  /** Said in the chat it concerns (or as a notification): the presenter's showMessage. */
  say(message: string, severity: Severity, actions: UserAction[], chat?: Chat): void;
}

/** What a worktree changed against where it started. */
export interface WorktreeChanges {
  files: WorktreeFileChange[];
  commits: string[];
  /** The recorded state of the worktree the files are read from. */
  state: string;
}

export interface ApplyConflict {
  path: string;
  reason: ConflictReason;
}

export interface ApplyOutcome {
  applied: string[];
  conflicts: ApplyConflict[];
  /** Conflicting files the user took the worktree's version of. */
  taken: string[];
}

/** Picks which conflicting files take the worktree's version (the rest keep the user's). */
export type PickConflicts = (conflicts: readonly ApplyConflict[], record: WorktreeRecord) => Thenable<string[]> | Promise<string[]>;
/** Asks before something is removed: the question and what would be lost. */
export type Confirm = (question: string, detail: string) => Thenable<boolean> | Promise<boolean>;

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
      deps.store.onDidChange(() => {
        this.publishRoots();
        this.changedEmitter.fire();
      }),
    );
    this.publishRoots();
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
    const folder = folders.length === 1 ? folders[0]! : await pickFolder(folders);
    if (!folder) return undefined;
    const repo = await repositoryOf(folder);
    const branch = await vscode.window.showInputBox({
      title: vscode.l10n.t('New Chat in Worktree'),
      prompt: WORKTREES.branchPrompt,
      value: `acp-chat/${randomBytes(3).toString('hex')}`,
      valueSelection: [9, 15],
      validateInput: (name) => branchNameProblem(repo, name),
      ignoreFocusOut: true,
    });
    if (branch === undefined) return undefined;
    let carry = false;
    if (await hasUncommittedChanges(repo)) {
      const choice = await vscode.window.showQuickPick(
        [
          { label: WORKTREES.carry, detail: WORKTREES.carryDetail, carry: true },
          { label: WORKTREES.leave, detail: WORKTREES.leaveDetail, carry: false },
        ],
        { title: WORKTREES.carryTitle, ignoreFocusOut: true },
      );
      if (!choice) return undefined;
      carry = choice.carry;
    }
    const record = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: WORKTREES.creating(branch) }, () =>
      this.make(repo, folder, branch, carry),
    );
    await chat.newSession({ folder: record.cwd, branch: record.branch });
    return record;
  }

  /** Makes the worktree and remembers it (the part of `create` past the questions). */
  async make(repo: Repository, folder: string, branch: string, carry: boolean): Promise<WorktreeRecord> {
    const id = randomBytes(6).toString('hex');
    const name = `${nodePath.basename(repo.root)}-${branch.replace(/[^A-Za-z0-9._-]+/gu, '-')}-${id.slice(0, 4)}`.slice(0, 80);
    const path = nodePath.join(this.deps.storageDir!, 'worktrees', name);
    const head = await headCommit(repo);
    await addWorktree(repo, path, branch, head);
    try {
      if (carry) {
        const skipped = await carryChanges(repo, path);
        if (skipped.length) this.deps.say(WORKTREES.notCarried(skipped), 'info', []);
      }
      const base = await recordState(repo.git, path);
      const baseRef = `refs/acp-chat/worktrees/${id}`;
      await keepCommit(repo, baseRef, base);
      // The chat's folder's place in the repository, inside the worktree (a folder below the repository's root).
      const inRepo = nodePath.relative(repo.root, realpathSync(folder));
      const record: WorktreeRecord = {
        id,
        branch,
        path,
        cwd: inRepo && !inRepo.startsWith('..') ? nodePath.join(path, inRepo) : path,
        repoRoot: repo.root,
        folder,
        base,
        baseHead: head,
        baseRef,
        sessions: [],
        createdAt: new Date().toISOString(),
      };
      await this.deps.store.add(record);
      this.deps.logger.info(`[worktrees] made ${path} on ${branch} from ${head.slice(0, 8)}${carry ? ' with the uncommitted changes' : ''}`);
      return record;
    } catch (err) {
      // Half made: nothing of it is kept (the branch is new and empty of the user's work).
      await removeWorktree(repo, path).catch(() => undefined);
      await deleteBranch(repo, branch).catch(() => undefined);
      throw err;
    }
  }

  /** What the worktree changed since it was made: its files (commits the agent made there included) and commits. */
  async changes(record: WorktreeRecord, repo?: Repository): Promise<WorktreeChanges> {
    repo ??= await this.repository(record);
    const state = await recordState(repo.git, record.path);
    const sessionDir = nodePath.relative(record.path, record.cwd).split(nodePath.sep).join('/');
    const files: WorktreeFileChange[] = [];
    for (const file of await changedFiles(repo, record.base, state)) {
      const empty = file.status === 'added' && file.added === 0 && file.removed === 0;
      if (empty && isSandboxStub(file.path, sessionDir, (await fileAt(repo, state, file.path))?.length ?? -1)) continue;
      files.push(file);
    }
    return { files, commits: await commitsSince(repo, record.baseHead, record.branch), state };
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
    const { files, state } = await this.changes(record, repo);
    const applied: string[] = [];
    const conflicts: ApplyConflict[] = [];
    const theirs = new Map<string, Buffer | undefined>();
    for (const file of files) {
      const target = nodePath.join(record.repoRoot, ...file.path.split('/'));
      const inside =
        isInside(record.repoRoot, target) &&
        (await resolveInWorkspace(target, [record.repoRoot]).then(
          () => true,
          () => false,
        ));
      if (!inside) {
        conflicts.push({ path: file.path, reason: 'outside' });
        continue;
      }
      const [base, their, mine] = await Promise.all([
        fileAt(repo, record.base, file.path),
        fileAt(repo, state, file.path),
        readFile(target).catch(() => undefined),
      ]);
      theirs.set(file.path, their);
      const unsaved = vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'file' && d.uri.fsPath === target && d.isDirty);
      let decision = decideApply({ base, theirs: their, mine, symlink: file.symlink, unsaved });
      if (decision.kind === 'merge') {
        const merged = await mergeText(repo.git, decision.mine, decision.base, decision.theirs);
        decision = merged.conflicts ? { kind: 'conflict', reason: 'both-changed' } : { kind: 'write', content: merged.text };
      }
      switch (decision.kind) {
        case 'same':
          break;
        case 'write':
          await writeInto(target, decision.content);
          applied.push(file.path);
          break;
        case 'delete':
          await unlink(target).catch(() => undefined);
          applied.push(file.path);
          break;
        case 'conflict':
          conflicts.push({ path: file.path, reason: decision.reason });
          break;
      }
    }
    // A side is written only for a file the user picked, and only where a side can be written at all.
    const pickable = conflicts.filter((c) => c.reason === 'both-changed' || c.reason === 'unsaved');
    const taken = pickable.length ? (await pick(pickable, record)).filter((p) => pickable.some((c) => c.path === p)) : [];
    for (const path of taken) {
      const target = nodePath.join(record.repoRoot, ...path.split('/'));
      const content = theirs.get(path);
      if (content === undefined) await unlink(target).catch(() => undefined);
      else await writeInto(target, content);
    }
    this.deps.logger.info(`[worktrees] applied ${record.branch}: ${applied.length} file(s), ${conflicts.length} conflict(s), ${taken.length} taken`);
    this.changedEmitter.fire();
    return { applied, conflicts, taken };
  }

  /** Discard: asked first with what would be lost; then the worktree, its branch and its ref go, and the record. */
  async discard(record: WorktreeRecord, chats: ChatRegistry, confirm: Confirm = askToDiscard): Promise<boolean> {
    const present = existsSync(record.path);
    const lost = present ? await this.changes(record).catch(() => undefined) : undefined;
    const detail = present ? WORKTREES.discardLoses(lost?.files.map((f) => f.path) ?? [], lost?.commits ?? []) : WORKTREES.pruneQuestion(record.branch);
    if (!(await confirm(WORKTREES.discardQuestion(record.branch), detail))) return false;
    // Its chats move to a new session in the user's folder first: the agent must not be left working in a removed folder.
    for (const chat of chats.all()) if (this.recordOf(chat)?.id === record.id) await chat.newSession();
    const repo = await this.repository(record);
    await removeWorktree(repo, record.path);
    await deleteBranch(repo, record.branch);
    await deleteRef(repo, record.baseRef);
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
    await this.discard(record, chats, async (question, detail) => {
      const yes = await vscode.window.showWarningMessage(
        WORKTREES.deleteWithChat(record.branch),
        { modal: true, detail: `${question}\n${detail}` },
        WORKTREES.discardButton,
      );
      return yes === WORKTREES.discardButton;
    });
  }

  /** Manage Worktrees: each with its state; pick one for Review, Apply, Open in New Window, Discard or Prune. */
  async manage(chats: ChatRegistry): Promise<void> {
    const records = this.deps.store.all();
    if (!records.length) {
      this.deps.say(WORKTREES.none, 'info', []);
      return;
    }
    const picked = await vscode.window.showQuickPick(
      records.map((r) => ({
        label: `$(git-branch) ${r.branch}`,
        description: existsSync(r.path) ? nodePath.basename(r.folder) : vscode.l10n.t('folder deleted'),
        detail: r.path,
        record: r,
      })),
      { title: vscode.l10n.t('Manage Worktrees'), placeHolder: vscode.l10n.t('A chat’s worktree') },
    );
    if (!picked) return;
    const r = picked.record;
    if (!existsSync(r.path)) {
      await this.discard(r, chats, async (question) => {
        const yes = await vscode.window.showWarningMessage(WORKTREES.pruneQuestion(r.branch), { modal: true, detail: question }, WORKTREES.pruneButton);
        return yes === WORKTREES.pruneButton;
      });
      return;
    }
    const action = await vscode.window.showQuickPick(
      [vscode.l10n.t('Review Changes'), vscode.l10n.t('Apply to Workspace'), vscode.l10n.t('Open Worktree in New Window'), vscode.l10n.t('Discard Worktree…')],
      { title: r.branch },
    );
    if (action === 'Review Changes') await this.review(r);
    else if (action === 'Apply to Workspace') this.sayApplied(await this.apply(r));
    else if (action === 'Open Worktree in New Window') await this.openInNewWindow(r);
    else if (action === 'Discard Worktree…') await this.discard(r, chats);
  }

  /** What an apply did, said once. */
  sayApplied(outcome: ApplyOutcome, chat?: Chat): void {
    const left = outcome.conflicts.filter((c) => !outcome.taken.includes(c.path));
    const message = [
      WORKTREES.applied(outcome.applied.length + outcome.taken.length),
      left.length ? WORKTREES.conflictsLeft(left.map((c) => `${c.path} (${conflictText(c.reason)})`)) : '',
    ]
      .filter(Boolean)
      .join(' ');
    this.deps.say(message, left.length ? 'warning' : 'info', [], chat);
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    this.changedEmitter.dispose();
    setWorktreeRoots([]);
  }

  private async repository(record: WorktreeRecord): Promise<Repository> {
    try {
      return await repositoryOf(record.repoRoot);
    } catch (err) {
      throw err instanceof WorktreeError ? err : new Error(`Reading the repository of ${record.branch} failed: ${errorMessage(err)}`);
    }
  }

  /** Paths in the worktrees are the agent's working folders: shown without the outside-the-workspace question. */
  private publishRoots(): void {
    setWorktreeRoots(this.deps.store.all().map((r) => r.path));
  }
}

async function writeInto(target: string, content: Buffer): Promise<void> {
  await mkdir(nodePath.dirname(target), { recursive: true });
  await writeFile(target, content);
}

async function pickFolder(folders: readonly string[]): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(
    folders.map((f) => ({ label: nodePath.basename(f), description: f, folder: f })),
    { title: vscode.l10n.t('New Chat in Worktree'), placeHolder: WORKTREES.folderPlaceholder },
  );
  return picked?.folder;
}

async function askWhichToTake(conflicts: readonly ApplyConflict[]): Promise<string[]> {
  const picked = await vscode.window.showQuickPick(
    conflicts.map((c) => ({ label: c.path, description: conflictText(c.reason), path: c.path })),
    { title: WORKTREES.conflictsTitle(conflicts.length), placeHolder: WORKTREES.conflictsPlaceholder, canPickMany: true, ignoreFocusOut: true },
  );
  return picked?.map((p) => p.path) ?? [];
}

async function askToDiscard(question: string, detail: string): Promise<boolean> {
  const yes = await vscode.window.showWarningMessage(question, { modal: true, detail }, WORKTREES.discardButton);
  return yes === WORKTREES.discardButton;
}
