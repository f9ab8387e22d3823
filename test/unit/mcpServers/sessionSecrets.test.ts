// The user's MCP secrets on the way to Claude Code: the sessions' servers (SessionMcpServers) put through the bundled
// adapter's launch (resolveAgentLaunch, withClaudeTools) carry no secret on a command line, only in the environment;
// where Claude Code's subprocess scrub keeps them on it, the chat names the user's servers once, before the start.
import { describe, expect, it, vi } from 'vitest';
import { resolveAgentLaunch, withClaudeTools } from '../../../src/agents/agentLaunch';
import type { EditorToolServer } from '../../../src/ideTools/editorToolServer';
import { readMcpConfig } from '../../../src/mcpServers/mcpConfig';
import { SessionMcpServers } from '../../../src/mcpServers/sessionMcpServers';
import { serversToPass } from '../../../src/mcpServers/serversToPass';
import type { UserMcpServers } from '../../../src/mcpServers/userServers';
import { inputKey } from '../../../src/mcpServers/workspaceServersQuestion';

vi.mock('vscode', () => ({}));

const logger = { info: () => undefined, debug: () => undefined, warn: () => undefined, error: () => undefined };
const EDITOR_TOKEN = 'Bearer editor-t0ken';
// A value typed into an input (kept in SecretStorage), an environment variable's value, a token typed in the setting.
const SECRETS = ['input-s3cret', 'env-s3cret', 'setting-s3cret'];
const GONE = 'The acpChat.mcpServers setting, "gone": "no-such-program" was not found on PATH; the server is left out.';

function sessionServers(say: (message: string) => void): SessionMcpServers {
  const config = readMcpConfig(
    {
      workspaceJson: JSON.stringify({
        inputs: [{ type: 'promptString', id: 'key', description: 'API key', password: true }],
        servers: {
          github: { type: 'http', url: 'https://mcp.example/api', headers: { Authorization: 'Bearer ${input:key}' } },
          search: { type: 'sse', url: 'https://mcp.example/sse?token=${env:SEARCH_TOKEN}' },
        },
      }),
      setting: {
        db: { command: '/opt/db/server', env: { DB_PASSWORD: 'setting-s3cret' } },
        open: { url: 'https://mcp.example/open' },
        gone: { command: 'no-such-program' },
      },
    },
    ['acp-chat'],
  );
  const offer = serversToPass(config, {
    trusted: true,
    workspaceFolder: '/w',
    userHome: '/home/u',
    env: { SEARCH_TOKEN: 'env-s3cret' },
    inputs: new Map([[inputKey({ source: 'workspace', name: 'github' }, 'key'), 'input-s3cret']]),
    findProgram: () => undefined,
  });
  expect(offer.problems).toEqual([GONE]);
  const editor = {
    offer: async () => ({
      server: { type: 'http' as const, name: 'acp-chat', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'Authorization', value: EDITOR_TOKEN }] },
      allowedTools: ['mcp__acp-chat__hover'],
    }),
  };
  return new SessionMcpServers({
    editor: editor as unknown as EditorToolServer,
    user: { offer: async () => offer } as unknown as UserMcpServers,
    logger,
    version: '1',
    say,
    claudeCode: async () => undefined,
    activeChat: { offersReconnect: () => false, send: () => undefined, restartAgent: () => undefined },
  });
}

function claudeLaunch(scrub: boolean) {
  return resolveAgentLaunch({
    settings: {},
    node: { path: '/usr/bin/node', version: 'v22.4.0' },
    adapterEntry: '/ext/dist/agent/claude-agent-acp.mjs',
    baseEnv: { PATH: '/usr/bin' },
    claudeCodeExecutable: '/opt/claude',
    scrubSubprocessEnv: scrub,
  });
}

describe("the user's MCP secrets in the bundled adapter's launch", () => {
  it("are in Claude Code's environment and on no command line: neither the adapter's nor the servers it hands Claude Code", async () => {
    const said: string[] = [];
    const launch = withClaudeTools(claudeLaunch(false), await sessionServers((m) => said.push(m)).forSession());
    const commandLine = JSON.stringify([launch.command, launch.args, launch.mcpServers]);
    for (const secret of [...SECRETS, EDITOR_TOKEN]) {
      expect(commandLine).not.toContain(secret);
      expect(Object.values(launch.env).filter((v) => v.includes(secret))).toHaveLength(1);
    }
    expect(launch.mcpServers!.map((s) => s.name)).toEqual(['acp-chat', 'github', 'search', 'db', 'open']);
    expect(said).toEqual([GONE]);
  });

  it("with Claude Code's subprocess scrub on, are said to be on its command line once, before the start, naming the user's servers", async () => {
    const said: string[] = [];
    const servers = sessionServers((m) => said.push(m));
    const tools = await servers.forSession();
    expect(said).toEqual([]); // nothing yet: one message once the launch is decided (a second would replace the first)
    const launch = withClaudeTools(claudeLaunch(true), tools);
    expect(said).toEqual([
      'Claude Code\'s subprocess scrub (CLAUDE_CODE_SUBPROCESS_ENV_SCRUB) is on, so Claude Code cannot take MCP servers\' secrets from its environment: the header and environment values of "github", "search", "db" are on its command line, which other users of this computer can read. (and 1 more about MCP servers: ACP Chat: Show MCP Servers lists them all.)',
    ]);
    expect(JSON.stringify(launch.mcpServers)).toContain('input-s3cret'); // as said: not moved where Claude Code would not fill it in
    withClaudeTools(claudeLaunch(true), await servers.forSession());
    expect(said).toHaveLength(1);
  });
});
