// The MCP servers every session of the agent gets: the editor tools' server and the user's servers, worked out at each
// agent start. What was passed is kept for the list the user can open (each server with its state and tools, read by
// asking the server as the agent does; below them the servers Claude Code loads by itself, read from its files and not
// started here); what was left out, and whose secrets stay on Claude Code's command line, is said once in the chat,
// when the launch is decided.
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import type { SessionTools } from '../agents/agentLaunch';
import { EDITOR_AUTH_VARIABLE, EDITOR_SERVER_NAME, type EditorServerOffer, type EditorToolServer } from '../ideTools/editorToolServer';
import { claudeCodeServers, type ClaudeCodeFiles, type FolderSettings } from './claudeCodeServers';
import { WORKSPACE_FILE } from './mcpConfig';
import { describeMcpServersLeftOut, describeReconnectButton, describeValuesOnCommandLine } from './mcpServersWording';
import { listItems, reconnectPrompt, type ListItem, type ServerRow } from './serverListItems';
import { probeServer } from './serverProbe';
import type { UserServerState } from './serversToPass';
import type { UserMcpServers } from './userServers';

interface LastOffer {
  editor: EditorServerOffer | undefined;
  editorProblem?: string;
  user: UserServerState[];
}

export type { ServerRow };

export class SessionMcpServers {
  private last: LastOffer | undefined;
  /** Whether the last agent start used the folder's Claude settings (which bring the project and local scopes). */
  private folderSettings: FolderSettings = 'unknown';
  /** The start under way: told when it leaves the folder's Claude settings out, settled when its launch is decided. */
  private starting: { leftOut: boolean } | undefined;
  /** Problems already said in this window: the same broken entry is not reported at every agent start. */
  private readonly said = new Set<string>();

  constructor(
    private readonly deps: {
      editor: EditorToolServer;
      user: UserMcpServers;
      logger: Logger;
      version: string;
      say(message: string): void;
      /** Claude Code's files that name MCP servers; undefined when the agent is not Claude Code. */
      claudeCode(): Promise<ClaudeCodeFiles | undefined>;
      /** The active chat: whether its agent reconnects one server alone, sending it a prompt, restarting the agent. */
      activeChat: { offersReconnect(): boolean; send(prompt: string): void; restartAgent(): void };
    },
  ) {}

  /** The start under way leaves the folder's Claude settings out (AgentLauncher.onDidLeaveOutProjectSettings). */
  folderSettingsLeftOut(): void {
    if (this.starting) this.starting.leftOut = true;
  }

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
    const starting = { leftOut: false };
    this.starting = starting;
    const leftOut = [...(editorProblem ? [editorProblem] : []), ...user.problems];
    return {
      mcpServers: [...(editor ? [editor.server] : []), ...user.servers],
      allowedTools: editor?.allowedTools ?? [],
      secretHeaders: editor ? [{ server: EDITOR_SERVER_NAME, header: 'Authorization', variable: EDITOR_AUTH_VARIABLE }] : [],
      secretUrls: user.secretUrls,
      // Said once the launch is decided, in one message: a second would replace the first in the chat's notice.
      onLaunch: (onCommandLine) => {
        // After the launcher asked about the folder's Claude settings (agents/agentLauncher.ts `resolve`).
        if (this.starting === starting) {
          this.folderSettings = starting.leftOut ? 'leftOut' : 'used';
          this.starting = undefined;
        }
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
    const reconnect = this.deps.activeChat.offersReconnect();
    type Item = vscode.QuickPickItem & { item: ListItem };
    const button: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('debug-restart'), tooltip: describeReconnectButton() };
    const pick = vscode.window.createQuickPick<Item>();
    pick.title = vscode.l10n.t('MCP servers of the agent');
    pick.placeholder = vscode.l10n.t('Pick a server to open where it is configured');
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    const render = () => {
      pick.items = listItems(rows, { reconnect }).map((item) => ({
        label: item.label,
        description: item.description,
        detail: item.kind === 'server' ? item.detail : undefined,
        buttons: item.kind === 'server' && item.reconnect ? [button] : [],
        item,
      }));
    };
    render();
    pick.busy = true;
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.item;
      pick.hide();
      if (chosen?.kind === 'restartAgent') this.deps.activeChat.restartAgent();
      else if (chosen) void this.openConfig(chosen.row);
    });
    pick.onDidTriggerItemButton(({ item: { item } }) => {
      const prompt = item.kind === 'server' ? reconnectPrompt(item.row.name) : undefined;
      pick.hide();
      if (prompt) this.deps.activeChat.send(prompt);
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
    const files = await this.deps.claudeCode();
    if (!files) return rows;
    const passed = [...(last.editor ? [EDITOR_SERVER_NAME] : []), ...last.user.filter((s) => s.passed).map((s) => s.name)];
    const own = claudeCodeServers(files, { passed, folderSettings: this.folderSettings });
    for (const s of own.servers) {
      rows.push({
        name: s.name,
        source: 'claudeCode',
        what: s.what,
        state: s.state,
        loadedByClaudeCode: s.loaded,
        ...(s.scope === 'project' ? { file: s.path } : {}),
      });
    }
    for (const u of own.unread) {
      const mcpJson = u.path.endsWith('.mcp.json') ? { file: u.path } : {};
      rows.push({ name: u.shown, source: 'claudeCode', what: vscode.l10n.t("Claude Code's MCP servers"), state: u.problem, ...mcpJson });
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

  private openConfig(row: ServerRow): Thenable<unknown> | undefined {
    // A .mcp.json is opened; Claude Code's own file is not (it holds every server's values and every folder's history).
    if (row.source === 'claudeCode') return row.file ? vscode.window.showTextDocument(vscode.Uri.file(row.file)) : undefined;
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (row.source === 'workspace' && folder) return vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, WORKSPACE_FILE));
    return vscode.commands.executeCommand('workbench.action.openSettings', row.source === 'editor' ? 'acpChat.ideTools.enabled' : 'acpChat.mcpServers');
  }
}
