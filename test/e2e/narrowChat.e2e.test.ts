// A chat that fits a 290 px side bar (issue 45, item 2), in the real VS Code with the side bar sized by its sash, in
// the dark, light and high-contrast themes (a model error said once among them): the mode picker shows its one name whole (no ellipsis, nothing cut), the
// pickers' tooltips say Mode and Model, the placeholder is one line, and while a turn runs Queue says its word beside
// Stop; a tool card's title is shown whole, wrapped only between a path's folders, with its status as an icon whose
// word is in the tooltip. Context lands there as chips: a file dragged from the Explorer and an editor tab (Shift held,
// as VS Code asks over a webview) and a Markdown heading picked with `@`, all reaching the model with the prompt; what
// is dropped from outside the workspace is refused in words. Each state is
// photographed (narrow-chat-idle-290-dark, narrow-chat-running-290-light, narrow-chat-context-290-high-contrast, …).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiError, edit, held, read, text, toolUse } from '../fixtures/fakeAnthropic';
import { expectAccessible, THEMES, useTheme } from './a11yAudit';
import { emptyComposer, openChat, quickOpen, sendPrompt, TURN_MS, useChatBed, waitTurnIdle, type ChatBed } from './chatBed';
import { pickQuickPickItem, runCommand, screenshot } from './harness';
import { sizeSideBar } from './sideBarWidth';

const SIDE_BAR_PX = 290;

