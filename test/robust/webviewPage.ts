// The real chat webview in Chromium without the workbench: the page shell from html.ts (its CSP and nonce), the
// built bundle and styles served from 127.0.0.1, and `acquireVsCodeApi` replaced by a recorder. What the page posts
// and any script a payload manages to run (the `__pwned` canary) or the CSP blocks is collected.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildChatHtml } from '../../src/webview/host/html';

export const CHROMIUM = '/usr/bin/chromium';

export interface WebviewPage {
  page: Page;
  pwned: number[];
  violations: string[];
  posted(): Promise<Record<string, unknown>[]>;
  send(msg: unknown): Promise<void>;
  close(): Promise<void>;
}

export async function openWebviewPage(repoRoot: string): Promise<WebviewPage> {
  const dist = join(repoRoot, 'dist', 'webview');
  const server: Server = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0]!.slice(1);
    if (name === 'index.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
      return;
    }
    if (!/^[a-z]+\.(js|css|ttf)$/.test(name)) {
      res.writeHead(404).end();
      return;
    }
    const type = name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : 'font/ttf';
    res.writeHead(200, { 'content-type': type });
    res.end(readFileSync(join(dist, name)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const html = buildChatHtml({
    cspSource: origin,
    nonce: randomBytes(18).toString('base64url'),
    scriptUri: `${origin}/main.js`,
    styleUri: `${origin}/styles.css`,
    codiconUri: `${origin}/codicon.css`,
  });

  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const context = await browser.newContext();
  // Only our server: anything else a payload tries to load is refused (and would not reach the network anyway).
  await context.route(/.*/, (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort('blockedbyclient')));
  const page = await context.newPage();
  const pwned: number[] = [];
  const violations: string[] = [];
  await page.exposeBinding('__pwned', (_src, n: number) => void pwned.push(Number(n)));
  await page.exposeBinding('__violation', (_src, v: string) => void violations.push(v));
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const posted: unknown[] = [];
    w.__posted = posted;
    w.acquireVsCodeApi = () => ({ postMessage: (m: unknown) => posted.push(m), getState: () => undefined, setState: () => undefined });
    // alert/confirm/prompt/print run only from executed script: count them as the canary too.
    for (const f of ['alert', 'confirm', 'prompt', 'print']) w[f] = () => (w.__pwned as (n: number) => void)(-1);
    document.addEventListener('securitypolicyviolation', (e) => (w.__violation as (v: string) => void)(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => ((window as unknown as { __posted: { type: string }[] }).__posted ?? []).some((m) => m.type === 'ready'));
  return {
    page,
    pwned,
    violations,
    posted: () => page.evaluate(() => (window as unknown as { __posted: Record<string, unknown>[] }).__posted.slice()),
    send: (msg) => page.evaluate((m) => window.postMessage(m, '*'), msg as never),
    close: async () => {
      await browser.close();
      await new Promise((r) => server.close(() => r(undefined)));
    },
  };
}
