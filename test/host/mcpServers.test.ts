// The user's MCP servers in the real VS Code with the real adapter: a stdio server from the acpChat.mcpServers user
// setting reaches the model beside the editor tools, a server whose program is not found is said once in the chat and
// left out, and Show MCP Servers' list gives each server's state and tools as the servers themselves answer.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SessionMcpServers } from '../../src/mcpServers/sessionMcpServers';
import { text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, setSetting, setUpAgentEnvironment, waitFor, type ExtensionApi, freshSideChat } from './helpers';

suite("The user's MCP servers", function () {
  this.timeout(120_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi & { mcpServers: SessionMcpServers };

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    api = (await activate()) as typeof api;
    const extension = vscode.extensions.getExtension('acp-chat.acp-chat')!;
    await setSetting('mcpServers', {
      probe: {
        command: process.execPath,
        args: [join(extension.extensionPath, 'test', 'fixtures', 'mcp', 'stdioServer.mjs')],
        env: { MARKER: 'from-settings' },
      },
      gone: { command: 'acp-chat-no-such-program' },
    });
    await freshSideChat(api);
  });

  suiteTeardown(async () => {
    await setSetting('mcpServers', undefined);
    api?.chat.notices.clear();
    await fake?.close();
  });

  test('a server from the setting reaches the model beside the editor tools; one that cannot be used is said once', async () => {
    const notice = await waitFor(() => api.chat.notices.current, 'the chat says which server was left out');
    assert.equal(notice.message, 'The acpChat.mcpServers setting, "gone": "acp-chat-no-such-program" was not found on PATH; the server is left out.');
    assert.deepEqual(
      notice.buttons.map((b) => b.label),
      ['Show MCP Servers'],
    );
    fake.setScript([text('Ready.')]);
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'hello' }]);
    const offered = fake.mainRequests().at(-1)!.allText;
    assert.ok(offered.includes('mcp__probe__echo_marker'), "the setting's server is offered");
    assert.ok(offered.includes('mcp__acp-chat__get_diagnostics'), 'the editor tools are offered');
    assert.ok(!offered.includes('mcp__gone__'));
    // The next start does not say it again.
    api.chat.notices.clear();
    await api.chats.restart(api.chat);
    await waitFor(() => api.chat.session, 'a session', 40_000);
    assert.equal(api.chat.notices.current, null);
  });

  test('the list gives each server with its state and tools', async () => {
    const rows = await api.mcpServers.list();
    assert.deepEqual(
      rows.map((r) => [r.name, r.source, r.state, r.tools]),
      [
        [
          'acp-chat',
          'editor',
          'answers, 9 tools',
          [
            'get_diagnostics',
            'find_definition',
            'find_references',
            'hover',
            'document_symbols',
            'workspace_symbols',
            'get_selection',
            'get_open_editors',
            'open_file',
          ],
        ],
        ['probe', 'settings', 'answers, 1 tool', ['echo_marker']],
        [
          'gone',
          'settings',
          'not passed: The acpChat.mcpServers setting, "gone": "acp-chat-no-such-program" was not found on PATH; the server is left out.',
          undefined,
        ],
      ],
    );
  });
});
