// A window with no folder open: the chat asks for a folder and offers Open Folder, and no agent is spawned (the
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

  test('the chat says to open a folder, offers Open Folder, and spawns nothing, however often it is asked', async () => {
    assert.equal(vscode.workspace.workspaceFolders, undefined, 'an empty window');
    const api = await activate();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    const notice = await waitFor(() => api.chat.notices.current, 'the notice');
    assert.equal(notice.message, 'Open a folder to work with the agent.');
    assert.deepEqual(notice.buttons, [{ action: 'openFolder', label: 'Open Folder…' }]);
    assert.equal(api.chat.status.state, 'error');
    // A prompt, as the webview sends it: the same notice (reported once), still nothing started.
    await api.actions.sendPrompt('hello', []);
    await vscode.commands.executeCommand('acpChat.restartAgent');
    assert.equal(api.chat.notices.current?.id, notice.id);
    assert.equal(api.host.agent, undefined);
    const log = await pollFor(() => {
      const text = extensionLog(api.logDir);
      return text.includes('[agent] could not start') ? text : undefined;
    }, 'the extension log');
    assert.equal(log.includes('[agentProcess] spawned'), false, 'no agent process was spawned');
  });
});
