// The VS Code test bed: a real VS Code server (from the cached code-server package) with a fresh profile, opened in
// Debian's Chromium through Playwright, with the extension under test loaded as a development extension (or installed
// from its VSIX, as a user installs it) and, optionally, an extension-test entry (extensionTestsPath) run inside the
// real extension host.
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { installExtension, startServer } from './server.mjs';
import { killGroup, provisionedMarker } from './util.mjs';

export const CHROMIUM = '/usr/bin/chromium';

const THEMES = { light: 'Default Light Modern', dark: 'Default Dark Modern', hc: 'Default High Contrast' };

/** Beds not yet stopped; SIGINT/SIGTERM/exit stop them so nothing is left running. */
const live = new Set();
let handlersInstalled = false;

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => {
      await Promise.allSettled([...live].map((b) => b.stop()));
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
  // Last resort when the process exits without stop(): kill synchronously what is still there.
  process.on('exit', () => {
    for (const b of live) b.killNow();
  });
}

/**
 * @param {{
 *   extensionPath?: string,           // folder with the extension's package.json, loaded as a development extension
 *   installVsix?: string,             // a packaged extension installed into the bed's extensions folder first
 *   workspace: string | null,         // folder opened in the window (null: an empty window, no folder)
 *   extensionTestsPath?: string,      // compiled test entry exporting run(); omit for e2e use
 *   env?: Record<string,string>,      // environment of the server, inherited by the extension host
 *   settings?: Record<string,unknown>,// user settings merged over the bed's defaults
 *   machineSettings?: Record<string,unknown>, // remote (machine) settings: where `scope: machine` settings must go
 *   theme?: 'light'|'dark'|'hc',            // hc: VS Code's Default High Contrast (dark)
 *   viewport?: {width:number,height:number},
 *   headless?: boolean,
 * }} opts
 * @returns {Promise<{url: string, page: import('playwright-core').Page, browser: import('playwright-core').Browser,
 *   serverLog: string, browserLog: string, root: string, extensionHostLogs(): string[], stop(): Promise<void>}>}
 */
