// The chat composer in the real workbench, driven with real keys and clicks only: an editor selection added through
// the command palette, `@` file completion (answered by the host's workspace search), `/` command completion (the
// commands the real adapter advertises), Shift+Enter / Enter / ↑ history. What reaches "the model" is read from the
// fake Messages API: the real adapter turns the composer's content blocks into Claude's user message.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { LoggedRequest } from '../../fixtures/fakeAnthropic';
import { held, text } from '../../fixtures/fakeAnthropic';
import { cursorStatus, emptyComposer, quickOpen, reloadWebview, sendPrompt, tidyWorkbench, TURN_MS, waitTurnIdle, type ChatBed } from '../chatBed';
import { runCommand, runCommandKeepingSelection } from '../harness';

/** The first main-loop request, from `from` on, whose user message carries `marker` in a text block. */
async function modelRequestWith(cb: ChatBed, marker: string, from: number): Promise<LoggedRequest> {
  return cb.fake.waitForRequest((r) => r.seq > from && r.kind === 'main' && (r.lastMessage?.texts ?? []).some((t) => t.includes(marker)), TURN_MS);
}

export function composerSuite(bed: () => ChatBed): void {
  describe('ACP Chat e2e: the composer', () => {
    let cb: ChatBed;

    beforeAll(async () => {
      cb = bed();
      await tidyWorkbench(cb);
    });

    // Each test starts from an empty composer without chips, whatever the one before left (a failing test's screen is
    // photographed as it left it).
    beforeEach(() => emptyComposer(cb));

    test('Add Selection to Chat attaches the selected lines, and their text reaches the model', async () => {
      const name = 'selection-sample.txt';
      const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}: token-${(i + 1) * 111}`);
      writeFileSync(join(cb.workspace, name), lines.join('\n') + '\n');
      // By its path: a file written just now may not be in Quick Open's index yet.
      await quickOpen(cb.page, join(cb.workspace, name));

      // Ctrl+Home and Down ×2 put the caret at the start of line 3; Shift+Down ×3 selects lines 3, 4 and 5 whole (the
      // selection ends at the start of line 6, as when a user selects full lines).
      // A click first: the keys go to the editor once it has the focus, which Quick Open gives it a moment later.
      await cb.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await cb.page.keyboard.press('Control+Home');
      for (let i = 0; i < 2; i++) await cb.page.keyboard.press('ArrowDown');
      await expect.poll(() => cursorStatus(cb.page).textContent(), { timeout: 10_000 }).toMatch(/Ln 3, Col 1/);
      for (let i = 0; i < 3; i++) await cb.page.keyboard.press('Shift+ArrowDown');
      const selected = lines.slice(2, 5).join('\n') + '\n';
      await expect.poll(() => cursorStatus(cb.page).textContent(), { timeout: 10_000 }).toMatch(new RegExp(`Ln 6, Col 1 \\(${selected.length} selected\\)`));

      await runCommandKeepingSelection(cb.page, 'ACP Chat: Add Selection to Chat');
      const chip = cb.chat.getByTestId('attachment');
      await chip.first().waitFor({ state: 'visible', timeout: 10_000 });
      expect(await chip.count()).toBe(1);
      // Lines 3 to 5: no character of line 6 is selected, so the chip must not claim it.
      expect((await chip.first().textContent())?.trim()).toBe(`${name}:3-5`);

      const from = cb.fake.requests.at(-1)?.seq ?? 0;
      cb.fake.setScript([text('Those are lines three to five.')]);
      await sendPrompt(cb, 'what do these selected lines say?');
      await cb.chat.getByTestId('transcript').getByText('Those are lines three to five.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      expect(await chip.count()).toBe(0);

      const req = await modelRequestWith(cb, 'what do these selected lines say?', from);
      const sent = req.lastMessage!.texts.join('\n');
      // The selection travels as an embedded resource: its text, and a reference naming the file and the range.
      expect(sent).toContain(selected.trimEnd());
      expect(sent).toContain(`${name}#L3-L5`);
      expect(sent).not.toContain(lines[1]);
      expect(sent).not.toContain(lines[5]);
      await runCommand(cb.page, 'View: Close All Editors');
    });

    test('@ completion lists workspace files, the keyboard picks one, and the model is told about that file', async () => {
      writeFileSync(join(cb.workspace, 'notes-alpha.md'), '# Alpha notes\n');
      writeFileSync(join(cb.workspace, 'notes-beta.md'), '# Beta notes\n');
      const input = cb.chat.getByTestId('composer-input');
      await input.click();
      await cb.page.keyboard.type('@notes-');
      const items = cb.chat.getByTestId('completion');
      await expect
        .poll(() => items.locator('.completion-label').allTextContents(), { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['notes-alpha.md', 'notes-beta.md']));
      expect(await input.getAttribute('aria-activedescendant')).toBe('completion-0');

      // Walk the list with ↓ to notes-beta.md (the order is the host's search order), then accept with Tab.
      const selected = () => cb.chat.locator('[data-testid="completion"][aria-selected="true"] .completion-label').textContent();
      const count = await items.count();
      for (let i = 0; i < count && (await selected()) !== 'notes-beta.md'; i++) await cb.page.keyboard.press('ArrowDown');
      expect(await selected()).toBe('notes-beta.md');
      await cb.page.keyboard.press('Tab');

      await cb.chat.getByTestId('completions').waitFor({ state: 'hidden', timeout: 5000 });
      const chip = cb.chat.getByTestId('attachment');
      await expect.poll(() => chip.allTextContents(), { timeout: 5000 }).toEqual(['notes-beta.md']);
      // The typed `@notes-` was replaced by the chip; the caret stays in the composer.
      expect(await input.inputValue()).toBe('');

      const from = cb.fake.requests.at(-1)?.seq ?? 0;
      cb.fake.setScript([text('Got the beta notes.')]);
      await cb.page.keyboard.type('what is in this file?');
      await cb.page.keyboard.press('Enter');
      await cb.chat.getByTestId('transcript').getByText('Got the beta notes.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);

      const req = await modelRequestWith(cb, 'what is in this file?', from);
      const sent = req.lastMessage!.texts.join('\n');
      // A file not open in an editor travels as a resource_link, which the adapter writes as a link to its URI.
      expect(sent).toContain(`[@notes-beta.md](file://${join(cb.workspace, 'notes-beta.md')})`);
      expect(sent).not.toContain('notes-alpha.md');
    });

    test("/ completion lists the agent's commands and the keyboard puts the chosen one in the composer", async () => {
      const input = cb.chat.getByTestId('composer-input');
      const items = cb.chat.getByTestId('completion');
      const labels = () => items.locator('.completion-label').allTextContents();
      await input.click();
      await cb.page.keyboard.type('/');
      await items.first().waitFor({ state: 'visible', timeout: 10_000 });
      const all = await labels();
      // The adapter advertises some 40 commands after session/new (available_commands_update), built-ins among them.
      expect(all.length).toBeGreaterThan(20);
      expect(all).toEqual(expect.arrayContaining(['/compact', '/init']));
      for (const l of all) expect(l).toMatch(/^\/\S+$/);

      // Typing narrows the list to the names that start with it.
      await cb.page.keyboard.type('co');
      await expect.poll(async () => (await labels()).length, { timeout: 5000 }).toBeLessThan(all.length);
      const narrowed = await labels();
      expect(narrowed).toContain('/compact');
      for (const l of narrowed) expect(l.startsWith('/co')).toBe(true);

      const selected = () => cb.chat.locator('[data-testid="completion"][aria-selected="true"] .completion-label').textContent();
      for (let i = 0; i < narrowed.length && (await selected()) !== '/compact'; i++) await cb.page.keyboard.press('ArrowDown');
      expect(await selected()).toBe('/compact');
      const userMessages = await cb.chat.getByTestId('user-message').count();
      await cb.page.keyboard.press('Enter');

      // Enter accepted the completion; it did not send anything.
      await expect.poll(() => input.inputValue(), { timeout: 5000 }).toBe('/compact ');
      await cb.chat.getByTestId('completions').waitFor({ state: 'hidden', timeout: 5000 });
      expect(await cb.chat.getByTestId('user-message').count()).toBe(userMessages);
    });

    test('Shift+Enter adds a line, Enter sends, and ↑ in the empty composer recalls the previous prompt', async () => {
      const input = cb.chat.getByTestId('composer-input');
      const userMessages = cb.chat.getByTestId('user-message');
      // An earlier prompt of this test's own, for the history walk below.
      cb.fake.setScript([text('Earlier one answered.')]);
      await sendPrompt(cb, 'an earlier prompt');
      await cb.chat.getByTestId('transcript').getByText('Earlier one answered.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      const before = await userMessages.count();
      const from = cb.fake.requests.at(-1)?.seq ?? 0;
      cb.fake.setScript([text('Two lines received.')]);

      await input.click();
      await cb.page.keyboard.type('first line');
      await cb.page.keyboard.press('Shift+Enter');
      await cb.page.keyboard.type('second line');
      expect(await input.inputValue()).toBe('first line\nsecond line');
      // Nothing was sent by Shift+Enter: no new message in the chat, no model request.
      expect(await userMessages.count()).toBe(before);
      expect(cb.fake.requests.filter((r) => r.seq > from && r.kind === 'main')).toEqual([]);

      await cb.page.keyboard.press('Enter');
      await cb.chat.getByTestId('transcript').getByText('Two lines received.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      expect(await userMessages.count()).toBe(before + 1);
      expect(await userMessages.last().innerText()).toContain('first line\nsecond line');
      expect(await input.inputValue()).toBe('');
      const req = await modelRequestWith(cb, 'first line', from);
      expect(req.lastMessage!.texts).toContain('first line\nsecond line');

      // ↑ recalls the prompt just sent, ↑ again the one before it, ↓ comes back.
      await input.click();
      await cb.page.keyboard.press('ArrowUp');
      expect(await input.inputValue()).toBe('first line\nsecond line');
      await cb.page.keyboard.press('ArrowUp');
      expect(await input.inputValue()).toBe('an earlier prompt');
      await cb.page.keyboard.press('ArrowDown');
      expect(await input.inputValue()).toBe('first line\nsecond line');
      // The recall sent nothing.
      expect(await userMessages.count()).toBe(before + 1);
    });
    test('prompts typed during a turn are queued, survive a webview reload, one is steered into the turn, the other sent after it', async () => {
      const from = cb.fake.requests.length;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      cb.fake.setScript([held(text('Formatting with spaces…'), gate), text('Switched to tabs.'), text('Linted.')]);
      await sendPrompt(cb, 'format the file');
      await modelRequestWith(cb, 'format the file', from);
      await sendPrompt(cb, 'actually, use tabs');
      await sendPrompt(cb, 'and then lint');
      const queued = cb.chat.getByTestId('queued-text');
      await expect.poll(() => queued.allInnerTexts(), { timeout: 10_000 }).toEqual(['actually, use tabs', 'and then lint']);
      // The queue is the session's, not the page's: a reloaded page shows it again, with Steer still offered.
      await reloadWebview(cb);
      await expect.poll(() => queued.allInnerTexts(), { timeout: 10_000 }).toEqual(['actually, use tabs', 'and then lint']);

      await cb.chat.getByTestId('queued-prompt').filter({ hasText: 'actually, use tabs' }).getByTestId('queued-steer').click();
      // Steered: the model gets it within the running turn. The adapter delivers a steer by aborting the generation in
      // flight (claude-agent-acp's steer(), priority `now`), so the held reply is dropped and the turn goes on to its
      // end; then the one left on the queue goes as its own prompt (whether the page still shows it at this instant
      // depends on how fast that turn ends, so the order on the wire is what is checked).
      const steered = await modelRequestWith(cb, 'actually, use tabs', from);
      await expect.poll(() => queued.allInnerTexts(), { timeout: 10_000 }).not.toContain('actually, use tabs');
      release();
      const after = await modelRequestWith(cb, 'and then lint', steered.seq);
      expect(after.seq).toBeGreaterThan(steered.seq);
      await cb.chat.getByTestId('transcript').getByText('Linted.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      expect(await queued.count()).toBe(0);
      const users = await cb.chat.getByTestId('user-message').allInnerTexts();
      expect(users.slice(-3).map((u) => u.replace(/^You\s*/, '').trim())).toEqual(['format the file', 'actually, use tabs', 'and then lint']);
      // Two turns: the steered prompt did not start one of its own.
      expect(cb.fake.requests.filter((r) => r.seq > from && r.kind === 'main').map((r) => r.lastMessage?.texts.join(' ').slice(0, 40))).toHaveLength(3);
    });
  });
}
