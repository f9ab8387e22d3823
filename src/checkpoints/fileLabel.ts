// A file's name as a chat shows it: relative to the chat's worktree while it works in one, else to the workspace.
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { isInside } from '../acpClient/pathInside';
import type { Chat } from '../chat/chat';

export function fileLabel(chat: Pick<Chat, 'workPlace'>, path: string): string {
  const home = chat.workPlace?.folder;
  return home && isInside(home, path) ? nodePath.relative(home, path) : vscode.workspace.asRelativePath(path);
}