export async function startBed(opts) {
  if (!existsSync(provisionedMarker())) {
    throw new Error('The test bed is not provisioned: run `node test/testbed/provision.mjs` first.');
  }
  if (!opts.extensionPath && !opts.installVsix) throw new Error('startBed: give extensionPath, installVsix, or both');
  const extensionPath = opts.extensionPath ? resolve(opts.extensionPath) : undefined;
  const vsix = opts.installVsix ? resolve(opts.installVsix) : undefined;
  const workspace = opts.workspace === null ? undefined : resolve(opts.workspace);
  const testsPath = opts.extensionTestsPath ? resolve(opts.extensionTestsPath) : undefined;
  for (const [name, p] of [
    ['extensionPath', extensionPath && join(extensionPath, 'package.json')],
    ['installVsix', vsix],
    ['workspace', workspace],
    ['extensionTestsPath', testsPath],
  ]) {
    if (p && !existsSync(p)) throw new Error(`startBed: ${name} does not exist: ${p}`);
  }
  installHandlers();
  const root = mkdtempSync(join(tmpdir(), 'acp-chat-bed-'));
  const serverLog = join(root, 'server.log');
  const browserLog = join(root, 'browser.log');
  writeUserSettings(join(root, 'user-data'), opts);

  let server;
  let browser;
  let stopping;
  let serverChild;
  const bed = {
    root,
    // Where installed extensions live (installVsix unpacks there); development extensions are loaded in place.
    extensionsDir: join(root, 'extensions'),
    serverLog,
    browserLog,
    // The extension host's own log (one per extension host start), not the per-extension output channels.
    extensionHostLogs: () => findFiles(root, (f) => /exthost\d+\/remoteexthost\.log$/.test(f)),
    timings: {},
    /** True once the server logged the exit of an extension host (after extension tests, or a crash). */
    extensionHostExited: () => {
      try {
        return /Extension Host Process exited with code/.test(readFileSync(serverLog, 'utf8'));
      } catch {
        return false;
      }
    },
    killNow() {
      if (serverChild?.pid && serverChild.exitCode === null) {
        try {
          process.kill(-serverChild.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      if (vsix) rmSync(bed.extensionsDir, { recursive: true, force: true });
    },
    stop() {
      // One stop for everyone (the caller, a failing start, a signal handler): all of them wait for the same end.
      stopping ??= (async () => {
        // The browser first, so the workbench does not log a lost-connection storm; each step runs even if one fails.
        await browser?.close().catch(() => {});
        if (server) await server.stop().catch(() => {});
        else if (serverChild) await killGroup(serverChild).catch(() => {});
        // An installed VSIX can be hundreds of MB unpacked and tells nothing the logs do not: it goes even when the
        // caller keeps the bed's folder for its logs.
        if (vsix) rmSync(bed.extensionsDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
        live.delete(bed);
      })();
      return stopping;
    },
  };
  live.add(bed);
  try {
    let t = Date.now();
    const lap = (name) => {
      bed.timings[name] = Date.now() - t;
      t = Date.now();
    };
    if (vsix) {
      // Before the server starts, so that its first scan finds the extension installed, as after a user's install.
      await installExtension({ root, vsix, logFile: serverLog });
      lap('installMs');
    }
    server = await startServer({ root, env: opts.env, logFile: serverLog, onSpawn: (c) => (serverChild = c) });
    lap('serverMs');
    const authority = `127.0.0.1:${server.port}`;
    const payload = [];
    if (extensionPath) payload.push(['extensionDevelopmentPath', `vscode-remote://${authority}${extensionPath}`]);
    if (testsPath) payload.push(['extensionTestsPath', `vscode-remote://${authority}${testsPath}`]);
    // Without a development path the window is an ordinary one, running only installed extensions.
    const query = payload.length ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : '';
    const url = `${server.origin}/?${workspace ? `folder=${encodeURIComponent(workspace)}` : 'ew=true'}${query}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: opts.headless ?? true,
      // A fresh temporary profile is Playwright's default for launch(); the flags keep Chromium off the network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({
      viewport: opts.viewport ?? { width: 1400, height: 900 },
      colorScheme: opts.theme === 'light' ? 'light' : 'dark',
    });
    const blog = createWriteStream(browserLog);
    // Everything the workbench and its webviews need comes from the server; anything else would go to the closed
    // network, so it is refused here and noted in the browser log.
    await context.route(/^(https?|wss?):\/\/(?!127\.0\.0\.1[:/])/, (route) => {
      blog.write(`[blocked] ${route.request().method()} ${route.request().url()}\n`);
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    lap('browserMs');
    page.on('console', (m) => blog.write(`[${m.type()}] ${m.text()}\n`));
    page.on('pageerror', (e) => blog.write(`[pageerror] ${e.stack ?? e}\n`));
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    lap('workbenchMs');
    return Object.assign(bed, { url, page, browser, context, port: server.port });
  } catch (err) {
    await bed.stop();
    throw err;
  }
}

function writeUserSettings(userDataDir, opts) {
  const settings = {
    'workbench.colorTheme': THEMES[opts.theme ?? 'dark'],
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'workbench.startupEditor': 'none',
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    'chat.commandCenter.enabled': false,
    'window.commandCenter': false,
    'git.enabled': false,
    'editor.accessibilitySupport': 'off',
    // Keep the built-in AI chat out of the way (it opens in the secondary side bar otherwise).
    'chat.disableAIFeatures': true,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    ...opts.settings,
  };
  // The web workbench keeps the user's settings on the server, in <user-data-dir>/User/settings.json.
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  // The window is a remote one (the extension host runs on the server), and VS Code drops settings declared
  // `scope: machine` from the user settings of a remote window, but only once the extension that declares them has
  // been scanned: left in User/settings.json they reach the extension host or not depending on timing. The server's
  // own settings file (Machine/settings.json, "Remote" settings in the UI) is where such settings apply.
  if (opts.machineSettings) {
    mkdirSync(join(userDataDir, 'Machine'), { recursive: true });
    writeFileSync(join(userDataDir, 'Machine', 'settings.json'), JSON.stringify(opts.machineSettings, null, 2));
  }
}

function findFiles(dir, pred, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e);
    const st = statSync(p, { throwIfNoEntry: false });
    if (st?.isDirectory()) findFiles(p, pred, out);
    else if (st && pred(p)) out.push(p);
  }
  return out;
}

/** Removes the bed's folder (profile, logs); callers keep it on failure for inspection. */
export function removeBedFiles(bed) {
  rmSync(bed.root, { recursive: true, force: true });
}
