// The sha512 of each Claude Code platform package as this extension's build recorded it from package-lock.json
// (scripts/claudeCodePins.mjs writes it to dist/): what a download is checked against, since the registry that serves
// the tarball also serves the hash in its version document.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha512Of } from './integrity';
import type { ClaudeCodePackage } from './platform';

/** The pins file under the extension's folder (the build's PINS_FILE). */
export const PINS_FILE = join('dist', 'claude-code-pins.json');

export function pinsPath(extensionPath: string): string {
  return join(extensionPath, PINS_FILE);
}

/** The base64 sha512 recorded for `pkg` in `pins` (the file's parsed JSON: `{ "<name>@<version>": "sha512-…" }`). */
export function pinFor(pins: unknown, pkg: Pick<ClaudeCodePackage, 'name' | 'version'>): string | undefined {
  if (!pins || typeof pins !== 'object') return undefined;
  const key = `${pkg.name}@${pkg.version}`;
  return Object.hasOwn(pins, key) ? sha512Of((pins as Record<string, unknown>)[key]) : undefined;
}

/** The pinned sha512 of `pkg` for the extension installed at `extensionPath`; undefined without the file or its entry. */
export function readPin(extensionPath: string, pkg: Pick<ClaudeCodePackage, 'name' | 'version'>): string | undefined {
  try {
    return pinFor(JSON.parse(readFileSync(pinsPath(extensionPath), 'utf8')), pkg);
  } catch {
    return undefined;
  }
}
