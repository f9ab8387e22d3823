// The agent's changes under review in the editor: each file the agent changed shows its hunks where the code is
// (added lines highlighted, the removed lines' text at the end of the lines that replaced them: removedLines.ts, and
// whole in the hover), with Keep and Undo per hunk
// (CodeLens, and at the cursor from the keyboard), Keep All / Undo All in the editor title, and Next / Previous Change
// across hunks and files. Undo writes exactly that hunk's lines back as one undoable edit and saves (the agent reads
// the disk); a hunk the user changed since is refused with the reason. The files come from each chat's turn changes
// (at a turn's end, and as tool calls write while it runs) and are kept in the workspace's state across reloads.
import * as vscode from 'vscode';
import { Emitter, type Event } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { TurnChangeTracker } from '../checkpoints/turnChangeTracker';
import { COMMANDS } from '../contributions/commandIds';
import { hunkId, locateHunks, undoEdit, undoHunk, type LocatedHunk } from './hunks';
import { afterTurn, afterWrite, hunksOf, kept, undone, type FileUnderReview } from './reviewState';
import { removedMarks } from './removedLines';
import { REVIEW } from './reviewWording';

const STATE_KEY = 'acpChat.review';
/** Bounds of what is kept across reloads: the most recently changed files, and their text in total. */
const MAX_FILES = 100;
const MAX_CHARS = 8 * 1024 * 1024;

export interface EditorReviewDeps {
  memento: vscode.Memento;
  logger: Logger;
  /** Says why a Keep or an Undo did nothing (the extension's one place that shows messages). */
  say(message: string): void;
  /** Whether marks are shown (acpChat.review.marks). */
  marksOn(): boolean;
  /** Whether a finished turn opens the first file it changed (acpChat.review.openAfterTurn). */
  openAfterTurn(): 'never' | 'preview' | 'focus';
}

