// Review and revert a turn's changes: VS Code's multi-file diff editor (before the turn ↔ now, or for Review Changes…
// before the first of several turns ↔ now), and reverts applied as one WorkspaceEdit (undoable, open buffers kept
// consistent), refused for a file that changed since the agent wrote it. The change sets belong to TurnChangeTracker;
// this only reads them and reports reverts back.
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { revertRefusal } from '../checkpoints/turnChangeModel';
import { currentText } from '../checkpoints/codeRestore';
import type { TrackedFile, TurnChangeSet, TurnChangeTracker } from '../checkpoints/turnChangeTracker';
import { reviewFiles, type ReviewFile } from './reviewRange';

export const TURN_SCHEME = 'acp-chat-turn';
export const reviewTitle = (): string => vscode.l10n.t('Changes by the agent');

export interface RevertResult {
  reverted: string[];
  /** Files left as they are, with why. */
  refused: { path: string; reason: string }[];
}

export class TurnReview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly registration: vscode.Disposable;
  /** One tracker per chat (the side view and each editor tab). */
  private readonly trackers = new Set<TurnChangeTracker>();

  constructor(private readonly logger: Logger) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(TURN_SCHEME, this);
  }

  /** Reviews and reverts the change sets of `tracker` until the returned disposable is disposed. */
  track(tracker: TurnChangeTracker): vscode.Disposable {
    this.trackers.add(tracker);
    return { dispose: () => this.trackers.delete(tracker) };
  }

  private find(id: string): { tracker: TurnChangeTracker; set: TurnChangeSet } | undefined {
    for (const tracker of this.trackers) {
      const set = tracker.get(id);
      if (set) return { tracker, set };
    }
    return undefined;
  }

  /** `/<set id>/<file index>/<name>`: the file's content before the turn (empty when it did not exist). */
  provideTextDocumentContent(uri: vscode.Uri): string {
    const [, id, index] = uri.path.split('/');
    const file = this.find(id ?? '')?.set.files[Number(index)];
    if (!file) return vscode.l10n.t('(This turn’s changes are no longer available.)');
    return file.before ?? '';
  }

  /** Opens the multi-file diff editor: each file before the turn ↔ now. */
  async review(id: string): Promise<void> {
    const set = this.requireSet(id);
    await this.open(
      reviewTitle(),
      set.files.map((f, index) => ({ path: f.path, set, index, deleted: f.after === null })),
    );
  }

  /**
   * Opens one multi-file diff of what `sets` (turns of one chat, oldest first) changed: each file before the earliest
   * of them that changed it ↔ now. `since` names the prompt the first of them answered; without it, all the chat's.
   */
  async reviewSince(sets: readonly TurnChangeSet[], since?: number): Promise<void> {
    for (const set of sets) this.requireSet(set.id);
    const title = since === undefined ? reviewTitle() : vscode.l10n.t('Changes by the agent since prompt {0}', since);
    await this.open(title, reviewFiles(sets));
  }

  /** Each file's left side names the set and index of its before-content, which provideTextDocumentContent finds. */
  private async open(title: string, files: readonly ReviewFile[]): Promise<void> {
    const resources = files.map((f) => {
      const fileUri = vscode.Uri.file(f.path);
      const before = vscode.Uri.from({ scheme: TURN_SCHEME, path: `/${f.set.id}/${f.index}/${nodePath.basename(f.path)}` });
      // A file the turn deleted has no "now": its (empty) before-document stands in on the right side too.
      return [fileUri, before, f.deleted ? before : fileUri] as [vscode.Uri, vscode.Uri, vscode.Uri];
    });
    // The editor adds the file count to the title.
    await vscode.commands.executeCommand('vscode.changes', title, resources);
  }

  /** Revert some (or all, when `paths` is undefined) files of a set to their content before the turn. */
  async revert(id: string, paths?: readonly string[]): Promise<RevertResult> {
    const set = this.requireSet(id);
    const files = set.files.filter((f) => !f.reverted && (!paths || paths.includes(f.path)));
    const refused: RevertResult['refused'] = [];
    const edit = new vscode.WorkspaceEdit();
    const replaced: vscode.Uri[] = [];
    const chosen: TrackedFile[] = [];
    for (const file of files) {
      const uri = vscode.Uri.file(file.path);
      const current = await currentText(uri);
      const reason = current === undefined ? vscode.l10n.t('it cannot be read as text') : revertRefusal(file, current);
      if (reason) {
        refused.push({ path: file.path, reason });
        continue;
      }
      chosen.push(file);
      const metadata = { label: vscode.l10n.t('Undo the agent’s change'), needsConfirmation: false };
      if (file.before === null) {
        edit.deleteFile(uri, { ignoreIfNotExists: true }, metadata);
      } else if (file.after === null) {
        edit.createFile(uri, { contents: new TextEncoder().encode(file.before) }, metadata);
      } else {
        const doc = await vscode.workspace.openTextDocument(uri);
        edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), file.before!, metadata);
        replaced.push(uri);
      }
    }
    if (chosen.length) {
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('VS Code did not apply the undo.'));
      // Saved so the disk (what the agent reads) matches the buffer; Undo still brings the agent's version back.
      for (const uri of replaced) await vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.save();
      this.find(set.id)?.tracker.markReverted(
        set.id,
        chosen.map((f) => f.path),
      );
    }
    for (const r of refused) this.logger.warn(`[turnReview] not reverting ${r.path}: ${r.reason}`);
    return { reverted: chosen.map((f) => f.path), refused };
  }

  dispose(): void {
    this.registration.dispose();
  }

  private requireSet(id: string): TurnChangeSet {
    const set = this.find(id)?.set;
    if (!set) throw new Error(vscode.l10n.t('These changes are no longer available (a newer turn or another chat replaced them).'));
    return set;
  }
}
