// Starts the VS Code server (server-main.js of the cached code-server package) under the cached Node 24, in its own
// process group so that stop() also ends its extension hosts and helpers.
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdirSync } from 'node:fs';
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
  const { userDataDir, serverDataDir, extensionsDir } = serverDirs(root);
  logFile ??= join(root, 'server.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const args = [
    serverMainPath(),
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    // The workbench honours the `payload` URL parameter (extensionDevelopmentPath/extensionTestsPath) only with it.
    '--enable-smoke-test-driver',
    '--disable-telemetry',
    '--user-data-dir',
    userDataDir,
    '--server-data-dir',
    serverDataDir,
    '--extensions-dir',
    extensionsDir,
    '--logsPath',
    join(root, 'logs'),
  ];
  // The extension hosts inherit this environment: that is how tests hand variables to the extension under test.
  const child = spawn(node, args, {
    env: serverEnv(env, serverDataDir),
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
    throw new Error(`VS Code server did not start: ${err.message} (log: ${logFile})`, { cause: err });
  }
  return { port, origin, logFile, userDataDir, serverDataDir, logsDir: join(root, 'logs'), child, stop };
}

/** The bed's folders under `root`, created if missing; the install CLI and the server must agree on them. */
export function serverDirs(root) {
  const dirs = {
    userDataDir: join(root, 'user-data'),
    serverDataDir: join(root, 'server-data'),
    extensionsDir: join(root, 'extensions'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  return dirs;
}

function serverEnv(env, serverDataDir) {
  // EXTENSIONS_GALLERY='{}' leaves the server without a marketplace (code-server defaults to open-vsx.org), so
  // it makes no network lookups on this offline machine.
  return { ...process.env, EXTENSIONS_GALLERY: '{}', ...env, VSCODE_AGENT_FOLDER: serverDataDir };
}

/**
 * Installs a VSIX into the bed's extensions folder with the server's own CLI (`server-main.js --install-extension`,
 * which installs and exits), as a user's `code --install-extension` would: the package is unpacked, validated and
 * registered in extensions.json, so the server started afterwards on the same folders finds it as an installed
 * (not a development) extension. Rejects with the CLI's output when it fails or does not report success.
 * @param {{ root: string, vsix: string, logFile?: string, timeoutMs?: number }} opts
 * @returns {Promise<string>} the CLI's output
 */
export async function installExtension({ root, vsix, logFile, timeoutMs = 120_000 }) {
  const node = ensureNode().bin;
  const { userDataDir, serverDataDir, extensionsDir } = serverDirs(root);
  const args = [
    serverMainPath(),
    '--accept-server-license-terms',
    '--disable-telemetry',
    '--user-data-dir',
    userDataDir,
    '--server-data-dir',
    serverDataDir,
    '--extensions-dir',
    extensionsDir,
    '--install-extension',
    vsix,
  ];
  return new Promise((resolvePromise, reject) => {
    execFile(node, args, { env: serverEnv({}, serverDataDir), timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      const out = `${stdout}${stderr}`;
      if (logFile) appendFileSync(logFile, `[install-extension ${vsix}]\n${out}\n`);
      // Success is what the CLI says it did, not only its exit code.
      if (err || !/was successfully installed/.test(out)) {
        const why = err?.killed ? `timed out after ${timeoutMs} ms` : err ? `exit code ${err.code}` : 'no success message';
        reject(new Error(`Installing ${vsix} failed (${why}):\n${out.trim()}`));
      } else resolvePromise(out);
    });
  });
}
