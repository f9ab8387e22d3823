// The user's MCP servers read from .vscode/mcp.json and the acpChat.mcpServers setting, checked, and filled in as ACP's
// McpServer values: real file texts and setting values, no mocks.
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMcpConfig, resolveServer, type ConfiguredServer, type McpVariables } from '../../../src/mcpServers/mcpConfig';

const RESERVED = ['acp-chat'];

/** mcp.json with these servers (and inputs). */
function file(servers: unknown, inputs?: unknown): string {
  return JSON.stringify(inputs === undefined ? { servers } : { inputs, servers });
}

function vars(over: Partial<McpVariables> = {}): McpVariables {
  return { workspaceFolder: '/home/ana/proj', userHome: '/home/ana', env: {}, input: () => undefined, ...over };
}

/** The one server read from mcp.json, resolved; fails the test when either step leaves it out. */
function resolvedFromFile(server: unknown, over: Partial<McpVariables> = {}, inputs?: unknown) {
  const config = readMcpConfig({ workspaceJson: file({ s: server }, inputs) }, RESERVED);
  expect(config.servers).toHaveLength(1);
  return resolveServer(config.servers[0]!, vars(over));
}

function resolvedServer(server: unknown, over: Partial<McpVariables> = {}, inputs?: unknown) {
  const r = resolvedFromFile(server, over, inputs);
  if (!r.ok) throw new Error(r.problem);
  return r.server;
}

describe('readMcpConfig: mcp.json', () => {
  it('reads JSON with comments and trailing commas; a stdio server has no "type" on the wire, a null env value is unset', () => {
    const text = `{
      // VS Code's own format
      "servers": {
        "files": {
          "type": "stdio",
          "command": "npx",
          "args": ["-y", "server-files",], /* trailing comma */
          "env": { "KEEP": "1", "DROP": null, },
        },
      },
    }`;
    const config = readMcpConfig({ workspaceJson: text }, RESERVED);
    expect(config.problems).toEqual([]);
    expect(config.servers).toEqual([
      { name: 'files', source: 'workspace', transport: 'stdio', command: 'npx', args: ['-y', 'server-files'], env: { KEEP: '1' }, inputIds: [] },
    ]);
    // Strict: the Claude adapter drops a stdio server that has a "type".
    expect(resolveServer(config.servers[0]!, vars())).toStrictEqual({
      ok: true,
      server: { name: 'files', command: 'npx', args: ['-y', 'server-files'], env: [{ name: 'KEEP', value: '1' }] },
    });
  });

  it('a command without "type" is stdio; args and env may be left out', () => {
    expect(resolvedServer({ command: 'srv' })).toStrictEqual({ name: 's', command: 'srv', args: [], env: [] });
  });

  it('a url without "type" or with "type": "http" is http, with its headers', () => {
    const expected = { type: 'http', name: 's', url: 'https://mcp.example.com/mcp', headers: [{ name: 'Authorization', value: 'Bearer x' }] };
    expect(resolvedServer({ url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } })).toEqual(expected);
    expect(resolvedServer({ type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } })).toEqual(expected);
  });

  it('"type": "sse" is sse; no headers gives an empty list', () => {
    expect(resolvedServer({ type: 'sse', url: 'http://localhost:3000/sse' })).toStrictEqual({
      type: 'sse',
      name: 's',
      url: 'http://localhost:3000/sse',
      headers: [],
    });
  });

  it('unknown keys are ignored (VS Code has no "disabled")', () => {
    const config = readMcpConfig({ workspaceJson: file({ s: { command: 'srv', disabled: true, dev: { watch: '*.js' } } }) }, RESERVED);
    expect(config.problems).toEqual([]);
    expect(config.servers.map((s) => s.name)).toEqual(['s']);
  });

  it('"cwd" and "envFile" are reported, and the server is still passed', () => {
    const config = readMcpConfig({ workspaceJson: file({ s: { command: 'srv', cwd: '${workspaceFolder}', envFile: '${workspaceFolder}/.env' } }) }, RESERVED);
    expect(config.servers).toHaveLength(1);
    expect(config.problems).toEqual([
      '.vscode/mcp.json, "s": "cwd" is not passed to the agent; the server starts in the agent\'s folder.',
      '.vscode/mcp.json, "s": "envFile" is not passed to the agent; the server gets only the variables of "env".',
    ]);
  });

  it('a syntax error: the file is not read, with the error and where; the setting is still read', () => {
    const config = readMcpConfig({ workspaceJson: '{\n  "servers": {\n    "a": { "command": "x" }\n  \n', setting: { b: { command: 'y' } } }, RESERVED);
    expect(config.problems).toEqual([
      '.vscode/mcp.json could not be read (CloseBraceExpected at line 5, column 1); none of its servers are passed to the agent.',
    ]);
    expect(config.servers.map((s) => s.name)).toEqual(['b']);
  });

  it('an empty file is no servers; a file that is not an object, or "servers" that is not, is a problem', () => {
    expect(readMcpConfig({ workspaceJson: '  \n' }, RESERVED)).toEqual({ servers: [], inputs: [], problems: [] });
    expect(readMcpConfig({ workspaceJson: '[]' }, RESERVED).problems).toEqual([
      '.vscode/mcp.json is not a JSON object; none of its servers are passed to the agent.',
    ]);
    expect(readMcpConfig({ workspaceJson: '{"servers": []}' }, RESERVED).problems).toEqual([
      'In .vscode/mcp.json, "servers" is not an object; none of its servers are passed to the agent.',
    ]);
  });

  it.each([
    [{ type: 'ws', url: 'wss://x' }, '"type" "ws" is not supported (only "stdio", "http" and "sse")'],
    [{ args: ['a'] }, 'it has neither "command" nor "url"'],
    [{ type: 'stdio', url: 'https://x' }, '"command" must be a non-empty string'],
    [{ type: 'sse' }, '"url" must be a non-empty string'],
    [{ command: 42 }, '"command" must be a non-empty string'],
    [{ command: 'x', args: 'a b' }, '"args" must be a list of strings'],
    [{ command: 'x', args: ['a', 1] }, '"args" must be a list of strings'],
    [{ command: 'x', env: { PORT: 80 } }, '"env" must be an object of strings'],
    [{ url: 'https://x', headers: { A: null } }, '"headers" must be an object of strings'],
    ['npx srv', 'the entry is not an object'],
  ])('a server that is not usable is left out, naming it: %j', (server, why) => {
    const config = readMcpConfig({ workspaceJson: file({ ok: { command: 'x' }, bad: server }) }, RESERVED);
    expect(config.servers.map((s) => s.name)).toEqual(['ok']);
    expect(config.problems).toEqual([`.vscode/mcp.json, "bad": ${why}; the server is left out.`]);
  });
});

