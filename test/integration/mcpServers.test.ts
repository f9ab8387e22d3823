// The user's MCP servers through the real adapter: a stdio server from the workspace's .vscode/mcp.json (its input
// given, its program found on PATH) is offered to the model among its tools and runs when called, through the usual
// approval; a server that cannot start is a notice in the chat and the session works; in Restricted Mode none is passed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpServer } from '@agentclientprotocol/sdk';
import { findProgram } from '../../src/acpClient/findProgram';
import { readMcpConfig } from '../../src/mcpServers/mcpConfig';
import { serversToPass } from '../../src/mcpServers/serversToPass';
import { inputKey } from '../../src/mcpServers/workspaceServersQuestion';
import { text, toolUse } from '../fixtures/fakeAnthropic';
import { ask, permissionEntries, repoRoot, toolEntries, useRealAdapter } from '../fixtures/clientHarness';
import { nodeBin } from '../fixtures/adapter';

const FILE = 'mcpServers';
const SERVER = join(repoRoot, 'test', 'fixtures', 'mcp', 'stdioServer.mjs');
const TOOL = 'mcp__probe__echo_marker';

/** Writes the workspace's .vscode/mcp.json and reads it as the extension does; `trusted` is the workspace's trust. */
async function fromMcpJson(workspace: string, trusted: boolean): Promise<McpServer[]> {
  const node = await nodeBin();
  const mcpJson = {
    inputs: [{ type: 'promptString', id: 'marker', description: 'A marker the server answers with' }],
    servers: {
      // A bare program name, found on PATH as the extension finds it.
      probe: { type: 'stdio', command: 'node', args: [SERVER], env: { MARKER: '${input:marker}' } },
      broken: { command: node, args: [SERVER, '--fail'] },
    },
  };
  const path = join(workspace, '.vscode', 'mcp.json');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `// the workspace's MCP servers\n${JSON.stringify(mcpJson, null, 2)}\n`);
  const config = readMcpConfig({ workspaceJson: readFileSync(path, 'utf8') }, ['acp-chat']);
  const offer = serversToPass(config, {
    trusted,
    workspaceFolder: workspace,
    userHome: '/nonexistent-home',
    env: { PATH: dirname(node) },
    inputs: new Map([[inputKey({ source: 'workspace', name: 'probe' }, 'marker'), 'marker-7f3']]),
    findProgram: (name, pathVar) => findProgram(name, pathVar, [workspace]),
  });
  expect(offer.problems).toEqual([]);
  return offer.servers;
}

describe('a trusted workspace: its .vscode/mcp.json servers reach the model', () => {
  const adapter = useRealAdapter(FILE, { mcpServers: (workspace) => fromMcpJson(workspace, true) });

  it('offers the stdio server in the tool list, shows the broken one as a notice, and the session works', async () => {
    const session = await adapter.run.newSession();
    adapter.run.api.setScript([text('Ready.')]);
    const res = await session.prompt(ask('hello'));
    expect(res.stopReason).toBe('end_turn');
    const first = adapter.run.api.mainRequests().at(-1)!;
    // Claude Code lists MCP tools as deferred tools, loaded through ToolSearch.
    expect(first.toolNames).toContain('ToolSearch');
    expect(first.allText).toContain(TOOL);
    expect(first.allText).not.toContain('mcp__broken__');
    const notices = session.snapshot().entries.filter((e) => e.kind === 'notice');
    expect(notices.map((n) => (n.kind === 'notice' ? n.title : ''))).toContain('MCP server "broken" failed to start');
    expect(
      session
        .snapshot()
        .entries.filter((e) => e.kind === 'agent')
        .map((e) => (e.kind === 'agent' ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '')),
    ).toContain('Ready.');
  });

  it("runs the server's tool when the model calls it, after the user's approval (its program started with the input's value)", async () => {
    const session = await adapter.run.newSession();
    const from = adapter.run.hooks.permissions.length;
    adapter.run.hooks.decide = () => 'allow-once';
    adapter.run.api.setScript([toolUse('ToolSearch', { query: `select:${TOOL}`, max_results: 1 }), toolUse(TOOL, { text: 'hi' }), text('It answered.')]);
    const res = await session.prompt(ask('use the probe tool'));
    expect(res.stopReason).toBe('end_turn');
    const results = adapter.run.api.toolResults();
    expect(results.map((r) => r.text)).toContain('marker-7f3: hi');
    // A user's server asks like any tool in Manual mode.
    expect(adapter.run.hooks.permissions.length - from).toBe(1);
    expect(adapter.run.hooks.permissions[from]!.params.toolCall.toolCallId).toBe(
      toolEntries(session).find((t) => t.status === 'completed' && JSON.stringify(t.rawInput).includes('"hi"'))?.toolCallId,
    );
    expect(permissionEntries(session)[0]!.outcome).toMatchObject({ status: 'selected', optionId: 'allow-once' });
  });
});

describe('a workspace in Restricted Mode: none of its servers is passed', () => {
  const adapter = useRealAdapter(FILE, { mcpServers: (workspace) => fromMcpJson(workspace, false) });

  it('the model is offered no MCP tool and no server is started', async () => {
    const session = await adapter.run.newSession();
    adapter.run.api.setScript([text('Ready.')]);
    expect((await session.prompt(ask('hello'))).stopReason).toBe('end_turn');
    const first = adapter.run.api.mainRequests().at(-1)!;
    expect(first.toolNames.length).toBeGreaterThan(0);
    expect(first.allText).not.toMatch(/mcp__\w+__/u);
    expect(session.snapshot().entries.filter((e) => e.kind === 'notice' && /MCP server/u.test(e.title))).toEqual([]);
  });
});
