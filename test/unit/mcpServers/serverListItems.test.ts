// Show MCP Servers' items: each server's row as shown, the button that reconnects one server alone only where the
// active chat's agent offers it (checked against the Claude adapter's own `/mcp` command and its parser), and the
// Restart Agent line last.
import { MCP_AVAILABLE_COMMAND, parseMcpCommand } from '@agentclientprotocol/claude-agent-acp/dist/mcp-command.js';
import { describe, expect, it } from 'vitest';
import { listItems, offersReconnect, reconnectPrompt, type ServerRow } from '../../../src/mcpServers/serverListItems';

const ROWS: ServerRow[] = [
  {
    name: 'acp-chat',
    source: 'editor',
    what: 'editor tools, run without asking',
    server: { type: 'http', name: 'acp-chat', url: 'http://127.0.0.1:1/mcp', headers: [] },
    state: 'answers, 1 tool',
    tools: ['hover'],
  },
  { name: 'gone', source: 'settings', what: 'user setting, stdio, asks before each tool', state: 'not passed: not found' },
  {
    name: 'shared',
    source: 'claudeCode',
    what: 'loaded by Claude Code from .mcp.json, stdio',
    state: 'runs in each chat',
    loadedByClaudeCode: true,
    file: '/w/.mcp.json',
  },
  { name: 'left', source: 'claudeCode', what: "Claude Code's own, from .mcp.json, stdio", state: 'not loaded: …', loadedByClaudeCode: false },
  { name: 'two words', source: 'claudeCode', what: 'loaded by Claude Code from .mcp.json, stdio', state: 'runs in each chat', loadedByClaudeCode: true },
];

describe('listItems', () => {
  it('shows each server with where it comes from and its state, its tools below, and Restart Agent last', () => {
    const items = listItems(ROWS, { reconnect: false });
    expect(items.map((i) => [i.kind, i.label, i.description, i.kind === 'server' ? i.detail : undefined])).toEqual([
      ['server', 'acp-chat', 'editor tools, run without asking · answers, 1 tool', 'hover'],
      ['server', 'gone', 'user setting, stdio, asks before each tool · not passed: not found', undefined],
      ['server', 'shared', 'loaded by Claude Code from .mcp.json, stdio · runs in each chat', undefined],
      ['server', 'left', "Claude Code's own, from .mcp.json, stdio · not loaded: …", undefined],
      ['server', 'two words', 'loaded by Claude Code from .mcp.json, stdio · runs in each chat', undefined],
      ['restartAgent', '$(debug-restart) Restart Agent', 'Restarting one server needs the agent restarted: this restarts every server', undefined],
    ]);
    expect(items.some((i) => i.kind === 'server' && i.reconnect)).toBe(false);
  });

  it('offers reconnecting a server alone where the agent offers it: the servers the chats have, whose name /mcp can take', () => {
    const items = listItems(ROWS, { reconnect: true });
    expect(items.flatMap((i) => (i.kind === 'server' && i.reconnect ? [i.label] : []))).toEqual(['acp-chat', 'shared']);
    expect(items.at(-1)).toEqual({
      kind: 'restartAgent',
      label: '$(debug-restart) Restart Agent',
      description: "restarts every server; a server's button reconnects it alone, in the active chat (/mcp reconnect)",
    });
  });
});

describe('reconnecting one server', () => {
  it("is offered by the Claude adapter's /mcp command, and by no session without it", () => {
    expect(offersReconnect([{ name: 'compact', input: null }, MCP_AVAILABLE_COMMAND])).toBe(true);
    expect(offersReconnect([{ name: 'compact', input: null }])).toBe(false);
    expect(offersReconnect([{ name: 'mcp', input: { hint: '[list]' } }])).toBe(false);
  });

  it('is the prompt the adapter reads as reconnecting that server alone', () => {
    expect(parseMcpCommand(reconnectPrompt('shared')!)).toEqual({ action: 'reconnect', all: false, server: 'shared' });
    expect(parseMcpCommand(reconnectPrompt('acp-chat')!)).toEqual({ action: 'reconnect', all: false, server: 'acp-chat' });
    expect(reconnectPrompt('two words')).toBeUndefined();
    expect(reconnectPrompt('')).toBeUndefined();
  });
});
