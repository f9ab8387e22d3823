// Where the bundled Claude agent keeps its files for this window: the folder it works in, and the user's files where
// its environment puts them (settingsPaths.ts turns these into each scope's file).
import { homedir } from 'node:os';
import * as vscode from 'vscode';

/** Where Claude Code keeps its files for this window. */
export interface ClaudeLocations {
  workspace: string;
  /** CLAUDE_CONFIG_DIR as the agent gets it, when set. */
  claudeConfigDir?: string;
  home: string;
}

/**
 * The locations the bundled Claude agent is launched with: the first folder, and the user's files where the agent's
 * environment puts them (CLAUDE_CONFIG_DIR, else HOME, from acpChat.agent.env, else from this process's environment,
 * which the agent inherits). Undefined without a folder on disk.
 */
export function claudeLocations(): ClaudeLocations | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (folder?.scheme !== 'file') return undefined;
  const env = vscode.workspace.getConfiguration('acpChat.agent').get<Record<string, unknown>>('env') ?? {};
  const set = (name: string) => (typeof env[name] === 'string' && env[name] ? (env[name] as string) : process.env[name] || undefined);
  const claudeConfigDir = set('CLAUDE_CONFIG_DIR');
  return { workspace: folder.fsPath, home: set('HOME') ?? homedir(), ...(claudeConfigDir ? { claudeConfigDir } : {}) };
}
