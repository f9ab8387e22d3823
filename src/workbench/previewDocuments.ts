// Read-only virtual documents for "Show diff" (current vs proposed file, via `vscode.diff`) and for the
// ExitPlanMode plan (markdown preview). The proposal is never written anywhere: the agent applies it itself.
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { confirmOutsideWorkspace } from './locationOpener';
import type { AgentFolders } from './agentFolders';
import { checkRealLocation } from './realLocation';
import { describeNote, reconstructEdit } from './snippetDiff';
import { toDisplayText } from '../acpClient/displayText';
import { inertPlan } from './planMarkdown';

export const DIFF_SCHEME = 'acp-chat-diff';
export const PLAN_SCHEME = 'acp-chat-plan';

/** Bounded so a long session does not keep every proposal in memory. */
const MAX_DOCUMENTS = 100;

export class PreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly disposables: vscode.Disposable[] = [];
  private counter = 0;

  constructor(
    private readonly logger: Logger,
    private readonly folders: AgentFolders,
  ) {
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, this),
      vscode.workspace.registerTextDocumentContentProvider(PLAN_SCHEME, this),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    // A document evicted from memory (or from a previous window) reads as a clear message rather than an error.
    return this.contents.get(uri.toString()) ?? '(This preview is no longer available. Show it again from the approval prompt.)';
  }

  /**
   * Open the native diff of current vs proposed content for one diff of a tool call. `applied`: the agent already made
   * the change, so the file on disk holds the result and a current-vs-proposed diff would show nothing; the agent's
   * own before/after texts are shown instead. Returns the diff's two sides, or undefined when it was not shown.
   */
  async showDiff(diff: PresentedDiff, { applied = false, askedBy }: { applied?: boolean; askedBy?: string } = {}): Promise<DiffSides | undefined> {
    const base = nodePath.basename(diff.path) || 'file';
    const id = ++this.counter;
    if (applied) {
      const before = this.put(DIFF_SCHEME, `/${id}/before/${base}`, diff.oldText ?? '');
      const after = this.put(DIFF_SCHEME, `/${id}/after/${base}`, diff.newText);
      const title = toDisplayText(
        diff.oldText === null ? vscode.l10n.t('{0} (new file, applied)', base) : vscode.l10n.t('{0} (before ↔ after, applied)', base),
        200,
      );
      await vscode.commands.executeCommand('vscode.diff', before, after, title, { preview: true, preserveFocus: true });
      return { original: before, modified: after };
    }
    // Showing the current text reads the file: outside the workspace (also through a symlink) only when confirmed.
    const check = await checkRealLocation(diff.path, undefined, this.folders.paths());
    if (check.ok && !check.insideWorkspace && !(await confirmOutsideWorkspace(check, vscode.l10n.t('Show a diff of a file outside the workspace?'))))
      return undefined;
    const current = await this.readCurrentText(diff.path);
    const result = reconstructEdit(diff, current);
    const left = this.put(DIFF_SCHEME, `/${id}/current/${base}`, result.original);
    const right = this.put(DIFF_SCHEME, `/${id}/proposed/${base}`, result.proposed);
    const note = describeNote(result);
    const side =
      result.scope === 'snippet' ? vscode.l10n.t('snippet') : diff.oldText === null && !note ? vscode.l10n.t('new file') : vscode.l10n.t('current ↔ proposed');
    const named = note ? vscode.l10n.t('{0} ({1}) — {2}', base, side, note) : vscode.l10n.t('{0} ({1})', base, side);
    // A subagent's proposal says whose it is, as the question's other surfaces do.
    const title = toDisplayText(askedBy === undefined ? named : vscode.l10n.t('{0}, asked by {1}', named, askedBy), 200);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true, preserveFocus: true });
    return { original: left, modified: right };
  }

  /** Show the plan markdown rendered; falls back to the source when the markdown preview is unavailable. */
  async showPlan(markdown: string): Promise<void> {
    // The markdown preview would load the images a plan names: shown inert (planMarkdown.ts).
    const uri = this.put(PLAN_SCHEME, `/${++this.counter}/plan.md`, await inertPlan(markdown));
    try {
      await vscode.commands.executeCommand('markdown.showPreview', uri);
    } catch (err) {
      this.logger.warn('[preview] markdown preview unavailable, showing the plan source', err);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true });
    }
  }

  dispose(): void {
    this.contents.clear();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private put(scheme: string, path: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme, path });
    this.contents.set(uri.toString(), content);
    while (this.contents.size > MAX_DOCUMENTS) this.contents.delete(this.contents.keys().next().value!);
    return uri;
  }

  /** The open buffer first (it may hold unsaved edits the agent will see), else the file on disk. */
  private async readCurrentText(path: string): Promise<string | undefined> {
    if (!nodePath.isAbsolute(path)) return undefined;
    const uri = vscode.Uri.file(path);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === uri.fsPath);
    if (open) return open.getText();
    try {
      return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
    } catch (err) {
      if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') return undefined;
      this.logger.warn(`[preview] could not read ${path} for the diff`, err);
      return undefined;
    }
  }
}

/** A proposed or applied change to one file, as a diff shows it. */
export interface PresentedDiff {
  path: string;
  /** The path as a person reads it: relative to the workspace, or whole and marked outside it. */
  shownPath?: string;
  /** `null` for a new file (ACP: null/omitted oldText). */
  oldText: string | null;
  newText: string;
}

/** The two documents of a diff as it was opened: `modified` is the right side (the proposal, or the result). */
export interface DiffSides {
  original: vscode.Uri;
  modified: vscode.Uri;
}
