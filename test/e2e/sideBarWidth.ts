// The side bar sized as a user sizes it, for the tests that read the chat at a side bar's narrow width.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Drags the sash between the side bar and the editor until the side bar is `width` px wide, as a user sizes it (the
 * workbench has no setting for it). A few tries: the layout can round a drag to a pixel either side.
 */
export async function sizeSideBar(page: Page, width: number): Promise<void> {
  const sideBar = page.locator('.part.sidebar');
  for (let attempt = 0; attempt < 4; attempt++) {
    const box = (await sideBar.boundingBox())!;
    if (Math.round(box.width) === width) break;
    const edge = box.x + box.width;
    const sashes = await page.locator('.monaco-sash.vertical').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2, width: r.width, height: r.height };
      }),
    );
    const sash = sashes.filter((s) => s.width > 0 && s.height > 200).sort((a, b) => Math.abs(a.x - edge) - Math.abs(b.x - edge))[0];
    expect(sash && Math.abs(sash.x - edge) < 8, `a sash on the side bar's edge (${edge}) among ${JSON.stringify(sashes)}`).toBe(true);
    await page.mouse.move(sash!.x, sash!.y);
    await page.mouse.down();
    await page.mouse.move(sash!.x + (width - box.width) / 2, sash!.y, { steps: 5 });
    await page.mouse.move(sash!.x + (width - box.width), sash!.y, { steps: 5 });
    await page.mouse.up();
  }
  expect(Math.round((await sideBar.boundingBox())!.width), 'the side bar width').toBe(width);
}