describe('ACP Chat e2e: a chat that fits a 290 px side bar', () => {
  const bed = useChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });
  let cb: ChatBed;

  beforeAll(async () => {
    cb = bed();
    await sizeSideBar(cb.page, SIDE_BAR_PX);
  });

  test('the idle composer: the mode by its whole name, pickers named Mode and Model, a one-line placeholder, in each theme', { timeout: 120_000 }, async () => {
    for (const theme of THEMES) {
      await useTheme(cb.page, cb.chat, theme);
      const where = `idle composer, ${theme.name}`;
      const shown = await readComposer(cb.chat);
      expect(shown.placeholder, where).toBe('Ask, @ for context, / for commands');
      checkComposer(shown, where);
      expect(shown.send, `${where}: Send`).toEqual({ text: '', label: 'Send', cut: false });
      await expectAccessible(cb.chat, where);
      await screenshot(cb.page, `narrow-chat-idle-${SIDE_BAR_PX}-${theme.body.replace('vscode-', '')}`, cb.page.locator('.part.sidebar'));
    }
  });

  test('a running turn: tool card titles whole with their status as an icon, Queue in words, in each theme', { timeout: 240_000 }, async () => {
    const file = join(cb.workspace, 'src', 'components', 'existing.txt');
    mkdirSync(join(cb.workspace, 'src', 'components'), { recursive: true });
    writeFileSync(file, 'line one\nalpha\nline three\n');
    cb.fake.setScript([read(file), edit(file, 'alpha', 'ALPHA'), text('Edited it.')]);
    await sendPrompt(cb, 'edit existing.txt');
    const readCard = cb.chat.locator('[data-testid="tool-card"][data-kind="read"]').last();
    const editCard = cb.chat.locator('[data-testid="tool-card"][data-kind="edit"]').last();
    // The edit's approval holds the turn open: the composer shows Stop and Queue meanwhile.
    await editCard.getByTestId('permission-option').first().waitFor({ timeout: TURN_MS });
    await expect.poll(() => readCard.getAttribute('data-status'), { timeout: TURN_MS }).toBe('completed');

    for (const theme of THEMES) {
      await useTheme(cb.page, cb.chat, theme);
      const where = `running turn, ${theme.name}`;
      const shown = await readComposer(cb.chat);
      expect(shown.placeholder, where).toBe('Queue a follow-up, @ for context');
      checkComposer(shown, where);
      expect(shown.send, `${where}: Queue`).toEqual({ text: 'Queue', label: 'Queue (sent when the turn ends)', cut: false });
      expect(shown.stopText, `${where}: Stop`).toBe('Stop');

      const card = await readToolCard(readCard);
      expect(card.title, `${where}: the Read card's title`).toBe('Read src/components/existing.txt');
      expect(card.cut, `${where}: the Read card's title cut`).toEqual([]);
      expect(card.splitNames, `${where}: file names split across lines`).toEqual([]);
      // The status is its icon: the word is the tooltip's and the screen reader's, not laid out beside the title.
      expect(card.status, `${where}: the Read card's status`).toEqual({ tooltip: 'Completed', word: 'Completed', wordShown: false });
      // A finished Read is one line: its head and an expander, not the lines it read.
      expect(await readCard.locator('.tool-content').innerText(), `${where}: the finished Read`).toMatch(/^Show what it read \(\d+ lines\)$/);
      // The working row says what holds the turn.
      expect(await cb.chat.getByTestId('working-text').textContent(), `${where}: the working row`).toBe('Waiting for your approval');
      const edited = await readToolCard(editCard);
      expect(edited.title, `${where}: the Edit card's title`).toContain('existing.txt');
      expect([...edited.cut, ...edited.splitNames], `${where}: the Edit card`).toEqual([]);

      await expectAccessible(cb.chat, where);
      await editCard.scrollIntoViewIfNeeded();
      await screenshot(cb.page, `narrow-chat-running-${SIDE_BAR_PX}-${theme.body.replace('vscode-', '')}`, cb.page.locator('.part.sidebar'));
    }

    await editCard.locator('[data-kind="allow_once"]').click();
    await cb.chat.getByTestId('transcript').getByText('Edited it.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
  });

  test('the working row between Send and the first words; a denied call keeps its word, in each theme', { timeout: 240_000 }, async () => {
    let release!: () => void;
    cb.fake.setScript([held(text('The first words of the reply.'), new Promise<void>((r) => (release = r)))]);
    await sendPrompt(cb, 'take your time');
    const row = cb.chat.getByTestId('working-row');
    await row.waitFor({ state: 'visible', timeout: TURN_MS });
    for (const theme of THEMES) {
      await useTheme(cb.page, cb.chat, theme);
      const where = `before the first words, ${theme.name}`;
      expect(await cb.chat.getByTestId('working-text').textContent(), where).toBe('Working…');
      expect(await cb.chat.getByTestId('working-time').textContent(), where).toMatch(/^\d+s$/);
      expect(await cb.chat.getByTestId('agent-message').filter({ hasText: 'The first words' }).count(), where).toBe(0);
      await expectAccessible(cb.chat, where);
      await screenshot(cb.page, `narrow-chat-working-${SIDE_BAR_PX}-${theme.body.replace('vscode-', '')}`, cb.page.locator('.part.sidebar'));
    }
    release();
    await cb.chat.getByTestId('transcript').getByText('The first words of the reply.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await row.waitFor({ state: 'hidden', timeout: 10_000 });

    cb.fake.setScript([toolUse('Bash', { command: 'npm publish', description: 'Publish the package' }, 'I will publish it.'), text('Not published.')]);
    await sendPrompt(cb, 'publish it');
    const card = cb.chat.locator('[data-testid="tool-card"][data-kind="execute"]').last();
    // The card lists allow once, deny, then the broader grant.
    await card.getByTestId('permission-option').first().waitFor({ timeout: TURN_MS });
    expect(await card.getByTestId('permission-option').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual([
      'allow_once',
      'reject_once',
      'allow_always',
    ]);
    await card.locator('[data-testid="permission-option"][data-kind="reject_once"]').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: TURN_MS }).toBe('denied');
    await cb.chat.getByTestId('transcript').getByText('Not published.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    for (const theme of THEMES) {
      await useTheme(cb.page, cb.chat, theme);
      const where = `a denied call, ${theme.name}`;
      expect((await readToolCard(card)).status, where).toEqual({ tooltip: 'Denied by you', word: 'Denied by you', wordShown: true });
      await expectAccessible(cb.chat, where);
    }
  });

  test(
    'a file dragged from the Explorer, an editor tab and a heading picked with @ land as chips and reach the model, in each theme',
    { timeout: 240_000 },
    async () => {
      writeFileSync(join(cb.workspace, 'dragme.txt'), 'a file to drag\n');
      writeFileSync(join(cb.workspace, 'guide.md'), '# Setup Steps\n\nRun the installer.\n');
      // The Markdown extension answers workspace symbols once a Markdown file has been opened.
      await quickOpen(cb.page, join(cb.workspace, 'guide.md'));
      // The Explorer beside the chat, as a user arranges it: its Folders view moved to the panel, the chat in the side bar.
      await runCommand(cb.page, 'View: Move View');
      await pickQuickPickItem(cb.page, 'Folders');
      await pickQuickPickItem(cb.page, 'New Panel Entry');
      await openChat(cb);
      await sizeSideBar(cb.page, SIDE_BAR_PX);
      const chips = cb.chat.getByTestId('attachment');

      const row = cb.page.locator('.part.panel .explorer-folders-view .monaco-list-row', { hasText: 'dragme.txt' });
      await row.waitFor({ timeout: 15_000 });
      await dragWithShift(cb.page, row, cb.chat.getByTestId('composer-input'), async () => {
        // The hint, while the drag is over the composer.
        await expect.poll(() => cb.chat.getByTestId('drop-hint').isVisible(), { timeout: 10_000 }).toBe(true);
      });
      await expect.poll(() => chips.allInnerTexts(), { timeout: 10_000 }).toEqual(['dragme.txt']);
      expect(await cb.chat.getByTestId('drop-hint').isVisible(), 'the hint after the drop').toBe(false);
      expect(await cb.chat.getByTestId('composer-input').inputValue(), 'the composer after the drop (no path typed in)').toBe('');
      // An editor tab, the same way.
      await dragWithShift(cb.page, cb.page.locator('.tabs-container .tab', { hasText: 'guide.md' }), cb.chat.getByTestId('composer-input'), async () => {
        await expect.poll(() => cb.chat.getByTestId('drop-hint').isVisible(), { timeout: 10_000 }).toBe(true);
      });
      await expect.poll(() => chips.allInnerTexts(), { timeout: 10_000 }).toEqual(['dragme.txt', 'guide.md']);

      // `@` and the heading's name: the Symbol suggestion, taken with the keyboard.
      const input = cb.chat.getByTestId('composer-input');
      // The open list's options (a closed list is hidden).
      const options = cb.chat.locator('[data-testid="completions"]:not([hidden]) [data-testid="completion"]');
      const heading = options.and(cb.chat.locator('[aria-label^="Symbol "][aria-label*="Setup Steps"]'));
      // Into the box as a user goes: a click (focus given by script alone is moved by the webview's focus handling).
      await input.click();
      // Asked anew until the Markdown extension has indexed the file (it answers nothing before).
      await expect
        .poll(
          async () => {
            await input.fill('');
            await input.pressSequentially('@Setup');
            // The host's answer opens the list (files and folders come whether or not symbols do).
            await options
              .first()
              .waitFor({ timeout: 5_000 })
              .catch(() => undefined);
            return heading.count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      const labels = await options.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      const at = labels.findIndex((l) => /^Symbol .*Setup Steps/.test(l ?? ''));
      for (let i = 0; i < at; i++) await input.press('ArrowDown');
      expect(at, `the heading among ${JSON.stringify(labels)}`).toBeGreaterThanOrEqual(0);
      expect(await input.getAttribute('aria-activedescendant'), 'the heading is the active suggestion').toBe(await heading.getAttribute('id'));
      await input.press('Enter');
      await expect
        .poll(() => chips.allInnerTexts(), { timeout: 10_000 })
        .toEqual(['dragme.txt', 'guide.md', expect.stringMatching(/Setup Steps \(guide\.md\):1-/)]);
      expect(await input.inputValue(), 'the @ text is taken out').toBe('');

      for (const theme of THEMES) {
        await useTheme(cb.page, cb.chat, theme);
        const where = `context chips, ${theme.name}`;
        const shown = await chips.evaluateAll((els) =>
          els.map((e) => ({
            icon: e.querySelector('.codicon')?.className ?? '',
            cut: e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth + 1,
          })),
        );
        expect(shown, `${where}: the chips' icons, none cut`).toEqual([
          { icon: 'codicon codicon-file', cut: false },
          { icon: 'codicon codicon-file', cut: false },
          { icon: 'codicon codicon-selection', cut: false },
        ]);
        await expectAccessible(cb.chat, where);
        await screenshot(cb.page, `narrow-chat-context-${SIDE_BAR_PX}-${theme.body.replace('vscode-', '')}`, cb.page.locator('.part.sidebar'));
      }

      cb.fake.setScript([text('Read both.')]);
      const sent = cb.fake.mainRequests().length;
      await sendPrompt(cb, 'summarise these');
      await cb.chat.getByTestId('transcript').getByText('Read both.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      const asked = cb.fake
        .mainRequests()
        .slice(sent)
        .map((r) => r.allText)
        .join('\n');
      expect(asked).toContain(join(cb.workspace, 'dragme.txt'));
      expect(asked).toContain(join(cb.workspace, 'guide.md'));
      expect(asked).toContain('# Setup Steps');
      expect(await chips.count(), 'the chips after sending').toBe(0);
    },
  );

  test('a model error is said once at 290 px: one line and one card, in each theme', { timeout: 120_000 }, async () => {
    await emptyComposer(cb);
    const words = 'fake-400: the request was malformed';
    // Claude Code tries a 400 again in a new request: every one fails, so the turn ends with the error.
    cb.fake.setScript(Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', words)));
    await sendPrompt(cb, 'a prompt the model refuses');
    const card = cb.chat.getByTestId('notice');
    await card.waitFor({ state: 'visible', timeout: TURN_MS });
    await waitTurnIdle(cb);
    for (const theme of THEMES) {
      await useTheme(cb.page, cb.chat, theme);
      const where = `model error, ${theme.name}`;
      // What a reader sees in the whole chat: the API's words once (the error's line), the card's one line without them.
      const shown = await cb.chat.locator('body').innerText();
      expect(shown.split(words).length - 1, `${where}: the API's words`).toBe(1);
      expect(shown, where).not.toContain('Internal error');
      expect(await cb.chat.locator('[data-entry-kind="error"]').filter({ hasText: words }).count(), `${where}: the error's line`).toBe(1);
      expect(await card.getByTestId('notice-message').innerText(), `${where}: the card`).toBe('The model API answered with an error, so the turn stopped.');
      await expectAccessible(cb.chat, where);
      await screenshot(cb.page, `narrow-chat-error-${SIDE_BAR_PX}-${theme.body.replace('vscode-', '')}`, cb.page.locator('.part.sidebar'));
    }
    // The errors Claude Code did not ask for are not left to the next prompt.
    cb.fake.setScript([]);
  });

  test('dropped paths outside the workspace, a link leading out among them, are refused in words; the one inside lands', { timeout: 60_000 }, async () => {
    await emptyComposer(cb);
    const outside = mkdtempSync(join(tmpdir(), 'acp-chat-outside-'));
    try {
      writeFileSync(join(outside, 'secret.txt'), 'not for the agent\n');
      symlinkSync(join(outside, 'secret.txt'), join(cb.workspace, 'link.txt'));
      writeFileSync(join(cb.workspace, 'inside.txt'), 'inside\n');
      const uris = [join(cb.workspace, 'inside.txt'), join(outside, 'secret.txt'), join(cb.workspace, 'link.txt')].map((p) => pathToFileURL(p).href);
      // The host's check is what is under test here, so the drop is made in the chat's frame with the types a
      // workbench drag carries; the real drag (and VS Code's drag machinery) is the test above.
      await cb.chat.getByTestId('composer-input').evaluate((ta, list) => {
        const dt = new DataTransfer();
        dt.setData('application/vnd.code.uri-list', list.join('\r\n'));
        dt.setData('text/plain', list.join('\n'));
        ta.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, uris);
      const chips = cb.chat.getByTestId('attachment');
      await expect.poll(() => chips.allInnerTexts(), { timeout: 10_000 }).toEqual(['inside.txt']);
      const notice = cb.chat.getByTestId('notice-message');
      await expect
        .poll(() => notice.innerText().catch(() => ''), { timeout: 10_000 })
        .toBe(
          'Not added to the chat: secret.txt (outside the workspace folders), link.txt (outside the workspace folders). Only files and folders inside the workspace folders can be attached.',
        );
      await screenshot(cb.page, `narrow-chat-drop-refused-${SIDE_BAR_PX}`, cb.page.locator('.part.sidebar'));
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

/**
 * A real drag in the workbench: the mouse pressed on `from`, moved off it (the workbench starts its drag), Shift held
 * (VS Code then lets the drag reach a webview), moved onto `to` in the chat's frame, `whileOver` checked, released.
 */
async function dragWithShift(page: Page, from: Locator, to: Locator, whileOver: () => Promise<void>): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 5 });
  await page.keyboard.down('Shift');
  try {
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
    await page.mouse.move(b.x + b.width / 2 + 4, b.y + b.height / 2, { steps: 3 });
    await whileOver();
    await page.mouse.up();
  } finally {
    await page.keyboard.up('Shift');
  }
}

interface ShownComposer {
  placeholder: string;
  /** The placeholder's width as laid out in one line, and the width the box has for it. */
  placeholderWidth: number;
  boxWidth: number;
  mode: { text: string; tooltip: string; ellipsis: boolean; width: number; wholeWidth: number };
  /** The model picker: its tooltip, the name it shows, and whether that is cut. */
  model: { tooltip: string; name: string; cut: boolean } | null;
  send: { text: string; label: string; cut: boolean };
  stopText: string;
  frameWidth: number;
}

/** What the composer shows, measured in its frame. */
function readComposer(chat: FrameLocator): Promise<ShownComposer> {
  return chat.locator('body').evaluate(() => {
    const ta = document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;
    const cs = getComputedStyle(ta);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const mode = document.querySelector<HTMLSelectElement>('[data-testid="mode-select"]')!;
    const modeCs = getComputedStyle(mode);
    // The width the picker needs to show its current word whole: a copy holding only that option, laid out at its own
    // size beside it.
    const probe = mode.cloneNode(false) as HTMLSelectElement;
    probe.removeAttribute('data-testid');
    probe.append(new Option(mode.selectedOptions[0]?.text ?? ''));
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    mode.parentElement!.append(probe);
    const wholeWidth = probe.getBoundingClientRect().width;
    probe.remove();
    const model = document.querySelector<HTMLSelectElement>('select[data-category="model"]');
    const send = document.querySelector<HTMLButtonElement>('[data-testid="send"]')!;
    const stop = document.querySelector<HTMLButtonElement>('[data-testid="stop"]')!;
    return {
      placeholder: ta.placeholder,
      placeholderWidth: ctx.measureText(ta.placeholder).width,
      boxWidth: ta.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
      mode: {
        text: mode.selectedOptions[0]?.text ?? '',
        tooltip: mode.title,
        ellipsis: modeCs.textOverflow === 'ellipsis' && mode.scrollWidth > mode.clientWidth,
        width: mode.getBoundingClientRect().width,
        wholeWidth,
      },
      model: model
        ? (() => {
            const face = document.querySelector<HTMLElement>('[data-testid="model-name"]')!;
            return { tooltip: model.title, name: face.textContent ?? '', cut: face.scrollWidth > face.clientWidth + 1 };
          })()
        : null,
      send: { text: send.innerText.trim(), label: send.getAttribute('aria-label') ?? '', cut: send.scrollWidth > send.clientWidth + 1 },
      stopText: stop.hidden ? '' : stop.innerText.trim(),
      frameWidth: window.innerWidth,
    };
  });
}

function checkComposer(shown: ShownComposer, where: string): void {
  expect(shown.frameWidth, `${where}: the chat's frame`).toBeLessThanOrEqual(SIDE_BAR_PX);
  expect(shown.placeholderWidth, `${where}: the placeholder in one line of ${shown.boxWidth} px`).toBeLessThanOrEqual(shown.boxWidth);
  expect(shown.mode.text, `${where}: the mode's one name`).toBe('Ask before edits');
  expect(shown.mode.ellipsis, `${where}: the mode ends in an ellipsis`).toBe(false);
  expect(shown.mode.width, `${where}: the mode picker is as wide as its word needs`).toBeGreaterThanOrEqual(shown.mode.wholeWidth - 0.5);
  expect(shown.mode.tooltip, `${where}: the mode's tooltip`).toBe('Mode: Ask before edits');
  expect(shown.model?.tooltip, `${where}: the model's tooltip`).toMatch(/^Model: \S/);
  // The model by its name, whole: not the adapter's "Default (recommended)" cut to "Defaul…".
  expect(shown.model?.name, `${where}: the model's name`).not.toMatch(/^Default\b/);
  expect(shown.model?.cut, `${where}: the model's name is cut`).toBe(false);
}

interface ShownToolCard {
  title: string;
  cut: string[];
  /** Path parts (the text between separators) laid out on more than one line. */
  splitNames: string[];
  status: { tooltip: string; word: string; wordShown: boolean };
}

/** A tool card's title and status, and its diff's file name, measured where they are laid out. */
function readToolCard(card: Locator): Promise<ShownToolCard> {
  return card.evaluate((root) => {
    const title = root.querySelector<HTMLElement>('.tool-title')!;
    const cut: string[] = [];
    if (title.scrollHeight > title.clientHeight + 1) cut.push(`${title.scrollHeight} px of title in ${title.clientHeight} px`);
    if (title.scrollWidth > title.clientWidth + 1) cut.push(`${title.scrollWidth} px wide title in ${title.clientWidth} px`);
    if (title.getBoundingClientRect().right > window.innerWidth + 1) cut.push('the title runs past the frame');
    const splitNames: string[] = [];
    const lines = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    };
    for (const node of Array.from(title.childNodes)) if (node.nodeType === Node.TEXT_NODE && lines(node) > 1) splitNames.push(node.textContent ?? '');
    for (const path of Array.from(root.querySelectorAll<HTMLElement>('.diff-path'))) if (lines(path) > 1) splitNames.push(path.textContent ?? '');
    const status = root.querySelector<HTMLElement>('.tool-status')!;
    const word = status.querySelector<HTMLElement>('.tool-status-label')!;
    return {
      title: title.textContent ?? '',
      cut,
      splitNames,
      status: { tooltip: status.title, word: word.textContent ?? '', wordShown: word.getBoundingClientRect().width > 1 },
    };
  });
}

/** axe finds nothing serious or critical, and no control is cut without a tooltip. */
