// The MCP servers a session request carries: those the agent said it can reach. Every ACP agent takes stdio servers;
// HTTP and SSE ones only when `initialize` listed them in `mcpCapabilities` (another agent would refuse the request).
import type { McpCapabilities, McpServer } from '@agentclientprotocol/sdk';
import { l10n } from '../contributions/l10n';

/** `servers` an agent with `capabilities` can use, and those it cannot (with the reason, for the log and the list). */
export function offeredServers(
  servers: readonly McpServer[],
  capabilities: McpCapabilities | undefined,
): { offered: McpServer[]; left: { name: string; reason: string }[] } {
  const offered: McpServer[] = [];
  const left: { name: string; reason: string }[] = [];
  for (const server of servers) {
    const transport = 'type' in server ? server.type : 'stdio';
    if (transport === 'stdio' || capabilities?.[transport] === true) offered.push(server);
    else left.push({ name: server.name, reason: l10n.t('the agent does not take MCP servers over {0}', transport.toUpperCase()) });
  }
  return { offered, left };
}
