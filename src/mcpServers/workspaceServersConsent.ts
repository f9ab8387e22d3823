// Before a workspace's .vscode/mcp.json servers first reach the agent, the user sees each program they would start and
// each address they would connect to, with the variables each fills in (a `${env:GITHUB_TOKEN}` sends that secret),
// and decides once: the answer is kept in the workspace's own state (not in a file the repository controls) until the
// file's text changes. The same course as the folder's Claude settings (agents/projectSettingsConsent.ts).
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { WORKSPACE_FILE, type ConfiguredServer } from './mcpConfig';
import { describeWorkspaceServers, workspaceServersFingerprint } from './workspaceServersQuestion';

interface Remembered {
  fingerprint: string;
  use: boolean;
}

const MEMENTO_KEY = 'acpChat.workspaceMcpServers';

/** What this start does with the workspace's servers; `leftOut` is the sentence the chat says when they are left out. */
export type WorkspaceServersDecision = { use: true } | { use: false; leftOut: string };

export class WorkspaceServersConsent {
  /** One question at a time: two chats starting together ask once. */
  private asking: Promise<WorkspaceServersDecision> | undefined;
  /** The modal question (the host tests answer it in its place: no one can answer a modal there). */
  ask = (message: string, detail: string, ...buttons: string[]): Thenable<string | undefined> =>
    vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);

  constructor(
    private readonly memento: vscode.Memento,
    private readonly logger: Logger,
  ) {}

  /** `text` is the file's whole text, `servers` its servers as written (none of their variables filled in). */
  decide(text: string, servers: readonly ConfiguredServer[]): Promise<WorkspaceServersDecision> {
    this.asking ??= this.question(text, servers).finally(() => (this.asking = undefined));
    return this.asking;
  }

  private async question(text: string, servers: readonly ConfiguredServer[]): Promise<WorkspaceServersDecision> {
    const print = workspaceServersFingerprint(text);
    const names = servers.map((s) => `"${s.name}"`).join(', ');
    const declined: WorkspaceServersDecision = {
      use: false,
      leftOut: vscode.l10n.t('{0}: you chose not to use its MCP servers ({1}); they are left out until the file changes.', WORKSPACE_FILE, names),
    };
    const remembered = this.memento.get<Remembered>(MEMENTO_KEY);
    if (remembered?.fingerprint === print) return remembered.use ? { use: true } : declined;
    const use = vscode.l10n.t('Use Them');
    const answer = await this.ask(
      vscode.l10n.t("This workspace's {0} starts programs and connects to servers for the agent. Use them?", WORKSPACE_FILE),
      vscode.l10n.t(
        "{0}\n\nThey come with the workspace, not from you: a program runs as you, and a variable it fills in sends that value to the server. Without them, the agent starts without this file's servers; you are asked again when the file changes.",
        describeWorkspaceServers(servers),
      ),
      use,
      vscode.l10n.t('Leave Them Out'),
    );
    // Closing the dialog is not an answer: this start goes without them, and the next one asks again.
    if (answer === undefined) {
      return { use: false, leftOut: vscode.l10n.t('{0}: its MCP servers ({1}) are left out, as the question about them was closed.', WORKSPACE_FILE, names) };
    }
    const chosen = answer === use;
    await this.memento.update(MEMENTO_KEY, { fingerprint: print, use: chosen } satisfies Remembered);
    this.logger.info(`[mcp] ${WORKSPACE_FILE}'s servers: ${chosen ? 'used' : 'left out'} (${names})`);
    return chosen ? { use: true } : declined;
  }
}
