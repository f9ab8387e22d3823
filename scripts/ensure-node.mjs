#!/usr/bin/env node
// Provides a Node.js 24 for the tests (the adapter needs Node >= 22; the VS Code server needs 24) without internet
// downloads: the npm registry's `node-<platform>-<arch>` package ships the binary and headers. Idempotent and cached:
// a second run only checks that the binary answers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSION = '24.21.0';

export function cacheRoot() {
  return process.env.ACP_CHAT_CACHE || join(homedir(), '.cache', 'acp-chat');
}

/** Returns { bin, home } for the cached Node: `bin` the executable, `home` the folder with bin/ and include/. */
export function ensureNode() {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = join(cacheRoot(), `node-${NODE_VERSION}`);
  const home = join(prefix, 'node_modules', pkg);
  const bin = join(home, 'bin', 'node');
  if (!isWorking(bin)) {
    mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--prefix', prefix, `${pkg}@${NODE_VERSION}`], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (!isWorking(bin)) throw new Error(`Node ${NODE_VERSION} did not install at ${bin}`);
  }
  return { bin, home };
}

function isWorking(bin) {
  if (!existsSync(bin)) return false;
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim() === `v${NODE_VERSION}`;
  } catch {
    return false;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(ensureNode().bin + '\n');
}
