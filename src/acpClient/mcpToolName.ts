// A tool from an MCP server, as Claude Code names it: `mcp__<server>__<tool>` (the server is the part up to the next
// `__`, the tool the rest). The chat and the approvals show the tool and its server apart instead of the joined name.

/** The server and tool of an MCP tool's name; undefined for any other name. */
export function mcpToolName(name: unknown): { server: string; tool: string } | undefined {
  if (typeof name !== 'string' || !name.startsWith('mcp__')) return undefined;
  const rest = name.slice('mcp__'.length);
  const split = rest.indexOf('__');
  if (split <= 0 || split + 2 >= rest.length) return undefined;
  return { server: rest.slice(0, split), tool: rest.slice(split + 2) };
}
