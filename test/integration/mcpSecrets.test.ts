// The user's MCP secrets through the real adapter: a stdio server's environment value and a remote server's header and
// URL (filled in from an environment variable), as the acpChat.mcpServers setting gives them, reach the servers (Claude Code fills them in from the environment the
// launch gives it, withClaudeTools) while no command line of the agent's processes carries them, `--mcp-config`
// included. (Here Claude Code's subprocess scrub is off, as on macOS, Windows and Linux without its sandbox.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withClaudeTools } from '../../src/agents/agentLaunch';
import { startToolServer } from '../../src/ideTools/toolServer';
import { readMcpConfig } from '../../src/mcpServers/mcpConfig';
import { serversToPass } from '../../src/mcpServers/serversToPass';
import { nodeBin } from '../fixtures/adapter';
import { ask, repoRoot, useRealAdapter } from '../fixtures/clientHarness';
import { text, toolUse } from '../fixtures/fakeAnthropic';
import { descendantPids } from '../fixtures/processes';

const MARKER = 'marker-s3cret-5c1e';
const logger = { info: () => undefined, debug: () => undefined, warn: () => undefined, error: () => undefined };
// A remote server that answers only with its token: the user's server, the token typed into their setting.
const remote = await startToolServer({
  name: 'remote',
  version: '1',
  tools: [{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object', properties: {} }, call: async () => 'pong from the remote server' }],
  logger,
});
afterAll(() => remote.close());
const config = readMcpConfig(
  {
    setting: {
      probe: { command: await nodeBin(), args: [join(repoRoot, 'test', 'fixtures', 'mcp', 'stdioServer.mjs')], env: { MARKER } },
      // Its address from an environment variable too, so the URL is moved as well.
      remote: { type: 'http', url: '${env:REMOTE_MCP_URL}', headers: { Authorization: remote.authorization } },
    },
  },
  ['acp-chat'],
);
const offer = serversToPass(config, {
  trusted: true,
  userHome: '/nonexistent-home',
  env: { REMOTE_MCP_URL: remote.url },
  inputs: new Map(),
  findProgram: () => undefined,
});
const launch = withClaudeTools({ command: '', args: [], env: {} }, { mcpServers: offer.servers, allowedTools: [], secretUrls: offer.secretUrls });
const adapter = useRealAdapter('mcpSecrets', { env: launch.env, mcpServers: () => launch.mcpServers! });

describe("the user's MCP secrets through the real adapter", () => {
  it('reach their servers from the environment, and no command line of the agent holds them', async () => {
    expect(offer.problems).toEqual([]);
    expect(offer.secretUrls).toEqual(['remote']);
    const session = await adapter.run.newSession();
    adapter.run.hooks.decide = () => 'allow-once';
    adapter.run.api.setScript([
      toolUse('ToolSearch', { query: 'select:mcp__probe__echo_marker', max_results: 1 }),
      toolUse('mcp__probe__echo_marker', { text: 'hi' }),
      toolUse('ToolSearch', { query: 'select:mcp__remote__ping', max_results: 1 }),
      toolUse('mcp__remote__ping', {}),
      text('Done.'),
    ]);
    expect((await session.prompt(ask('use both servers'))).stopReason).toBe('end_turn');
    const results = adapter.run.api.toolResults().map((r) => r.text);
    expect(results).toContain(`${MARKER}: hi`);
    expect(results).toContain('pong from the remote server');
    const pid = adapter.run.process.pid!;
    const lines = [pid, ...descendantPids(pid)].map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8'));
    expect(lines.some((l) => l.includes('--mcp-config') && l.includes('${ACP_CHAT_MCP_VALUE_'))).toBe(true);
    const token = remote.authorization.slice('Bearer '.length);
    expect(lines.filter((l) => l.includes(MARKER) || l.includes(token) || l.includes(remote.url))).toEqual([]);
  });
});
