#!/usr/bin/env node
// Installs what the VS Code test bed needs, idempotently, into the cache (scripts/ensure-node.mjs cacheRoot()):
//   1. Debian packages: Chromium, and the headers code-server's native modules build against (only when missing);
//   2. Node 24 (code-server 4.139.1 requires it);
//   3. code-server 4.139.1, its postinstall (which installs VS Code's own native modules) built against Node 24's
//      headers, and proven by starting the VS Code server once; only then the marker file is written.
// A second run checks the marker and the packages and costs a few seconds.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode } from '../../scripts/ensure-node.mjs';
import { startServer } from './server.mjs';
import { CODE_SERVER_VERSION, codeServerDir, formatMs, provisionedMarker, serverMainPath } from './util.mjs';

// bubblewrap and socat: Claude Code's command sandbox, which the extension turns on where both exist (the API key
// kept out of the agent's commands); the host and e2e suites run with it as users on such machines do.
export const APT_PACKAGES = [
  'chromium',
  'bubblewrap',
  'socat',
  'fonts-liberation',
  'libkrb5-dev',
  'libx11-dev',
  'libxkbfile-dev',
  'libsecret-1-dev',
  'build-essential',
  'python3',
  'pkg-config',
];
export const CHROMIUM = '/usr/bin/chromium';

function log(msg) {
  process.stdout.write(`[provision] ${msg}\n`);
}

async function step(name, fn) {
  const t0 = Date.now();
  const what = await fn();
  log(`${name}: ${what} (${formatMs(Date.now() - t0)})`);
}

function aptMissing() {
  return APT_PACKAGES.filter((p) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

function ensureApt() {
  const missing = aptMissing();
  if (missing.length === 0) return 'all present';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], env });
  run(['apt-get', 'update', '-q']);
  run(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]);
  const still = aptMissing();
  if (still.length) throw new Error(`apt did not install: ${still.join(' ')}`);
  return `installed ${missing.join(' ')}`;
}

/**
 * npm 11 does not run dependency install scripts unless approved; code-server's postinstall and its nested
 * `npm install` in lib/vscode (native modules: node-pty, spdlog, kerberos, ...) must run. The approval is given for
 * this one pinned install through the environment, so it reaches the nested npm processes too.
 */
function installCodeServer(node) {
  const dir = codeServerDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'acp-chat-testbed-code-server', private: true }, null, 2));
  const npmCli = npmCliPath();
  // Not the npm_* variables of an outer `npm test`: the nested npm would take them as its config (its
  // npm_config_user_agent names the outer Node 20, and code-server's postinstall refuses to run on that).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  const env = {
    ...inherited,
    // Scripts (and node-gyp) must use Node 24, found first on PATH; node-gyp must build against its headers.
    PATH: `${dirname(node.bin)}:${process.env.PATH}`,
    npm_config_nodedir: node.home,
    npm_config_ignore_scripts: 'false',
    npm_config_dangerously_allow_all_scripts: 'true',
    npm_config_foreground_scripts: 'true',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
  execFileSync(node.bin, [npmCli, 'install', '--no-package-lock', `code-server@${CODE_SERVER_VERSION}`], {
    cwd: dir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (!existsSync(serverMainPath())) throw new Error(`code-server installed without ${serverMainPath()}`);
}

function npmCliPath() {
  const npm = execFileSync('sh', ['-c', 'readlink -f "$(command -v npm)"'], { encoding: 'utf8' }).trim();
  if (!npm.endsWith('.js')) throw new Error(`cannot find npm-cli.js (npm is ${npm})`);
  return npm;
}

/** The native modules the server loads must load under Node 24 (a build against the wrong headers fails here). */
export function checkNativeModules() {
  const vscodeDir = join(codeServerDir(), 'node_modules', 'code-server', 'lib', 'vscode');
  const mods = ['node-pty', '@vscode/spdlog', '@parcel/watcher', '@vscode/sqlite3', 'kerberos'];
  const script = `for (const m of ${JSON.stringify(mods)}) require(m);`;
  execFileSync(ensureNode().bin, ['-e', script], { cwd: vscodeDir, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Starts the server once and asks for its workbench page: proof that the native modules load under Node 24. */
export async function smokeStart() {
  const root = mkdtempSync(join(tmpdir(), 'acp-chat-provision-'));
  checkNativeModules();
  const server = await startServer({ root });
  try {
    const res = await fetch(`${server.origin}/`);
    const html = await res.text();
    if (res.status !== 200 || !html.includes('workbench')) throw new Error(`workbench page: HTTP ${res.status}`);
  } finally {
    await server.stop();
  }
  rmSync(root, { recursive: true, force: true });
  return `server answered on port ${server.port}`;
}

export async function provision() {
  const t0 = Date.now();
  await step('apt packages', ensureApt);
  let node;
  await step('node 24', () => {
    node = ensureNode();
    return node.bin;
  });
  if (existsSync(provisionedMarker()) && existsSync(serverMainPath())) {
    log(`code-server ${CODE_SERVER_VERSION}: already provisioned (${codeServerDir()})`);
  } else {
    await step(`code-server ${CODE_SERVER_VERSION} install`, () => {
      installCodeServer(node);
      return codeServerDir();
    });
    await step('server smoke start', smokeStart);
    writeFileSync(provisionedMarker(), `${new Date().toISOString()}\n`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing after provisioning`);
  log(`done in ${formatMs(Date.now() - t0)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  provision().catch((err) => {
    process.stderr.write(`[provision] FAILED: ${err.stack ?? err}\n`);
    process.exit(1);
  });
}
