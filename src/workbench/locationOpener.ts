// Open an agent-supplied location in an editor: checked by the pure `checkLocation`, confirmed when outside the
// workspace, opened in preview at the 1-based line with that line selected. Focus stays on the prompt.
import * as vscode from 'vscode';
import { locationLabel, type LocationCheck } from './locationLinks';
import { checkRealLocation } from './realLocation';
import { LocationRefusedError } from './locationRefusedError';

export function workspaceFolderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/**
 * Returns false when the user declined the outside-workspace warning; an invalid location rejects with
 * LocationRefusedError (worded and shown by the presenter).
 */
export async function openLocation(path: unknown, line: unknown, folders: readonly string[], opts: { preserveFocus?: boolean } = {}): Promise<boolean> {
  const check = await checkRealLocation(path, line ?? undefined, folders);
  if (!check.ok) throw new LocationRefusedError('this location', check.reason);
  if (!check.insideWorkspace && !(await confirmOutsideWorkspace(check, vscode.l10n.t('Open a file outside the workspace?')))) return false;
  const uri = vscode.Uri.file(check.path);
  const line0 = check.line !== undefined ? check.line - 1 : undefined;
  const editor = await vscode.window.showTextDocument(uri, {
    preview: true,
    preserveFocus: opts.preserveFocus ?? true,
    selection: line0 !== undefined ? new vscode.Range(line0, 0, line0, 0) : undefined,
  });
  if (line0 !== undefined && line0 < editor.document.lineCount) {
    const range = editor.document.lineAt(line0).range;
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
  return true;
}

/** The modal asked before anything outside the workspace is shown; true when the user chose Open. */
export async function confirmOutsideWorkspace(check: Extract<LocationCheck, { ok: true }>, question: string): Promise<boolean> {
  const open = 'Open';
  const choice = await vscode.window.showWarningMessage(
    question,
    { modal: true, detail: vscode.l10n.t('The agent points at {0}.', locationLabel(check)) },
    open,
  );
  return choice === open;
}
