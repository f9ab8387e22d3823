// The MCP servers every session gets: the editor's knowledge as tools (src/ideTools/, on 127.0.0.1 with a per-window
// token) and the user's servers (trusted workspace only; a workspace's own once the user said to use them), worked out
// at each agent start; Show MCP Servers lists them, and the servers Claude Code loads by itself.
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { usesBundledAdapter } from '../agents/agentLaunch';
import { launchSettingsFor } from '../agents/agentList';
import { COMMANDS } from '../contributions/commandIds';
import { inActiveChat, reporting } from '../core/commandHandlers';
import type { Core } from '../core/core';
import type { Feature } from '../core/feature';
import { followsAgent } from '../follow/agentFollower';
import { EDITOR_SERVER_NAME, EditorToolServer } from '../ideTools/editorToolServer';
import { workspaceFolderPaths } from '../workbench/locationOpener';
import { readClaudeCodeFiles } from './claudeCodeFiles';
import type { ClaudeCodeFiles } from './claudeCodeServers';
import { offersReconnect } from './serverListItems';
import { SessionMcpServers } from './sessionMcpServers';
import { UserMcpServers } from './userServers';
import { WorkspaceServersConsent } from './workspaceServersConsent';

export function activateMcpServers(core: Core): Feature {
  const { logger, version } = core;
  const editorTools = new EditorToolServer({
    logger,
    version,
    folders: () => core.folders.paths(),
    follows: () => followsAgent(core.context.globalState),
    // It decides what the agent may read without asking: the user's value only, never a workspace's.
    enabled: () => core.settings.userValue<boolean>('ideTools.enabled') !== false,
  });
  const workspaceConsent = new WorkspaceServersConsent(core.context.workspaceState, logger);
  const servers = new SessionMcpServers({
    editor: editorTools,
    user: new UserMcpServers({
      secrets: core.context.secrets,
      logger,
      folders: workspaceFolderPaths,
      trusted: () => vscode.workspace.isTrusted,
      reserved: [EDITOR_SERVER_NAME],
      consent: workspaceConsent,
    }),
    logger,
    version,
    say: (message) => core.presenter.showMessage(message, 'warning', ['showMcpServers']),
    claudeCode: () => claudeCodeFiles(core),
    activeChat: {
      offersReconnect: () => offersReconnect(core.chats.active.session?.meta.availableCommands ?? []),
      // The chat shows the adapter's answer (each server's state after the reconnect) as the turn's reply.
      send: (prompt) =>
        void inActiveChat(core, vscode.l10n.t('Reconnecting the MCP server'), async (chat) => {
          await core.views.reveal(chat);
          await chat.submit([{ type: 'text', text: prompt }]);
        })(),
      restartAgent: () => void vscode.commands.executeCommand(COMMANDS.restartAgent),
    },
  });
  return {
    disposables: [
      editorTools,
      core.sessionTools.provide(() => servers.forSession()),
      core.launcher.onDidLeaveOutProjectSettings(() => servers.folderSettingsLeftOut()),
    ],
    commands: { [COMMANDS.showMcpServers]: reporting(core, vscode.l10n.t('Listing the MCP servers'), () => servers.showList()) },
    test: { editorTools, mcpServers: servers, workspaceMcpConsent: workspaceConsent },
  };
}

/**
 * Claude Code's files for the folder the agent starts in, where the agent's environment puts them (CLAUDE_CONFIG_DIR,
 * else HOME, from acpChat.agent.env, else this process's, which the agent inherits); undefined when the agent is not
 * the bundled Claude adapter or no folder is open (no agent starts then).
 */
function claudeCodeFiles(core: Core): Promise<ClaudeCodeFiles | undefined> {
  const agent = vscode.workspace.getConfiguration('acpChat.agent');
  const folder = core.cwd();
  if (!folder || !usesBundledAdapter(launchSettingsFor(core.agents.selected, { path: agent.get<string>('path') }))) return Promise.resolve(undefined);
  const env = agent.get<Record<string, unknown>>('env') ?? {};
  const set = (name: string) => (typeof env[name] === 'string' && env[name] ? env[name] : process.env[name] || undefined);
  return readClaudeCodeFiles({ folder, home: set('HOME') ?? homedir(), configDir: set('CLAUDE_CONFIG_DIR'), platform: process.platform });
}
