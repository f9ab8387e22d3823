// The MCP servers Claude Code loads by itself, as Show MCP Servers lists them: from its files' texts (in memory here),
// each with where it comes from and whether Claude Code loads it, as the bundled CLI decides (see the module's header).
import { describe, expect, it } from 'vitest';
import { claudeCodeServers, disabledProjectServers, type ClaudeCodeFiles, type FileRead } from '../../../src/mcpServers/claudeCodeServers';

const STATE = '/home/ana/.claude.json';
const FOLDER_MCP = '/home/ana/proj/.mcp.json';

function state(value: unknown): FileRead {
  return { path: STATE, shown: '~/.claude.json', text: JSON.stringify(value) };
}

function mcpJson(value: unknown, path = FOLDER_MCP, shown = '.mcp.json'): FileRead {
  return { path, shown, text: typeof value === 'string' ? value : JSON.stringify(value) };
}

function files(over: Partial<ClaudeCodeFiles> = {}): ClaudeCodeFiles {
  return {
    state: state({
      mcpServers: { everywhere: { command: 'npx', args: ['-y', 'tool'], env: { API_TOKEN: 'user-s3cret' } } },
      projects: {
        '/home/ana/proj': { mcpServers: { mine: { type: 'http', url: 'https://mcp.example/x', headers: { Authorization: 'Bearer local-s3cret' } } } },
        '/home/ana/other': { mcpServers: { elsewhere: { command: 'x' } } },
      },
    }),
    projectKey: '/home/ana/proj',
    projectFiles: [mcpJson({ mcpServers: { shared: { type: 'sse', url: 'https://mcp.example/sse?key=project-s3cret' } } })],
    disabled: [],
    ...over,
  };
}

const rows = (list: ReturnType<typeof claudeCodeServers>) => list.servers.map((s) => [s.name, s.scope, s.what, s.state]);

