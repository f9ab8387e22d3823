// The agent's `fs/*` served from the editor: reads see the open buffer (unsaved edits included), writes go through a
// WorkspaceEdit and are saved, so one Undo takes them back and open editors stay consistent. Only files inside the
// folders of the session that asks (the workspace's, or its chat's worktree), every symlink on the way followed
// (workspacePaths.ts), are read or written.
import type { ReadTextFileRequest, ReadTextFileResponse, WriteTextFileRequest, WriteTextFileResponse } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import { ServiceError, type FileService } from '../acpClient/clientServices';
import type { Logger } from '../acpClient/logger';
import { workspaceFolderPaths } from './locationOpener';
import { resolveInWorkspace } from './workspacePaths';

/** The 1-based `line` and `limit` of fs/read_text_file applied to a text. */
export function sliceLines(text: string, line?: number | null, limit?: number | null): string {
  if (line == null && limit == null) return text;
  const lines = text.split(/(?<=\n)/); // keeps each line's own ending
  const start = Math.max(1, line ?? 1) - 1;
  const end = limit == null ? lines.length : start + Math.max(0, limit);
  return lines.slice(start, end).join('');
}

export class WorkspaceFiles implements FileService {
  constructor(
    private readonly logger: Logger,
    /** The folders a session's requests may reach. */
    private readonly folders: (sessionId: string) => readonly string[] = workspaceFolderPaths,
  ) {}

  async readTextFile(params: ReadTextFileRequest): Promise<ReadTextFileResponse> {
    const path = await resolveInWorkspace(params.path, this.folders(params.sessionId));
    const open = this.openDocument(path);
    let text: string;
    if (open) text = open.getText();
    else {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path)));
      } catch (err) {
        if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') throw new ServiceError('not-found', `${params.path} does not exist.`);
        if (err instanceof TypeError) throw new ServiceError('invalid-params', `${params.path} is not UTF-8 text.`);
        throw err;
      }
    }
    return { content: sliceLines(text, params.line, params.limit) };
  }

  async writeTextFile(params: WriteTextFileRequest): Promise<WriteTextFileResponse> {
    const path = await resolveInWorkspace(params.path, this.folders(params.sessionId));
    const uri = vscode.Uri.file(path);
    const edit = new vscode.WorkspaceEdit();
    const metadata = { label: vscode.l10n.t('Write by the agent'), needsConfirmation: false };
    let exists = true;
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      exists = false;
    }
    if (exists) {
      const doc = await vscode.workspace.openTextDocument(uri);
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), params.content, metadata);
    } else {
      edit.createFile(uri, { ignoreIfExists: false }, metadata);
      edit.insert(uri, new vscode.Position(0, 0), params.content, metadata);
    }
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code did not apply the write to ${params.path}.`);
    const doc = this.openDocument(path) ?? (await vscode.workspace.openTextDocument(uri));
    if (!(await doc.save())) throw new Error(`${params.path} was changed but could not be saved.`);
    this.logger.info(`[fs] the agent wrote ${path}`);
    return {};
  }

  private openDocument(path: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path && !d.isClosed);
  }
}
