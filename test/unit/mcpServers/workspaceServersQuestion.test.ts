// The question before a workspace's .vscode/mcp.json servers first reach the agent: what it lists, the fingerprint
// its answer is kept under, and the keys an input's value is kept under (one server's apart from another's).
import { describe, expect, it } from 'vitest';
import { readMcpConfig } from '../../../src/mcpServers/mcpConfig';
import { describeWorkspaceServers, inputKey, inputStorageKey, workspaceServersFingerprint } from '../../../src/mcpServers/workspaceServersQuestion';

const servers = (json: unknown) => readMcpConfig({ workspaceJson: JSON.stringify(json) }, ['acp-chat']).servers;

describe('describeWorkspaceServers', () => {
  it('lists each program with its arguments and environment, each address with its headers, and the variables each fills in', () => {
    const listed = describeWorkspaceServers(
      servers({
        inputs: [{ type: 'promptString', id: 'key', description: 'API key', password: true }],
        servers: {
          tools: {
            command: './tools/x.sh',
            args: ['--root', '${workspaceFolder}', 'two words'],
            env: { GITHUB_TOKEN: '${env:GITHUB_TOKEN}', NODE_OPTIONS: '--require ./hook.js' },
          },
          github: { type: 'http', url: 'https://api.example/mcp?k=${input:key}', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
        },
      }),
    );
    expect(listed).toBe(
      [
        '"tools" starts: ./tools/x.sh --root ${workspaceFolder} "two words"',
        '    env GITHUB_TOKEN=${env:GITHUB_TOKEN}',
        '    env NODE_OPTIONS=--require ./hook.js',
        '    fills in: ${env:GITHUB_TOKEN}',
        '"github" connects to: https://api.example/mcp?k=${input:key}',
        '    header Authorization: Bearer ${env:GITHUB_TOKEN}',
        '    fills in: ${input:key}, ${env:GITHUB_TOKEN}',
      ].join('\n'),
    );
  });

  it('shows what could hide a part: invisible characters as escapes, no link syntax, a long value cut with the cut counted', () => {
    const listed = describeWorkspaceServers(
      servers({ servers: { s: { command: '/bin/tool\u202e', args: ['a\u200bb', '[x](command:evil)', 'y'.repeat(350)], env: { A: 'line\nnext' } } } }),
    );
    expect(listed).toBe(
      [`"s" starts: "/bin/tool\\u{202e}" "a\\u{200b}b" "[x] (command:evil)" ${'y'.repeat(300)}… (50 more characters)`, '    env A=line\\u{a}next'].join('\n'),
    );
  });

  it('stops at a bound and counts the servers not shown', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`s${i}`, { url: `https://example.com/${'p'.repeat(290)}` }]));
    const lines = describeWorkspaceServers(servers({ servers: many })).split('\n');
    expect(lines.length).toBeLessThan(60);
    expect(lines.at(-1)).toBe(`… and ${60 - (lines.length - 1)} more servers, not shown here: open .vscode/mcp.json to read them.`);
  });
});

describe('workspaceServersFingerprint', () => {
  it("is the file's whole text: any change, a space or a comment, makes another", () => {
    const text = '{ "servers": { "s": { "command": "./x.sh" } } }';
    expect(workspaceServersFingerprint(text)).toBe(workspaceServersFingerprint(`${text}`));
    expect(workspaceServersFingerprint(text)).toMatch(/^[0-9a-f]{64}$/u);
    expect(workspaceServersFingerprint(text.replace('./x.sh', './y.sh'))).not.toBe(workspaceServersFingerprint(text));
    expect(workspaceServersFingerprint(`${text} `)).not.toBe(workspaceServersFingerprint(text));
  });
});

describe("an input's keys", () => {
  it('differ by server, by where the server is configured and by folder, for one input id', () => {
    const github = { source: 'workspace' as const, name: 'github' };
    const other = { source: 'workspace' as const, name: 'other' };
    const mine = { source: 'settings' as const, name: 'github' };
    const stored = [
      inputStorageKey('/w', github, 'token'),
      inputStorageKey('/w', other, 'token'),
      inputStorageKey('/w', mine, 'token'),
      inputStorageKey('/v', github, 'token'),
    ];
    expect(new Set(stored).size).toBe(4);
    expect(new Set([inputKey(github, 'token'), inputKey(other, 'token'), inputKey(mine, 'token')]).size).toBe(3);
    // A folder with ":" in it (C:\…) cannot make one server's key another's.
    expect(inputStorageKey('C:', { source: 'workspace', name: 'a' }, 'b:c')).not.toBe(inputStorageKey('C:a', { source: 'workspace', name: 'b' }, 'c'));
  });
});
