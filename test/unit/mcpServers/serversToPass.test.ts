// Which configured MCP servers the agent's sessions get: none in Restricted Mode, each program as an absolute path
// (never a bare name), and a sentence for each left out.
import { describe, expect, it } from 'vitest';
import { readMcpConfig } from '../../../src/mcpServers/mcpConfig';
import { serversToPass, type PassContext } from '../../../src/mcpServers/serversToPass';

const JSON_FILE = JSON.stringify({
  inputs: [{ type: 'promptString', id: 'token', description: 'API token', password: true }],
  servers: {
    files: { command: 'files-server', args: ['${workspaceFolder}'] },
    local: { command: './bin/server' },
    pinned: { command: '/opt/tool/server', env: { TOKEN: '${input:token}' } },
    web: { type: 'http', url: 'https://mcp.example/api', headers: { Authorization: 'Bearer ${input:token}' } },
    missing: { command: 'not-installed' },
  },
});

function ctx(over: Partial<PassContext> = {}): PassContext {
  return {
    trusted: true,
    workspaceFolder: '/w',
    userHome: '/home/u',
    env: { PATH: '/usr/bin' },
    inputs: new Map([['token', 's3cret']]),
    findProgram: (name, pathVar) => (name === 'files-server' && pathVar === '/usr/bin' ? '/usr/bin/files-server' : undefined),
    ...over,
  };
}

describe('serversToPass', () => {
  const config = () => readMcpConfig({ workspaceJson: JSON_FILE }, ['acp-chat']);

  it('passes each server with its program as an absolute path and its variables filled in', () => {
    const offer = serversToPass(config(), ctx());
    expect(offer.servers).toEqual([
      { name: 'files', command: '/usr/bin/files-server', args: ['/w'], env: [] },
      { name: 'local', command: '/w/bin/server', args: [], env: [] },
      { name: 'pinned', command: '/opt/tool/server', args: [], env: [{ name: 'TOKEN', value: 's3cret' }] },
      { type: 'http', name: 'web', url: 'https://mcp.example/api', headers: [{ name: 'Authorization', value: 'Bearer s3cret' }] },
    ]);
    expect(offer.problems).toEqual(['.vscode/mcp.json, "missing": "not-installed" was not found on PATH; the server is left out.']);
    expect(offer.states.find((s) => s.name === 'missing')).toMatchObject({ passed: undefined, transport: 'stdio', source: 'workspace' });
  });

  it('searches the PATH the server is given, when it sets one', () => {
    const withPath = readMcpConfig({ workspaceJson: JSON.stringify({ servers: { s: { command: 'files-server', env: { PATH: '/opt/bin' } } } }) }, []);
    const seen: (string | undefined)[] = [];
    serversToPass(withPath, ctx({ findProgram: (_, p) => (seen.push(p), undefined) }));
    expect(seen).toEqual(['/opt/bin']);
  });

  it('passes nothing in Restricted Mode, and says why for each server', () => {
    const offer = serversToPass(config(), ctx({ trusted: false }));
    expect(offer.servers).toEqual([]);
    expect(offer.problems).toEqual([]);
    expect(new Set(offer.states.map((s) => s.leftOut))).toEqual(new Set(['Restricted Mode: MCP servers are passed to the agent only in a trusted workspace.']));
  });

  it('leaves out a server whose input was not given', () => {
    const offer = serversToPass(config(), ctx({ inputs: new Map() }));
    expect(offer.servers.map((s) => s.name)).toEqual(['files', 'local']);
    expect(offer.problems.filter((p) => p.includes('token'))).toHaveLength(2);
  });
});
