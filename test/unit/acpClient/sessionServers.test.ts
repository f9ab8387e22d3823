// The MCP servers a session request carries: every session/new, load and fork gets the client's servers, those over
// HTTP or SSE only when the agent's initialize listed them (an agent would refuse a server it cannot reach).
import * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { AcpClient } from '../../../src/acpClient/acpClient';
import { offeredServers } from '../../../src/acpClient/sessionServers';
import { recordingLogger, startFakeAgent } from './inProcessAgent';

const HTTP: acp.McpServer = { type: 'http', name: 'acp-chat', url: 'http://127.0.0.1:1/mcp', headers: [{ name: 'Authorization', value: 'Bearer t' }] };
const SSE: acp.McpServer = { type: 'sse', name: 'events', url: 'http://127.0.0.1:2/sse', headers: [] };
const STDIO: acp.McpServer = { name: 'files', command: '/usr/bin/files-server', args: ['--root', '/w'], env: [{ name: 'K', value: 'v' }] };

const clients: AcpClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

/** The `mcpServers` of each session request the client wrote, by method. */
function sentServers(wire: Record<string, unknown>[]): [string, unknown][] {
  return wire
    .filter((m) => typeof m.method === 'string' && m.method.startsWith('session/') && 'mcpServers' in ((m.params as object) ?? {}))
    .map((m) => [m.method as string, (m.params as { mcpServers: unknown }).mcpServers]);
}

async function start(capabilities: acp.AgentCapabilities) {
  const agent = startFakeAgent({ capabilities });
  const client = await AcpClient.start({
    process: agent.process,
    hooks: { requestPermission: () => undefined },
    logger: recordingLogger(),
    clientInfo: { name: 't', version: '0' },
    mcpServers: [HTTP, SSE, STDIO],
  });
  clients.push(client);
  return { agent, client };
}

describe('MCP servers on session requests', () => {
  it('carries every server the agent can reach on session/new, load and fork, unchanged', async () => {
    const { agent, client } = await start({
      loadSession: true,
      mcpCapabilities: { http: true, sse: true },
      sessionCapabilities: { fork: {} } as acp.SessionCapabilities,
    });
    const session = await client.newSession('/w');
    await client.loadSession('sess-9', '/w');
    await client.forkSession(session.id, '/w');
    expect(sentServers(agent.wire)).toEqual([
      ['session/new', [HTTP, SSE, STDIO]],
      ['session/load', [HTTP, SSE, STDIO]],
      ['session/fork', [HTTP, SSE, STDIO]],
    ]);
  });

  it('leaves out what the agent cannot reach: stdio only for an agent that lists no transports', async () => {
    const { agent, client } = await start({});
    await client.newSession('/w');
    expect(sentServers(agent.wire)).toEqual([['session/new', [STDIO]]]);
  });

  it('offeredServers says why each server is left out', () => {
    expect(offeredServers([HTTP, SSE, STDIO], { http: true })).toEqual({
      offered: [HTTP, STDIO],
      left: [{ name: 'events', reason: 'the agent does not take MCP servers over SSE' }],
    });
  });
});
