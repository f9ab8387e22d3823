// Which Claude Code build fits this machine. Claude Code ships as one npm package per platform, named in the
// optionalDependencies of the adapter's @anthropic-ai/claude-agent-sdk and pinned to the SDK's own version; on Linux
// glibc and musl builds differ (the wrong one crashes instead of failing to start). Pure: the caller passes in facts.

export interface PlatformFacts {
  platform: string; // process.platform
  arch: string; // process.arch
  /** Linux only: the C library is musl (Alpine and the like). */
  musl: boolean;
}

export interface ClaudeCodePackage {
  /** e.g. `@anthropic-ai/claude-agent-sdk-linux-x64-musl` */
  name: string;
  version: string;
  /** The executable's name inside the package (`package/<binary>` in the tarball). */
  binary: string;
  /** e.g. `linux-x64-musl`: names the downloaded copy's folder. */
  platformKey: string;
}

/** The platform key Claude Code's packages use: `<platform>-<arch>`, with `-musl` on a musl Linux. */
export function platformKey(f: PlatformFacts): string {
  return `${f.platform}-${f.arch}${f.platform === 'linux' && f.musl ? '-musl' : ''}`;
}

/**
 * The package for this machine among the SDK's optional dependencies (its manifest as parsed JSON), or undefined when
 * Claude Code is not built for it.
 */
export function claudeCodePackageFor(sdkManifest: unknown, f: PlatformFacts): ClaudeCodePackage | undefined {
  const m = sdkManifest as { name?: unknown; version?: unknown; optionalDependencies?: Record<string, unknown> } | undefined;
  const deps = m?.optionalDependencies;
  if (!deps || typeof deps !== 'object') return undefined;
  const key = platformKey(f);
  const name = `${String(m?.name ?? '@anthropic-ai/claude-agent-sdk')}-${key}`;
  const version = deps[name];
  // The SDK pins an exact version; a range here would make the download's integrity meaningless.
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) return undefined;
  return { name, version, binary: f.platform === 'win32' ? 'claude.exe' : 'claude', platformKey: key };
}

/**
 * Musl or glibc, from Node's diagnostic report header: a Node linked against glibc reports `glibcVersionRuntime`,
 * one on musl does not. (The same test the adapter makes when it picks a binary.)
 */
export function isMuslFromReport(platform: string, reportHeader: unknown): boolean {
  if (platform !== 'linux') return false;
  const header = reportHeader as { glibcVersionRuntime?: unknown } | undefined;
  return !header?.glibcVersionRuntime;
}
