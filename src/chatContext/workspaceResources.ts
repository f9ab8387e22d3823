// A file or folder the page names (dropped, or an `@` suggestion it hands back) checked before it is attached: inside
// the workspace folders, lexically first and then with every symlink followed (workbench/workspacePaths.ts), and
// there on disk. The page is untrusted: a path it sends is checked as if it were new.
import * as vscode from 'vscode';
import { ServiceError } from '../acpClient/clientServices';
import type { DropRefusal } from './contextWording';
import { resolveInWorkspace } from '../workbench/workspacePaths';

export type CheckedPath = { ok: true; uri: vscode.Uri; folder: boolean } | { ok: false; why: DropRefusal };

/** The workspace folders on this machine's disk. */
export function localFolders(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/** `path` if it is a file or folder inside the workspace folders (its name kept: the chip shows what was dropped). */
export async function checkWorkspacePath(path: string): Promise<CheckedPath> {
  try {
    await resolveInWorkspace(path, localFolders());
  } catch (err) {
    return { ok: false, why: err instanceof ServiceError && err.kind === 'refused' ? 'outside' : 'not-a-file' };
  }
  const uri = vscode.Uri.file(path);
  const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
  if (!stat) return { ok: false, why: 'missing' };
  const folder = (stat.type & vscode.FileType.Directory) !== 0;
  if (!folder && (stat.type & vscode.FileType.File) === 0) return { ok: false, why: 'not-a-file' };
  return { ok: true, uri, folder };
}
