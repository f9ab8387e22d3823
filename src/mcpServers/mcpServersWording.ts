// The words of the MCP servers the agent's sessions do not get, and of those whose secrets stay on Claude Code's
// command line, beside the module that works them out (sessionMcpServers.ts); and of Show MCP Servers' rows for the
// servers Claude Code loads by itself (claudeCodeServers.ts) and its restart line (serverListItems.ts).
import { l10n } from '../contributions/l10n';

/**
 * The user's MCP servers (or the editor tools) that the agent's sessions do not get, or whose values are on Claude
 * Code's command line, each sentence naming its source; beyond the first, a count (Show MCP Servers lists them).
 */
export function describeMcpServersLeftOut(problems: readonly string[]): string {
  const [first, ...rest] = problems;
  return rest.length ? l10n.t('{0} (and {1} more about MCP servers: ACP Chat: Show MCP Servers lists them all.)', first, rest.length) : first!;
}

/** The user's servers whose header and environment values Claude Code cannot read from its environment (agentLaunch.ts). */
export function describeValuesOnCommandLine(servers: readonly string[]): string {
  return l10n.t(
    "Claude Code's subprocess scrub (CLAUDE_CODE_SUBPROCESS_ENV_SCRUB) is on, so Claude Code cannot take MCP servers' secrets from its environment: the header and environment values of {0} are on its command line, which other users of this computer can read.",
    servers.map((name) => `"${name}"`).join(', '),
  );
}

// The words of Show MCP Servers' rows for the servers Claude Code loads by itself (claudeCodeServers.ts).

/** Where a user-scope server is written: Claude Code's own file. */
export function describeUserScope(file: string): string {
  return l10n.t('{0}, user scope', file);
}

/** Where a local-scope server is written: this folder's entry of Claude Code's own file. */
export function describeLocalScope(file: string): string {
  return l10n.t("{0}, this folder's local scope", file);
}

/** Where one of Claude Code's own servers comes from; `loaded`: unless its state says Claude Code leaves it out. */
export function describeClaudeCodeWhat(where: string, transport: string, loaded: boolean): string {
  return loaded ? l10n.t('loaded by Claude Code from {0}, {1}', where, transport) : l10n.t("Claude Code's own, from {0}, {1}", where, transport);
}

/** Why Claude Code leaves one of its own servers out. */
export type NotLoaded =
  { kind: 'folderSettings' } | { kind: 'disabled'; file: string } | { kind: 'passed' } | { kind: 'replaced'; where: string } | { kind: 'invalid' };

export function describeNotLoaded(why: NotLoaded): string {
  switch (why.kind) {
    case 'folderSettings':
      return l10n.t("not loaded: the folder's Claude settings are left out");
    case 'disabled':
      return l10n.t('not loaded: disabledMcpjsonServers in {0} names it', why.file);
    case 'passed':
      return l10n.t('not loaded: ACP Chat passes a server of this name, which Claude Code uses instead');
    case 'replaced':
      return l10n.t('not loaded: the server of this name in {0} is used instead', why.where);
    case 'invalid':
      return l10n.t('not loaded: its entry is not an object');
  }
}

export function describeClaudeCodeState(status: { kind: 'loaded' } | { kind: 'pending' } | { kind: 'notLoaded'; why: string }): string {
  switch (status.kind) {
    case 'loaded':
      return l10n.t('runs in each chat (/mcp in a chat gives its state)');
    case 'pending':
      return l10n.t("unless the folder's Claude settings are left out (decided when the agent starts)");
    case 'notLoaded':
      return status.why;
  }
}

/** Why a file of Claude Code's was not read: `key` in it (or, without one, the file itself) is not an object. */
export function describeNotAnObject(key?: string): string {
  return key === undefined ? l10n.t('it is not a JSON object') : l10n.t('{0} is not an object', key);
}

/** Why a file of Claude Code's is not JSON: where it stops being JSON, when that is known. */
export function describeInvalidJson(at?: { code: string; line: number; column: number }): string {
  return at ? l10n.t('{0} at line {1}, column {2}', at.code, at.line, at.column) : l10n.t('it is not valid JSON');
}

/** A file read through a symbolic link to `target`, outside the home folder and the workspace's. */
export function describeLinkedFile(file: string, target: string): string {
  return l10n.t('{0} (a link to {1})', file, target);
}

export function describeNotAFile(): string {
  return l10n.t('it is not a file');
}

export function describeTooLarge(megabytes: number): string {
  return l10n.t('it is larger than {0} MB', megabytes);
}

/** A file of Claude Code's MCP servers that could not be read. */
export function describeFileUnread(file: string, reason: string): string {
  return l10n.t('{0} could not be read ({1}); none of its MCP servers are listed.', file, reason);
}

/** The list's last line: Restart Agent, as the agent's menu names it (workbench/agentStatusItem.ts). */
export function restartAgentLabel(): string {
  return l10n.t('$(debug-restart) Restart Agent');
}

/** What restarting the agent does for the servers, and whether one server can be reconnected alone instead. */
export function describeRestartLine(reconnect: boolean): string {
  return reconnect
    ? l10n.t("restarts every server; a server's button reconnects it alone, in the active chat (/mcp reconnect)")
    : l10n.t('Restarting one server needs the agent restarted: this restarts every server');
}

/** The tooltip of a server's button that sends `/mcp reconnect <server>` to the active chat. */
export function describeReconnectButton(): string {
  return l10n.t('Reconnect in the active chat (/mcp reconnect)');
}
