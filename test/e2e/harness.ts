// Playwright helpers for end-to-end tests of an extension in the real VS Code workbench of the test bed
// (test/testbed/bed.mjs). They drive the UI as a person does: the command palette, the QuickPick, the webview view.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { startBed, type Bed, type BedOptions } from '../testbed/bed.mjs';

export type { Bed, BedOptions };

export const REPO_ROOT = resolve(__dirname, '../..');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

/** Starts the bed for e2e use (no extension tests entry) and waits until the extension's contributions are shown. */
export async function openWorkbench(opts: Omit<BedOptions, 'extensionTestsPath'> & { ready?: (page: Page) => Promise<unknown> }): Promise<Bed> {
  const bed = await startBed(opts);
  try {
    // Contributions appear once the extension host has scanned the development extension; callers say what to wait for.
    if (opts.ready) await opts.ready(bed.page);
  } catch (err) {
    await bed.stop();
    throw err;
  }
  return bed;
}

/** ACP Chat's extension id (publisher.name in package.json), used to find its webviews. */
export const ACP_CHAT_EXTENSION_ID = 'acp-chat.acp-chat';

/**
 * The content frame of a webview (view or panel). VS Code nests it twice: the outer `iframe.webview` (host of the
 * webview service worker, its src names the owning extension) and `#active-frame` holding the extension's HTML.
 * `extensionId` keeps only that extension's webviews; `index` picks among the visible ones in document order.
 */
export function webviewFrame(page: Page, { extensionId, index = 0 }: { extensionId?: string; index?: number } = {}): FrameLocator {
  const selector = extensionId ? `iframe.webview[src*="extensionId=${extensionId}&"]` : 'iframe.webview';
  return page.locator(selector).locator('visible=true').nth(index).contentFrame().locator('#active-frame').contentFrame();
}

/** The ACP Chat webview view's content (open the view first, e.g. with runCommand). */
export function chatFrame(page: Page): FrameLocator {
  return webviewFrame(page, { extensionId: ACP_CHAT_EXTENSION_ID });
}

const quickInput = (page: Page): Locator => page.locator('.quick-input-widget');
const quickRows = (page: Page): Locator => quickInput(page).locator('.quick-input-list .monaco-list-row');

/**
 * Runs a command from the palette without the Escape that runCommand presses first: in an editor Escape cancels the
 * selection, and the selection is what the command under test reads.
 */
export async function runCommandKeepingSelection(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.type(title);
  const name = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const row = quickInput(page).locator('.quick-input-list .monaco-list-row.focused', { has: page.locator('.label-name', { hasText: name }) });
  await row.waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.press('Enter');
  await quickInput(page).waitFor({ state: 'hidden', timeout: 10_000 });
}

/**
 * Escape, to close what is open in the workbench (a QuickPick, a menu); not pressed while the focus is in a webview,
 * where it would stop a chat's running turn, as it does for a user.
 */
export async function closeWorkbenchPopups(page: Page): Promise<void> {
  if (!(await page.evaluate(() => document.activeElement?.tagName === 'IFRAME'))) await page.keyboard.press('Escape');
}

/**
 * Runs a command through the command palette as a user does: F1, type its title, Enter.
 * `title` is the palette label (e.g. "View: Show ACP Smoke"); the row must match it exactly.
 */
export async function runCommand(page: Page, title: string, { timeoutMs = 15_000 } = {}): Promise<void> {
  await closeWorkbenchPopups(page);
  await page.keyboard.press('F1');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ state: 'visible', timeout: timeoutMs });
  // F1 pre-fills '>'; keep it so the palette stays in command mode.
  await input.fill(`>${title}`);
  // Matched on the label alone: a row's aria-label also carries its keybinding.
  const exact = new RegExp(`^${escapeRegExp(title)}$`);
  const row = quickRows(page).filter({ has: page.locator('.label-name', { hasText: exact }) });
  await row.first().waitFor({ state: 'visible', timeout: timeoutMs });
  // The exact match is normally ranked first and focused; otherwise move the focus to it by clicking.
  if (!(await row.first().evaluate((el) => el.classList.contains('focused')))) await row.first().click();
  else await page.keyboard.press('Enter');
  // The palette is done when its input left command mode: hidden, or reused by a QuickPick the command opened.
  await page.waitForFunction(
    () => {
      const w = document.querySelector<HTMLElement>('.quick-input-widget');
      const input = w?.querySelector<HTMLInputElement>('input.input');
      return !w || w.style.display === 'none' || !input?.value.startsWith('>');
    },
    undefined,
    { timeout: timeoutMs },
  );
}

export interface QuickPickState {
  title: string | undefined;
  placeholder: string | undefined;
  /** Labels of the visible items, in order. */
  items: string[];
  /** Label of the item that has the keyboard focus. */
  active: string | undefined;
}

/** Reads the QuickPick on screen (waits for it to appear). */
export async function readQuickPick(page: Page, { timeoutMs = 15_000 } = {}): Promise<QuickPickState> {
  const widget = quickInput(page);
  await widget.waitFor({ state: 'visible', timeout: timeoutMs });
  await quickRows(page).first().waitFor({ state: 'visible', timeout: timeoutMs });
  const titleEl = widget.locator('.quick-input-title');
  const title = (await titleEl.isVisible()) ? (await titleEl.textContent())?.trim() : undefined;
  const placeholder = (await widget.locator('input.input').getAttribute('placeholder')) ?? undefined;
  const rows = await quickRows(page).evaluateAll((els) =>
    els.map((el) => ({
      label: el.querySelector('.label-name')?.textContent?.trim() ?? el.getAttribute('aria-label') ?? '',
      focused: el.classList.contains('focused'),
    })),
  );
  return { title, placeholder, items: rows.map((r) => r.label), active: rows.find((r) => r.focused)?.label };
}

/** Picks a QuickPick item by its label with the keyboard (type to filter, Enter). */
export async function pickQuickPickItem(page: Page, label: string, { timeoutMs = 15_000 } = {}): Promise<void> {
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ state: 'visible', timeout: timeoutMs });
  await input.fill(label);
  const focused = quickRows(page).and(page.locator('.focused'));
  await focused
    .locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .first()
    .waitFor({ timeout: timeoutMs });
  await page.keyboard.press('Enter');
}

/**
 * Waits for a notification containing `text` and returns its row in the notifications center.
 * The workbench shows no toasts under --enable-smoke-test-driver (VS Code's notificationsToasts skips them so that
 * smoke tests are not disturbed), and the bed needs that flag for the development-extension payload; so this reads
 * VS Code's own notifications center (the bell), opened through the command palette. Hide it with hideNotifications().
 */
export async function waitForNotification(page: Page, text: string, { timeoutMs = 15_000 } = {}): Promise<Locator> {
  const center = page.locator('.notifications-center');
  if (!(await center.isVisible())) await runCommand(page, 'Notifications: Show Notifications');
  const row = center.locator('.monaco-list-row', { hasText: text }).first();
  await row.waitFor({ state: 'visible', timeout: timeoutMs });
  return row;
}

export async function hideNotifications(page: Page): Promise<void> {
  const center = page.locator('.notifications-center');
  if (!(await center.isVisible())) return;
  // "Hide Notifications" is not in the palette; the status-bar bell toggles the center as it does for a user.
  await page.locator('[id="status.notifications"]').click();
  await center.waitFor({ state: 'hidden' });
}

/** Screenshot of the whole window (or of `target`) into test-results/screenshots/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string, target?: Locator): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await (target ?? page).screenshot({ path });
  return path;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
