// The words of the MCP servers the agent's sessions do not get, and of those whose secrets stay on Claude Code's
// command line, beside the module that works them out (sessionMcpServers.ts).
import { l10n } from '../contributions/l10n';

/**
 * The user's MCP servers (or the editor tools) that the agent's sessions do not get, or whose values are on Claude
 * Code's command line, each sentence naming its source; beyond the first, a count (Show MCP Servers lists them).
 */
export function describeMcpServersLeftOut(problems: readonly string[]): string {
  const [first, ...rest] = problems;
  return rest.length ? l10n.t('{0} (and {1} more about MCP servers: ACP Chat: Show MCP Servers lists them all.)', first, rest.length) : first!;
}

/** The user's servers whose header and environment values Claude Code cannot read from its environment (agentLaunch.ts). */
export function describeValuesOnCommandLine(servers: readonly string[]): string {
  return l10n.t(
    "Claude Code's subprocess scrub (CLAUDE_CODE_SUBPROCESS_ENV_SCRUB) is on, so Claude Code cannot take MCP servers' secrets from its environment: the header and environment values of {0} are on its command line, which other users of this computer can read.",
    servers.map((name) => `"${name}"`).join(', '),
  );
}
