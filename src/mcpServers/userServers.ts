// The user's MCP servers at each agent start: the workspace's .vscode/mcp.json (once the user said to use it:
// workspaceServersConsent.ts) and the user's acpChat.mcpServers setting (its user value only: a workspace cannot add
// programs to run through it), with the values of mcp.json's `${input:…}` asked once per server and kept in
// SecretStorage. serversToPass.ts decides what is passed.
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { findProgram } from '../acpClient/findProgram';
import { forQuickInputMessage } from '../acpClient/displayText';
import type { Logger } from '../acpClient/logger';
import { readMcpConfig, WORKSPACE_FILE, type ConfiguredServer, type McpConfig, type McpInput } from './mcpConfig';
import { serversToPass, type UserServersOffer } from './serversToPass';
import type { WorkspaceServersConsent } from './workspaceServersConsent';
import { inputKey, inputStorageKey } from './workspaceServersQuestion';

/** The largest mcp.json read: a configuration, not data. */
const MAX_FILE_BYTES = 1024 * 1024;

export class UserMcpServers {
  /** Inputs the user dismissed in this window: asked again only after a reload. */
  private readonly dismissed = new Set<string>();

  constructor(
    private readonly deps: {
      secrets: vscode.SecretStorage;
      logger: Logger;
      folders(): string[];
      trusted(): boolean;
      /** Names no user server may take (the editor tools' server). */
      reserved: readonly string[];
      /** Whether the workspace's own servers may be used (asked once per content of the file). */
      consent: Pick<WorkspaceServersConsent, 'decide'>;
    },
  ) {}

  async offer(): Promise<UserServersOffer> {
    const folders = this.deps.folders();
    const folder = folders[0];
    const trusted = this.deps.trusted();
    const setting = vscode.workspace.getConfiguration('acpChat').inspect<unknown>('mcpServers')?.globalValue;
    const file = folder && trusted ? await readConfigFile(join(folder, WORKSPACE_FILE)) : undefined;
    const config = readMcpConfig({ workspaceJson: file?.text, setting }, this.deps.reserved);
    if (file?.problem) config.problems.unshift(file.problem);
    // Asked before any input, so nothing is asked for a server that is then left out.
    const fromFile = config.servers.filter((s) => s.source === 'workspace');
    const decision = trusted && file?.text !== undefined && fromFile.length ? await this.deps.consent.decide(file.text, fromFile) : { use: true as const };
    const used = decision.use ? config.servers : config.servers.filter((s) => s.source !== 'workspace');
    const inputs = trusted ? await this.inputValues(used, config, folder) : new Map<string, string>();
    const offer = serversToPass(config, {
      ...(decision.use ? {} : { workspaceLeftOut: decision.leftOut }),
      trusted,
      workspaceFolder: folder,
      userHome: homedir(),
      env: process.env,
      inputs,
      findProgram: (name, pathVar) => findProgram(name, pathVar, folders),
    });
    for (const p of offer.problems) this.deps.logger.warn(`[mcp] ${p}`);
    return offer;
  }

  /**
   * The values of the inputs `servers` use, by server (inputKey): stored ones, else asked for now (and stored when
   * given). A value typed for one server is never sent to another that uses an input of the same id.
   */
  private async inputValues(servers: readonly ConfiguredServer[], config: McpConfig, folder: string | undefined): Promise<Map<string, string>> {
    const values = new Map<string, string>();
    for (const server of servers) {
      for (const id of server.inputIds) {
        const input = config.inputs.find((i) => i.id === id);
        if (!input) continue;
        const key = inputStorageKey(folder, server, id);
        const stored = await this.deps.secrets.get(key);
        if (stored !== undefined) {
          values.set(inputKey(server, id), stored);
          continue;
        }
        if (this.dismissed.has(key)) continue;
        const value = await ask(input, server.name);
        if (value === undefined) {
          this.dismissed.add(key);
          continue;
        }
        await this.deps.secrets.store(key, value);
        values.set(inputKey(server, id), value);
      }
    }
    return values;
  }
}

async function ask(input: McpInput, serverName: string): Promise<string | undefined> {
  const title = `MCP server "${serverName}"`;
  if (input.options) return vscode.window.showQuickPick(input.options, { title, placeHolder: forQuickInputMessage(input.description), ignoreFocusOut: true });
  return vscode.window.showInputBox({
    title,
    prompt: forQuickInputMessage(input.description),
    value: input.default,
    password: input.password,
    ignoreFocusOut: true,
  });
}

/** The file's text, or why it was not read; undefined when there is no file. */
async function readConfigFile(path: string): Promise<{ text?: string; problem?: string } | undefined> {
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES)
      return { problem: vscode.l10n.t('{0} is larger than 1 MB; none of its servers are passed to the agent.', WORKSPACE_FILE) };
    return { text: await readFile(path, 'utf8') };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { problem: vscode.l10n.t('{0} could not be read ({1}); none of its servers are passed to the agent.', WORKSPACE_FILE, (err as Error).message) };
  }
}
