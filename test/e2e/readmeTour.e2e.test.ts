// The README tour: the product as a user has it (the VSIX installed into a clean VS Code, an ordinary window titled
// as a user's, a project called acme-shop, a believable conversation from the fake Messages API) walked through the
// states README.md and docs/usage.md show, each photographed into test-results/screenshots/tour/. Before each picture
// the window's visible text (the workbench's and every webview's) is checked for test artefacts: the words "Extension
// Development Host", "Fake" and "code-server", and the temporary folders the bed runs in. `npm run screenshots` runs
// this file and copies its pictures into media/screenshots/; the list is readmeTour.shots.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiError, held, text, toolUse } from '../fixtures/fakeAnthropic';
import { chatSurfaces, THEMES, useTheme } from './a11yAudit';
import { activeTabTitle, AGENT_START_MS, captureFailure, openChat, quickOpen, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { pickQuickPickItem, readQuickPick, runCommand, SCREENSHOT_DIR, webviewFrame } from './harness';
import { sizeSideBar } from './sideBarWidth';
import { packageVsix } from './vsixPackage';
import { addComment } from './comments';

const TOUR_DIR = join(SCREENSHOT_DIR, 'tour');
const SHOTS = (JSON.parse(readFileSync(join(__dirname, 'readmeTour.shots.json'), 'utf8')) as { images: string[] }).images;
const SIDE_BAR_PX = 290;
/** An ordinary user's home: the bed's own when it is one, else (a machine running the tests as root) a user's under /home. */
const HOME = process.getuid?.() === 0 && (!existsSync('/home/dana') || existsSync('/home/dana/projects/.acme-shop.acp-chat-tour')) ? '/home/dana' : homedir();
const WORKSPACE = join(HOME, 'projects', 'acme-shop');
/** Claude Code's user settings (the Permissions view names their file): the ordinary home's, never a developer's own. */
const CLAUDE_DIR = HOME === homedir() ? join(dirname(WORKSPACE), '.acme-shop-claude') : join(HOME, '.claude');
/** The file beside the project that marks it as the tour's own (beside it: nothing in the pictures shows it). */
const TOUR_MARK = join(dirname(WORKSPACE), '.acme-shop.acp-chat-tour');
const [DARK, LIGHT, HIGH_CONTRAST] = THEMES;

/** A small shop's cart and checkout, in plain JavaScript so its tests run with node alone. */
const PROJECT: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'acme-shop', version: '1.4.0', private: true, type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
  'package-lock.json': `${JSON.stringify({ name: 'acme-shop', version: '1.4.0', lockfileVersion: 3, requires: true, packages: { '': { name: 'acme-shop', version: '1.4.0' } } }, null, 2)}\n`,
  '.gitignore': 'node_modules/\ncoverage/\n',
  'coverage/lcov.info': 'TN:\nSF:src/checkout.js\nend_of_record\n',
  'README.md': '# Acme Shop\n\nThe cart and checkout of the Acme online shop.\n',
  'src/cart.js': [
    '/** @typedef {{ sku: string, price: number, quantity: number }} CartLine */',
    '',
    '/** @param {CartLine[]} lines */',
    'export function subtotal(lines) {',
    '  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);',
    '}',
    '',
  ].join('\n'),
  'src/checkout.js': [
    "import { subtotal } from './cart.js';",
    '',
    '/** @param {{ lines: import("./cart.js").CartLine[], shipping: number }} order */',
    'export function orderTotal(order) {',
    '  return subtotal(order.lines) + order.shipping;',
    '}',
    '',
  ].join('\n'),
  'src/summary.js': [
    "import { subtotal } from './cart.js';",
    "import { orderTotal } from './checkout.js';",
    '',
    'export function summaryRows(order) {',
    '  return [',
    "    ['Subtotal', subtotal(order.lines)],",
    "    ['Shipping', order.shipping],",
    "    ['Total', orderTotal(order)],",
    '  ];',
    '}',
    '',
  ].join('\n'),
  'test/checkout.test.js': [
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    "import { orderTotal } from '../src/checkout.js';",
    '',
    "const order = { lines: [{ sku: 'MUG-01', price: 12, quantity: 2 }], shipping: 5 };",
    '',
    "test('the total is the subtotal plus shipping', () => {",
    '  assert.equal(orderTotal(order), 29);',
    '});',
    '',
  ].join('\n'),
};

