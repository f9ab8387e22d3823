// Approvals you can read, in the real VS Code with the side bar sized to 290 px by dragging its sash as a user does:
// a command approval and an edit approval (a Write of a new file with a long path) ask the question for their kind of
// call, show the whole command, or the path once (relative, in the card's title), and every option's whole label (the broader grants are the long ones), with
// nothing cut by an ellipsis or a clipped box; in the dark, light and high-contrast themes, with axe finding nothing
// serious or critical. Each is photographed (approval-command-290-dark, approval-edit-290-light, …).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { bash, text, write } from '../fixtures/fakeAnthropic';
import { expectAccessible, THEMES, useTheme } from './a11yAudit';
import { lastToolCard, sendPrompt, TURN_MS, useChatBed, waitTurnIdle, type ChatBed } from './chatBed';
import { runCommand, screenshot } from './harness';
import { sizeSideBar } from './sideBarWidth';

const SIDE_BAR_PX = 290;
const LONG_COMMAND = 'npm test -- --watch=false --reporter=verbose some/very/long/path/to/a/spec/file.test.ts';
const LONG_PATH = 'packages/some-very-long-package-name/src/components/deeply/nested/folder/NewComponentWithALongName.test.tsx';

describe('ACP Chat e2e: approvals you can read in a 290 px side bar', () => {
  const bed = useChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });
  let cb: ChatBed;

  beforeAll(async () => {
    cb = bed();
    await sizeSideBar(cb.page, SIDE_BAR_PX);
  });

  test('a command approval asks "Run this command?" and shows the whole command and every whole label, in each theme', { timeout: 240_000 }, async () => {
    cb.fake.setScript([bash(LONG_COMMAND, 'Run the spec'), text('Left it.')]);
    await sendPrompt(cb, 'run the long spec');
    const card = lastToolCard(cb, 'npm test').getByTestId('permission');
    await card.getByTestId('permission-option').first().waitFor({ timeout: TURN_MS });

    const shown = await readCard(card);
    expect(shown.question).toBe('Run this command?');
    expect(shown.subject).toBe(LONG_COMMAND);
    expect(shown.labels.map((l) => l.kind)).toEqual(expect.arrayContaining(['allow_once', 'reject_once']));
    // Claude Code offers the broader grant for the command with the command in its label: the long one.
    const broader = shown.labels.find((l) => l.kind === 'allow_always');
    expect(broader?.text).toMatch(/^Yes, and don.t ask again for .+/);
    console.log(`[e2e] command approval options: ${shown.labels.map((l) => `${l.kind}: ${l.text}`).join(' | ')}`);
    await checkEveryTheme(cb, card, 'command');

    await card.locator('[data-kind="reject_once"]').click();
    await waitTurnIdle(cb);
  });

  test(
    'an edit approval asks "Write this file?", names the long path once, relative and whole, and shows "Yes, allow all edits during this session" whole, in each theme',
    { timeout: 240_000 },
    async () => {
      const path = join(cb.workspace, LONG_PATH);
      cb.fake.setScript([write(path, 'export {};\n'), text('Left it.')]);
      await sendPrompt(cb, 'create the long component test');
      const toolCard = lastToolCard(cb, 'NewComponentWithALongName');
      const card = toolCard.getByTestId('permission');
      await card.getByTestId('permission-option').first().waitFor({ timeout: TURN_MS });

      const shown = await readCard(card);
      expect(shown.question).toBe('Write this file?');
      // The card's title names the file, relative to the workspace and whole while the question waits: the approval,
      // the diff's header and the file's link do not name it again.
      expect(shown.subject).toBe('');
      const title = await toolCard.locator('.tool-title').evaluate((el) => ({ text: el.textContent, whole: el.scrollHeight <= el.clientHeight + 1 }));
      expect(title).toEqual({ text: `Write ${LONG_PATH}`, whole: true });
      expect((await toolCard.innerText()).split('NewComponentWithALongName').length - 1).toBe(1);
      expect(shown.labels.map((l) => l.text)).toEqual(['Yes', 'No', 'Yes, allow all edits during this session']);
      await checkEveryTheme(cb, card, 'edit');

      await card.locator('[data-kind="reject_once"]').click();
      await waitTurnIdle(cb);
    },
  );

  test("the Permissions view lists each file's rules by scope and behaviour (screenshot)", async () => {
    mkdirSync(join(cb.workspace, '.claude'), { recursive: true });
    writeFileSync(
      join(cb.workspace, '.claude', 'settings.local.json'),
      '{\n  "permissions": {\n    "allow": ["Bash(npm test:*)", "WebFetch(domain:docs.example.com)"]\n  }\n}\n',
    );
    writeFileSync(
      join(cb.workspace, '.claude', 'settings.json'),
      '{\n  "permissions": {\n    "allow": ["Bash(make:*)"],\n    "deny": ["Read(./secrets/**)"]\n  }\n}\n',
    );
    await runCommand(cb.page, 'ACP Chat: Show Permissions');
    // The chat's pane folded, so the Permissions view has the side bar's height (a tree draws only the rows it shows).
    const chatHeader = cb.page.locator('.part.sidebar .pane-header:not([aria-label*="Permissions"])').first();
    if ((await chatHeader.getAttribute('aria-expanded')) === 'true') await chatHeader.click();
    const view = cb.page.locator('.pane:has(.pane-header[aria-label*="Permissions"])');
    const rows = () => view.locator('.monaco-list-row .label-name').allInnerTexts();
    await expect.poll(rows, { timeout: 15_000 }).toEqual(expect.arrayContaining([expect.stringContaining('Local'), expect.stringContaining('Project')]));
    // Every group open, so the photograph shows the rules.
    for (let pass = 0; pass < 3; pass++) for (const twistie of await view.locator('.monaco-tl-twistie.collapsible.collapsed').all()) await twistie.click();
    await expect
      .poll(rows, { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['Bash(npm test:*)', 'WebFetch(domain:docs.example.com)', 'Bash(make:*)', 'Read(./secrets/**)']));
    await screenshot(cb.page, 'permissions-view-dark', cb.page.locator('.part.sidebar'));
    await chatHeader.click();
    await expect.poll(() => chatHeader.getAttribute('aria-expanded')).toBe('true');
    // Hidden again: the chat alone in its container has its title and actions in the view's title bar.
    await runCommand(cb.page, 'ACP Chat: Hide Permissions');
    await expect.poll(() => view.count(), { timeout: 10_000 }).toBe(0);
  });
});

