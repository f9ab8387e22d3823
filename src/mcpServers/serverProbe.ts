// Whether an MCP server answers, and with which tools: connects as a client would, lists its tools and closes. Used
// only when the user asks for the list of servers (a stdio server's program is started for it, as the agent starts it).
import type { McpServer } from '@agentclientprotocol/sdk';

/** How long one server may take to answer before the list says it did not. */
const PROBE_MS = 10_000;

export type ProbeResult = { ok: true; tools: { name: string; description?: string }[] } | { ok: false; error: string };

export async function probeServer(server: McpServer, version: string): Promise<ProbeResult> {
  const sdk = await import('../ideTools/mcpSdk');
  const client = new sdk.Client({ name: 'acp-chat', version });
  const headers = 'headers' in server ? Object.fromEntries(server.headers.map((h) => [h.name, h.value])) : {};
  let stderr = '';
  const transport =
    !('type' in server) || server.type === undefined
      ? new sdk.StdioClientTransport({
          command: server.command,
          args: server.args,
          env: { ...stringEnv(process.env), ...Object.fromEntries(server.env.map((e) => [e.name, e.value])) },
          stderr: 'pipe',
        })
      : server.type === 'sse'
        ? new sdk.SSEClientTransport(new URL(server.url), { requestInit: { headers } })
        : new sdk.StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } });
  if (transport instanceof sdk.StdioClientTransport) transport.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-500)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const listed = await Promise.race([
      client.connect(transport).then(() => client.listTools()),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_MS / 1000} s`)), PROBE_MS))),
    ]);
    return { ok: true, tools: listed.tools.map((t) => ({ name: t.name, description: t.description })) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, error: stderr.trim() ? `${message} (${stderr.trim().split('\n').at(-1)})` : message };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
