// ACP Chat in the real workbench, driven like a user: real typing in the chat webview (through its two iframes),
// clicks on tool cards (inline approval, location links, Open diff), a webview reload while an approval waits, Stop,
// and the mode/model selectors. The real Claude adapter runs against the fake Messages API.
// One bed for the file: Manual mode, approvals answered inline (acpChat.permissions.prompt = inline).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { askUserQuestion, COLOR_QUESTION, held, text, toolUse, write } from '../../fixtures/fakeAnthropic';
import { activeTabTitle, cursorStatus, lastToolCard, reloadWebview, sendPrompt, tidyWorkbench, TURN_MS, waitTurnIdle, type ChatBed } from '../chatBed';
import { runCommand, screenshot } from '../harness';

/** Waits for the diff editor whose tab title matches, and checks both sides' text. */
async function expectDiffEditor(cb: ChatBed, title: RegExp, original: string, modified: string): Promise<void> {
  const diff = cb.page.locator('.monaco-diff-editor').first();
  await diff.waitFor({ state: 'visible', timeout: 10_000 });
  await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(title);
  const side = (which: 'original' | 'modified') => diff.locator(`.editor.${which} .view-lines`).first().innerText();
  await expect.poll(async () => (await side('modified')).trim(), { timeout: 10_000 }).toBe(modified);
  expect((await side('original')).trim()).toBe(original);
}