describe('readMcpConfig: server names', () => {
  it('letters, digits, "_" and "-", 1 to 64 of them', () => {
    const long = 'a'.repeat(64);
    const config = readMcpConfig(
      {
        workspaceJson: file({
          [long]: { command: 'x' },
          'My_server-2': { command: 'x' },
          [`${long}b`]: { command: 'x' },
          'my server': { command: 'x' },
          'a.b': { command: 'x' },
        }),
      },
      RESERVED,
    );
    expect(config.servers.map((s) => s.name)).toEqual([long, 'My_server-2']);
    expect(config.problems).toHaveLength(3);
    expect(config.problems[1]).toBe(
      '.vscode/mcp.json, "my server": a server name may have only letters, digits, "_" and "-", at most 64 of them, as it becomes part of its tools\' names; the server is left out.',
    );
  });

  it('"ide" (Claude Code\'s) and the caller\'s reserved names are refused', () => {
    const config = readMcpConfig({ workspaceJson: file({ ide: { command: 'x' } }), setting: { 'acp-chat': { command: 'x' } } }, RESERVED);
    expect(config.servers).toEqual([]);
    expect(config.problems).toEqual([
      '.vscode/mcp.json, "ide": Claude Code keeps only two tools of a server so named; rename it; the server is left out.',
      'The acpChat.mcpServers setting, "acp-chat": the extension\'s own server has this name; rename it; the server is left out.',
    ]);
  });
});

describe('readMcpConfig: the setting', () => {
  it('has the shape of mcp.json\'s "servers"; its servers come after the workspace\'s', () => {
    const config = readMcpConfig({ workspaceJson: file({ a: { command: 'x' } }), setting: { b: { url: 'https://b.example/mcp' } } }, RESERVED);
    expect(config.problems).toEqual([]);
    expect(config.servers).toEqual([
      { name: 'a', source: 'workspace', transport: 'stdio', command: 'x', args: [], env: {}, inputIds: [] },
      { name: 'b', source: 'settings', transport: 'http', url: 'https://b.example/mcp', headers: {}, inputIds: [] },
    ]);
  });

  it("a name in both: the workspace's wins, even when it is itself left out", () => {
    const config = readMcpConfig(
      { workspaceJson: file({ a: { command: 'ws' }, b: { type: 'ws' } }), setting: { a: { command: 'user' }, b: { command: 'user' } } },
      RESERVED,
    );
    expect(config.servers.map((s) => [s.name, s.source])).toEqual([['a', 'workspace']]);
    expect(config.problems).toEqual([
      '.vscode/mcp.json, "b": "type" "ws" is not supported (only "stdio", "http" and "sse"); the server is left out.',
      'The acpChat.mcpServers setting, "a": .vscode/mcp.json has a server of this name, which is used instead; the setting\'s server is left out.',
      'The acpChat.mcpServers setting, "b": .vscode/mcp.json has a server of this name, which is used instead; the setting\'s server is left out.',
    ]);
  });

  it('unset is no servers; a value that is not an object is a problem', () => {
    expect(readMcpConfig({ setting: undefined }, RESERVED)).toEqual({ servers: [], inputs: [], problems: [] });
    expect(readMcpConfig({ setting: null }, RESERVED).problems).toEqual([]);
    expect(readMcpConfig({ setting: [{ command: 'x' }] }, RESERVED).problems).toEqual([
      'The acpChat.mcpServers setting is not an object of servers; none of its servers are passed to the agent.',
    ]);
  });
});

