// Which configured MCP servers the agent's sessions get: none in Restricted Mode, each program as an absolute path
// (never a bare name), and a sentence for each left out.
import { describe, expect, it } from 'vitest';
import { readMcpConfig } from '../../../src/mcpServers/mcpConfig';
import { serversToPass, type PassContext } from '../../../src/mcpServers/serversToPass';
import { inputKey } from '../../../src/mcpServers/workspaceServersQuestion';

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
    inputs: new Map(['pinned', 'web', 'keyed', 'unanswered'].map((name) => [inputKey({ source: 'workspace', name }, 'token'), 's3cret'])),
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

  it('lists the passed servers whose URL carries an input or environment value, to be kept off a command line', () => {
    const urls = readMcpConfig(
      {
        workspaceJson: JSON.stringify({
          inputs: [
            { type: 'promptString', id: 'token', description: 'API token' },
            { type: 'promptString', id: 'other', description: 'Not given' },
          ],
          servers: {
            keyed: { type: 'http', url: 'https://mcp.example/?key=${input:token}' },
            hosted: { type: 'sse', url: 'https://${env:MCP_HOST}/sse' },
            folder: { type: 'http', url: 'https://mcp.example/${workspaceFolderBasename}' },
            plain: { url: 'https://mcp.example/' },
            unanswered: { type: 'http', url: 'https://mcp.example/?key=${input:other}' },
          },
        }),
      },
      [],
    );
    const offer = serversToPass(urls, ctx({ env: { PATH: '/usr/bin', MCP_HOST: 'h.example' } }));
    expect(offer.servers.map((s) => s.name)).toEqual(['keyed', 'hosted', 'folder', 'plain']);
    expect(offer.secretUrls).toEqual(['keyed', 'hosted']);
  });

  it("sends an input's value only to the server it was given for, not to another that uses an input of that id", () => {
    const offer = serversToPass(config(), ctx({ inputs: new Map([[inputKey({ source: 'workspace', name: 'pinned' }, 'token'), 'for-pinned']]) }));
    expect(offer.servers.find((s) => s.name === 'pinned')).toMatchObject({ env: [{ name: 'TOKEN', value: 'for-pinned' }] });
    expect(offer.servers.map((s) => s.name)).not.toContain('web');
    expect(offer.problems).toContain('.vscode/mcp.json, "web": no value was given for ${input:token}; the server is left out.');
  });

  it("leaves out every server of the workspace's file when the user declined them, said once; the setting's still pass", () => {
    const both = readMcpConfig({ workspaceJson: JSON_FILE, setting: { mine: { command: '/opt/mine/server' } } }, ['acp-chat']);
    const declined = '.vscode/mcp.json: you chose not to use its MCP servers; they are left out until the file changes.';
    const offer = serversToPass(both, ctx({ workspaceLeftOut: declined }));
    expect(offer.servers).toEqual([{ name: 'mine', command: '/opt/mine/server', args: [], env: [] }]);
    expect(offer.problems).toEqual([declined]);
    expect(offer.states.filter((s) => s.source === 'workspace').map((s) => [s.name, s.leftOut])).toEqual(
      ['files', 'local', 'pinned', 'web', 'missing'].map((name) => [name, declined]),
    );
  });

  it('leaves out a server whose input was not given', () => {
    const offer = serversToPass(config(), ctx({ inputs: new Map() }));
    expect(offer.servers.map((s) => s.name)).toEqual(['files', 'local']);
    expect(offer.problems.filter((p) => p.includes('token'))).toHaveLength(2);
  });
});
