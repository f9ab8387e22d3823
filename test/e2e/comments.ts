// A comment added as a user adds one in VS Code: the + beside a line it may comment on, the comment typed into its box,
// Add Comment. Shared by the review tests and the README tour.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Comments `comment` on the line of `editor` (a code editor's element) showing `lineText`. */
export async function addComment(page: Page, editor: Locator, lineText: string, comment: string): Promise<void> {
  await editor.locator('.view-line', { hasText: lineText }).first().waitFor({ state: 'visible', timeout: 15_000 });
  await editor.locator('.margin-view-overlays .comment-range-glyph').first().waitFor({ state: 'attached', timeout: 10_000 });
  // Found in one look at the page each time: the editor lays its lines out anew as decorations and lenses arrive, so an
  // element held from one step to the next may be gone. The pointer over the line first: the + shows for the hovered line.
  const lineBox = () =>
    editor.evaluate((root, text) => {
      // The editor draws spaces as no-break spaces.
      const line = Array.from(root.querySelectorAll('.view-line')).find((l) => (l.textContent ?? '').replace(/\u00a0/gu, ' ').includes(text));
      const box = line?.getBoundingClientRect();
      return box && { x: box.left + Math.min(40, box.width / 2), y: box.top + box.height / 2, top: box.top };
    }, lineText);
  const line = await lineBox();
  expect(line, `the line "${lineText}"`).toBeDefined();
  await page.mouse.move(line!.x, line!.y);
  const plus = await editor.evaluate(
    (root, top) => {
      const glyph = Array.from(root.querySelectorAll('.margin-view-overlays .comment-range-glyph')).find(
        (g) => Math.abs(g.getBoundingClientRect().top - top) < 4,
      );
      const box = glyph?.getBoundingClientRect();
      return box && { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    },
    (await lineBox())?.top ?? line!.top,
  );
  expect(plus, `a + beside "${lineText}"`).toBeDefined();
  await page.mouse.move(plus!.x, plus!.y);
  await page.mouse.click(plus!.x, plus!.y);
  // Typed once the comment's box has the keyboard (it takes it a moment after it opens).
  await page.locator('.review-widget .comment-form :focus').waitFor({ timeout: 10_000 });
  await page.keyboard.type(comment);
  await page.locator('.review-widget:has(.comment-form :focus) .monaco-button', { hasText: /^Add Comment$/ }).click();
  await page.locator('.review-widget .comment-body', { hasText: comment }).first().waitFor({ timeout: 10_000 });
}
