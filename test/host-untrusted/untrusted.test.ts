// Restricted Mode (workspace trust on, the folder not trusted): the agent, which edits files and runs commands, is not
// started; the chat says why and offers Manage Workspace Trust.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, waitFor } from '../host/helpers';

suite('Restricted Mode', function () {
  this.timeout(60_000);

  test('no agent runs; the chat says why and offers Manage Workspace Trust', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the bed opens an untrusted folder');
    const api = await activate();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    const notice = await waitFor(() => api.chat.notices.current, 'the notice');
    assert.match(notice.message, /does not run in Restricted Mode/);
    assert.deepEqual(notice.buttons, [{ action: 'manageTrust', label: 'Manage Workspace Trust' }]);
    await api.actions.sendPrompt('hello', []);
    assert.equal(api.host.agent, undefined, 'no agent was started');
    assert.equal(api.chat.notices.current?.id, notice.id, 'reported once');
    // The capability VS Code reads to run the extension in Restricted Mode at all, with the reason it shows.
    const declared = vscode.extensions.getExtension('acp-chat.acp-chat')?.packageJSON.capabilities?.untrustedWorkspaces;
    assert.equal(declared?.supported, 'limited');
  });
});
