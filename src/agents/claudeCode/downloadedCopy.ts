// Where the downloaded copy of Claude Code lives in the extension's global storage, and removing it. Apart from the
// download itself (download.ts), which loads Node's HTTP stack and is needed only when the user asks for it.
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClaudeCodePackage } from './platform';

/** Where the downloaded copy of `pkg` lives. */
export function downloadedBinaryPath(storageDir: string, pkg: ClaudeCodePackage): string {
  return join(storageDir, `${pkg.version}-${pkg.platformKey}`, pkg.binary);
}

/** Deletes every downloaded copy. Resolves to whether there was one. */
export async function removeDownloaded(storageDir: string): Promise<boolean> {
  const existed = await stat(storageDir).then(
    () => true,
    () => false,
  );
  await rm(storageDir, { recursive: true, force: true });
  return existed;
}
