// The editor tools' server for this window: started when the first agent needs it (not at activation), kept for the
// window's life (every chat's agent reaches the same one), and described to the agent as an MCP server over HTTP with
// its bearer token. Its tools only read, so the Claude adapter is told to run them without asking (`allowedTools`).
import type { McpServer } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { editorTools, type EditorToolsDeps } from './editorTools';
import { startToolServer, type RunningToolServer, type ServedTool } from './toolServer';

/** The server's name as the agent knows it (tools are `mcp__acp-chat__<tool>`); never `ide`, which Claude Code trims. */
export const EDITOR_SERVER_NAME = 'acp-chat';

/** The environment variable Claude Code reads the server's Authorization header from (see SessionTools.secretHeaders). */
export const EDITOR_AUTH_VARIABLE = 'ACP_CHAT_EDITOR_TOOLS_AUTHORIZATION';

export interface EditorServerOffer {
  server: McpServer;
  /** Claude Code's names of the tools, which run without asking. */
  allowedTools: string[];
}

export class EditorToolServer implements vscode.Disposable {
  private running: Promise<RunningToolServer> | undefined;
  private readonly tools: ServedTool[];
  private disposed = false;

  constructor(private readonly deps: EditorToolsDeps & { logger: Logger; version: string; enabled(): boolean }) {
    this.tools = editorTools(deps);
  }

  /** The server as a session request carries it, started if need be; undefined when the user turned the tools off. */
  async offer(): Promise<EditorServerOffer | undefined> {
    if (!this.deps.enabled() || this.disposed) return undefined;
    this.running ??= startToolServer({ name: EDITOR_SERVER_NAME, version: this.deps.version, tools: this.tools, logger: this.deps.logger }).then((server) => {
      this.deps.logger.info(`[tools] the editor tools listen on ${server.url}`);
      return server;
    });
    let server: RunningToolServer;
    try {
      server = await this.running;
    } catch (err) {
      this.running = undefined; // the next agent start tries again
      throw err;
    }
    return {
      server: { type: 'http', name: EDITOR_SERVER_NAME, url: server.url, headers: [{ name: 'Authorization', value: server.authorization }] },
      allowedTools: this.tools.map((t) => `mcp__${EDITOR_SERVER_NAME}__${t.name}`),
    };
  }

  dispose(): void {
    this.disposed = true;
    void this.running?.then(
      (s) => s.close(),
      () => undefined,
    );
  }
}
