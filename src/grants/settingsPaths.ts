// Where Claude Code keeps its files: each scope's settings file, and its own state file. Pure (no `vscode`, no Node:
// the paths are joined here, with the separator they are written with).
import type { Scope } from './claudeRules';

/**
 * Where Claude Code reads each scope: user = <claudeConfigDir ?? home/.claude>/settings.json, project =
 * <workspace>/.claude/settings.json, local = <workspace>/.claude/settings.local.json.
 */
export function settingsFilePaths(opts: { workspace: string; claudeConfigDir?: string; home: string }): Record<Scope, string> {
  return {
    user: join(opts.claudeConfigDir || join(opts.home, '.claude'), 'settings.json'),
    project: join(opts.workspace, '.claude', 'settings.json'),
    local: join(opts.workspace, '.claude', 'settings.local.json'),
  };
}

/** Claude Code's own state file, which records the folders the user trusted in it: `.claude.json` in its config dir. */
export function claudeStateFile(opts: { claudeConfigDir?: string; home: string }): string {
  return opts.claudeConfigDir ? join(opts.claudeConfigDir, '.claude.json') : join(opts.home, '.claude.json');
}

/** `dir`/`names…`, with the separator `dir` is written with (a Windows path's backslash, else a slash): no `node:path` here. */
function join(dir: string, ...names: string[]): string {
  const sep = /^[A-Za-z]:[\\/]|^\\\\/.test(dir) || (dir.includes('\\') && !dir.includes('/')) ? '\\' : '/';
  const base = dir.length > 1 ? dir.replace(/[\\/]+$/, '') : dir;
  return [base === sep ? '' : base, ...names].join(sep);
}
