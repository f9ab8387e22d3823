// The MCP servers every session gets: the editor's knowledge as tools (src/ideTools/, on 127.0.0.1 with a per-window
// token) and the user's servers (trusted workspace only; a workspace's own once the user said to use them), worked out
// at each agent start; Show MCP Servers lists them.
import * as vscode from 'vscode';
import { COMMANDS } from '../contributions/commandIds';
import { reporting } from '../core/commandHandlers';
import type { Core } from '../core/core';
import type { Feature } from '../core/feature';
import { followsAgent } from '../follow/agentFollower';
import { EDITOR_SERVER_NAME, EditorToolServer } from '../ideTools/editorToolServer';
import { workspaceFolderPaths } from '../workbench/locationOpener';
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
  });
  return {
    disposables: [editorTools, core.sessionTools.provide(() => servers.forSession())],
    commands: { [COMMANDS.showMcpServers]: reporting(core, vscode.l10n.t('Listing the MCP servers'), () => servers.showList()) },
    test: { editorTools, mcpServers: servers, workspaceMcpConsent: workspaceConsent },
  };
}
