// The user's MCP servers in the real VS Code with the real adapter: a stdio server from the acpChat.mcpServers user
// setting reaches the model beside the editor tools, a server whose program is not found is said once in the chat and
// left out (with the servers whose values stay on Claude Code's command line), and Show MCP Servers' list gives each
// server's state and tools as the servers themselves answer, and below them the servers Claude Code loads by itself
// (the folder's .mcp.json), read from its files and never started for the list. A workspace's own .vscode/mcp.json is
// asked about before its first use (the modal answered through the test API: no one can answer one here), and again
// when it changes.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { SessionMcpServers } from '../../src/mcpServers/sessionMcpServers';
import type { WorkspaceServersConsent } from '../../src/mcpServers/workspaceServersConsent';
import { text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, setSetting, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi, freshSideChat } from './helpers';

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
    // This bed has Claude Code's sandbox (bubblewrap, socat): its subprocess scrub is on, so "probe"'s environment value
    // stays on Claude Code's command line, said first in the one message; the list gives "gone" (the next test).
    assert.equal(
      notice.message,
      'Claude Code\'s subprocess scrub (CLAUDE_CODE_SUBPROCESS_ENV_SCRUB) is on, so Claude Code cannot take MCP servers\' secrets from its environment: the header and environment values of "probe" are on its command line, which other users of this computer can read. (and 1 more about MCP servers: ACP Chat: Show MCP Servers lists them all.)',
    );
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

  test("the servers Claude Code loads by itself follow, from the folder's .mcp.json, never started and no value shown", async () => {
    // The agent starts again in a folder without Claude settings of its own (another suite's are set aside meanwhile),
    // so nothing is left out of that start and nothing is asked.
    const claudeDir = join(workspaceRoot(), '.claude');
    const aside = `${claudeDir}.aside`;
    const hadClaudeDir = existsSync(claudeDir);
    if (hadClaudeDir) renameSync(claudeDir, aside);
    const file = join(workspaceRoot(), '.mcp.json');
    try {
      await vscode.commands.executeCommand('acpChat.restartAgent');
      await api.chat.ensureSession();
      writeFileSync(
        file,
        `\uFEFF${JSON.stringify({ mcpServers: { 'project-probe': { command: 'acp-chat-no-such-program', env: { TOKEN: 'never-shown' } } } })}`,
      );
      const rows = await api.mcpServers.list();
      assert.deepEqual(
        rows.map((r) => r.name),
        ['acp-chat', 'probe', 'gone', 'project-probe'],
      );
      const own = rows.at(-1)!;
      assert.equal(own.source, 'claudeCode');
      assert.equal(own.file, file);
      assert.equal(own.tools, undefined);
      assert.equal(own.loadedByClaudeCode, true);
      assert.equal(own.what, 'loaded by Claude Code from .mcp.json, stdio');
      assert.equal(own.state, 'runs in each chat (/mcp in a chat gives its state)');
      assert.ok(!JSON.stringify(rows).includes('never-shown'));
    } finally {
      rmSync(file, { force: true });
      if (hadClaudeDir) {
        // What the agent's start made there meanwhile goes; the other suite's settings come back.
        rmSync(claudeDir, { recursive: true, force: true });
        renameSync(aside, claudeDir);
      }
    }
  });
});

suite("A workspace's .vscode/mcp.json", function () {
  this.timeout(120_000);
  const MEMENTO_KEY = 'acpChat.workspaceMcpServers';
  const TOOL = 'mcp__workspace-probe__echo_marker';
  let fake: FakeAnthropic;
  let api: ExtensionApi & { workspaceMcpConsent: WorkspaceServersConsent };
  let file: string;
  let madeFolder = false;
  let realAsk: WorkspaceServersConsent['ask'];
  let answer: string | undefined;
  const asked: { message: string; detail: string }[] = [];

  const write = (marker: string) => {
    const server = join(vscode.extensions.getExtension('acp-chat.acp-chat')!.extensionPath, 'test', 'fixtures', 'mcp', 'stdioServer.mjs');
    writeFileSync(file, JSON.stringify({ servers: { 'workspace-probe': { command: process.execPath, args: [server], env: { MARKER: marker } } } }, null, 2));
  };
  const offered = async (): Promise<string> => {
    fake.setScript([text('Ready.')]);
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'hello' }]);
    return fake.mainRequests().at(-1)!.allText;
  };

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    api = (await activate()) as typeof api;
    await api.context.workspaceState.update(MEMENTO_KEY, undefined);
    realAsk = api.workspaceMcpConsent.ask;
    api.workspaceMcpConsent.ask = async (message, detail) => {
      asked.push({ message, detail });
      return answer;
    };
    file = join(workspaceRoot(), '.vscode', 'mcp.json');
    madeFolder = !existsSync(dirname(file));
    mkdirSync(dirname(file), { recursive: true });
  });

  suiteTeardown(async () => {
    if (api) api.workspaceMcpConsent.ask = realAsk;
    rmSync(madeFolder ? dirname(file) : file, { recursive: true, force: true });
    await api?.context.workspaceState.update(MEMENTO_KEY, undefined);
    api?.chat.notices.clear();
    await fake?.close();
  });

  test('is asked about before its first use, its program listed; declined, its server is left out, said once', async () => {
    answer = 'Leave Them Out';
    write('from-the-workspace');
    api.chat.notices.clear();
    await freshSideChat(api);
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.message, "This workspace's .vscode/mcp.json starts programs and connects to servers for the agent. Use them?");
    assert.ok(asked[0]!.detail.includes('"workspace-probe" starts: '), asked[0]!.detail);
    assert.ok(asked[0]!.detail.includes('stdioServer.mjs'), asked[0]!.detail);
    assert.ok(asked[0]!.detail.includes('env MARKER=from-the-workspace'), asked[0]!.detail);
    const notice = await waitFor(() => api.chat.notices.current, 'the chat says the servers were left out');
    assert.equal(notice.message, '.vscode/mcp.json: you chose not to use its MCP servers ("workspace-probe"); they are left out until the file changes.');
    assert.ok(!(await offered()).includes('mcp__workspace-probe__'));
    assert.equal(api.context.workspaceState.get<{ use: boolean }>(MEMENTO_KEY)?.use, false);
    // The answer is kept: the next start asks nothing and says nothing again.
    api.chat.notices.clear();
    await freshSideChat(api);
    assert.equal(asked.length, 1);
    assert.equal(api.chat.notices.current, null);
  });

  test('once the file changes it is asked about again; used, its server reaches the model', async () => {
    answer = 'Use Them';
    write('changed');
    await freshSideChat(api);
    assert.equal(asked.length, 2);
    assert.ok((await offered()).includes(TOOL), "the workspace's server is offered");
    assert.equal(api.context.workspaceState.get<{ use: boolean }>(MEMENTO_KEY)?.use, true);
  });
});
