// What comes with the folder and what lies outside it, in the real workbench, answered by clicks:
// - the folder's own Claude settings (a hook here) are shown in a dialog before the agent's first start; "Start
//   Without Them" starts it without them, the chat says what that leaves out, and the hook never runs;
// - a location link, Show diff and Follow the agent pointing outside the workspace (by an absolute path, and through
//   a symlink inside the workspace) each ask first; declining opens no editor and writes nothing.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { read, text, write } from '../fixtures/fakeAnthropic';
import { AGENT_START_MS, captureFailure, lastToolCard, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { runCommand, screenshot } from './harness';

describe('ACP Chat e2e: the folder’s Claude settings and files outside the workspace', () => {
  let cb: ChatBed;
  let outside: string;
  let hookMarker: string;

  const dialog = () => cb.page.locator('.monaco-dialog-box');
  const editorTabs = () => cb.page.locator('.tabs-container .tab');

  /** The dialog that is up says `question` (and `detail`); Cancel closes it. */
  async function decline(question: string, detail: string): Promise<void> {
    const box = dialog();
    await box.waitFor({ state: 'visible', timeout: TURN_MS });
    const shown = await box.innerText();
    expect(shown).toContain(question);
    expect(shown).toContain(detail);
    await box.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).click();
    await box.waitFor({ state: 'hidden', timeout: 10_000 });
  }

  beforeAll(async () => {
    // Approvals only on the card, so no QuickPick competes with the dialogs under test.
    cb = await startChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });
    outside = mkdtempSync(join(tmpdir(), 'acp-e2e-outside-'));
    hookMarker = join(outside, 'hook-ran');
    mkdirSync(join(cb.workspace, '.claude'));
    writeFileSync(
      join(cb.workspace, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch '${hookMarker}'` }] }] } }),
    );
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  test("the folder's hook is shown before the first start; declined, it never runs and the chat says so", async () => {
    await runCommand(cb.page, 'ACP Chat: Focus on Chat View');
    const box = dialog();
    await box.waitFor({ state: 'visible', timeout: AGENT_START_MS });
    const shown = await box.innerText();
    expect(shown).toContain("This folder's Claude settings run commands or change what the agent may do without asking. Use them?");
    expect(shown).toContain(`.claude/settings.json:\n  hooks.UserPromptSubmit: touch '${hookMarker}'`);
    await screenshot(cb.page, 'project-settings-consent');
    await box.locator('.dialog-buttons .monaco-button', { hasText: /^Start Without Them$/ }).click();
    await box.waitFor({ state: 'hidden', timeout: 10_000 });
    await cb.chat.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    await expect
      .poll(
        () =>
          cb.chat
            .getByTestId('notice-message')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe(
        'Claude Code started without this folder\'s Claude settings (.claude/settings.json): their hooks do not apply, nor do "always allow" answers kept there. Your own settings do.',
      );

    cb.fake.setScript([text('Hello.')]);
    await sendPrompt(cb, 'hello');
    await expect.poll(() => cb.chat.getByTestId('agent-message').last().textContent(), { timeout: TURN_MS }).toContain('Hello.');
    await waitTurnIdle(cb);
    expect(existsSync(hookMarker)).toBe(false);
  });

  for (const via of ['an absolute path', 'a symlink inside the workspace'] as const) {
    test(`Follow, a location link and Show diff pointing outside through ${via}: each asks; declined, nothing opens or is written`, async () => {
      const secret = join(outside, `secret-${via.length}.txt`);
      writeFileSync(secret, 'outside the workspace\n');
      const dir = join(outside, `dir-${via.length}`);
      mkdirSync(dir);
      let readPath = secret;
      let newPath = join(dir, 'new.txt');
      if (via === 'a symlink inside the workspace') {
        readPath = join(cb.workspace, 'innocent.txt');
        symlinkSync(secret, readPath);
        symlinkSync(dir, join(cb.workspace, 'linked'));
        newPath = join(cb.workspace, 'linked', 'new.txt');
      }
      await runCommand(cb.page, 'View: Close All Editors');
      const follow = cb.chat.getByTestId('follow-agent');
      if ((await follow.getAttribute('aria-pressed')) !== 'true') await follow.click();
      await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');

      // A Read: Follow asks (once for this file), then the card's location link asks; Claude Code's own approval of
      // the outside read is refused.
      cb.fake.setScript([read(readPath), text('Read it.')]);
      await sendPrompt(cb, 'read the file');
      await decline('The agent is looking at a file outside the workspace. Show it?', secret);
      const readCard = lastToolCard(cb, via === 'an absolute path' ? 'secret' : 'innocent.txt');
      await refuse(readCard, async () => {
        await readCard.getByTestId('location-link').first().click();
        await decline('Open a file outside the workspace?', secret);
      });
      expect(await editorTabs().count()).toBe(0);

      // A Write of a new file there: Follow, Show diff and the location link ask; the write is refused.
      cb.fake.setScript([write(newPath, 'written\n'), text('Wrote it.')]);
      await sendPrompt(cb, 'write the file');
      // Follow asks before it looks at the disk (the file does not exist yet): one question this turn.
      await decline('The agent is looking at a file outside the workspace. Show it?', join(dir, 'new.txt'));
      const writeCard = lastToolCard(cb, 'new.txt');
      await refuse(writeCard, async () => {
        await writeCard.getByTestId('open-diff').first().click();
        await decline('Show a diff of a file outside the workspace?', join(dir, 'new.txt'));
        await writeCard.getByTestId('location-link').first().click();
        await decline('Open a file outside the workspace?', join(dir, 'new.txt'));
      });
      expect(await editorTabs().count()).toBe(0);
      expect(existsSync(join(dir, 'new.txt'))).toBe(false);
      expect(readFileSync(secret, 'utf8')).toBe('outside the workspace\n');
    });
  }

  /** While `card`'s approval waits, runs `whileWaiting`, then refuses the approval and waits for the turn's end. */
  async function refuse(card: Locator, whileWaiting: () => Promise<void>): Promise<void> {
    const reject = card.locator('[data-testid="permission-option"][data-option-id="reject"]');
    await reject.waitFor({ timeout: TURN_MS });
    await whileWaiting();
    await reject.click();
    await waitTurnIdle(cb);
  }
});
