// Export Chat as Markdown: the chat's conversation, as its Markdown reads (chat/conversationMarkdown.ts),
// written where the user picks in VS Code's save dialog.
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import { conversationMarkdown } from '../chat/conversationMarkdown';

/**
 * Asks where, then writes; false when there was nothing to export or the user cancelled. `usage`: what the usage
 * capability says after each turn's end (by its entry id) and of the whole chat.
 */
export async function exportConversation(chat: Chat, usage?: { byEntry: ReadonlyMap<string, string>; total?: string }): Promise<boolean> {
  const session = chat.session;
  const entries = session?.snapshot().entries ?? [];
  if (!session || !entries.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('ACP Chat: This chat has nothing to export yet.'));
    return false;
  }
  const title = session.meta.title ?? 'Conversation';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60) || 'conversation'
  }.md`;
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export Chat as Markdown'),
    saveLabel: vscode.l10n.t('Export'),
    filters: { Markdown: ['md'] },
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
  });
  if (!target) return false;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(conversationMarkdown(entries, title, usage)));
  return true;
}
