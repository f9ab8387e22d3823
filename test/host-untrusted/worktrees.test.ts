// Restricted Mode: New Chat in Worktree runs git in the folder, so an untrusted workspace cannot make a worktree; the
// command says so in the chat, with Manage Workspace Trust, and nothing is made.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatWorktrees } from '../../src/worktrees/chatWorktrees';
import { activate, waitFor, type ExtensionApi } from '../host/helpers';

suite('Worktrees in Restricted Mode', function () {
  this.timeout(60_000);

  test('New Chat in Worktree is refused, said once with Manage Workspace Trust', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the bed opens an untrusted folder');
    const api = (await activate()) as ExtensionApi & { worktrees: ChatWorktrees };
    api.chat.notices.clear();
    await vscode.commands.executeCommand('acpChat.newChatInWorktree');
    const notice = await waitFor(() => api.chat.notices.current, 'the refusal in the chat');
    try {
      assert.equal(notice.message, 'A worktree runs git in this folder: trust the workspace first.');
      assert.deepEqual(notice.buttons, [{ action: 'manageTrust', label: 'Manage Workspace Trust' }]);
      assert.equal(api.worktrees.recordOf(api.chat), undefined);
    } finally {
      api.chat.notices.clear();
    }
  });
});