export class EditorReview implements vscode.CodeLensProvider, vscode.HoverProvider, vscode.Disposable {
  private readonly files = new Map<string, FileUnderReview>();
  /**
   * Files under review only from the writes of the running turn, not judged yet: their base is worked out again at
   * each write (the disk may already hold later writes), and the turn's own record replaces it when the turn ends.
   */
  private readonly provisional = new Set<string>();
  private readonly added = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
    borderColor: new vscode.ThemeColor('editorGutter.addedBackground'),
    borderStyle: 'solid',
    borderWidth: '0 0 0 3px',
  });
  private readonly edited = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.unchangedRegionBackground'),
    borderColor: new vscode.ThemeColor('editorGutter.modifiedBackground'),
    borderStyle: 'dashed',
    borderWidth: '0 0 0 3px',
  });
  // The removed lines' own text, struck through in the deleted colour at the end of the line that replaced them.
  private readonly removed = vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor('editorGutter.deletedBackground'), margin: '0 0 0 2em', textDecoration: 'line-through' },
  });
  private readonly lensEmitter = new Emitter<void>();
  readonly onDidChangeCodeLenses = this.lensEmitter.event;
  private readonly changeEmitter: Emitter<void>;
  /** The files under review changed (a hunk kept or undone, a turn's changes came): the chat's counts follow. */
  readonly onDidChange: Event<void>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: EditorReviewDeps) {
    this.changeEmitter = new Emitter((err) => deps.logger.error('[review] listener failed', err));
    this.onDidChange = this.changeEmitter.event;
    for (const f of deps.memento.get<FileUnderReview[]>(STATE_KEY, [])) if (isFile(f) && hunksOf(f).length) this.files.set(f.path, f);
    this.disposables.push(
      this.added,
      this.edited,
      this.removed,
      vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this),
      vscode.languages.registerHoverProvider({ scheme: 'file' }, this),
      vscode.window.onDidChangeVisibleTextEditors(() => this.decorateAll()),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('acpChat.review.marks')) this.refreshAll();
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.files.has(e.document.uri.fsPath)) this.refresh(e.document.uri.fsPath);
      }),
    );
    this.refreshAll();
  }

  /** Follows `tracker`'s turns: what each changed comes under review. */
  track(tracker: TurnChangeTracker): vscode.Disposable {
    const seen = new Set(tracker.sets.map((s) => s.id));
    const turns = tracker.onDidChange(() => {
      const fresh = tracker.sets.filter((s) => !seen.has(s.id));
      for (const s of fresh) seen.add(s.id);
      // A reopened conversation's records are history, not changes to judge now: only a turn that just ended counts.
      const ended = fresh.at(-1);
      if (!ended || fresh.length > 1) return;
      for (const f of ended.files) {
        if (f.before === undefined || f.reverted) continue;
        const current = this.provisional.has(f.path) ? undefined : this.files.get(f.path);
        this.set(f.path, afterTurn(current, f.path, f.before, f.after));
      }
      for (const path of this.provisional) if (!ended.files.some((f) => f.path === path)) this.files.delete(path);
      this.provisional.clear();
      this.changed();
      void this.openFirst(ended.files.map((f) => f.path).filter((p) => this.files.has(p)));
    });
    const writes = tracker.onDidToolWrite(async (paths) => {
      for (const [path, diffs] of paths) {
        const now = await currentText(path);
        if (now === undefined) continue;
        const earlier = this.files.has(path) && !this.provisional.has(path);
        // A file under review from before moves on by this call's diffs; any other starts again from all the turn's.
        const next = earlier ? afterWrite(this.files.get(path), path, now, diffs.slice(-1)) : afterWrite(undefined, path, now, diffs);
        if (!next) continue;
        this.set(path, next);
        if (!earlier) this.provisional.add(path);
      }
      this.changed();
    });
    return { dispose: () => (turns.dispose(), writes.dispose()) };
  }

  /** The first file a finished turn changed, as the setting says: never taking the keyboard unless asked. */
  private async openFirst(paths: readonly string[]): Promise<void> {
    const how = this.deps.openAfterTurn();
    if (how === 'never' || !paths.length) return;
    const first = [...paths].sort()[0]!;
    const line = (await this.hunks(first))[0]?.start ?? 0;
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(first), { preview: how === 'preview', preserveFocus: how !== 'focus' });
    const pos = new vscode.Position(Math.min(line, Math.max(0, editor.document.lineCount - 1)), 0);
    editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  /** How many hunks of `path` are still under review. */
  count(path: string): number {
    const f = this.files.get(path);
    return f ? hunksOf(f).length : 0;
  }

  /** The hunks of `path` as they stand in its open document (or on disk). */
  async hunks(path: string): Promise<LocatedHunk[]> {
    const f = this.files.get(path);
    if (!f) return [];
    return locateHunks(hunksOf(f), f.agent, (await currentText(path)) ?? '');
  }

  /** Keep: the hunk stays as the agent wrote it and its marks go. */
  async keep(path: string, id: string): Promise<boolean> {
    const f = this.files.get(path);
    const hunk = f && hunksOf(f).find((h) => hunkId(h) === id);
    if (!f || !hunk) return this.refuse(REVIEW.gone);
    this.provisional.delete(path);
    this.set(path, kept(f, hunk));
    this.changed();
    return true;
  }

  /** Undo: that hunk's lines as they were, one undoable edit, saved; refused for a hunk the user changed since. */
  async undo(path: string, id: string): Promise<boolean> {
    const f = this.files.get(path);
    const hunk = f && hunksOf(f).find((h) => hunkId(h) === id);
    if (!f || !hunk) return this.refuse(REVIEW.gone);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    const located = locateHunks([hunk], f.agent, doc.getText())[0]!;
    if (located.edited) return this.refuse(REVIEW.editedByYou);
    const next = undone(f, hunk);
    const edit = new vscode.WorkspaceEdit();
    const metadata = { label: vscode.l10n.t('Undo the agent’s change'), needsConfirmation: false };
    if (f.base === null && undoHunk(f.agent, hunk) === '' && doc.getText() === located.added.join('')) {
      // The whole of a file the agent created: undone, it does not exist.
      edit.deleteFile(doc.uri, { ignoreIfNotExists: true }, metadata);
    } else {
      const { start, end, text } = undoEdit(located);
      edit.replace(doc.uri, lineRange(doc, start, end), text, metadata);
    }
    if (!(await vscode.workspace.applyEdit(edit))) return this.refuse(REVIEW.notApplied);
    if (!doc.isClosed) await doc.save();
    this.provisional.delete(path);
    this.set(path, next);
    this.changed();
    return true;
  }

  /** Keep All for a file: its marks go. */
  keepFile(path: string): void {
    this.provisional.delete(path);
    this.set(path, undefined);
    this.changed();
  }

  /** Undo All for a file: every hunk the user did not change, in one edit; the others are named. */
  async undoFile(path: string): Promise<void> {
    const f = this.files.get(path);
    if (!f) return;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    const hunks = locateHunks(hunksOf(f), f.agent, doc.getText());
    const clean = hunks.filter((h) => !h.edited);
    const edit = new vscode.WorkspaceEdit();
    const metadata = { label: vscode.l10n.t('Undo the agent’s changes'), needsConfirmation: false };
    if (f.base === null && clean.length === hunks.length && doc.getText() === (f.agent ?? '')) edit.deleteFile(doc.uri, { ignoreIfNotExists: true }, metadata);
    // From the bottom up, so the lines above keep their numbers.
    else for (const h of [...clean].reverse()) edit.replace(doc.uri, lineRange(doc, h.start, h.end), undoEdit(h).text, metadata);
    if (clean.length && !(await vscode.workspace.applyEdit(edit))) {
      this.refuse(REVIEW.notApplied);
      return;
    }
    if (!doc.isClosed) await doc.save();
    let next: FileUnderReview | undefined = f;
    for (const h of [...clean].reverse()) next = next && undone(next, h);
    this.provisional.delete(path);
    this.set(path, next);
    this.changed();
    if (clean.length < hunks.length) this.deps.say(REVIEW.someEdited(hunks.length - clean.length));
  }

  /** Next (or previous) hunk after the cursor, in this file and then the next ones (opening them). */
  async go(direction: 1 | -1): Promise<void> {
    const paths = [...this.files.keys()].sort();
    if (!paths.length) return;
    const editor = vscode.window.activeTextEditor;
    const here = editor?.document.uri.fsPath;
    const line = editor?.selection.active.line ?? -1;
    const ordered = direction === 1 ? paths : [...paths].reverse();
    const startAt = here && paths.includes(here) ? ordered.indexOf(here) : 0;
    for (let k = 0; k <= ordered.length; k++) {
      const path = ordered[(startAt + k) % ordered.length]!;
      const hunks = (await this.hunks(path)).map((h) => h.start);
      const sameFile = k === 0 && path === here;
      const next = direction === 1 ? hunks.find((s) => !sameFile || s > line) : [...hunks].reverse().find((s) => !sameFile || s < line);
      if (next === undefined) continue;
      const shown = await vscode.window.showTextDocument(vscode.Uri.file(path), { preview: false });
      const pos = new vscode.Position(Math.min(next, Math.max(0, shown.document.lineCount - 1)), 0);
      shown.selection = new vscode.Selection(pos, pos);
      shown.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      return;
    }
  }

  /** The hunk at the cursor of the active editor, for the keyboard's Keep and Undo. */
  async atCursor(): Promise<{ path: string; id: string } | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return undefined;
    const path = editor.document.uri.fsPath;
    const line = editor.selection.active.line;
    const h = (await this.hunks(path)).find((x) => line >= x.start && line <= Math.max(x.start, x.end - 1));
    return h && { path, id: hunkId(h) };
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const f = this.files.get(doc.uri.fsPath);
    if (!f || !this.deps.marksOn()) return [];
    return locateHunks(hunksOf(f), f.agent, doc.getText()).flatMap((h) => {
      const range = new vscode.Range(h.start, 0, h.start, 0);
      const args = [doc.uri.fsPath, hunkId(h)];
      return [
        new vscode.CodeLens(range, { title: REVIEW.keepLens, command: COMMANDS.reviewKeep, arguments: args, tooltip: REVIEW.keepTooltip }),
        new vscode.CodeLens(range, {
          title: h.edited ? REVIEW.undoEditedLens : REVIEW.undoLens,
          command: COMMANDS.reviewUndo,
          arguments: args,
          tooltip: h.edited ? REVIEW.editedByYou : REVIEW.undoTooltip,
        }),
      ];
    });
  }

  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    const f = this.files.get(doc.uri.fsPath);
    if (!f || !this.deps.marksOn()) return undefined;
    const h = locateHunks(hunksOf(f), f.agent, doc.getText()).find((x) => pos.line >= x.start && pos.line <= Math.max(x.start, x.end - 1));
    if (!h || !h.removed.length) return undefined;
    const md = new vscode.MarkdownString();
    md.appendText(REVIEW.removedHover(h.removed.length));
    md.appendCodeblock(h.removed.join('').replace(/\n$/u, ''), doc.languageId);
    return new vscode.Hover(md);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.lensEmitter.dispose();
    this.changeEmitter.dispose();
  }

  /** The marks on, or off (the setting changed). */
  refreshAll(): void {
    this.decorateAll();
    this.lensEmitter.fire();
    this.updateContext();
  }

  private set(path: string, f: FileUnderReview | undefined): void {
    if (f) this.files.set(path, f);
    else this.files.delete(path);
  }

  private changed(): void {
    this.refreshAll();
    this.changeEmitter.fire();
    void this.save();
  }

  private refresh(path: string): void {
    const f = this.files.get(path);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path);
    // The user (or a revert) put the file back as it was: nothing left to judge.
    if (f && doc && doc.getText() === (f.base ?? '')) this.files.delete(path);
    this.refreshAll();
    if (!this.files.has(path)) this.changeEmitter.fire();
  }

  private decorateAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.decorate(editor);
  }

  private decorate(editor: vscode.TextEditor): void {
    const f = this.files.get(editor.document.uri.fsPath);
    const hunks = f && this.deps.marksOn() ? locateHunks(hunksOf(f), f.agent, editor.document.getText()) : [];
    const lines = (h: LocatedHunk) => (h.end > h.start ? new vscode.Range(h.start, 0, h.end - 1, 0) : new vscode.Range(h.start, 0, h.start, 0));
    editor.setDecorations(this.added, hunks.filter((h) => !h.edited && h.end > h.start).map(lines));
    editor.setDecorations(this.edited, hunks.filter((h) => h.edited).map(lines));
    editor.setDecorations(
      this.removed,
      hunks
        .flatMap((h) => removedMarks(h, editor.document.lineCount))
        .map((m) => ({
          range: new vscode.Range(m.line, Number.MAX_SAFE_INTEGER, m.line, Number.MAX_SAFE_INTEGER),
          renderOptions: { after: { contentText: REVIEW.removedInline(m.shown, m.more) } },
        })),
    );
  }

  private updateContext(): void {
    const active = vscode.window.activeTextEditor?.document.uri.fsPath;
    void vscode.commands.executeCommand('setContext', 'acpChat.reviewFile', !!active && this.count(active) > 0);
    void vscode.commands.executeCommand('setContext', 'acpChat.reviewAny', this.files.size > 0);
  }

  private refuse(message: string): false {
    this.deps.say(message);
    return false;
  }

  /** The most recently judged files first, within the bounds. */
  private async save(): Promise<void> {
    const list: FileUnderReview[] = [];
    let chars = 0;
    for (const f of [...this.files.values()].reverse()) {
      chars += (f.base?.length ?? 0) + (f.agent?.length ?? 0);
      if (list.length >= MAX_FILES || chars > MAX_CHARS) break;
      list.push(f);
    }
    await this.deps.memento
      .update(STATE_KEY, list.reverse())
      .then(undefined, (err: unknown) => this.deps.logger.warn('[review] could not keep the review state', err));
  }
}

/** Lines [start, end) of `doc` as a range (end past the last line: to the document's end). */
function lineRange(doc: vscode.TextDocument, start: number, end: number): vscode.Range {
  const from = start >= doc.lineCount ? doc.lineAt(doc.lineCount - 1).range.end : new vscode.Position(start, 0);
  const to = end >= doc.lineCount ? doc.lineAt(doc.lineCount - 1).range.end : new vscode.Position(end, 0);
  return new vscode.Range(from, to);
}

/** The open buffer's text, else the disk's; undefined when it cannot be read as text. */
async function currentText(path: string): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path);
  if (open && !open.isClosed) return open.getText();
  try {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(path));
    return bytes.includes(0) ? undefined : new TextDecoder('utf-8').decode(bytes);
  } catch {
    return undefined;
  }
}

function isFile(f: unknown): f is FileUnderReview {
  const x = f as FileUnderReview;
  return typeof x?.path === 'string' && (x.base === null || typeof x.base === 'string') && (x.agent === null || typeof x.agent === 'string');
}
