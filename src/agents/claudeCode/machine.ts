// The facts of this machine and this installation that resolving and downloading Claude Code start from.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { userNpmrcPath } from './npmRegistry';
import { pinsPath } from './pins';
import { claudeCodePackageFor, isMuslFromReport, type ClaudeCodePackage, type PlatformFacts } from './platform';

export function currentPlatformFacts(): PlatformFacts {
  const header = process.platform === 'linux' ? (process.report?.getReport() as { header?: unknown } | undefined)?.header : undefined;
  return { platform: process.platform, arch: process.arch, musl: isMuslFromReport(process.platform, header) };
}

const SDK = '@anthropic-ai/claude-agent-sdk';

/**
 * The Claude Code package the bundled adapter was built against: the SDK it bundles pins one exact version for every
 * platform, which the build recorded with each one's sha512 (dist/claude-code-pins.json, `"<name>@<version>"` keys).
 * Undefined when the file is missing or this platform has no build.
 */
export function pinnedClaudeCodePackage(extensionPath: string, facts: PlatformFacts): ClaudeCodePackage | undefined {
  try {
    const pins = JSON.parse(readFileSync(pinsPath(extensionPath), 'utf8')) as Record<string, unknown>;
    const optionalDependencies = Object.fromEntries(Object.keys(pins).map((key) => [key.slice(0, key.lastIndexOf('@')), key.slice(key.lastIndexOf('@') + 1)]));
    return claudeCodePackageFor({ name: SDK, optionalDependencies }, facts);
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
