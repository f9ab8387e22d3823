// The agent's state in the status bar, once it has been started: starting, running (its name, and how it is signed
// in, in the tooltip) or stopped; a click opens the agent's menu (restart, sign in or out, the log, the chats).
import * as vscode from 'vscode';
import { escapeCodicons, toDisplayText } from '../acpClient/displayText';
import type { AgentHost } from '../chat/agentHost';
import { COMMANDS } from '../contributions/commandIds';

export function agentStatusItem(host: Pick<AgentHost, 'status' | 'onDidChangeStatus'>): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('acpChat.agent', vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('ACP Chat Agent');
  item.command = COMMANDS.showAgentMenu;
  const render = () => {
    const status = host.status;
    if (status.state === 'idle') {
      item.hide();
      return;
    }
    if (status.state === 'starting') {
      item.text = vscode.l10n.t('$(loading~spin) Agent');
      item.tooltip = vscode.l10n.t('ACP Chat: the agent is starting');
      item.backgroundColor = undefined;
    } else if (status.state === 'ready') {
      const name = escapeCodicons(toDisplayText(status.agentName, 40));
      item.text = `$(comment-discussion) ${name}`;
      const account = status.account && !status.signedOut ? ` · ${toDisplayText(status.account, 80)}` : status.signedOut ? ' · not signed in' : '';
      item.tooltip = vscode.l10n.t(
        "ACP Chat: {0}{1} is running{2}. Click for the agent's actions.",
        toDisplayText(status.agentName, 80),
        status.agentVersion ? ` ${toDisplayText(status.agentVersion, 40)}` : '',
        account,
      );
      item.backgroundColor = undefined;
    } else {
      item.text = vscode.l10n.t('$(error) Agent stopped');
      item.tooltip = vscode.l10n.t("ACP Chat: {0} Click for the agent's actions.", toDisplayText(status.message.split('\n')[0] ?? '', 200));
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    }
    item.show();
  };
  const sub = host.onDidChangeStatus(render);
  render();
  return vscode.Disposable.from(item, { dispose: () => sub.dispose() });
}

/** The agent's menu: what can be done about the agent and its chats. */
export async function showAgentMenu(signedIn: boolean): Promise<void> {
  const items: Array<vscode.QuickPickItem & { command: string }> = [
    { label: vscode.l10n.t('$(debug-restart) Restart Agent'), command: COMMANDS.restartAgent },
    signedIn
      ? { label: vscode.l10n.t('$(sign-out) Sign Out'), command: COMMANDS.signOut }
      : { label: vscode.l10n.t('$(sign-in) Sign In…'), command: COMMANDS.signIn },
    { label: vscode.l10n.t('$(add) New Chat'), command: COMMANDS.newSession },
    { label: vscode.l10n.t('$(history) Show Chats…'), command: COMMANDS.openConversation },
    { label: vscode.l10n.t('$(server) Show MCP Servers'), command: COMMANDS.showMcpServers },
    { label: vscode.l10n.t('$(output) Show Log'), command: COMMANDS.showLog },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('ACP Chat Agent'), placeHolder: vscode.l10n.t('What to do with the agent') });
  if (picked) await vscode.commands.executeCommand(picked.command);
}
