// The MCP servers every session of the agent gets: the editor tools' server and the user's servers, worked out at each
// agent start. What was passed is kept for the list the user can open (each server with its state and tools, read by
// asking the server as the agent does); what was left out, and whose secrets stay on Claude Code's command line, is
// said once in the chat, when the launch is decided.
import type { McpServer } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import type { SessionTools } from '../agents/agentLaunch';
import { EDITOR_AUTH_VARIABLE, EDITOR_SERVER_NAME, type EditorServerOffer, type EditorToolServer } from '../ideTools/editorToolServer';
import { WORKSPACE_FILE } from './mcpConfig';
import { describeMcpServersLeftOut, describeValuesOnCommandLine } from './mcpServersWording';
import { probeServer } from './serverProbe';
import type { UserServerState } from './serversToPass';
import type { UserMcpServers } from './userServers';

interface LastOffer {
  editor: EditorServerOffer | undefined;
  editorProblem?: string;
  user: UserServerState[];
}

export class SessionMcpServers {
  private last: LastOffer | undefined;
  /** Problems already said in this window: the same broken entry is not reported at every agent start. */
  private readonly said = new Set<string>();

  constructor(
    private readonly deps: {
      editor: EditorToolServer;
      user: UserMcpServers;
      logger: Logger;
      version: string;
      say(message: string): void;
    },
  ) {}

  /** What the next agent's sessions carry. A server that cannot be offered is left out; the agent starts regardless. */
  async forSession(): Promise<SessionTools> {
    let editor: EditorServerOffer | undefined;
    let editorProblem: string | undefined;
    try {
      editor = await this.deps.editor.offer();
    } catch (err) {
      editorProblem = `The editor tools could not start: ${err instanceof Error ? err.message : String(err)}`;
      this.deps.logger.error(`[mcp] ${editorProblem}`);
    }
    const user = await this.deps.user.offer();
    this.last = { editor, editorProblem, user: user.states };
    const leftOut = [...(editorProblem ? [editorProblem] : []), ...user.problems];
    return {
      mcpServers: [...(editor ? [editor.server] : []), ...user.servers],
      allowedTools: editor?.allowedTools ?? [],
      secretHeaders: editor ? [{ server: EDITOR_SERVER_NAME, header: 'Authorization', variable: EDITOR_AUTH_VARIABLE }] : [],
      secretUrls: user.secretUrls,
      // Said once the launch is decided, in one message: a second would replace the first in the chat's notice.
      onLaunch: (onCommandLine) => {
        // The editor tools' token is not the user's secret, and their server refuses other users' connections itself.
        const users = onCommandLine.filter((name) => name !== EDITOR_SERVER_NAME);
        const exposed = users.length ? [describeValuesOnCommandLine(users)] : [];
        for (const sentence of exposed) this.deps.logger.warn(`[mcp] ${sentence}`);
        const fresh = this.unsaid([...exposed, ...leftOut]);
        if (fresh.length) this.deps.say(describeMcpServersLeftOut(fresh));
      },
    };
  }

  /** The sentences not yet said in this window, now counted as said. */
  private unsaid(sentences: string[]): string[] {
    const fresh = sentences.filter((p) => !this.said.has(p));
    for (const p of fresh) this.said.add(p);
    return fresh;
  }

  /** The servers the last agent start passed or left out, each asked for its tools (as the agent would connect). */
  async list(): Promise<ServerRow[]> {
    const rows = await this.rows();
    await Promise.all(rows.map((r) => this.probe(r)));
    return rows;
  }

  /** The list as a QuickPick: shown at once, each row's state and tools filled in as its server answers. */
  async showList(): Promise<void> {
    const rows = await this.rows();
    type Item = vscode.QuickPickItem & { row: ServerRow };
    const pick = vscode.window.createQuickPick<Item>();
    pick.title = vscode.l10n.t('MCP servers passed to the agent');
    pick.placeholder = vscode.l10n.t('Pick a server to open where it is configured');
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    const render = () => {
      pick.items = rows.map((row) => ({ label: row.name, description: `${row.what} · ${row.state}`, detail: row.tools?.join(', '), row }));
    };
    render();
    pick.busy = true;
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.row;
      pick.hide();
      if (chosen) void this.openConfig(chosen);
    });
    pick.onDidHide(() => pick.dispose());
    pick.show();
    await Promise.all(rows.map((r) => this.probe(r).then(render)));
    pick.busy = false;
  }

  private async rows(): Promise<ServerRow[]> {
    if (!this.last) await this.forSession();
    const last = this.last!;
    const rows: ServerRow[] = [];
    if (last.editor)
      rows.push({
        name: EDITOR_SERVER_NAME,
        source: 'editor',
        what: vscode.l10n.t('editor tools, run without asking'),
        server: last.editor.server,
        state: vscode.l10n.t('checking…'),
      });
    else
      rows.push({
        name: EDITOR_SERVER_NAME,
        source: 'editor',
        what: vscode.l10n.t('editor tools'),
        state: last.editorProblem ?? vscode.l10n.t('off (acpChat.ideTools.enabled)'),
      });
    for (const s of last.user) {
      const where = s.source === 'workspace' ? WORKSPACE_FILE : vscode.l10n.t('user setting');
      rows.push({
        name: s.name,
        source: s.source,
        what: vscode.l10n.t('{0}, {1}, asks before each tool', where, s.transport),
        server: s.passed,
        state: s.passed ? vscode.l10n.t('checking…') : vscode.l10n.t('not passed: {0}', s.leftOut ?? ''),
      });
    }
    return rows;
  }

  private async probe(row: ServerRow): Promise<void> {
    if (!row.server) return;
    const result = await probeServer(row.server, this.deps.version);
    row.state = result.ok
      ? result.tools.length === 1
        ? vscode.l10n.t('answers, 1 tool')
        : vscode.l10n.t('answers, {0} tools', result.tools.length)
      : vscode.l10n.t('does not answer: {0}', result.error);
    row.tools = result.ok ? result.tools.map((t) => t.name) : undefined;
  }

  private openConfig(row: ServerRow): Thenable<unknown> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (row.source === 'workspace' && folder) return vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, WORKSPACE_FILE));
    return vscode.commands.executeCommand('workbench.action.openSettings', row.source === 'editor' ? 'acpChat.ideTools.enabled' : 'acpChat.mcpServers');
  }
}

/** One server of the list: where it comes from, what became of it, and its tools once it answered. */
export interface ServerRow {
  name: string;
  source: 'editor' | 'workspace' | 'settings';
  what: string;
  /** As passed to the agent; undefined when it was not. */
  server?: McpServer;
  state: string;
  tools?: string[];
}
