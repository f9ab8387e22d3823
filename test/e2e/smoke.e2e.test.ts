// Proves the e2e harness against the bed's smoke extension: the command palette, a QuickPick answered with the
// keyboard, and a webview view whose button click reaches the extension host (a file and a notification).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  hideNotifications,
  openWorkbench,
  pickQuickPickItem,
  readQuickPick,
  REPO_ROOT,
  runCommand,
  screenshot,
  waitForNotification,
  webviewFrame,
  type Bed,
} from './harness';
import { removeBedFiles } from '../testbed/bed.mjs';

const SMOKE_EXTENSION = join(REPO_ROOT, 'test/testbed/smoke-extension');

// One theme: the chat's own checks in the light, dark and high-contrast themes are in suites/accessibility.ts.
const theme = 'dark';

describe(`test bed e2e smoke (${theme})`, () => {
  let bed: Bed;
  let scratch: string;
  let outFile: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'acp-e2e-smoke-'));
    outFile = join(scratch, 'ping.json');
    bed = await openWorkbench({
      extensionPath: SMOKE_EXTENSION,
      workspace: scratch,
      theme,
      env: { ACP_SMOKE_OUT: outFile },
      ready: (page) => page.locator('.activitybar [aria-label="ACP Smoke"]').first().waitFor({ timeout: 60_000 }),
    });
  });

  afterAll(async () => {
    await bed?.stop();
    if (bed) removeBedFiles(bed);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  test('a QuickPick opened from the command palette is read and answered', async () => {
    const { page } = bed;
    await runCommand(page, 'ACP Smoke: Pick a Letter');
    const qp = await readQuickPick(page);
    expect(qp.title).toBe('Pick a letter');
    expect(qp.items).toEqual(['alpha', 'beta', 'gamma']);
    expect(qp.active).toBe('alpha');
    await screenshot(page, `smoke-quickpick-${theme}`);
    await pickQuickPickItem(page, 'gamma');
    await expect.poll(() => page.locator('.quick-input-widget').isVisible()).toBe(false);
  });

  test('a click in the webview view reaches the extension host', async () => {
    const { page } = bed;
    await runCommand(page, 'View: Show ACP Smoke');
    const frame = webviewFrame(page, { extensionId: 'acp-testbed.acp-smoke' });
    await frame.locator('#status', { hasText: 'ready' }).waitFor({ timeout: 30_000 });
    expect(existsSync(outFile)).toBe(false);
    await frame.locator('#ping').click();
    await frame.locator('#status', { hasText: 'pong' }).waitFor();
    await waitForNotification(page, 'ACP smoke: pong');
    await hideNotifications(page);
    expect(JSON.parse(readFileSync(outFile, 'utf8')).type).toBe('ping');
    await screenshot(page, `smoke-webview-${theme}`);
  });
});
