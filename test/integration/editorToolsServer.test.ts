// The editor tools' server as the real adapter reaches it: Claude Code connects with the token, which the launch gives
// it in its environment (withClaudeTools), so no command line of the agent's processes carries it; the model is offered
// the tools. (Here Claude Code's subprocess scrub is off, as on macOS, Windows and Linux without its sandbox.) And a
// client reaching the server through an IPv6 socket connected to ::ffff:127.0.0.1: its owner is read too.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaudeTools } from '../../src/agents/agentLaunch';
import { startToolServer, type RunningToolServer } from '../../src/ideTools/toolServer';
import { descendantPids, runNodeScript } from '../fixtures/processes';
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

describe('a connection over ::ffff:127.0.0.1 (an IPv6 socket, listed in /proc/net/tcp6, not /proc/net/tcp)', () => {
  const linux = process.platform === 'linux';
  const ipv6 = existsSync('/proc/net/tcp6');
  const seen: string[] = [];
  let mapped: RunningToolServer;
  beforeAll(async () => {
    const log = { info: () => undefined, debug: () => undefined, warn: (m: string) => seen.push(m), error: (m: string) => seen.push(m) };
    mapped = await startToolServer({ name: 'acp-chat', version: '1', tools: [], logger: log });
  });
  afterAll(() => mapped.close());

  /** A POST with the right token and Host, from a process of `uid`, over ::ffff:127.0.0.1 (an IP literal: an IPv6 socket); what it got. */
  function postMapped(uid: number | undefined): Promise<string> {
    const { port } = new URL(mapped.url);
    const script = `
      const req = require('node:http').request({ host: '::ffff:127.0.0.1', port: ${port}, path: '/mcp', method: 'POST', headers: { host: '127.0.0.1:${port}', authorization: ${JSON.stringify(mapped.authorization)}, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
      req.on('response', (r) => { console.log('status', r.statusCode, 'over', r.socket.remoteFamily); r.resume(); });
      req.on('error', (e) => console.log('refused', e.code ?? e.message));
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));`;
    return runNodeScript(script, uid);
  }

  it('from this user is answered: its owner is found in tcp6', async ({ skip }) => {
    skip(!linux, 'not Linux: there is no /proc/net table to read');
    skip(!ipv6, 'no IPv6 on this machine (/proc/net/tcp6 is missing), so no IPv6 socket can connect');
    expect(await postMapped(undefined)).toBe('status 200 over IPv6');
    expect(seen).toEqual([]);
  });

  it("from another user's process (nobody, uid 65534) is reset before it is answered, token and all", async ({ skip }) => {
    skip(!linux, 'not Linux: there is no /proc/net table to read');
    skip(!ipv6, 'no IPv6 on this machine (/proc/net/tcp6 is missing), so no IPv6 socket can connect');
    skip(process.getuid?.() !== 0, 'not run as root: only root can start a process as another user');
    expect(await postMapped(65534)).toBe('refused ECONNRESET');
    expect(seen.join('\n')).toContain("closed a connection from another user's process (uid 65534)");
  });
});
