// ACP Chat: Show Usage: today's figures (every window), this workspace's, and a row per chat, newest first, as the
// agent reported them; picking a chat opens it.
import * as vscode from 'vscode';
import { totalsOf, type StoredChat, type StoredDay, type UsageLog } from './usageStore';
import { totalsText } from './usageWording';

interface UsageItem extends vscode.QuickPickItem {
  sessionId?: string;
}

/** The rows of the pick, in order (the tests read them too). */
export function usageItems(log: UsageLog, today: StoredDay, locale: string | undefined): UsageItem[] {
  const chats = log.list();
  const rows: UsageItem[] = [
    { label: vscode.l10n.t('Today'), description: totalsText(totalsOf(today.turns), locale), detail: vscode.l10n.t('Every window, since midnight') },
    { label: vscode.l10n.t('This workspace'), description: totalsText(log.totals(), locale), detail: vscode.l10n.t('Every chat below') },
  ];
  if (chats.length) rows.push({ label: vscode.l10n.t('Chats'), kind: vscode.QuickPickItemKind.Separator });
  for (const chat of chats) rows.push(chatItem(chat, locale));
  return rows;
}

function chatItem(chat: StoredChat, locale: string | undefined): UsageItem {
  const last = chat.turns.at(-1)?.at;
  return {
    label: chat.title ?? vscode.l10n.t('Untitled chat'),
    description: totalsText(totalsOf(chat.turns), locale),
    ...(last ? { detail: vscode.l10n.t('Last turn {0}', new Date(last).toLocaleString(locale)) } : {}),
    sessionId: chat.sessionId,
  };
}

/** Shows the pick; the session id of the chat picked, if one was. */
export async function showUsage(log: UsageLog, today: StoredDay, locale: string | undefined): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(usageItems(log, today, locale), {
    title: vscode.l10n.t('ACP Chat: Usage'),
    placeHolder: vscode.l10n.t('Tokens and cost as the agent reported them; pick a chat to open it'),
    matchOnDescription: true,
  });
  return picked?.sessionId;
}
