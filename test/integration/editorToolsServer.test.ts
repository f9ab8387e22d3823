// The editor tools' server as the real adapter reaches it: Claude Code connects with the token, which the launch gives
// it in its environment (withClaudeTools), so no command line of the agent's processes carries it; the model is offered
// the tools. (Here Claude Code's subprocess scrub is off, as on macOS, Windows and Linux without its sandbox.)
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { withClaudeTools } from '../../src/agents/agentLaunch';
import { startToolServer } from '../../src/ideTools/toolServer';
import { descendantPids } from '../fixtures/processes';
import { text, toolUse } from '../fixtures/fakeAnthropic';
import { ask, useRealAdapter } from '../fixtures/clientHarness';

const warnings: string[] = [];
const logger = { info: () => undefined, debug: () => undefined, warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };
const server = await startToolServer({
  name: 'acp-chat',
  version: '1',
  tools: [{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object', properties: {} }, call: async () => 'pong from the editor' }],
  logger,
});
const launch = withClaudeTools(
  { command: '', args: [], env: {} },
  {
    mcpServers: [{ type: 'http', name: 'acp-chat', url: server.url, headers: [{ name: 'Authorization', value: server.authorization }] }],
    allowedTools: ['mcp__acp-chat__ping'],
    secretHeaders: [{ server: 'acp-chat', header: 'Authorization', variable: 'ACP_CHAT_EDITOR_TOOLS_AUTHORIZATION' }],
  },
);
afterAll(() => server.close());
const adapter = useRealAdapter('editorToolsServer', { env: launch.env, mcpServers: () => launch.mcpServers!, sessionMeta: launch.sessionMeta });

describe('the editor tools server through the real adapter', () => {
  it('is reached with the token from the environment, its tool runs without asking, and no command line holds the token', async () => {
    const session = await adapter.run.newSession();
    const asked = adapter.run.hooks.permissions.length;
    adapter.run.api.setScript([
      toolUse('ToolSearch', { query: 'select:mcp__acp-chat__ping', max_results: 1 }),
      toolUse('mcp__acp-chat__ping', {}),
      text('Done.'),
    ]);
    expect((await session.prompt(ask('ping the editor'))).stopReason).toBe('end_turn');
    expect(adapter.run.api.toolResults().map((r) => r.text)).toContain('pong from the editor');
    expect(adapter.run.hooks.permissions.length).toBe(asked);
    expect(warnings).toEqual([]);
    const pid = adapter.run.process.pid!;
    const lines = [pid, ...descendantPids(pid)].map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8'));
    expect(lines.some((l) => l.includes('--mcp-config') && l.includes('${ACP_CHAT_EDITOR_TOOLS_AUTHORIZATION}'))).toBe(true);
    expect(lines.filter((l) => l.includes(server.authorization.slice('Bearer '.length)))).toEqual([]);
  });
});
