// The facts of this machine and this installation that resolving and downloading Claude Code start from.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { userNpmrcPath } from './npmRegistry';
import { claudeCodePackageFor, isMuslFromReport, type ClaudeCodePackage, type PlatformFacts } from './platform';

export function currentPlatformFacts(): PlatformFacts {
  const header = process.platform === 'linux' ? (process.report?.getReport() as { header?: unknown } | undefined)?.header : undefined;
  return { platform: process.platform, arch: process.arch, musl: isMuslFromReport(process.platform, header) };
}

/**
 * The Claude Code package the bundled adapter was built against: the SDK it depends on pins one exact version for
 * every platform in its optionalDependencies. Undefined when the SDK is missing or this platform has no build.
 */
export function pinnedClaudeCodePackage(extensionPath: string, facts: PlatformFacts): ClaudeCodePackage | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(extensionPath, 'node_modules', '@anthropic-ai', 'claude-agent-sdk', 'package.json'), 'utf8'));
    return claudeCodePackageFor(manifest, facts);
  } catch {
    return undefined;
  }
}

export function pathDirs(env: Record<string, string | undefined>): string[] {
  const path = env.PATH ?? env.Path ?? '';
  return path.split(delimiter).filter(Boolean);
}

export function claudeExeNames(platform: string): string[] {
  return platform === 'win32' ? ['claude.exe'] : ['claude'];
}

/** The user's .npmrc (path and text), if there is one. */
export function readUserNpmrc(env: Record<string, string | undefined>): { path: string; text: string } | undefined {
  const path = userNpmrcPath(env, homedir(), join);
  try {
    return { path, text: readFileSync(path, 'utf8') };
  } catch {
    return undefined;
  }
}
