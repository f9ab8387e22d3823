// Reviewing the agent's change like a pull request, in the real workbench with the real adapter and the fake Messages
// API: a turn edits two files; the user opens the turn's Review, comments on a line of each file in the multi-file diff
// (VS Code's own comment widget), and sends the review; the model's next request holds both comments with their files,
// lines and the lines' text; the agent's follow-up edit of one of those lines shows under its thread, and the chat
// shows the sent review as one entry.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { edit, text } from '../fixtures/fakeAnthropic';
import { type ChatBed, sendPrompt, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { addComment } from './comments';
import { runCommand, screenshot } from './harness';

describe('ACP Chat e2e: review the agent’s change like a pull request', () => {
  // Edits go through without asking, so the turn runs to its end.
  const bed = useChatBed({ settings: { 'acpChat.initialMode': 'acceptEdits' } });
  let cb: ChatBed;

  beforeAll(() => {
    cb = bed();
  });

  /** Comments on the line showing `lineText` of `name` in the open Review (the multi-file diff), on the agent's side. */
  const commentOn = (name: string, lineText: string, comment: string) =>
    addComment(cb.page, cb.page.locator('.multiDiffEntry').filter({ hasText: name }).locator('.editor.modified'), lineText, comment);

  test('two comments on two files go back as one prompt with files, lines and text; the agent’s follow-up shows under the thread', async () => {
    const cart = join(cb.workspace, 'cart.js');
    const shipping = join(cb.workspace, 'shipping.js');
    writeFileSync(cart, 'export function total(lines) {\n  return sum(lines);\n}\n');
    writeFileSync(shipping, 'export const FREE_OVER = 50;\nexport const FLAT = 5;\n');
    cb.fake.setScript([
      edit(cart, '  return sum(lines);', '  return sum(lines) * 1.2;'),
      edit(shipping, 'export const FLAT = 5;', 'export const FLAT = 4.99;'),
      text('Both changed.'),
    ]);
    await sendPrompt(cb, 'add tax and cheaper shipping');
    await cb.chat.getByTestId('transcript').getByText('Both changed.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);

    await cb.chat.getByTestId('changed-files').last().getByTestId('review-changes').click();
    await expect.poll(() => cb.page.locator('.multiDiffEditor .multiDiffEntry').count(), { timeout: 15_000 }).toBe(2);
    // Once its files are loaded the multi-file diff moves the focus into the first one, laying its lines out anew.
    await expect.poll(() => cb.page.evaluate(() => !!document.activeElement?.closest('.multiDiffEditor')), { timeout: 10_000 }).toBe(true);
    await commentOn('cart.js', 'return sum(lines) * 1.2;', 'Tax belongs in its own function.');
    await commentOn('shipping.js', 'export const FLAT = 4.99;', 'Keep prices in cents.');
    await screenshot(cb.page, 'review-comments-dark');

    // The agent answers the review by changing one of the commented lines.
    const from = cb.fake.requests.at(-1)?.seq ?? 0;
    cb.fake.setScript([edit(cart, '  return sum(lines) * 1.2;', '  return withTax(sum(lines));'), text('Moved the tax out.')]);
    await runCommand(cb.page, 'ACP Chat: Send Review');
    const request = await cb.fake.waitForRequest(
      (r) => r.seq > from && r.kind === 'main' && (r.lastMessage?.texts ?? []).some((t) => t.includes('I reviewed your changes')),
      TURN_MS,
    );
    const prompt = (request.lastMessage?.texts ?? []).join('\n');
    expect(prompt).toContain('left 2 comments on 2 files');
    for (const part of [
      '## cart.js',
      'Line 2:\n```\n  return sum(lines) * 1.2;\n```\nTax belongs in its own function.',
      '## shipping.js',
      'Line 2:\n```\nexport const FLAT = 4.99;\n```\nKeep prices in cents.',
    ])
      expect(prompt).toContain(part);

    await cb.chat.getByTestId('transcript').getByText('Moved the tax out.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    // The chat shows the sent review as one entry, not its whole prompt.
    expect((await cb.chat.getByTestId('review-entry').last().innerText()).trim()).toMatch(/^Review sent: 2 comments on 2 files\s+Show Comments$/);
    // Under the cart.js thread, where the code is: the agent's change to its line.
    await cb.chat.getByTestId('changed-files').last().getByTestId('changed-file').filter({ hasText: 'cart.js' }).locator('.changed-file-name').click();
    await expect.poll(() => cb.page.locator('.part.editor .tab.active').textContent(), { timeout: 10_000 }).toContain('cart.js');
    const followUp = cb.page.locator('.review-widget .comment-body', { hasText: 'Changed these lines after your review' });
    await expect.poll(() => followUp.first().innerText(), { timeout: 15_000 }).toContain('withTax(sum(lines))');
    await screenshot(cb.page, 'review-follow-up-dark');
  });
});