describe("Claude Code's own MCP servers", () => {
  it('lists the folder\'s .mcp.json, this folder\'s local scope and the user scope, each marked "loaded by Claude Code"', () => {
    const list = claudeCodeServers(files(), { passed: [], folderSettings: 'used' });
    const runs = 'runs in each chat (/mcp in a chat gives its state)';
    expect(rows(list)).toEqual([
      ['shared', 'project', 'loaded by Claude Code from .mcp.json, sse', runs],
      ['mine', 'local', "loaded by Claude Code from ~/.claude.json, this folder's local scope, http", runs],
      ['everywhere', 'user', 'loaded by Claude Code from ~/.claude.json, user scope, stdio', runs],
    ]);
    expect(list.servers.map((s) => [s.path, s.loaded])).toEqual([
      [FOLDER_MCP, true],
      [STATE, true],
      [STATE, true],
    ]);
    expect(list.unread).toEqual([]);
  });

  it('never shows a value of an environment variable, a header or a URL', () => {
    const shown = JSON.stringify(claudeCodeServers(files(), { passed: [], folderSettings: 'used' }));
    for (const secret of ['s3cret', 'Bearer', 'mcp.example', 'API_TOKEN', 'npx']) expect(shown).not.toContain(secret);
  });

  it("says the project and local scopes are not loaded when the folder's Claude settings are left out", () => {
    const list = claudeCodeServers(files(), { passed: [], folderSettings: 'leftOut' });
    const out = "not loaded: the folder's Claude settings are left out";
    expect(rows(list)).toEqual([
      ['shared', 'project', "Claude Code's own, from .mcp.json, sse", out],
      ['mine', 'local', "Claude Code's own, from ~/.claude.json, this folder's local scope, http", out],
      ['everywhere', 'user', 'loaded by Claude Code from ~/.claude.json, user scope, stdio', 'runs in each chat (/mcp in a chat gives its state)'],
    ]);
    expect(list.servers.map((s) => s.loaded)).toEqual([false, false, true]);
  });

  it('before the first agent start, the folder\'s servers are loaded "unless" its settings are left out', () => {
    const list = claudeCodeServers(files(), { passed: [], folderSettings: 'unknown' });
    expect(list.servers.map((s) => [s.name, s.state, s.loaded])).toEqual([
      ['shared', "unless the folder's Claude settings are left out (decided when the agent starts)", false],
      ['mine', "unless the folder's Claude settings are left out (decided when the agent starts)", false],
      ['everywhere', 'runs in each chat (/mcp in a chat gives its state)', true],
    ]);
  });

  it('of one name keeps the server ACP Chat passes, else the local scope over the project over the user scope', () => {
    const list = claudeCodeServers(
      files({
        state: state({
          mcpServers: { a: { command: 'a' }, b: { command: 'b' }, c: { command: 'c' } },
          projects: { '/home/ana/proj': { mcpServers: { b: { command: 'b' } } } },
        }),
        projectFiles: [mcpJson({ mcpServers: { a: { command: 'a' }, b: { command: 'b' }, c: { command: 'c' } } })],
      }),
      { passed: ['c'], folderSettings: 'used' },
    );
    expect(list.servers.map((s) => [s.name, s.scope, s.state])).toEqual([
      ['a', 'project', 'runs in each chat (/mcp in a chat gives its state)'],
      ['b', 'project', "not loaded: the server of this name in ~/.claude.json, this folder's local scope is used instead"],
      ['c', 'project', 'not loaded: ACP Chat passes a server of this name, which Claude Code uses instead'],
      ['b', 'local', 'runs in each chat (/mcp in a chat gives its state)'],
      ['a', 'user', 'not loaded: the server of this name in .mcp.json is used instead'],
      ['b', 'user', "not loaded: the server of this name in ~/.claude.json, this folder's local scope is used instead"],
      ['c', 'user', 'not loaded: ACP Chat passes a server of this name, which Claude Code uses instead'],
    ]);
  });

  it("keeps the user's server of a name whose .mcp.json server Claude Code leaves out", () => {
    const list = claudeCodeServers(files({ state: state({ mcpServers: { shared: { command: 'u' } } }) }), { passed: [], folderSettings: 'leftOut' });
    expect(list.servers.map((s) => [s.name, s.scope, s.loaded])).toEqual([
      ['shared', 'project', false],
      ['shared', 'user', true],
    ]);
  });

  it('reads the .mcp.json of each folder above too, the nearer one winning', () => {
    const parent = mcpJson({ mcpServers: { shared: { command: 'p' }, above: { command: 'p' } } }, '/home/ana/.mcp.json', '~/.mcp.json');
    const list = claudeCodeServers(files({ state: undefined, projectFiles: [parent, files().projectFiles[0]!] }), { passed: [], folderSettings: 'used' });
    expect(list.servers.map((s) => [s.name, s.what, s.state])).toEqual([
      ['shared', 'loaded by Claude Code from .mcp.json, sse', 'runs in each chat (/mcp in a chat gives its state)'],
      ['shared', "Claude Code's own, from ~/.mcp.json, stdio", 'not loaded: the server of this name in .mcp.json is used instead'],
      ['above', 'loaded by Claude Code from ~/.mcp.json, stdio', 'runs in each chat (/mcp in a chat gives its state)'],
    ]);
  });

  it("leaves out a .mcp.json server named in a settings file's disabledMcpjsonServers, and no other scope's", () => {
    const projectFiles = [mcpJson({ mcpServers: { one: { command: 'x' }, two: { command: 'y' } } })];
    const disabled = [
      { name: 'one', shown: '~/.claude/settings.json' },
      { name: 'two', shown: '.claude/settings.local.json' },
      { name: 'everywhere', shown: '~/.claude/settings.json' },
    ];
    const list = claudeCodeServers(files({ projectFiles, disabled }), { passed: [], folderSettings: 'used' });
    expect(list.servers.map((s) => [s.name, s.state])).toEqual([
      ['one', 'not loaded: disabledMcpjsonServers in ~/.claude/settings.json names it'],
      ['two', 'not loaded: disabledMcpjsonServers in .claude/settings.local.json names it'],
      ['mine', 'runs in each chat (/mcp in a chat gives its state)'],
      ['everywhere', 'runs in each chat (/mcp in a chat gives its state)'],
    ]);
  });

  it('says in one line that a file could not be read, with where it stops being JSON, and lists the others', () => {
    const list = claudeCodeServers(files({ projectFiles: [mcpJson('{"mcpServers": {"a": {"command": "x"},}}')] }), { passed: [], folderSettings: 'used' });
    expect(list.servers.map((s) => s.name)).toEqual(['mine', 'everywhere']);
    expect(list.unread).toEqual([
      {
        path: FOLDER_MCP,
        shown: '.mcp.json',
        problem: '.mcp.json could not be read (PropertyNameExpected at line 1, column 39); none of its MCP servers are listed.',
      },
    ]);
  });

  it('never quotes the text of a file that is not JSON (JSON.parse would: a value beside the error)', () => {
    const text = '{"mcpServers": {"a": {"command": "x", "env": {"TOKEN": sk-live-s3cret}}}}';
    expect(() => JSON.parse(text)).toThrow(/sk-live/);
    const [unread] = claudeCodeServers(files({ projectFiles: [mcpJson(text)] }), { passed: [], folderSettings: 'used' }).unread;
    expect(unread!.problem).toBe('.mcp.json could not be read (InvalidSymbol at line 1, column 56); none of its MCP servers are listed.');
  });

  it('does not read a comment, as Claude Code does not', () => {
    const [unread] = claudeCodeServers(files({ projectFiles: [mcpJson('{\n  // mine\n  "mcpServers": {}\n}')] }), {
      passed: [],
      folderSettings: 'used',
    }).unread;
    expect(unread!.problem).toBe('.mcp.json could not be read (InvalidCommentToken at line 2, column 3); none of its MCP servers are listed.');
  });

  it('takes a file that could not be opened, one that is no JSON object, and an "mcpServers" that is no object', () => {
    const list = claudeCodeServers(
      files({
        state: { path: STATE, shown: '~/.claude.json', problem: 'EACCES: permission denied' },
        projectFiles: [mcpJson('[1]', '/home/.mcp.json', '/home/.mcp.json'), mcpJson({ mcpServers: ['a'] })],
      }),
      { passed: [], folderSettings: 'used' },
    );
    expect(list.servers).toEqual([]);
    expect(list.unread.map((u) => u.problem)).toEqual([
      '~/.claude.json could not be read (EACCES: permission denied); none of its MCP servers are listed.',
      '/home/.mcp.json could not be read (it is not a JSON object); none of its MCP servers are listed.',
      '.mcp.json could not be read ("mcpServers" is not an object); none of its MCP servers are listed.',
    ]);
  });

  it('reads a file that starts with a byte order mark, and an empty file as no servers', () => {
    const bom = mcpJson(`\uFEFF${JSON.stringify({ mcpServers: { marked: { command: 'x' } } })}`);
    const list = claudeCodeServers(files({ state: mcpJson('  \n', STATE, '~/.claude.json'), projectFiles: [bom] }), { passed: [], folderSettings: 'used' });
    expect(list.servers.map((s) => s.name)).toEqual(['marked']);
    expect(list.unread).toEqual([]);
  });

  it("lists an entry that is not an object as not loaded; another folder's local scope is not this one's", () => {
    const list = claudeCodeServers(files({ state: undefined, projectFiles: [mcpJson({ mcpServers: { broken: 'npx tool' } })] }), {
      passed: [],
      folderSettings: 'used',
    });
    expect(list.servers.map((s) => [s.name, s.state, s.loaded])).toEqual([['broken', 'not loaded: its entry is not an object', false]]);
    const names = claudeCodeServers(files(), { passed: [], folderSettings: 'used' }).servers.map((s) => s.name);
    expect(names).not.toContain('elsewhere');
  });

  it('shows a "type" only when it is a word', () => {
    const servers = { web: { type: 'http', url: 'u' }, odd: { type: 'Bearer sk-live-s3cret', command: 'x' }, bare: { command: 'x' } };
    const list = claudeCodeServers(files({ state: undefined, projectFiles: [mcpJson({ mcpServers: servers })] }), { passed: [], folderSettings: 'used' });
    expect(list.servers.map((s) => s.what)).toEqual([
      'loaded by Claude Code from .mcp.json, http',
      'loaded by Claude Code from .mcp.json, ?',
      'loaded by Claude Code from .mcp.json, stdio',
    ]);
  });
});

describe('disabledProjectServers', () => {
  it("reads a settings file's disabledMcpjsonServers, and nothing from a text that is not one", () => {
    expect(disabledProjectServers('\uFEFF{"disabledMcpjsonServers": ["a", 3, "b"]}')).toEqual(['a', 'b']);
    expect(disabledProjectServers('{"disabledMcpjsonServers": "a"}')).toEqual([]);
    expect(disabledProjectServers('{ not json')).toEqual([]);
  });
});
