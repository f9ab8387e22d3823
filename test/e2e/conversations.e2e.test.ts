// Conversations that last, in the real workbench: after Developer: Reload Window the chat shows the same
// conversation and continues it; the history QuickPick (ACP Chat: Show Chats…) lists the workspace's sessions,
// searches them by title, forks one into the chat and deletes one after a modal question. A long conversation keeps
// only the turns near the viewport in the page, and Ctrl+F in the chat finds text in the others.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { FAKE_TITLE, text } from '../fixtures/fakeAnthropic';
import { AGENT_START_MS, captureFailure, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { readQuickPick, runCommand, screenshot } from './harness';

describe('ACP Chat e2e: conversations that last', () => {
  let cb: ChatBed;
  // The chat's title, New Chat and Show Chats… are in the side view's title bar (VS Code's own chrome).
  const viewTitle = () => cb.page.locator('.part.sidebar .composite.title .title-label h2').textContent();
  const viewAction = (label: string) => cb.page.locator(`.part.sidebar .composite.title .action-label[aria-label="${label}"]`);

  beforeAll(async () => {
    cb = await startChatBed();
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  test('after Reload Window the conversation is back in the chat and continues', async () => {
    cb.fake.setScript([text('The first answer.')]);
    await sendPrompt(cb, 'remember the word pelican');
    await expect.poll(() => cb.chat.getByTestId('agent-message').last().textContent(), { timeout: TURN_MS }).toContain('The first answer.');
    await waitTurnIdle(cb);
    // The agent names the session (the fake API answers Claude Code's title request).
    await expect.poll(viewTitle, { timeout: TURN_MS }).toBe(`ACP Chat: ${FAKE_TITLE}`);

    await runCommand(cb.page, 'Developer: Reload Window');
    // The workbench restores the chat view; the chat reopens the workspace's session by itself, no step.
    await cb.chat.getByTestId('composer-input').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    await expect.poll(() => cb.chat.getByTestId('user-message').first().textContent(), { timeout: AGENT_START_MS }).toContain('remember the word pelican');
    expect(await cb.chat.getByTestId('agent-message').last().textContent()).toContain('The first answer.');
    // A load does not replay the title; the one remembered for the session is shown.
    await expect.poll(viewTitle, { timeout: 10_000 }).toBe(`ACP Chat: ${FAKE_TITLE}`);
    await screenshot(cb.page, 'conversation-after-reload');

    cb.fake.setScript([text('Pelican, as you said.')]);
    const before = cb.fake.mainRequests().length;
    await sendPrompt(cb, 'which word?');
    await expect.poll(() => cb.chat.getByTestId('agent-message').last().textContent(), { timeout: TURN_MS }).toContain('Pelican, as you said.');
    // The reply came from a request made after the reload, on the same conversation.
    expect(cb.fake.mainRequests().length).toBeGreaterThan(before);
    expect(await cb.chat.getByTestId('user-message').count()).toBe(2);
  });

  test('the view’s history button opens the QuickPick of the workspace conversations (screenshot)', async () => {
    await viewAction('New Chat').click();
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: AGENT_START_MS }).toBe(0);
    cb.fake.setScript([text('Another conversation.')]);
    await sendPrompt(cb, 'a second conversation');
    await waitTurnIdle(cb);
    await viewAction('Show Chats…').click();
    await expect.poll(async () => (await readQuickPick(cb.page)).items.length, { timeout: 30_000 }).toBe(2);
    const qp = await readQuickPick(cb.page);
    expect(qp.title).toBe('Chats');
    await screenshot(cb.page, 'history-quickpick');
    await cb.page.keyboard.press('Escape');
  });
  test('the history QuickPick searches by title, forks a conversation into the chat, and deletes one after asking', async () => {
    await viewAction('New Chat').click();
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: AGENT_START_MS }).toBe(0);
    cb.fake.setTitle('Walrus migration');
    cb.fake.setScript([text('Walruses move in spring.')]);
    await sendPrompt(cb, 'plan the walrus migration');
    await waitTurnIdle(cb);
    await expect.poll(viewTitle, { timeout: TURN_MS }).toBe('ACP Chat: Walrus migration');
    await viewAction('New Chat').click();
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: AGENT_START_MS }).toBe(0);

    const { page } = cb;
    const widget = page.locator('.quick-input-widget');
    const rows = widget.locator('.quick-input-list .monaco-list-row');
    const labels = async () => (await readQuickPick(page)).items;
    await viewAction('Show Chats…').click();
    await expect.poll(labels, { timeout: 30_000 }).toContain('Walrus migration');
    expect((await labels()).length).toBeGreaterThan(1);
    // Search: typing filters by title.
    await widget.locator('input.input').fill('walrus');
    await expect.poll(labels, { timeout: 10_000 }).toEqual(['Walrus migration']);
    // Fork: the row's button continues a copy in this chat.
    await rows.first().hover();
    await rows.first().getByRole('button', { name: 'Continue in a copy (fork)' }).click();
    await expect
      .poll(() => cb.chat.getByTestId('user-message').allInnerTexts(), { timeout: AGENT_START_MS })
      .toEqual([expect.stringContaining('plan the walrus migration')]);
    await viewAction('Show Chats…').click();
    await expect.poll(labels, { timeout: 30_000 }).toContain('Walrus migration (fork)');
    await widget.locator('input.input').fill('walrus');
    // The copy keeps the original's time, so the two may come in either order.
    await expect.poll(async () => (await labels()).sort(), { timeout: 10_000 }).toEqual(['Walrus migration', 'Walrus migration (fork)']);
    // Delete the original: asked in a modal first, then gone from the agent's list.
    const original = rows.filter({ has: page.locator('.label-name', { hasText: /^Walrus migration$/ }) });
    await original.hover();
    await original.getByRole('button', { name: 'Delete this chat' }).click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await dialog.innerText()).toContain('Delete the chat "Walrus migration"?');
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Delete$/ }).click();
    await expect.poll(labels, { timeout: 30_000 }).toEqual(['Walrus migration (fork)']);
    // The fork is still the chat's conversation.
    expect(await cb.chat.getByTestId('user-message').allInnerTexts()).toEqual([expect.stringContaining('plan the walrus migration')]);
    await page.keyboard.press('Escape');
  });

  test('a long conversation keeps only the turns near the viewport in the page; Ctrl+F finds a word in one that is not', async () => {
    await viewAction('New Chat').click();
    await expect.poll(() => cb.chat.getByTestId('user-message').count(), { timeout: AGENT_START_MS }).toBe(0);
    // Six turns of long replies: each some screens high, so the first ones leave the page as the chat follows the end.
    const reply = (n: number) =>
      `Marker ostrich-${n} starts this reply.\n\n` + Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of reply ${n}: the quick brown fox.`).join('\n\n');
    for (let n = 1; n <= 6; n++) {
      cb.fake.setScript([text(reply(n))]);
      await sendPrompt(cb, `reply number ${n}`);
      await expect.poll(() => cb.chat.getByTestId('agent-message').last().textContent(), { timeout: TURN_MS }).toContain(`ostrich-${n}`);
      await waitTurnIdle(cb);
    }
    const mounted = () => cb.chat.getByTestId('user-message').allInnerTexts();
    expect(await mounted()).not.toContainEqual(expect.stringContaining('reply number 1'));
    expect((await mounted()).length).toBeLessThan(6);

    const composer = cb.chat.getByTestId('composer-input');
    await composer.click();
    await cb.page.keyboard.press('Control+f');
    const input = cb.chat.getByTestId('find-input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // The workbench's own find did not open on anything behind the chat.
    expect(await cb.page.locator('.editor-widget.find-widget.visible').count()).toBe(0);
    await cb.page.keyboard.type('ostrich-1 ');
    await expect.poll(() => cb.chat.getByTestId('find-count').textContent(), { timeout: 10_000 }).toBe('1 of 1');
    // The first turn is back in the page and on screen, where the match is.
    const first = cb.chat.getByTestId('agent-message').filter({ hasText: 'ostrich-1 ' });
    await expect.poll(() => first.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => first.getByText('Marker ostrich-1 starts').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(
      await first.evaluate((el) => {
        const b = el.getBoundingClientRect();
        const s = el.closest('.scroller')!.getBoundingClientRect();
        return b.bottom > s.top && b.top < s.bottom;
      }),
    ).toBe(true);
    await screenshot(cb.page, 'find-in-chat');
    await cb.page.keyboard.press('Escape');
    await cb.chat.getByTestId('find-bar').waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => composer.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
