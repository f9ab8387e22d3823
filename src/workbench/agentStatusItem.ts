// The agent's state in the status bar, once it has been started: starting, running (its name, and how it is signed
// in, in the tooltip) or stopped; a click opens the agent's menu (restart, sign in or out, the log, the chats).
import * as vscode from 'vscode';
import { escapeCodicons, toDisplayText } from '../acpClient/displayText';
import type { AgentHost } from '../chat/agentHost';
import { COMMANDS } from '../contributions/commandIds';

export function agentStatusItem(host: Pick<AgentHost, 'status' | 'onDidChangeStatus'>): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('acpChat.agent', vscode.StatusBarAlignment.Right, 100);
  item.name = 'ACP Chat Agent';
  item.command = COMMANDS.showAgentMenu;
  const render = () => {
    const status = host.status;
    if (status.state === 'idle') {
      item.hide();
      return;
    }
    if (status.state === 'starting') {
      item.text = '$(loading~spin) Agent';
      item.tooltip = 'ACP Chat: the agent is starting';
      item.backgroundColor = undefined;
    } else if (status.state === 'ready') {
      const name = escapeCodicons(toDisplayText(status.agentName, 40));
      item.text = `$(comment-discussion) ${name}`;
      const account = status.account && !status.signedOut ? ` · ${toDisplayText(status.account, 80)}` : status.signedOut ? ' · not signed in' : '';
      item.tooltip = `ACP Chat: ${toDisplayText(status.agentName, 80)}${status.agentVersion ? ` ${toDisplayText(status.agentVersion, 40)}` : ''} is running${account}. Click for the agent's actions.`;
      item.backgroundColor = undefined;
    } else {
      item.text = '$(error) Agent stopped';
      item.tooltip = `ACP Chat: ${toDisplayText(status.message.split('\n')[0] ?? '', 200)} Click for the agent's actions.`;
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
    { label: '$(debug-restart) Restart Agent', command: COMMANDS.restartAgent },
    signedIn ? { label: '$(sign-out) Sign Out', command: COMMANDS.signOut } : { label: '$(sign-in) Sign In…', command: COMMANDS.signIn },
    { label: '$(add) New Chat', command: COMMANDS.newSession },
    { label: '$(history) Show Chats…', command: COMMANDS.openConversation },
    { label: '$(server) Show MCP Servers', command: COMMANDS.showMcpServers },
    { label: '$(output) Show Log', command: COMMANDS.showLog },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'ACP Chat Agent', placeHolder: 'What to do with the agent' });
  if (picked) await vscode.commands.executeCommand(picked.command);
}