const TOTAL_BEFORE = 'export function orderTotal(order) {\n  return subtotal(order.lines) + order.shipping;\n}';
const TOTAL_AFTER =
  "export function orderTotal(order, code) {\n  const discount = code === 'SAVE10' ? 0.1 : 0;\n  return subtotal(order.lines) * (1 - discount) + order.shipping;\n}";

describe('the README tour', () => {
  let cb: ChatBed;
  let vsixDir: string;
  let madeWorkspace = false;
  let madeProjects = false;
  let madeHome = false;
  const taken = new Set<string>();
  /** Releases a held reply, so a failing test leaves nothing hanging. */
  let release: (() => void) | undefined;
  const file = (rel: string) => join(cb.workspace, rel);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Dana Reyes', '-c', 'user.email=dana@acme.example', ...args], { cwd: cb.workspace });
  const sideBar = () => cb.page.locator('.part.sidebar');
  const card = () => cb.chat.getByTestId('notice');
  /** An action of the active editor group's title bar, by its title (its aria-label adds the key binding). */
  const titleAction = (title: string) => {
    const actions = '.editor-group-container.active .editor-actions .action-label';
    return cb.page.locator(`${actions}[aria-label="${title}"], ${actions}[aria-label^="${title} ("]`);
  };
  const allowOnce = (tool: Locator) => tool.locator('[data-testid="permission-option"][data-kind="allow_once"]');

  beforeAll(async () => {
    // No picture of an earlier run is left to be copied as if this run took it.
    rmSync(TOUR_DIR, { recursive: true, force: true });
    vsixDir = mkdtempSync(join(tmpdir(), 'acp-chat-tour-'));
    const vsix = join(vsixDir, 'acp-chat.vsix');
    await packageVsix(vsix);
    // The project where a user keeps one (the approvals show a file's whole path): made here, never reused, removed
    // at the end.
    // One a killed run left behind carries the tour's mark and is replaced; any other folder there is the user's.
    if (existsSync(TOUR_MARK)) for (const dir of [WORKSPACE, CLAUDE_DIR]) rmSync(dir, { recursive: true, force: true });
    if (existsSync(CLAUDE_DIR)) throw new Error(`${CLAUDE_DIR} exists: the tour keeps Claude Code's user settings there (move that folder away)`);
    if (existsSync(WORKSPACE)) throw new Error(`${WORKSPACE} exists: the tour makes its own project there (move that folder away)`);
    madeHome = !existsSync(HOME);
    madeProjects = !existsSync(dirname(WORKSPACE));
    mkdirSync(dirname(WORKSPACE), { recursive: true });
    mkdirSync(WORKSPACE);
    madeWorkspace = true;
    mkdirSync(CLAUDE_DIR, { recursive: true });
    writeFileSync(TOUR_MARK, 'acme-shop here was made by ACP Chat’s README tour (test/e2e/readmeTour.e2e.test.ts); deleted when it ends.\n');
    // A first run: no key anywhere, so the chat asks the user to sign in.
    delete process.env.ANTHROPIC_API_KEY;
    cb = await startChatBed({
      installVsix: vsix,
      credentials: false,
      workspace: WORKSPACE,
      agentEnv: { CLAUDE_CONFIG_DIR: CLAUDE_DIR },
      settings: {
        'acpChat.permissions.prompt': 'inline',
        // The title a user's window has (the web workbench's default adds the product's name, code-server).
        'window.title': '${activeEditorShort}${separator}${rootName}',
        // settings.json is edited by replacing its text (setPermissionPrompt): nothing added to what is inserted.
        'editor.autoClosingBrackets': 'never',
        'editor.autoClosingQuotes': 'never',
        'editor.autoIndent': 'none',
      },
    });
    for (const [rel, content] of Object.entries(PROJECT)) {
      mkdirSync(dirname(file(rel)), { recursive: true });
      writeFileSync(file(rel), content);
    }
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'Cart and checkout');
    await openChat(cb);
    await sizeSideBar(cb.page, SIDE_BAR_PX);
    // The web workbench's keyboard layout item, hidden as a user hides a status bar item: a desktop VS Code has none.
    const layout = cb.page.locator('.statusbar-item', { hasText: /^Layout:/ });
    if (await layout.isVisible()) {
      await layout.click({ button: 'right' });
      const items = cb.page.locator('.context-view .action-label');
      await items.first().waitFor({ state: 'visible', timeout: 10_000 });
      const hide = items.filter({ hasText: /^Hide .*Keyboard Layout/ });
      if ((await hide.count()) === 0) throw new Error(`no Hide item for the layout in: ${(await items.allInnerTexts()).join(' | ')}`);
      await hide.first().hover();
      await cb.page.keyboard.press('Enter');
      await layout.waitFor({ state: 'hidden', timeout: 10_000 });
    }
    await cb.page.mouse.move(700, 6);
  }, 180_000);

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    release?.();
    await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    release?.();
    await cb?.stop();
    if (vsixDir) rmSync(vsixDir, { recursive: true, force: true });
    if (madeWorkspace) rmSync(WORKSPACE, { recursive: true, force: true });
    if (madeWorkspace) rmSync(TOUR_MARK, { force: true });
    if (madeWorkspace) rmSync(CLAUDE_DIR, { recursive: true, force: true });
    if (madeProjects) rmSync(dirname(WORKSPACE), { recursive: true, force: true });
    if (madeHome) rmSync(HOME, { recursive: true, force: true });
  });

  /**
   * Sets acpChat.permissions.prompt as a user does in settings.json: opened from the palette, its text replaced and
   * saved (the web workbench does not reload a file written behind its back).
   */
  async function setPermissionPrompt(value: 'quickPick' | 'modal' | 'inline'): Promise<void> {
    const path = join(cb.bed.root, 'user-data', 'User', 'settings.json');
    // VS Code writes the theme picked last into the file after the workbench shows it: wait for that write, so this
    // edit starts from the file as VS Code left it and no write of its own is still under way.
    const workbenchClasses = ((await cb.page.locator('.monaco-workbench').getAttribute('class')) ?? '').split(/\s+/);
    const theme = THEMES.find((t) => workbenchClasses.includes(t.workbench));
    // (The theme's id in settings.json: the picker's name, but for high contrast.)
    const themeId = theme?.workbench === 'hc-black' ? 'Default High Contrast' : theme?.name;
    if (themeId)
      await expect.poll(() => (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)['workbench.colorTheme'], { timeout: 10_000 }).toBe(themeId);
    const settings = { ...(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>), 'acpChat.permissions.prompt': value };
    await runCommand(cb.page, 'Preferences: Open User Settings (JSON)');
    const editor = cb.page.locator('.part.editor .monaco-editor').first();
    await editor.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(/^settings\.json/);
    await editor.click();
    await cb.page.keyboard.press('Control+A');
    // Inserted as one piece, so the editor closes no bracket or quote of its own.
    await cb.page.keyboard.insertText(JSON.stringify(settings, null, 2));
    // What the editor may have kept after the cursor (a closing brace of its own) goes too.
    await cb.page.keyboard.press('Control+Shift+End');
    await cb.page.keyboard.press('Delete');
    await cb.page.keyboard.press('Control+S');
    await expect.poll(() => readFileSync(path, 'utf8'), { timeout: 10_000 }).toBe(JSON.stringify(settings, null, 2));
    await runCommand(cb.page, 'View: Close All Editor Groups');
  }

  /** Everything the window shows as text now: its title, the workbench, and each visible webview's page. */
  async function visibleText(): Promise<string> {
    const parts = [await cb.page.title(), await cb.page.locator('body').innerText()];
    const frames = await cb.page.locator('iframe.webview').locator('visible=true').count();
    for (let index = 0; index < frames; index++) parts.push(await webviewFrame(cb.page, { index }).locator('body').innerText());
    return parts.join('\n');
  }

  /** Photographs the window (or `target`) as `name` once nothing on screen gives the test bed away. */
  async function shoot(name: string, target?: Locator): Promise<void> {
    expect(SHOTS, `${name} is in readmeTour.shots.json`).toContain(`${name}.png`);
    // The pointer rests on the title bar, away from anything it would highlight.
    await cb.page.mouse.move(700, 6);
    const shown = await visibleText();
    const artefacts = ['Extension Development Host', 'Fake', 'code-server', cb.bed.root, `${tmpdir()}/`];
    const lines = shown.split('\n');
    expect(
      artefacts.flatMap((a) => lines.filter((l) => l.includes(a)).map((l) => `${a} in: ${l.slice(0, 200)}`)),
      `${name}: test artefacts on screen`,
    ).toEqual([]);
    mkdirSync(TOUR_DIR, { recursive: true });
    await (target ?? cb.page).screenshot({ path: join(TOUR_DIR, `${name}.png`) });
    taken.add(`${name}.png`);
  }

  test('the empty chat, and the @ list in its composer', { timeout: 120_000 }, async () => {
    await useTheme(cb.page, cb.chat, DARK);
    await cb.chat.getByTestId('empty-state').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    await shoot('chat-empty-dark', sideBar());
    const composer = cb.chat.getByTestId('composer-input');
    await composer.click();
    await cb.page.keyboard.type('@');
    await expect.poll(() => cb.chat.getByTestId('completion').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await shoot('mention-list-dark', sideBar());
    await cb.page.keyboard.press('Escape');
    await cb.page.keyboard.press('Backspace');
    await expect.poll(() => composer.inputValue()).toBe('');
  });

  test('a first run: the sign-in card (dark and light), then the API key', { timeout: 120_000 }, async () => {
    cb.fake.setTitle('Add a SAVE10 discount code');
    await sendPrompt(cb, 'Add a SAVE10 discount code to the checkout total');
    await card().waitFor({ state: 'visible', timeout: TURN_MS });
    await expect.poll(() => card().getByTestId('notice-message').innerText()).toMatch(/^Sign in to use the agent/);
    await expect.poll(() => card().getByTestId('sign-in-method').count()).toBeGreaterThan(0);
    await useTheme(cb.page, cb.chat, DARK);
    await shoot('sign-in-dark');
    await useTheme(cb.page, cb.chat, LIGHT);
    await shoot('sign-in-light');

    cb.fake.setScript([
      toolUse('Read', { file_path: file('src/checkout.js') }, 'I’ll look at how the checkout total is worked out.'),
      toolUse(
        'Edit',
        { file_path: file('src/checkout.js'), old_string: TOTAL_BEFORE, new_string: TOTAL_AFTER, replace_all: false },
        'The total is the subtotal plus shipping. I’ll take 10% off the subtotal when the code is SAVE10, and leave shipping at full price.',
      ),
      toolUse('Bash', { command: 'node --test', description: 'Run the test suite' }, 'Now I’ll run the tests to check nothing else broke.'),
      text(
        'Done. `orderTotal(order, code)` takes an optional discount code: **SAVE10** takes 10% off the subtotal, shipping stays full price, and the tests pass.',
      ),
    ]);
    // The prompt goes as soon as the key is set.
    await card().getByTestId('resend-when-signed-in').check();
    await card().getByTestId('notice-action').filter({ hasText: 'Set API Key…' }).click();
    const input = cb.page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await input.click();
    await cb.page.keyboard.type('sk-ant-api03-q7Xw2mP9vL4nR8tY1kB6');
    await cb.page.keyboard.press('Enter');
    await expect.poll(() => cb.chat.getByTestId('account').innerText(), { timeout: AGENT_START_MS }).toBe('Anthropic API key');
  });

  test('an edit and a command waiting for approval, in the side bar and a tab; the finished turn', { timeout: 120_000 }, async () => {
    const editCard = cb.chat.locator('[data-testid="tool-card"][data-kind="edit"]').last();
    await allowOnce(editCard).waitFor({ timeout: TURN_MS });
    await shoot('approval-edit-290-light', sideBar());
    // Judged from its diff: Open diff on the card, then Yes in the diff's title bar.
    await useTheme(cb.page, cb.chat, DARK);
    await editCard.getByTestId('open-diff').first().click();
    await cb.page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible', timeout: 10_000 });
    const allowInDiff = titleAction('Yes');
    await allowInDiff.waitFor({ state: 'visible', timeout: 10_000 });
    await titleAction('No').waitFor({ state: 'visible' });
    await shoot('diff-approval-actions-dark');
    await allowInDiff.click();
    await expect.poll(() => editCard.getByTestId('permission-outcome').textContent(), { timeout: 10_000 }).toMatch(/^Allowed/);

    const commandCard = cb.chat.locator('[data-testid="tool-card"][data-kind="execute"]').last();
    await allowOnce(commandCard).waitFor({ timeout: TURN_MS });
    await runCommand(cb.page, 'View: Close All Editor Groups');
    await commandCard.scrollIntoViewIfNeeded();
    await shoot('approval-command-290-dark', sideBar());
    await runCommand(cb.page, 'ACP Chat: Open Chat in Editor');
    await expect.poll(async () => (await chatSurfaces(cb.page)).length, { timeout: 30_000 }).toBe(2);
    const tab = (await chatSurfaces(cb.page))[1]!.frame;
    await allowOnce(tab.locator('[data-testid="tool-card"][data-kind="execute"]').last()).waitFor({ timeout: 15_000 });
    await shoot('chat-approval-waiting-dark');

    await allowOnce(commandCard).click();
    await cb.chat.getByTestId('transcript').getByText('the tests pass').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    expect(readFileSync(file('src/checkout.js'), 'utf8')).toContain("code === 'SAVE10'");
    await expect.poll(() => tab.getByTestId('changed-file').allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringMatching(/^src\/checkout\.js\s/)]);
    await useTheme(cb.page, cb.chat, LIGHT);
    await tab.getByTestId('changed-file').last().scrollIntoViewIfNeeded();
    await shoot('chat-changed-files-light');
    await runCommand(cb.page, 'View: Close All Editor Groups');

    // The card's file opens it with the change marked where the code is, Keep and Undo above it.
    await cb.chat.getByTestId('changed-file').filter({ hasText: 'checkout.js' }).locator('.changed-file-name').click();
    const lenses = cb.page.locator('.part.editor .codelens-decoration a').filter({ hasText: /^\s*(Keep|Undo)\s*$/ });
    await expect.poll(() => lenses.allInnerTexts(), { timeout: 15_000 }).toEqual(['Keep', 'Undo']);
    await shoot('editor-review-light');
    await useTheme(cb.page, cb.chat, DARK);
    await shoot('editor-review-dark');
    await runCommand(cb.page, 'View: Close All Editor Groups');

    // Reviewed like a pull request: a comment on the changed line in the turn's Review, a draft until Send Review.
    await cb.chat.getByTestId('changed-files').last().getByTestId('review-changes').click();
    // Once its files are loaded the multi-file diff moves the focus into the first one, laying its lines out anew.
    await expect.poll(() => cb.page.evaluate(() => !!document.activeElement?.closest('.multiDiffEditor')), { timeout: 15_000 }).toBe(true);
    const modified = cb.page.locator('.multiDiffEntry').filter({ hasText: 'checkout.js' }).locator('.editor.modified');
    await addComment(cb.page, modified, 'const discount', 'Read the discount codes from config instead of hard-coding SAVE10.');
    await shoot('review-comments-dark');
    await runCommand(cb.page, 'View: Close All Editor Groups');

    // VS Code opened its Comments panel for the first comment: closed again for the pictures that follow.
    await runCommand(cb.page, 'View: Hide Panel');

    // What the turns cost, as the agent reported it: today, this workspace, and each chat.
    await runCommand(cb.page, 'ACP Chat: Show Usage');
    await cb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'This workspace' }).waitFor({ timeout: 10_000 });
    await shoot('usage-dark');
    await cb.page.keyboard.press('Escape');
  });

  test('a running turn at 290 px and in high contrast; the idle composer', { timeout: 120_000 }, async () => {
    await useTheme(cb.page, cb.chat, DARK);
    await quickOpen(cb.page, file('src/summary.js'));
    cb.fake.setScript([
      toolUse('Read', { file_path: file('src/summary.js') }, 'I’ll add a Discount row to the order summary.'),
      held(
        text('The summary now shows a **Discount** row between Subtotal and Shipping when a code applies, and the Total below it matches the checkout.'),
        new Promise<void>((r) => (release = r)),
      ),
    ]);
    await sendPrompt(cb, 'Show the discount on the order summary too');
    const readCard = cb.chat.locator('[data-testid="tool-card"][data-kind="read"]').last();
    await expect.poll(() => readCard.getAttribute('data-status'), { timeout: TURN_MS }).toBe('completed');
    await cb.chat.getByTestId('stop').waitFor({ state: 'visible', timeout: TURN_MS });
    await shoot('chat-290-running-dark', sideBar());
    await useTheme(cb.page, cb.chat, HIGH_CONTRAST);
    await shoot('chat-running-high-contrast');
    release!();
    await cb.chat.getByTestId('transcript').getByText('matches the checkout').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await runCommand(cb.page, 'View: Close All Editor Groups');
    await useTheme(cb.page, cb.chat, DARK);
    await shoot('chat-290-idle-dark', sideBar());
  });

  test('a command you denied', { timeout: 120_000 }, async () => {
    cb.fake.setScript([
      toolUse('Bash', { command: 'npm publish', description: 'Publish acme-shop to the npm registry' }, 'I’ll publish the new version.'),
      text('Understood, I haven’t published anything. The discount is ready in `src/checkout.js` whenever you want to release it.'),
    ]);
    await sendPrompt(cb, 'Release it');
    const commandCard = cb.chat.locator('[data-testid="tool-card"][data-kind="execute"]').last();
    await commandCard.locator('[data-testid="permission-option"][data-kind="reject_once"]').click({ timeout: TURN_MS });
    await cb.chat.getByTestId('transcript').getByText('haven’t published anything').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await expect.poll(() => commandCard.getByTestId('permission-outcome').textContent(), { timeout: 10_000 }).toBe('Denied by you');
    // In a tab, wide enough for the card's words.
    await runCommand(cb.page, 'ACP Chat: Open Chat in Editor');
    await expect.poll(async () => (await chatSurfaces(cb.page)).length, { timeout: 30_000 }).toBe(2);
    const tab = (await chatSurfaces(cb.page))[1]!.frame;
    await tab.getByTestId('transcript').getByText('haven’t published anything').waitFor({ timeout: 15_000 });
    await shoot('chat-denied-dark');
    await runCommand(cb.page, 'View: Close All Editor Groups');
  });

  test('an "always" answer on its card with its Undo; the Permissions view (high contrast)', { timeout: 120_000 }, async () => {
    await useTheme(cb.page, cb.chat, DARK);
    cb.fake.setScript([toolUse('Bash', { command: 'npm test', description: 'Run the test suite' }, 'I’ll run the tests.'), text('All 3 tests pass.')]);
    await sendPrompt(cb, 'Run the tests');
    const commandCard = cb.chat.locator('[data-testid="tool-card"][data-kind="execute"]').last();
    await commandCard.locator('[data-testid="permission-option"][data-kind="allow_always"]').click({ timeout: TURN_MS });
    await cb.chat.getByTestId('transcript').getByText('All 3 tests pass.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    const grant = commandCard.getByTestId('permission-grant');
    await grant.getByTestId('grant-undo').waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => grant.innerText()).toMatch(/npm test/);
    await commandCard.scrollIntoViewIfNeeded();
    await shoot('always-grant-undo-dark', commandCard);

    await useTheme(cb.page, cb.chat, HIGH_CONTRAST);
    await runCommand(cb.page, 'ACP Chat: Show Permissions');
    // The chat's pane folded, so the Permissions view has the side bar's height.
    const chatHeader = cb.page.locator('.part.sidebar .pane-header:not([aria-label*="Permissions"])').first();
    if ((await chatHeader.getAttribute('aria-expanded')) === 'true') await chatHeader.click();
    const view = cb.page.locator('.pane:has(.pane-header[aria-label*="Permissions"])');
    const rows = () => view.locator('.monaco-list-row .label-name').allInnerTexts();
    await expect.poll(rows, { timeout: 15_000 }).toEqual(expect.arrayContaining([expect.stringContaining('Local')]));
    for (let pass = 0; pass < 3; pass++) for (const twistie of await view.locator('.monaco-tl-twistie.collapsible.collapsed').all()) await twistie.click();
    await expect.poll(rows, { timeout: 10_000 }).toEqual(expect.arrayContaining([expect.stringContaining('npm test')]));
    await shoot('permissions-view-high-contrast', sideBar());
    await chatHeader.click();
    await expect.poll(() => chatHeader.getAttribute('aria-expanded')).toBe('true');
    await runCommand(cb.page, 'ACP Chat: Hide Permissions');
    await expect.poll(() => view.count(), { timeout: 10_000 }).toBe(0);
    // The rule taken back with the card's Undo: the folder is as it was (a worktree later carries no stray file).
    await grant.getByTestId('grant-undo').click();
    await expect
      .poll(() => existsSync(file('.claude/settings.local.json')) && readFileSync(file('.claude/settings.local.json'), 'utf8'), { timeout: 10_000 })
      .not.toMatch(/npm test/);
    rmSync(file('.claude'), { recursive: true, force: true });
    await useTheme(cb.page, cb.chat, DARK);
  });

  test('an approval in a QuickPick (dark) and in a modal dialog (light)', { timeout: 120_000 }, async () => {
    await setPermissionPrompt('quickPick');
    cb.fake.setScript([
      toolUse('Bash', { command: 'node --test', description: 'Run the test suite' }, 'I’ll run the tests once more.'),
      text('All tests pass.'),
    ]);
    await sendPrompt(cb, 'Run the tests again');
    const qp = await readQuickPick(cb.page, { timeoutMs: TURN_MS });
    expect(qp.title).toBe('Run this command? node --test');
    await cb.page.locator('.statusbar-item', { hasText: '1 approval waiting' }).waitFor({ timeout: 5000 });
    await shoot('permission-quickpick-dark');
    // The QuickPick lists the answers in the card's order (allow once, deny, then the broader grant), Yes first and
    // highlighted: Enter allows once, and neither arrow key from it reaches a broader grant.
    const card = cb.chat.locator('[data-testid="tool-card"][data-kind="execute"]').last();
    const cardAnswers = await card.locator('[data-testid="permission-option"] .perm-label').allInnerTexts();
    expect(cardAnswers.length).toBeGreaterThanOrEqual(2);
    expect(qp.items.map((i) => i.trim()).filter((i) => cardAnswers.includes(i))).toEqual(cardAnswers);
    expect(qp.items[0]?.trim()).toBe('Yes');
    expect(qp.active?.trim()).toBe('Yes');
    expect(qp.items.at(-1)?.trim()).toBe('Answer later (the request waits in the chat)');
    // Answered with the keyboard: to Yes, then Enter.
    const yes = qp.items.findIndex((i) => /(^|\s)Yes$/.test(i));
    expect(yes, `a Yes item in ${qp.items.join(' | ')}`).toBeGreaterThanOrEqual(0);
    for (let at = qp.items.indexOf(qp.active ?? ''); at !== yes; at += at < yes ? 1 : -1) await cb.page.keyboard.press(at < yes ? 'ArrowDown' : 'ArrowUp');
    await expect.poll(async () => (await readQuickPick(cb.page)).active).toBe(qp.items[yes]);
    await cb.page.keyboard.press('Enter');
    await cb.chat.getByTestId('transcript').getByText('All tests pass.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);

    // The theme first: VS Code writes it to settings.json, which the next step rewrites; one write at a time.
    await useTheme(cb.page, cb.chat, LIGHT);
    await setPermissionPrompt('modal');
    cb.fake.setScript([
      toolUse('Bash', { command: 'rm -rf coverage', description: 'Remove the old coverage report' }, 'I’ll remove the old coverage report.'),
      text('Removed `coverage/`; the next test run with coverage writes a fresh one.'),
    ]);
    await sendPrompt(cb, 'Clear out the old coverage report');
    const dialog = cb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: TURN_MS });
    expect(await dialog.locator('.dialog-message-text').textContent()).toBe('Run this command?');
    await shoot('permission-modal-light');
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Yes$/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await cb.chat.getByTestId('transcript').getByText('writes a fresh one').waitFor({ timeout: TURN_MS });
    expect(existsSync(file('coverage'))).toBe(false);
    await waitTurnIdle(cb);
    await setPermissionPrompt('inline');
  });

  test('an error said once: one line and one card that says what fixes it', { timeout: 120_000 }, async () => {
    await useTheme(cb.page, cb.chat, LIGHT);
    // Claude Code tries a 400 again in a new request: every one fails, so the turn ends with the error (in Claude Code's
    // words for this one).
    const words = 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.';
    cb.fake.setScript(Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', words)));
    await sendPrompt(cb, 'Add a test for an unknown discount code');
    await card().waitFor({ state: 'visible', timeout: TURN_MS });
    await waitTurnIdle(cb);
    // The card says what the API's words mean and what fixes them (the subscription's sign-in, the billing page), not
    // Retry or the log; the words themselves are the failed turn's line alone.
    await expect.poll(() => card().getByTestId('notice-message').innerText()).toMatch(/^Your Anthropic API account is out of credit/);
    expect(await card().getByTestId('notice-action').allInnerTexts()).toEqual(['Open Billing Page']);
    expect(await card().getByTestId('notice-details').count()).toBe(0);
    // Said once on screen: the failed turn's line, not again on the card (a screen reader hears it once too, apart).
    const shown = `${await cb.chat.getByTestId('transcript').innerText()}\n${await card().innerText()}`;
    expect(shown.split('Credit balance is too low').length - 1).toBe(1);
    // The one line in the conversation, above the card.
    await cb.chat.locator('[data-entry-kind="error"]').last().scrollIntoViewIfNeeded();
    await shoot('chat-error-light', sideBar());

    // Going back: the failed turn's Retry, and its prompt edited in place.
    await useTheme(cb.page, cb.chat, DARK);
    await cb.chat.getByTestId('retry-turn').last().waitFor({ state: 'visible' });
    await cb.chat.locator('[data-entry-kind="error"]').last().scrollIntoViewIfNeeded();
    await shoot('going-back-retry-dark', sideBar());
    const prompt = cb.chat.getByTestId('user-message').filter({ hasText: 'Add a test for an unknown discount code' }).last();
    await prompt.scrollIntoViewIfNeeded();
    await prompt.getByTestId('edit-prompt').click();
    const edited = cb.chat.getByTestId('edit-prompt-input');
    await edited.fill('Add tests for an unknown and an empty discount code');
    await cb.chat.getByTestId('edit-prompt-cancel').scrollIntoViewIfNeeded();
    await shoot('going-back-edit-dark', sideBar());
    await cb.chat.getByTestId('edit-prompt-cancel').click();
    await edited.waitFor({ state: 'detached', timeout: 10_000 });

    // Rewind… on the first prompt: the code, previewed as a multi-file diff behind the question; cancelled here.
    const first = cb.chat.getByTestId('user-message').filter({ hasText: 'Add a SAVE10 discount code' }).first();
    await cb.chat.locator('.scroller').evaluate((el) => (el.scrollTop = 0));
    await first.scrollIntoViewIfNeeded();
    await first.getByTestId('go-back').click();
    await expect.poll(async () => (await readQuickPick(cb.page)).title, { timeout: 10_000 }).toBe('Rewind to Before This Prompt');
    await pickQuickPickItem(cb.page, 'Rewind the code to before this prompt');
    const dialog = cb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => cb.page.locator('.multiDiffEditor .multiDiffEntry').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await dialog.innerText()).toMatch(/(Put back|Delete) \d+ files?/);
    await shoot('going-back-restore-dark');
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await runCommand(cb.page, 'View: Close All Editor Groups');
  });

  test('a chat in its own worktree: the bar with its branch and changed file', { timeout: 120_000 }, async () => {
    await useTheme(cb.page, cb.chat, DARK);
    cb.fake.setTitle('Free shipping over $50');
    // The discount is done: the user commits it before starting the next task in a worktree.
    git('commit', '-q', '-am', 'Add the SAVE10 discount code');
    await runCommand(cb.page, 'ACP Chat: New Chat in Worktree…');
    const box = cb.page.locator('.quick-input-widget input');
    await box.waitFor({ timeout: 15_000 });
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toMatch(/^acp-chat\//);
    await box.fill('acp-chat/free-shipping');
    await box.press('Enter');
    await expect.poll(() => cb.chat.getByTestId('worktree-branch').textContent(), { timeout: AGENT_START_MS }).toBe('acp-chat/free-shipping');
    const list = execFileSync('git', ['worktree', 'list', '--porcelain'], { cwd: cb.workspace }).toString();
    const tree = list
      .split('\n\n')
      .find((b) => b.includes('refs/heads/acp-chat/free-shipping'))
      ?.match(/^worktree (.+)$/mu)?.[1];
    expect(tree, 'git lists the worktree').toBeTruthy();
    const checkout = join(tree!, 'src', 'checkout.js');
    cb.fake.setScript([
      toolUse('Read', { file_path: checkout }, 'I’ll look at the shipping in the total.'),
      toolUse(
        'Edit',
        { file_path: checkout, old_string: '+ order.shipping;', new_string: '+ (subtotal(order.lines) >= 50 ? 0 : order.shipping);', replace_all: false },
        'Shipping is now free from $50.',
      ),
      text('Orders of $50 or more now ship free.'),
    ]);
    await sendPrompt(cb, 'Make shipping free for orders over $50');
    const editCard = cb.chat.locator('[data-testid="tool-card"][data-kind="edit"]').last();
    await allowOnce(editCard).click({ timeout: TURN_MS });
    await cb.chat.getByTestId('transcript').getByText('now ship free').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await expect.poll(() => cb.chat.getByTestId('worktree-summary').textContent(), { timeout: 10_000 }).toMatch(/^1 file changed/);
    await cb.chat.getByTestId('worktree-summary').click();
    await cb.chat.getByTestId('worktree-file').first().waitFor({ timeout: 10_000 });
    await shoot('worktree-bar-dark', cb.chat.getByTestId('worktree-bar'));
  });

  test('every picture of the list was taken', () => {
    expect([...taken].sort()).toEqual([...SHOTS].sort());
  });
});
