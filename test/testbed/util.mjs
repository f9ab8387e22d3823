// Small shared helpers of the test bed: paths of the cached VS Code server, free ports, process-group kills, waits.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cacheRoot } from '../../scripts/ensure-node.mjs';

export const CODE_SERVER_VERSION = '4.139.1';

export function codeServerDir() {
  return join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}`);
}

/** The VS Code server entry inside the code-server package (started directly, not through the code-server CLI). */
export function serverMainPath() {
  return join(codeServerDir(), 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');
}

/** Marker written by provision.mjs only after the server answered once; its absence means "not provisioned". */
export function provisionedMarker() {
  return join(codeServerDir(), '.provisioned');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Kills a child spawned with `detached: true` together with everything in its process group (the VS Code server's
 * extension hosts, pty hosts and file watchers live there). SIGTERM first, SIGKILL for stragglers.
 */
export async function killGroup(child, graceMs = 3000) {
  if (!child || child.pid === undefined) return;
  const pgid = child.pid;
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!signalGroup(pgid, 0)) return;
    await sleep(100);
  }
  signalGroup(pgid, 'SIGKILL');
}

/** Returns false when no process of the group is left. */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (err) {
    if (err.code === 'ESRCH') return false;
    throw err;
  }
}

/** Polls `url` until it answers with a status below 500, or fails after `timeoutMs` (or when `isDead()` says so). */
export async function waitForHttp(url, { timeoutMs = 60_000, isDead = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (isDead()) throw new Error(`server exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status < 500) return res.status;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err.message;
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`);
}

export function formatMs(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
