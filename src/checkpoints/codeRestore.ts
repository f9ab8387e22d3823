// "Rewind the code to before this prompt": every file the prompt's turn and the later ones changed (by the agent's edit
// tools and by commands it ran) goes back as it was, after a preview (the multi-file diff of what will change) and a
// question; as one WorkspaceEdit, so VS Code's Undo takes it back, and Undo Rewind does too. A file someone
// changed since the agent wrote it is left alone and named with the reason; what was restored is checked on disk.
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { GO_BACK } from './goBackWording';
import { checkRestore, planRestore, type RestoreFile } from './restorePlan';
import { readText, type TurnChangeTracker } from './turnChangeTracker';

export const RESTORE_SCHEME = 'acp-chat-restore';

export interface RestoreOutcome {
  /** Put back as they were, checked on disk. */
  restored: string[];
  /** Already as they were. */
  unchanged: string[];
  /** Left alone, with why. */
  refused: { path: string; reason: string }[];
  /** Restored, but the disk does not hold what was written (another program changed it at once). */
  unverified: string[];
}

/** What an Undo Rewind puts back: each file's content before the restore. */
interface LastRestore {
  files: RestoreFile[];
  putBackFlags: () => void;
}

export class CodeRestore implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly registration: vscode.Disposable;
  private readonly previews = new Map<string, string>();
  private counter = 0;
  private readonly last = new WeakMap<TurnChangeTracker, LastRestore>();

  constructor(private readonly logger: Logger) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(RESTORE_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.previews.get(uri.toString()) ?? vscode.l10n.t('(This preview is no longer available.)');
  }

  /**
   * Restores the files of `tracker`'s turns from the prompt at `userIndex` on. Undefined when the user did not confirm.
   * `confirm` gets the preview's file count and what is left alone; it asks the user.
   */
  async restore(
    tracker: TurnChangeTracker,
    userIndex: number,
    confirm: (count: { deleting: number; restoring: number }, leftAlone: RestoreOutcome['refused']) => Thenable<boolean>,
  ): Promise<RestoreOutcome | undefined> {
    await tracker.settled();
    const plan = planRestore(tracker.sets, userIndex);
    const outcome: RestoreOutcome = {
      restored: [],
      unchanged: [],
      refused: [...plan.unknown.map((u) => ({ path: u.path, reason: vscode.l10n.t('its content before is unknown ({0})', u.reason) }))],
      unverified: [],
    };
    const chosen: { file: RestoreFile; current: string | null }[] = [];
    for (const file of plan.files) {
      const current = await currentText(vscode.Uri.file(file.path));
      const check = checkRestore(file, current);
      if (check.action === 'unchanged') outcome.unchanged.push(file.path);
      else if (check.action === 'refuse') outcome.refused.push({ path: file.path, reason: check.reason });
      else chosen.push({ file, current: current as string | null });
    }
    if (!chosen.length) return outcome;
    await this.preview(chosen);
    const deleting = chosen.filter((c) => c.file.target === null).length;
    if (!(await confirm({ deleting, restoring: chosen.length - deleting }, outcome.refused))) return undefined;
    const applied = await this.apply(
      chosen.map((c) => ({ path: c.file.path, from: c.current, to: c.file.target })),
      vscode.l10n.t('Rewind the code to before the prompt'),
    );
    for (const c of chosen) {
      if (!applied.includes(c.file.path)) outcome.refused.push({ path: c.file.path, reason: vscode.l10n.t('it changed while the rewind was asked for') });
      else if ((await readText(c.file.path)) === c.file.target) outcome.restored.push(c.file.path);
      else outcome.unverified.push(c.file.path);
    }
    const putBackFlags = tracker.markRestored(userIndex, outcome.restored);
    this.last.set(tracker, { files: chosen.filter((c) => outcome.restored.includes(c.file.path)).map((c) => c.file), putBackFlags });
    this.logger.info(
      `[restore] to before prompt ${userIndex + 1}: restored ${outcome.restored.length}, unchanged ${outcome.unchanged.length}, left alone ${outcome.refused.length}`,
    );
    return outcome;
  }

  /** Puts back what the last restore of `tracker` changed, where the files still hold what it wrote. */
  async undo(tracker: TurnChangeTracker): Promise<RestoreOutcome> {
    const last = this.last.get(tracker);
    const outcome: RestoreOutcome = { restored: [], unchanged: [], refused: [], unverified: [] };
    if (!last) return outcome;
    this.last.delete(tracker);
    const back: { path: string; from: string | null; to: string | null }[] = [];
    for (const f of last.files) {
      const current = await currentText(vscode.Uri.file(f.path));
      if (current === f.expected) outcome.unchanged.push(f.path);
      else if (current !== f.target) outcome.refused.push({ path: f.path, reason: vscode.l10n.t('it changed after the rewind') });
      else back.push({ path: f.path, from: current, to: f.expected });
    }
    const applied = back.length ? await this.apply(back, vscode.l10n.t('Undo Rewind')) : [];
    for (const b of back) {
      if ((await readText(b.path)) === b.to && applied.includes(b.path)) outcome.restored.push(b.path);
      else outcome.unverified.push(b.path);
    }
    if (outcome.restored.length === last.files.length) last.putBackFlags();
    return outcome;
  }

  /** Whether `tracker` has a restore that Undo Rewind can take back. */
  canUndo(tracker: TurnChangeTracker): boolean {
    return this.last.has(tracker);
  }

  dispose(): void {
    this.previews.clear();
    this.registration.dispose();
  }

  /** The multi-file diff: each file now ↔ as the restore will leave it. */
  private async preview(chosen: readonly { file: RestoreFile; current: string | null }[]): Promise<void> {
    const id = ++this.counter;
    this.previews.clear();
    // Each row is named by the file's path in the workspace (the multi-file diff shows a side's path); which preview it
    // is goes in the query. A file the restore deletes says so in its name.
    const doc = (side: string, i: number, path: string, text: string | null, deleted = false) => {
      const shown = `/${vscode.workspace.asRelativePath(path, false).replace(/^\/+/u, '')}`;
      const uri = vscode.Uri.from({ scheme: RESTORE_SCHEME, path: deleted ? `${shown} ${GO_BACK.willBeDeleted}` : shown, query: `${id}-${side}-${i}` });
      this.previews.set(uri.toString(), text ?? '');
      return uri;
    };
    const resources = chosen.map(({ file, current }, i) => {
      const fileUri = vscode.Uri.file(file.path);
      // A file that does not exist now (or will not after) has an empty stand-in on that side.
      const left = current === null ? doc('now', i, file.path, null) : fileUri;
      return [fileUri, left, doc('restored', i, file.path, file.target, file.target === null)] as [vscode.Uri, vscode.Uri, vscode.Uri];
    });
    await vscode.commands.executeCommand('vscode.changes', vscode.l10n.t('Rewind to before the prompt'), resources);
  }

  /** One WorkspaceEdit (one Undo) writing each file from `from` to `to`; the paths it applied to. */
  private async apply(changes: readonly { path: string; from: string | null; to: string | null }[], label: string): Promise<string[]> {
    const edit = new vscode.WorkspaceEdit();
    const replaced: vscode.Uri[] = [];
    const applied: string[] = [];
    const metadata = { label, needsConfirmation: false };
    for (const c of changes) {
      const uri = vscode.Uri.file(c.path);
      // Checked again right before the edit: the user may have typed while the question was up.
      if ((await currentText(uri)) !== c.from) continue;
      applied.push(c.path);
      if (c.to === null) edit.deleteFile(uri, { ignoreIfNotExists: true }, metadata);
      else if (c.from === null) edit.createFile(uri, { contents: new TextEncoder().encode(c.to), overwrite: true }, metadata);
      else {
        const doc = await vscode.workspace.openTextDocument(uri);
        edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), c.to, metadata);
        replaced.push(uri);
      }
    }
    if (!applied.length) return [];
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('VS Code did not apply the rewind.'));
    // Saved so the disk (what the agent reads) matches the buffer; Undo still brings the agent's version back.
    for (const uri of replaced) await vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.save();
    return applied;
  }
}

/** The open buffer's text (unsaved edits count as a change), else the file on disk; `null` when it does not exist. */
export async function currentText(uri: vscode.Uri): Promise<string | null | undefined> {
  // A clean buffer may not have caught up with the agent's write yet: the disk is the truth then.
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open && !open.isClosed && open.isDirty) return open.getText();
  return readText(uri.fsPath);
}
