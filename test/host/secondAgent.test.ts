// Several agents: `acpChat.agents` lists the bundled Claude adapter and a second agent (the scripted agent); the chat
// header's picker (acted through as the webview does) switches new sessions to it and back, in a real extension host.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, EXTENSION_ID, setUpAgentEnvironment, waitFor, type ExtensionApi } from './helpers';

suite('Several agents: picked in the chat header', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let fake: FakeAnthropic | undefined;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment(); // the bundled Claude entry's own environment (fake API, Claude Code)
    api = await activate();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const script = join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent', 'agent.mjs');
    await vscode.workspace
      .getConfiguration('acpChat')
      .update('agents', [{ name: 'Claude' }, { name: 'Scripted', command: process.execPath, args: [script] }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    // Whatever agent an earlier suite left running, the picked one (Claude) on this suite's environment.
    await api.chats.restart();
    await api.chat.ensureSession();
  });

  suiteTeardown(async () => {
    // Leave the extension as found: the bundled adapter running, the setting unset.
    await api.actions.selectAgent('Claude');
    await vscode.workspace.getConfiguration('acpChat').update('agents', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(
      () => api.chat.status.state === 'ready' && api.host.agent?.initializeResponse.agentInfo?.name !== 'scripted-agent',
      'the bundled agent ready again',
    );
    await fake?.close();
  });

  test('the picker lists both, Claude (the default entry) first and picked', () => {
    assert.deepEqual(
      api.agents.list().map((a) => a.name),
      ['Claude', 'Scripted'],
    );
    assert.equal(api.agents.selected.name, 'Claude');
    assert.notEqual(api.host.agent?.initializeResponse.agentInfo?.name, 'scripted-agent');
  });

  test('picking the second agent starts a new session with it; its modes are its own and a turn works', async () => {
    const before = api.chat.session?.id;
    await api.actions.selectAgent('Scripted');
    assert.equal(api.agents.selected.name, 'Scripted');
    const session = await waitFor(
      () => (api.chat.status.state === 'ready' && api.host.agent?.initializeResponse.agentInfo?.name === 'scripted-agent' ? api.chat.session : undefined),
      'a session with the scripted agent',
    );
    assert.notEqual(session.id, before);
    // Its own modes, and Claude's initial mode (acpChat.initialMode = default) not forced on it.
    const meta = session.snapshot().meta;
    assert.deepEqual(
      meta.modes?.availableModes.map((m) => m.id),
      ['ask', 'yolo'],
    );
    assert.equal(meta.modes?.currentModeId, 'ask');
    const res = await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'hello' }]);
    assert.equal(res.stopReason, 'end_turn');
    const said = session
      .snapshot()
      .entries.filter((e) => e.kind === 'agent')
      .at(-1);
    assert.ok(said?.kind === 'agent' && said.content.some((b) => b.type === 'text' && b.text.length > 0), 'the scripted agent answered');
  });

  test('picking Claude again runs the bundled adapter', async () => {
    await api.actions.selectAgent('Claude');
    await waitFor(
      () => api.chat.status.state === 'ready' && api.host.agent !== undefined && api.host.agent.initializeResponse.agentInfo?.name !== 'scripted-agent',
      'the bundled agent',
    );
    assert.match(api.host.agent!.initializeResponse.agentInfo?.name ?? '', /claude/i);
  });
});