export function chatViewSuite(bed: () => ChatBed): void {
  describe('ACP Chat e2e: the chat view', () => {
    let cb: ChatBed;
    /** Releases a held fake reply, so a failing Stop test leaves nothing hanging. */
    let release: (() => void) | undefined;

    beforeAll(async () => {
      cb = bed();
      await tidyWorkbench(cb);
    });

    afterAll(() => {
      release?.();
    });

    test('a prompt typed in the composer and sent with Enter gets the streamed markdown reply, its code coloured', async () => {
      cb.fake.setScript([text('Hello **world**\n\n```ts\nconst answer = 42;\n```')]);
      await sendPrompt(cb, 'say hello');
      await expect.poll(() => cb.chat.getByTestId('user-message').last().textContent(), { timeout: 10_000 }).toContain('say hello');
      const strong = cb.chat.getByTestId('agent-message').last().locator('strong');
      await strong.waitFor({ timeout: TURN_MS });
      expect(await strong.textContent()).toBe('world');
      expect(await cb.chat.getByTestId('agent-message').last().textContent()).toContain('Hello world');
      // Coloured by the page's highlight worker, which the webview's CSP lets its own script start (blob: only).
      const keyword = cb.chat.getByTestId('agent-message').last().locator('pre code .hljs-keyword');
      await keyword.waitFor({ timeout: 10_000 });
      expect(await keyword.textContent()).toBe('const');
      expect(await cb.chat.getByTestId('agent-message').last().locator('pre code').textContent()).toBe('const answer = 42;\n');
      await waitTurnIdle(cb);
      expect(await cb.chat.getByTestId('composer-input').inputValue()).toBe('');
      // What the model was sent is what was typed.
      expect(cb.fake.mainRequests().at(-1)?.lastMessage?.blocks.join('\n')).toContain('say hello');
    });

    test('a Write shows its diff, is approved inline, and its location and Open diff open editors', async () => {
      const file = join(cb.workspace, 'hello.txt');
      cb.fake.setScript([write(file, 'hello\n'), text('Wrote it.')]);
      await sendPrompt(cb, 'create hello.txt');
      const card = lastToolCard(cb, 'hello.txt');
      const allow = card.locator('[data-testid="permission-option"][data-option-id="allow-once"]');
      await allow.waitFor({ timeout: TURN_MS });
      // The proposed change is on the card before it is approved.
      const diff = card.getByTestId('diff');
      await diff.waitFor({ timeout: 5000 });
      expect(await diff.textContent()).toContain('hello');
      expect(await card.getByTestId('permission-option').evaluateAll((els) => els.map((e) => e.getAttribute('data-option-id')))).toEqual(
        expect.arrayContaining(['allow-once', 'reject']),
      );
      expect(existsSync(file)).toBe(false);
      await screenshot(cb.page, 'chat-permission-dark');
      // Open diff while the approval waits: the file as it is (absent) against the proposal; the request stays pending.
      await card.getByTestId('open-diff').first().click();
      await expectDiffEditor(cb, /^hello\.txt \(new file\)/, '', 'hello');
      await runCommand(cb.page, 'View: Close All Editors');
      expect(await allow.isVisible()).toBe(true);

      await allow.click();
      await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8'), { timeout: TURN_MS }).toBe('hello\n');
      const outcome = card.getByTestId('permission-outcome');
      await outcome.waitFor({ timeout: 10_000 });
      expect(await outcome.textContent()).toMatch(/^Allowed/);
      expect(await card.getByTestId('permission-option').count()).toBe(0);
      await waitTurnIdle(cb);
      expect(cb.fake.toolResults().at(-1)?.isError).toBe(false);

      await card.getByTestId('location-link').first().click();
      await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(/^hello\.txt/);
      await expect.poll(() => cb.page.locator('.editor-instance .view-lines').first().textContent(), { timeout: 10_000 }).toContain('hello');

      // After the change is applied, Open diff shows what it changed (not the file on disk against itself).
      await card.getByTestId('open-diff').first().click();
      await expectDiffEditor(cb, /^hello\.txt \(new file, applied\)/, '', 'hello');
      await screenshot(cb.page, 'chat-open-diff-dark');
      await runCommand(cb.page, 'View: Close All Editors');
    });

    test('a Read location with a line opens the file with the cursor on that line', async () => {
      const file = join(cb.workspace, 'lines.txt');
      writeFileSync(file, Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
      cb.fake.setScript([toolUse('Read', { file_path: file, offset: 12, limit: 3 }), text('Read it.')]);
      await sendPrompt(cb, 'read lines 12 to 14');
      const link = lastToolCard(cb, 'lines.txt').locator('[data-testid="location-link"][data-line="12"]');
      await link.waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      await link.click();
      await expect.poll(() => activeTabTitle(cb.page), { timeout: 10_000 }).toMatch(/^lines\.txt/);
      await expect.poll(() => cursorStatus(cb.page).textContent(), { timeout: 10_000 }).toMatch(/Ln 12, Col 8 \(7 selected\)/); // the whole line "line 12" is selected
      await runCommand(cb.page, 'View: Close All Editors');
    });

    test('reloading the webview while an approval waits shows the card again, and answering it still works', async () => {
      const file = join(cb.workspace, 'after-reload.txt');
      cb.fake.setScript([write(file, 'reloaded\n'), text('Done.')]);
      await sendPrompt(cb, 'create after-reload.txt');
      await lastToolCard(cb, 'after-reload.txt').getByTestId('permission-option').first().waitFor({ timeout: TURN_MS });
      // Mark the current document: after a real reload the marker is gone.
      await reloadWebview(cb);
      const allow = lastToolCard(cb, 'after-reload.txt').locator('[data-testid="permission-option"][data-option-id="allow-once"]');
      await allow.waitFor({ timeout: 15_000 });
      expect(await cb.chat.locator('[data-testid="permission"][data-status="pending"]').count()).toBe(1);
      expect(existsSync(file)).toBe(false);
      await allow.click();
      await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8'), { timeout: TURN_MS }).toBe('reloaded\n');
      await waitTurnIdle(cb);
    });

    test('a question from the agent is answered in the chat form, which the host parsed, and the answer reaches the model', async () => {
      cb.fake.setScript([askUserQuestion([COLOR_QUESTION]), text('Noted.')]);
      await sendPrompt(cb, 'ask me a question');
      const form = cb.chat.getByTestId('elicitation');
      await form.waitFor({ timeout: TURN_MS });
      expect(await form.textContent()).toContain('Which color do you prefer?');
      // The choices are the host's parsed options (label and description), not a second reading of the schema.
      const blue = form.locator('input[type=radio][value="Blue"]');
      await blue.check();
      await form.getByTestId('elicitation-submit').click();
      await form.waitFor({ state: 'detached', timeout: TURN_MS });
      await waitTurnIdle(cb);
      const told = cb.fake
        .toolResults()
        .map((r) => r.text)
        .join('\n');
      expect(told).toMatch(/Blue/);
    });

    test('Stop cancels a running turn', async () => {
      const gate = new Promise<void>((r) => (release = r));
      cb.fake.setScript([held(text('slow reply that never comes'), gate)]);
      await sendPrompt(cb, 'take your time');
      const stop = cb.chat.getByTestId('stop');
      await stop.waitFor({ state: 'visible', timeout: TURN_MS });
      // The held reply's request reached the fake: the turn is really in flight when Stop is clicked.
      await cb.fake.waitForRequest((r) => r.kind === 'main' && (r.reply ?? '').startsWith('held:'), TURN_MS);
      await stop.click();
      await stop.waitFor({ state: 'hidden', timeout: TURN_MS });
      const end = cb.chat.getByTestId('turn-end').last();
      await expect.poll(() => end.textContent(), { timeout: 10_000 }).toContain('Cancelled');
      expect(await cb.chat.getByTestId('send').isVisible()).toBe(true);
      release?.();
      // The session goes on: the next prompt is answered, and the released reply of the cancelled turn never shows.
      cb.fake.setScript([text('After the stop.')]);
      await sendPrompt(cb, 'are you there?');
      await cb.chat.getByTestId('transcript').getByText('After the stop.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      expect(await cb.chat.getByTestId('transcript').getByText('slow reply that never comes').count()).toBe(0);
    });

    test('the mode and model selectors reach the agent and keep their values', async () => {
      const mode = cb.chat.getByTestId('mode-select');
      const model = cb.chat.locator('[data-testid="config-option"][data-config-id="model"]');
      expect(await mode.inputValue()).toBe('default');
      const values = await model.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      const before = await model.inputValue();
      const target = values.find((v) => /sonnet/i.test(v) && v !== before) ?? values.find((v) => v !== before);
      expect(target, `another model among ${values.join(', ')}`).toBeDefined();
      const modelPattern = new RegExp(/sonnet/i.test(target!) ? 'sonnet' : target!, 'i');
      // The model used before the change, so the check below can tell the two apart.
      const baselineFrom = cb.fake.requests.length;
      cb.fake.setScript([text('Baseline.')]);
      await sendPrompt(cb, 'baseline');
      await cb.chat.getByTestId('transcript').getByText('Baseline.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      const baseline = cb.fake.requests.slice(baselineFrom).find((r) => r.kind === 'main')?.model;
      expect(baseline).toBeDefined();
      expect(baseline).not.toMatch(modelPattern);

      await mode.selectOption('acceptEdits');
      await model.selectOption(target!);

      // A reloaded webview is rebuilt from the host's state, which takes the values from the agent's answers: once it
      // shows the new values, the agent has applied them. The old page shows the picked values too, so first wait until
      // it is gone (its marker): a prompt typed into the old page while it is torn down was lost.
      await reloadWebview(cb);
      await expect.poll(() => mode.inputValue().catch(() => ''), { timeout: 15_000 }).toBe('acceptEdits');
      await expect.poll(() => model.inputValue().catch(() => ''), { timeout: 15_000 }).toBe(target);

      // Accept Edits: a Write no longer asks. The model requests use the chosen model.
      const file = join(cb.workspace, 'accepted.txt');
      const seen = cb.fake.requests.length;
      cb.fake.setScript([write(file, 'no question asked\n'), text('Done without asking.')]);
      await sendPrompt(cb, 'create accepted.txt');
      await expect.poll(() => existsSync(file), { timeout: TURN_MS }).toBe(true);
      await cb.chat.getByTestId('transcript').getByText('Done without asking.').waitFor({ timeout: TURN_MS });
      await waitTurnIdle(cb);
      expect(await lastToolCard(cb, 'accepted.txt').getByTestId('permission').count()).toBe(0);
      const main = cb.fake.requests.slice(seen).filter((r) => r.kind === 'main');
      expect(main.length).toBe(2);
      for (const r of main) expect(r.model).toMatch(modelPattern);

      // Back to Ask before edits, picked by its one name.
      const manual = mode.locator('option[value="default"]');
      expect(await manual.textContent()).toBe('Ask before edits');
      expect(await manual.getAttribute('title')).toMatch(/^Ask before edits\b/);
      await mode.selectOption({ label: 'Ask before edits' });
      await reloadWebview(cb);
      await expect.poll(() => mode.inputValue().catch(() => ''), { timeout: 15_000 }).toBe('default');
    });
  });
}
