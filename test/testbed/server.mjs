// Starts the VS Code server (server-main.js of the cached code-server package) under the cached Node 24, in its own
// process group so that stop() also ends its extension hosts and helpers.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNode } from '../../scripts/ensure-node.mjs';
import { freePort, killGroup, serverMainPath, waitForHttp } from './util.mjs';

/**
 * @param {{ root: string, env?: Record<string,string>, logFile?: string, port?: number, timeoutMs?: number,
 *   onSpawn?: (child: import('node:child_process').ChildProcess) => void }} opts
 *   root: a fresh folder for user data, server data and extensions (nothing is shared between beds).
 * @returns {Promise<{ port: number, origin: string, logFile: string, userDataDir: string, child: import('node:child_process').ChildProcess, stop(): Promise<void> }>}
 */
export async function startServer({ root, env = {}, logFile, port, timeoutMs = 90_000, onSpawn }) {
  const node = ensureNode().bin;
  port ??= await freePort();
  const userDataDir = join(root, 'user-data');
  const serverDataDir = join(root, 'server-data');
  const extensionsDir = join(root, 'extensions');
  for (const d of [userDataDir, serverDataDir, extensionsDir]) mkdirSync(d, { recursive: true });
  logFile ??= join(root, 'server.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const args = [
    serverMainPath(),
    '--host', '127.0.0.1',
    '--port', String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    // The workbench honours the `payload` URL parameter (extensionDevelopmentPath/extensionTestsPath) only with it.
    '--enable-smoke-test-driver',
    '--disable-telemetry',
    '--user-data-dir', userDataDir,
    '--server-data-dir', serverDataDir,
    '--extensions-dir', extensionsDir,
    '--logsPath', join(root, 'logs'),
  ];
  // The extension hosts inherit this environment: that is how tests hand variables to the extension under test.
  const child = spawn(node, args, {
    // EXTENSIONS_GALLERY='{}' leaves the server without a marketplace (code-server defaults to open-vsx.org), so
    // it makes no network lookups on this offline machine.
    env: { ...process.env, EXTENSIONS_GALLERY: '{}', ...env, VSCODE_AGENT_FOLDER: serverDataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Lets the caller kill the server even while this function still waits for it to answer.
  onSpawn?.(child);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  child.on('exit', () => (exited = true));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await killGroup(child);
    log.end();
  };
  try {
    await waitForHttp(`${origin}/version`, { timeoutMs, isDead: () => exited });
  } catch (err) {
    await stop();
    throw new Error(`VS Code server did not start: ${err.message} (log: ${logFile})`);
  }
  return { port, origin, logFile, userDataDir, serverDataDir, logsDir: join(root, 'logs'), child, stop };
}