interface ShownCard {
  question: string;
  subject: string;
  labels: { kind: string; text: string; name: string }[];
  /** Everything on the card that is cut: an ellipsis, a box narrower than its text with its overflow hidden, a label
   *  outside its button, a subject not shown whole, anything past the frame's edge. */
  cut: string[];
  frameWidth: number;
}

/** What the card shows, measured in its frame. */
function readCard(card: Locator): Promise<ShownCard> {
  return card.evaluate((root) => {
    const cut: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(/\s+/).join('.')}`;
    for (const el of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))] as HTMLElement[]) {
      const cs = getComputedStyle(el);
      if (cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) cut.push(`${name(el)}: ends in an ellipsis`);
      if (cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        cut.push(`${name(el)}: ${el.scrollWidth} px of text in ${el.clientWidth} px, overflow ${cs.overflowX}`);
      if (el.getBoundingClientRect().right > window.innerWidth + 1) cut.push(`${name(el)}: runs past the frame`);
    }
    const subject = root.querySelector<HTMLElement>('[data-testid="permission-subject"]');
    if (subject && subject.scrollHeight > subject.clientHeight + 1) cut.push('the subject scrolls: not all of it is shown');
    const labels = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-testid="permission-option"]')).map((b) => {
      const label = b.querySelector<HTMLElement>('.perm-label')!;
      // The option's name as the button carries it (its accessible name is the name, then its number key).
      const optionName = (b.getAttribute('aria-label') ?? '').replace(/ \d$/, '');
      const box = b.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(label);
      for (const r of Array.from(range.getClientRects())) {
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
          cut.push(`label "${label.textContent}": a line outside its button`);
      }
      if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1) cut.push(`label "${label.textContent}": clipped`);
      return { kind: b.dataset.kind ?? '', text: label.textContent ?? '', name: optionName };
    });
    return {
      question: root.querySelector('[data-testid="permission-question"]')?.textContent ?? '',
      subject: subject?.textContent ?? '',
      labels,
      cut,
      frameWidth: window.innerWidth,
    };
  });
}

/** In each theme: the card read whole (nothing cut, each label its option's name), axe clean, photographed. */
async function checkEveryTheme(cb: ChatBed, card: Locator, what: 'command' | 'edit'): Promise<void> {
  const lines: string[] = [];
  for (const theme of THEMES) {
    await useTheme(cb.page, cb.chat, theme);
    await card.scrollIntoViewIfNeeded();
    const shown = await readCard(card);
    const where = `${what} approval, ${theme.name}`;
    expect(Math.round((await cb.page.locator('.part.sidebar').boundingBox())!.width), `${where}: the side bar width`).toBe(SIDE_BAR_PX);
    expect(shown.cut, `${where}: cut in a ${shown.frameWidth} px frame`).toEqual([]);
    for (const l of shown.labels) expect(l.text, `${where}: the label of ${l.kind}`).toBe(l.name);
    const found = await expectAccessible(cb.chat, where);
    const file = await screenshot(cb.page, `approval-${what}-${SIDE_BAR_PX}-${theme.body.replace('vscode-', '')}`, cb.page.locator('.part.sidebar'));
    lines.push(
      `${where} | frame ${shown.frameWidth} px | other findings: ${found.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || 'none'} | ${file}`,
    );
  }
  console.log(`[e2e] readable approvals:\n${lines.join('\n')}`);
}
