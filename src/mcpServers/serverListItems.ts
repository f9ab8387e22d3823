// Show MCP Servers' items from its rows: each server with where it comes from and its state (its tools below, once it
// answered); a button to reconnect it alone where the active chat's agent offers that, which only the Claude adapter's
// `/mcp reconnect <server>` command does (claude-agent-acp dist/mcp-command.js, `runMcpCommand`; there is no ACP
// method for it); and last the line that restarts the agent, and with it every server. Pure: sessionMcpServers.ts
// shows them.
import type { McpServer } from '@agentclientprotocol/sdk';
import { describeRestartLine, restartAgentLabel } from './mcpServersWording';

/** One server of the list: where it comes from, what became of it, and its tools once it answered. */
export interface ServerRow {
  name: string;
  source: 'editor' | 'workspace' | 'settings' | 'claudeCode';
  what: string;
  /** As passed to the agent; undefined when it was not (or when Claude Code loads it itself). */
  server?: McpServer;
  state: string;
  tools?: string[];
  /** Claude Code starts it itself in each chat. */
  loadedByClaudeCode?: boolean;
  /** The file it is written in, opened when it is picked (a .mcp.json). */
  file?: string;
}

export type ListItem =
  | { kind: 'server'; label: string; description: string; detail?: string; row: ServerRow; reconnect: boolean }
  | { kind: 'restartAgent'; label: string; description: string };

/** The list's items; `reconnect`: the active chat's agent reconnects one server on its own (`offersReconnect`). */
export function listItems(rows: readonly ServerRow[], opts: { reconnect: boolean }): ListItem[] {
  const servers = rows.map((row): ListItem => ({
    kind: 'server',
    label: row.name,
    description: `${row.what} · ${row.state}`,
    ...(row.tools ? { detail: row.tools.join(', ') } : {}),
    row,
    reconnect: opts.reconnect && (row.server !== undefined || row.loadedByClaudeCode === true) && reconnectPrompt(row.name) !== undefined,
  }));
  return [...servers, { kind: 'restartAgent', label: restartAgentLabel(), description: describeRestartLine(opts.reconnect) }];
}

/** Whether a session's commands (ACP `available_commands_update`) include the Claude adapter's `/mcp reconnect`. */
export function offersReconnect(commands: readonly { name: string; input?: { hint?: string } | null }[]): boolean {
  return commands.some((c) => c.name === 'mcp' && /\breconnect\b/u.test(c.input?.hint ?? ''));
}

/** The prompt that reconnects `name` alone; undefined for a name the command cannot take (it splits on spaces). */
export function reconnectPrompt(name: string): string | undefined {
  return name !== '' && !/\s/u.test(name) ? `/mcp reconnect ${name}` : undefined;
}
