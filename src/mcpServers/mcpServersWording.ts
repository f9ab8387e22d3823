// The words of the MCP servers the agent's sessions do not get, beside the module that works them out
// (sessionMcpServers.ts).
import { l10n } from '../contributions/l10n';

/** The user's MCP servers (or the editor tools) that the agent's sessions do not get, each sentence naming its source. */
export function describeMcpServersLeftOut(problems: readonly string[]): string {
  const [first, ...rest] = problems;
  return rest.length ? l10n.t('{0} (and {1} more about MCP servers: ACP Chat: Show MCP Servers lists them all.)', first, rest.length) : first!;
}