describe('readMcpConfig: inputs', () => {
  const inputs = [
    { type: 'promptString', id: 'token', description: 'API token', password: true },
    { type: 'promptString', id: 'region', description: 'Region', default: 'eu' },
    { type: 'pickString', id: 'env', description: 'Environment', options: ['dev', 'prod'], default: 'dev' },
  ];

  it('promptString and pickString are read; a server lists the inputs it uses, once each', () => {
    const config = readMcpConfig(
      {
        workspaceJson: file(
          { s: { url: 'https://${input:region}.example/${input:env}', headers: { A: 'Bearer ${input:token}', B: '${input:region}' } } },
          inputs,
        ),
      },
      RESERVED,
    );
    expect(config.problems).toEqual([]);
    expect(config.inputs).toEqual([
      { id: 'token', description: 'API token', password: true },
      { id: 'region', description: 'Region', password: false, default: 'eu' },
      { id: 'env', description: 'Environment', password: false, options: ['dev', 'prod'], default: 'dev' },
    ]);
    expect(config.servers[0]!.inputIds).toEqual(['region', 'env', 'token']);
  });

  it("the setting uses mcp.json's inputs", () => {
    const config = readMcpConfig({ workspaceJson: file({}, inputs), setting: { s: { command: 'x', env: { TOKEN: '${input:token}' } } } }, RESERVED);
    expect(config.problems).toEqual([]);
    expect(config.servers[0]!.inputIds).toEqual(['token']);
  });

  it('an input of an unknown type is a problem, and a server that uses it is left out', () => {
    const config = readMcpConfig(
      { workspaceJson: file({ s: { command: 'x', args: ['${input:pick}'] } }, [{ type: 'command', id: 'pick', command: 'ext.pick' }]) },
      RESERVED,
    );
    expect(config.inputs).toEqual([]);
    expect(config.servers).toEqual([]);
    expect(config.problems).toEqual([
      '.vscode/mcp.json, input "pick": "type" "command" is not supported (only "promptString" and "pickString"); servers that use it are left out.',
      '.vscode/mcp.json, "s": ${input:pick} names no input of .vscode/mcp.json that can be asked for; the server is left out.',
    ]);
  });

  it('a reference to no input at all leaves the server out', () => {
    const config = readMcpConfig({ setting: { s: { command: 'x', env: { A: '${input:nothing}' } } } }, RESERVED);
    expect(config.servers).toEqual([]);
    expect(config.problems).toEqual([
      'The acpChat.mcpServers setting, "s": ${input:nothing} names no input of .vscode/mcp.json that can be asked for; the server is left out.',
    ]);
  });

  it('malformed inputs are problems', () => {
    const config = readMcpConfig(
      {
        workspaceJson: file({}, [
          { type: 'promptString', description: 'no id' },
          { type: 'pickString', id: 'p', description: 'P', options: [] },
          { type: 'promptString', id: 'q', password: 'yes' },
          { type: 'promptString', id: 'r' },
          { type: 'promptString', id: 'r', description: 'again' },
        ]),
      },
      RESERVED,
    );
    expect(config.inputs).toEqual([{ id: 'r', description: '', password: false }]);
    expect(config.problems).toEqual([
      'In .vscode/mcp.json, an input has no "id"; it is left out.',
      '.vscode/mcp.json, input "p": "options" must be a list of strings; servers that use it are left out.',
      '.vscode/mcp.json, input "q": "password" must be true or false; servers that use it are left out.',
      '.vscode/mcp.json, input "r": an earlier input has the same id; this one is left out.',
    ]);
    expect(readMcpConfig({ workspaceJson: '{"inputs": {}}' }, RESERVED).problems).toEqual([
      'In .vscode/mcp.json, "inputs" is not a list; servers that use an input are left out.',
    ]);
  });
});

