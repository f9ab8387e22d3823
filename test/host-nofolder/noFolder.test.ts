// A window with no folder open: the chat's page welcomes the user with Open Folder, and no agent is spawned (the
// working directory used to fall back to a folder that did not exist, and spawn failed with a bare ENOENT).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { activate, pollFor, waitFor } from '../host/helpers';

/** The text of the extension's output channel log ("ACP Chat"), found beside its log folder. */
function extensionLog(logDir: string): string {
  const texts: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth < 0) return;
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p, depth - 1);
      else if (name.endsWith('ACP Chat.log')) texts.push(readFileSync(p, 'utf8'));
    }
  };
  walk(dirname(logDir), 3);
  return texts.join('\n');
}

suite('No folder open', function () {
  this.timeout(60_000);

  test('the chat is a welcome with Open Folder (no card, no Restart), and spawns nothing, however often it is asked', async () => {
    assert.equal(vscode.workspace.workspaceFolders, undefined, 'an empty window');
    const api = await activate();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    // The chat's status is what its page turns into the welcome (test/e2e/noFolder.e2e.test.ts shows it on screen).
    const status = await waitFor(() => (api.chat.status.state === 'error' ? api.chat.status : undefined), 'the chat status');
    assert.deepEqual(status, { state: 'error', message: 'No folder is open; the agent works in a folder.', needsFolder: true });
    assert.equal(api.chat.notices.current, null, 'no card repeats the welcome');
    // A prompt, as the webview sends it, and Restart: still nothing started, still no card.
    await api.actions.sendPrompt('hello', []);
    await vscode.commands.executeCommand('acpChat.restartAgent');
    assert.equal(api.chat.notices.current, null);
    assert.equal(api.host.agent, undefined);
    const log = await pollFor(() => {
      const text = extensionLog(api.logDir);
      return text.includes('[agent] could not start') ? text : undefined;
    }, 'the extension log');
    assert.equal(log.includes('[agentProcess] spawned'), false, 'no agent process was spawned');
  });
});
