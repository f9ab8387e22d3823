// The editor tools' server as the agent reaches it: MCP over Streamable HTTP on 127.0.0.1, answered only for requests
// that carry its bearer token, name its own host and come from no web page. Real server, real MCP client, real HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer, ToolFailure, type RunningToolServer, type ServedTool } from '../../../src/ideTools/toolServer';

const calls: Record<string, unknown>[] = [];
const TOOLS: ServedTool[] = [
  {
    name: 'echo',
    description: 'Echoes its text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    call: async (input) => {
      calls.push(input);
      return `echo: ${String(input.text)}`;
    },
  },
  {
    name: 'refuse',
    description: 'Always refuses.',
    inputSchema: { type: 'object', properties: {} },
    call: async () => {
      throw new ToolFailure('/etc/passwd is outside the workspace folders.');
    },
  },
];

const warnings: string[] = [];
const logger = { info: () => undefined, debug: () => undefined, warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };
let server: RunningToolServer;

beforeAll(async () => {
  server = await startToolServer({ name: 'acp-chat', version: '1.0.0', tools: TOOLS, logger });
});
afterAll(async () => {
  await server.close();
});

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  return client;
}

/** A raw JSON-RPC POST, as anything on this machine could send it (node:http, which sends a Host header as given). */
function post(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } });
  return new Promise((resolve, reject) => {
    const req = request(
      server.url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the editor tools server', () => {
  it('listens on 127.0.0.1 and lists its tools, read-only, to a client with the token', async () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    const client = await connect({ Authorization: server.authorization });
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([
      ['echo', true],
      ['refuse', true],
    ]);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'echo: hello' }] });
    expect(result.isError).toBeFalsy();
    await client.close();
  });

  it("answers a tool's refusal as an error result, with its words", async () => {
    const client = await connect({ Authorization: server.authorization });
    const result = await client.callTool({ name: 'refuse', arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: '/etc/passwd is outside the workspace folders.' }] });
    await client.close();
  });

  it('refuses a request without the token, or with a wrong one, before any tool runs', async () => {
    const before = calls.length;
    const wrong = `Bearer ${'A'.repeat(server.authorization.length - 7)}`;
    expect(wrong.length).toBe(server.authorization.length);
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: wrong },
      { Authorization: `${server.authorization}x` },
      { Authorization: server.authorization.replace('Bearer ', 'Basic ') },
    ]) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).not.toContain('echo:');
    }
    await expect(connect({ Authorization: wrong })).rejects.toThrow();
    expect(calls.length).toBe(before);
  });

  it('refuses a web page (an Origin header) and a request for another host name, even with the token', async () => {
    const before = calls.length;
    expect((await post({ Authorization: server.authorization, Origin: 'http://evil.example' })).status).toBe(403);
    const port = new URL(server.url).port;
    // A DNS name that resolves to 127.0.0.1 (rebinding) reaches the same socket with another Host.
    expect((await post({ Authorization: server.authorization, Host: `evil.example:${port}` })).status).toBe(403);
    expect(calls.length).toBe(before);
    expect(warnings.join('\n')).not.toContain(server.authorization.slice(7));
  });

  it('answers a raw POST with the token: the tool runs', async () => {
    const res = await post({ Authorization: server.authorization });
    expect(res.status).toBe(200);
    expect(res.body).toContain('echo: x');
  });
});
