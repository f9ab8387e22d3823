// Open an agent-supplied location in an editor: checked by the pure `checkLocation`, confirmed when outside the
// workspace, opened in preview at the 1-based line with that line selected. Focus stays on the prompt.
import * as vscode from 'vscode';
import { checkLocation, locationLabel } from '../permissionUI/locationLinks';

export function workspaceFolderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/** Returns false when the location was not opened (invalid, or the user declined the outside-workspace warning). */
export async function openLocation(path: unknown, line?: unknown, opts: { preserveFocus?: boolean } = {}): Promise<boolean> {
  const check = checkLocation(path, line ?? undefined, workspaceFolderPaths());
  if (!check.ok) {
    void vscode.window.showErrorMessage(`ACP Chat: cannot open this location. ${check.reason}`);
    return false;
  }
  if (!check.insideWorkspace) {
    const open = 'Open';
    const choice = await vscode.window.showWarningMessage(
      'Open a file outside the workspace?',
      { modal: true, detail: `The agent points at ${locationLabel(check)}.` },
      open,
    );
    if (choice !== open) return false;
  }
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
