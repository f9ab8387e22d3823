// Empty files Claude Code's command sandbox leaves in a session's folder on Linux (bubblewrap mounts over paths that
// do not exist yet and so creates them; anthropics/claude-code issues #51405 and #74799): in a fresh worktree they
// read as files the agent added. They are not the agent's work, and an empty package.json or .env applied to the
// user's folder would do harm, so Review and Apply leave them out. Pure.
import * as nodePath from 'node:path';

const STUBS = new Set([
  '.env',
  '.env.local',
  '.env.development',
  '.env.development.local',
  '.env.test',
  '.env.test.local',
  '.env.production',
  '.env.production.local',
  '.gitmodules',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  'bunfig.toml',
  'package.json',
  'package-lock.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  '.bashrc',
  '.bash_profile',
  '.profile',
  '.zprofile',
  '.zshrc',
  '.gitconfig',
  '.ripgreprc',
  '.mcp.json',
]);

/**
 * Whether an added file is one of the sandbox's stubs: one of their names, directly in the session's folder
 * (`sessionDir`, relative to the repository's root with `/`, '' for the root), and empty.
 */
export function isSandboxStub(path: string, sessionDir: string, size: number): boolean {
  return size === 0 && STUBS.has(nodePath.posix.basename(path)) && nodePath.posix.dirname(path) === (sessionDir || '.');
}
