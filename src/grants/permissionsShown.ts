// Whether the Permissions view is shown under the chat. Off until the user asks (ACP Chat: Show Permissions): a second
// view in the container would move the chat's own title and actions out of VS Code's view title bar into a pane header.
// The choice is remembered across windows.
import * as vscode from 'vscode';

const KEY = 'acpChat.permissionsShown';

export function permissionsShown(memento: vscode.Memento): { show(shown: boolean): Promise<void> } {
  void vscode.commands.executeCommand('setContext', KEY, memento.get<boolean>(KEY, false));
  return {
    async show(shown) {
      await memento.update(KEY, shown);
      await vscode.commands.executeCommand('setContext', KEY, shown);
      if (shown) await vscode.commands.executeCommand('acpChat.permissionsView.focus');
    },
  };
}
