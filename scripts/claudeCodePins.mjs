// The sha512 of every Claude Code platform package, as package-lock.json records it, for the download to check
// against (src/agents/claudeCode/pins.ts reads what the build writes). The registry a user downloads from serves both
// the tarball and its hash; these come from the lockfile this extension was built and tested with.

/** Where the build writes the pins, relative to the extension's folder (shipped in the VSIX with dist/). */
export const PINS_FILE = 'dist/claude-code-pins.json';

const SDK = '@anthropic-ai/claude-agent-sdk';

/**
 * `{ "<name>@<version>": "sha512-…" }` for each platform package the shipped SDK manifest (`sdkManifest`) names in its
 * optionalDependencies, from `lock` (package-lock.json v2/v3). Throws, naming what is missing, when the lockfile
 * lacks a package, records another version of it, or has no sha512 for it: a build without every pin would ship a
 * download that refuses to run on some platform.
 */
export function claudeCodePins(lock, sdkManifest) {
  const wanted = Object.entries(sdkManifest?.optionalDependencies ?? {}).filter(([name]) => name.startsWith(`${SDK}-`));
  if (!wanted.length) throw new Error(`${SDK}'s package.json names no platform packages (${SDK}-<platform>) in its optionalDependencies`);
  const pins = {};
  const problems = [];
  for (const [name, version] of wanted) {
    const entry = lock?.packages?.[`node_modules/${name}`];
    const sri = typeof entry?.integrity === 'string' ? entry.integrity.split(/\s+/).find((h) => h.startsWith('sha512-')) : undefined;
    if (!entry) problems.push(`${name}: not in package-lock.json`);
    else if (entry.version !== version) problems.push(`${name}: package-lock.json has ${entry.version}, the SDK pins ${version}`);
    else if (!sri) problems.push(`${name}@${version}: package-lock.json has no sha512 integrity`);
    else pins[`${name}@${version}`] = sri;
  }
  if (problems.length) throw new Error(`cannot record Claude Code's sha512 pins (run npm install to refresh package-lock.json):\n  ${problems.join('\n  ')}`);
  return pins;
}