describe('variables', () => {
  it('${workspaceFolder}, ${workspaceFolderBasename}, ${userHome}, ${pathSeparator} and ${/}', () => {
    const server = resolvedServer({
      command: '${workspaceFolder}${/}bin${pathSeparator}srv',
      args: ['--name=${workspaceFolderBasename}', '--home', '${userHome}'],
      env: { CACHE: '${userHome}/.cache' },
    });
    expect(server).toEqual({
      name: 's',
      command: `/home/ana/proj${sep}bin${sep}srv`,
      args: ['--name=proj', '--home', '/home/ana'],
      env: [{ name: 'CACHE', value: '/home/ana/.cache' }],
    });
  });

  it('${env:NAME}, and an unset one is empty', () => {
    const server = resolvedServer(
      { url: 'https://${env:HOST}/mcp', headers: { Token: '${env:TOKEN}', Missing: 'x${env:NOPE}y' } },
      { env: { HOST: 'h.example', TOKEN: 't0k' } },
    );
    expect(server).toEqual({
      type: 'http',
      name: 's',
      url: 'https://h.example/mcp',
      headers: [
        { name: 'Token', value: 't0k' },
        { name: 'Missing', value: 'xy' },
      ],
    });
  });

  it('${input:id} is the answer; an unanswered input leaves the server out', () => {
    const inputs = [{ type: 'promptString', id: 'token', description: 'Token', password: true }];
    const server = { command: 'srv', env: { TOKEN: '${input:token}' } };
    expect(resolvedServer(server, { input: (id) => (id === 'token' ? 'secret' : undefined) }, inputs)).toEqual({
      name: 's',
      command: 'srv',
      args: [],
      env: [{ name: 'TOKEN', value: 'secret' }],
    });
    expect(resolvedFromFile(server, {}, inputs)).toEqual({
      ok: false,
      problem: '.vscode/mcp.json, "s": no value was given for ${input:token}; the server is left out.',
    });
  });

  it.each(['${config:editor.fontSize}', '${workspaceFolder:other}', '${command:pick}', '${env:}', '${}'])(
    '%s is not filled in: the server is left out',
    (text) => {
      const config = readMcpConfig({ workspaceJson: file({ s: { command: 'srv', args: [`--x=${text}`] } }) }, RESERVED);
      expect(config.servers).toEqual([]);
      expect(config.problems).toEqual([`.vscode/mcp.json, "s": ${text} is not a variable this extension fills in; the server is left out.`]);
    },
  );

  it('variables in env and header names are not looked at; an unclosed "${" is text', () => {
    expect(resolvedServer({ command: 'a${b', env: { '${x}': '1' } })).toEqual({ name: 's', command: 'a${b', args: [], env: [{ name: '${x}', value: '1' }] });
  });

  it('${workspaceFolder} in the setting with no folder open is a problem', () => {
    const config = readMcpConfig(
      { setting: { s: { command: '${workspaceFolder}/bin/srv' }, t: { command: 'x', args: ['${workspaceFolderBasename}'] } } },
      RESERVED,
    );
    const noFolder = vars({ workspaceFolder: undefined });
    expect(config.servers.map((s) => resolveServer(s, noFolder))).toEqual([
      { ok: false, problem: 'The acpChat.mcpServers setting, "s": ${workspaceFolder} needs an open folder, and none is open; the server is left out.' },
      { ok: false, problem: 'The acpChat.mcpServers setting, "t": ${workspaceFolderBasename} needs an open folder, and none is open; the server is left out.' },
    ]);
  });

  it('a command empty, or a url not http(s), once filled in is a problem', () => {
    expect(resolvedFromFile({ command: '${env:NOPE}' })).toEqual({
      ok: false,
      problem: '.vscode/mcp.json, "s": "command" is empty once its variables are filled in; the server is left out.',
    });
    expect(resolvedFromFile({ url: '${env:NOPE}/mcp' })).toEqual({
      ok: false,
      problem: '.vscode/mcp.json, "s": "url" is not an http or https address once its variables are filled in; the server is left out.',
    });
    expect(resolvedFromFile({ url: 'file:///etc/passwd' })).toMatchObject({ ok: false });
  });

  it('resolveServer refuses an unknown variable in a server made by hand', () => {
    const server: ConfiguredServer = { name: 'h', source: 'settings', transport: 'stdio', command: '${nope}', args: [], env: {}, inputIds: [] };
    expect(resolveServer(server, vars())).toEqual({
      ok: false,
      problem: 'The acpChat.mcpServers setting, "h": ${nope} is not a variable this extension fills in; the server is left out.',
    });
  });
});
