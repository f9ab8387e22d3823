// A local MCP server over Streamable HTTP for the agent of this window: 127.0.0.1, a port the OS picks, and a bearer
// token made per window that only the agent gets. A connection from another user's process, or from one whose user
// cannot be read, is closed at once (Linux); a request is refused before MCP reads it when its token is missing or
// wrong, when it names another host (a web page reaching 127.0.0.1 through a DNS name that points there), or when it
// comes from a browser (an Origin header).
// Stateless: each POST gets its own MCP server.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../acpClient/logger';
import { connectionOwner } from './connectionOwner';

/** One tool: its MCP listing and what answers a call. */
export interface ServedTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  /** The text the model gets, or a ToolFailure for an error result; `signal` aborts when the call's request closes. */
  call(input: Record<string, unknown>, signal: AbortSignal): Promise<string>;
}

/** A tool's answer that is an error result for the model (a refused path, a bad position), not a server fault. */
export class ToolFailure extends Error {}

export interface RunningToolServer {
  /** The URL the agent reaches the server at. */
  readonly url: string;
  /** The header every request must carry (never logged, never shown). */
  readonly authorization: string;
  close(): Promise<void>;
}

/** Why a request is refused before MCP sees it, or undefined when it may go on. */
export function refusal(
  req: Pick<IncomingMessage, 'headers'>,
  expected: { host: string; authorization: string },
): { status: number; message: string } | undefined {
  if (req.headers.origin !== undefined) return { status: 403, message: 'Requests from web pages are refused.' };
  if (req.headers.host !== expected.host) return { status: 403, message: 'Requests for another host are refused.' };
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(expected.authorization);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { status: 401, message: 'A valid bearer token is required.' };
  return undefined;
}

/** Starts the server for `tools`; `name` and `version` are what MCP's initialize answers. */
export async function startToolServer(opts: { name: string; version: string; tools: readonly ServedTool[]; logger: Logger }): Promise<RunningToolServer> {
  const sdk = await import('./mcpSdk');
  const authorization = `Bearer ${randomBytes(32).toString('base64url')}`;
  const byName = new Map(opts.tools.map((t) => [t.name, t]));
  let host = '';

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refused = refusal(req, { host, authorization });
    if (refused) {
      opts.logger.warn(`[tools] refused a ${req.method ?? '?'} request: ${refused.message}`);
      res.writeHead(refused.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: refused.message }));
      return;
    }
    if ((req.url ?? '').split('?')[0] !== '/mcp') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found.' }));
      return;
    }
    if (req.method !== 'POST') {
      // Stateless: no stream to open with GET, no session to end with DELETE.
      res
        .writeHead(405, { allow: 'POST', 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
      return;
    }
    const server = new sdk.Server({ name: opts.name, version: opts.version }, { capabilities: { tools: {} } });
    server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({
      tools: opts.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: { readOnlyHint: true } })),
    }));
    server.setRequestHandler(sdk.CallToolRequestSchema, async (request, extra) => {
      const tool = byName.get(request.params.name);
      if (!tool) return { isError: true, content: [{ type: 'text' as const, text: `There is no tool named ${request.params.name}.` }] };
      try {
        const text = await tool.call(request.params.arguments ?? {}, extra.signal);
        return { content: [{ type: 'text' as const, text }] };
      } catch (err) {
        if (!(err instanceof ToolFailure)) opts.logger.error(`[tools] ${tool.name} failed`, err);
        return { isError: true, content: [{ type: 'text' as const, text: err instanceof Error ? err.message : String(err) }] };
      }
    });
    const transport = new sdk.StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };

  const http: HttpServer = createServer((req, res) => {
    serve(req, res).catch((err: unknown) => {
      opts.logger.error('[tools] a request failed', err);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const uid = process.getuid?.();
  http.on('connection', (socket) => {
    if (uid === undefined) return; // Windows: no uids
    const { remoteAddress, remotePort, localAddress } = socket;
    const owner =
      remoteAddress === undefined || remotePort === undefined || localAddress === undefined
        ? 'unknown' // already closed
        : connectionOwner({ address: remoteAddress, port: remotePort }, { address: localAddress, port });
    if (owner !== undefined && owner !== uid) {
      opts.logger.warn(
        owner === 'unknown'
          ? '[tools] closed a connection whose user could not be read'
          : `[tools] closed a connection from another user's process (uid ${owner})`,
      );
      socket.resetAndDestroy(); // a reset: the client learns nothing but that it was refused
    }
  });
  host = `127.0.0.1:${port}`;
  return {
    url: `http://${host}/mcp`,
    authorization,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
