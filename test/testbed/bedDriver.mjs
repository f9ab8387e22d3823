// The host tests' hands and eyes in the workbench: a small HTTP server (127.0.0.1, a random token) through which a
// test running inside the extension host presses keys as a user does and reads what only the screen shows (the
// command palette's rows, the walkthrough's ticks). The extension host has no API for either; the runner holds the
// bed's browser page and answers for it.
//
//   POST /press      {"keys": ["Control+Shift+Alt+N", …]}        → {}
//   POST /type       {"text": "explain these lines"}               → {}   (typed where the focus is)
//   POST /palette    {"typed": "ACP Chat: S", "seen": "ACP Chat: Show Chats…"} → {"labels": [...]}  (the open palette)
//   POST /command    {"title": "ACP Chat: Restart Agent"}           → {}   (run from the open palette)
//   POST /screenshot {"name": "…"}                                  → {"path": …}  (test-results/screenshots/host-<name>.png)
//   POST /walkthrough {}                                            → {"steps": [["Open the chat", true], …]}
//   POST /focus      {"focused": false}                             → {}   (the window loses the focus, or takes it back)
//   POST /notifications {}                                          → {"messages": [...]}  (the open notifications center's)
//   POST /notificationButton {"text": "…finished", "button": "Show"} → {}   (clicks a button of the notification saying `text`)
// A test finds the server through ACP_BED_DRIVER (its URL) and ACP_BED_DRIVER_TOKEN in its environment.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a failing host test's picture goes, beside the e2e tests' (test-results/screenshots). */
const SCREENSHOTS = join(resolve(fileURLToPath(new URL('../..', import.meta.url))), 'test-results', 'screenshots');

/**
 * @param {() => Promise<import('playwright-core').Page>} pageOf the bed's page, once the workbench is up
 * @returns {Promise<{ env: Record<string, string>, close(): Promise<void> }>}
 */
export async function startBedDriver(pageOf) {
  const token = randomBytes(16).toString('hex');
  /** While the window has no focus: the page in front of it, and the DevTools session that stopped faking its focus. */
  let away;
  const routes = {
    // Playwright tells every page it has the focus (focus emulation); without it, another page brought to the front
    // takes the focus as another window would: the workbench's page gets `blur` and document.hasFocus() turns false,
    // which is what VS Code reads for window.state.focused.
    async focus(page, { focused }) {
      if (!focused && !away) {
        // The keyboard in a webview (a chat's page) is in its iframe: the workbench's own window had its `blur` then,
        // and would hear nothing now. The focus comes back to the workbench's document first, as a click on its frame
        // would bring it.
        await page.evaluate(() => {
          const active = globalThis.document.activeElement;
          if (active?.tagName === 'IFRAME') active.blur();
        });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
        const other = await page.context().newPage();
        await other.bringToFront();
        away = { cdp, other };
      } else if (focused && away) {
        const { cdp, other } = away;
        away = undefined;
        await page.bringToFront();
        await other.close();
        // Kept attached: its emulation setting is this session's, and it is Playwright's own state again.
        await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
      }
      return {};
    },
    // The workbench shows no toasts under --enable-smoke-test-driver (which the bed needs): the notifications are read,
    // and their buttons pressed, in VS Code's notifications center, which the test opens (notifications.showList).
    async notifications(page) {
      const center = page.locator('.notifications-center');
      await center.waitFor({ state: 'visible', timeout: 10_000 });
      const messages = await center.locator('.notification-list-item-message').allTextContents();
      return { messages: messages.map((m) => m.trim()) };
    },
    async notificationButton(page, { text, button }) {
      const row = page.locator('.notifications-center .monaco-list-row', { hasText: String(text) }).first();
      await row.waitFor({ timeout: 10_000 });
      const target = row.locator('.monaco-button', { hasText: String(button) }).first();
      // A collapsed notification shows no buttons: expanded as a user would, by its chevron.
      if (!(await target.isVisible())) await row.locator('.codicon-notifications-expand').click({ timeout: 10_000 });
      await target.click({ timeout: 10_000 });
      return {};
    },
    async press(page, { keys }) {
      if (!Array.isArray(keys)) throw new Error('keys: an array of key names');
      for (const key of keys) await page.keyboard.press(String(key));
      return {};
    },
    // The palette is opened by the test (workbench.action.quickOpen): F1 pressed in a webview does not always reach
    // the workbench.
    async type(page, { text }) {
      await page.keyboard.type(String(text));
      return {};
    },
    async palette(page, { typed, seen }) {
      const widget = page.locator('.quick-input-widget');
      await widget.locator('input.input').fill(`>${typed}`);
      // A row the caller knows is there proves the list is filled, so an absence in it means something.
      await widget.locator('.quick-input-list .monaco-list-row .label-name', { hasText: seen }).first().waitFor({ timeout: 15_000 });
      const labels = await widget.locator('.quick-input-list .monaco-list-row .label-name').allTextContents();
      await page.keyboard.press('Escape');
      return { labels: labels.map((l) => l.trim()) };
    },
    async command(page, { title }) {
      const widget = page.locator('.quick-input-widget');
      await widget.locator('input.input').fill(`>${title}`);
      const exact = new RegExp(`^${String(title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      await widget.locator('.quick-input-list .monaco-list-row.focused', { has: page.locator('.label-name', { hasText: exact }) }).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await widget.waitFor({ state: 'hidden', timeout: 10_000 });
      return {};
    },
    async screenshot(page, { name }) {
      const path = join(
        SCREENSHOTS,
        `host-${String(name)
          .replace(/[^\w.-]+/g, '-')
          .slice(0, 120)}.png`,
      );
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path });
      return { path };
    },
    async walkthrough(page) {
      await page.locator('.getting-started-step').first().waitFor({ timeout: 15_000 });
      const steps = await page
        .locator('.getting-started-step')
        .evaluateAll((els) =>
          els.map((el) => [el.querySelector('.step-title')?.textContent?.trim() ?? '', !!el.querySelector('.codicon-getting-started-step-checked')]),
        );
      return { steps };
    },
  };
  const server = createServer((req, res) => {
    const answer = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${token}`) return answer(403, { error: 'refused' });
    const route = routes[(req.url ?? '').replace(/^\//, '')];
    if (!route) return answer(404, { error: `no route ${req.url}` });
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      try {
        answer(200, await route(await pageOf(), body ? JSON.parse(body) : {}));
      } catch (err) {
        answer(500, { error: String(err?.stack ?? err) });
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    env: { ACP_BED_DRIVER: `http://127.0.0.1:${port}`, ACP_BED_DRIVER_TOKEN: token },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A test's kept-alive connection would hold the close open.
        server.closeAllConnections();
      }),
  };
}
