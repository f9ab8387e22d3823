// The first stage of the extension's life in this window: nothing activates it at start-up, and a command that does
// spawns nothing until the chat is used. The host suite runs this file first, whatever the order of the others.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, EXTENSION_ID } from './helpers';

suite('Lazy activation', function () {
  this.timeout(60_000);

  test('not active at start-up; a command activates it and no agent is spawned until the chat is used', async () => {
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, false, 'not active at start-up');
    await vscode.commands.executeCommand('acpChat.showLog'); // a command activates it
    const api = await activate();
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
    assert.equal(api.host.agent, undefined, 'no agent process before the chat is used');
    assert.deepEqual(api.chat.status, { state: 'idle' });
  });
});
