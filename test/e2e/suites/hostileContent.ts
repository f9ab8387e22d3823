// Hostile agent text inside VS Code's real webview frame (its iframe sandbox, its service worker, the chat's own CSP):
// the scripted agent puts each XSS payload into every field it controls (see its `hostile` turn), and the user's own
// prompt carries it too. For each payload: no script runs (a canary the payloads call, defined in the frame from
// outside), no dangerous markup is in the page, the plain-text fields show the payload as text, every link is clicked
// (each click checked: nothing navigates, and only an http(s) link reaches VS Code's "open" question, which is
// declined), and the permission's option names and the error show it as text; the session's title, in VS Code's own
// title bar, as one line of text.
import { beforeAll, describe, expect, test } from 'vitest';
import { toDisplayText } from '../../../src/acpClient/displayText';
import { XSS_PAYLOADS } from '../../robust/xssPayloads';
import { tidyWorkbench, TURN_MS, waitTurnIdle, type ChatBed } from '../chatBed';

/** What the page shows of the payload: the agent gets the prompt's words, so runs of white space become one space. */
const asSent = (p: string) => p.trim().split(/\s+/).join(' ');

export function hostileContentSuite(bed: () => ChatBed): void {
  describe('ACP Chat e2e: hostile agent text in the real webview frame', () => {
    let cb: ChatBed;

    beforeAll(async () => {
      cb = bed();
      await tidyWorkbench(cb);
    });

    test(`${XSS_PAYLOADS.length} payloads in every field the agent controls: nothing runs, shown as text, links inert`, async () => {
      const { chat, page } = cb;
      // The canary: the payloads call __pwned(n) if they ever run. Defined from outside, in the page's own world.
      await chat.locator('body').evaluate(() => {
        const w = window as unknown as { __pwned: (n: number) => void; __calls: number[]; __blocked: number };
        w.__calls = [];
        w.__blocked = 0;
        w.__pwned = (n) => w.__calls.push(n);
        document.addEventListener('securitypolicyviolation', () => w.__blocked++);
      });
      // The instruments work: a call from the page's world is recorded, and an inline script is blocked and reported.
      await chat.locator('body').evaluate(() => {
        (window as unknown as { __pwned: (n: number) => void }).__pwned(0);
        const script = document.createElement('script');
        script.textContent = '__pwned(-1)';
        document.body.append(script);
      });
      await expect.poll(() => chat.locator('body').evaluate(() => (window as unknown as { __blocked: number }).__blocked)).toBeGreaterThan(0);
      expect(await chat.locator('body').evaluate(() => (window as unknown as { __calls: number[] }).__calls.splice(0))).toEqual([0]);
      await chat.locator('body').evaluate(() => ((window as unknown as { __blocked: number }).__blocked = 0));
      const dialog = page.locator('.monaco-dialog-box');
      let checks = 0;
      let clicks = 0;
      for (const [i, payload] of XSS_PAYLOADS.entries()) {
        const p = asSent(payload);
        if (process.env.E2E_DEBUG) console.log(`[e2e] payload ${i}: ${p}`);
        const input = chat.getByTestId('composer-input');
        await input.fill(`hostile ${payload}`);
        await input.press('Enter');
        const permission = chat.getByTestId('permission').last();
        await permission.locator('[data-option-id="deny"]').waitFor({ timeout: TURN_MS });

        // Plain-text fields: the payload as the text the user reads. This turn's tool calls are the last two cards.
        // Read as DOM text (textContent), in one call into the frame with the scan for dangerous markup below.
        // Named by its call id: clicking links scrolls, and the turns the chat mounts (so a card's position) change.
        // Read in one call into the frame: the list mounts and unmounts turns as it scrolls, so a count taken in one
        // call may not hold for the next.
        const toolCallId = await chat.locator('#root').evaluate((root) => {
          const cards = root.querySelectorAll('[data-testid="tool-card"]');
          return cards[cards.length - 2]?.getAttribute('data-tool-call-id') ?? null;
        });
        expect(toolCallId, 'this turn’s tool cards are on screen').not.toBeNull();
        const toolCard = chat.locator(`[data-testid="tool-card"][data-tool-call-id="${toolCallId}"]`);
        const { texts, bad } = await chat.locator('#root').evaluate((root) => {
          const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ');
          const last = (id: string) => Array.from(root.querySelectorAll(`[data-testid="${id}"]`)).at(-1);
          const tools = root.querySelectorAll('[data-testid="tool-card"]');
          const found: string[] = [];
          for (const el of root.querySelectorAll('*')) {
            const tag = el.tagName.toLowerCase();
            if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'style', 'svg', 'math', 'video', 'audio', 'template', 'form'].includes(tag))
              found.push(`<${tag}>`);
            for (const a of el.attributes) {
              if (/^on/i.test(a.name)) found.push(`${tag}[${a.name}]`);
              if (/^(href|src|xlink:href|action|formaction|srcdoc|data)$/i.test(a.name) && !/^(#|https?:|data:image\/)/i.test(a.value.trim()))
                found.push(`${tag}[${a.name}=${a.value.slice(0, 40)}]`);
            }
          }
          return {
            texts: {
              'user message': text(last('user-message')),
              plan: text(last('plan')),
              'tool title': text(tools[tools.length - 2]),
              'permission options': Array.from(last('permission')?.querySelectorAll('[data-testid="permission-option"] .perm-label') ?? [])
                .map((l) => l.textContent ?? '')
                .join('|'),
              'config option': text(root.querySelector('[data-testid="config-bar"]')),
            },
            bad: found,
          };
        });
        for (const [field, shown] of Object.entries(texts)) {
          checks++;
          expect(shown, `payload ${i} in the ${field}`).toContain(field === 'user message' ? `hostile ${p}` : p);
        }
        expect(texts['permission options']).toBe(`${p}|${p}`);
        // The session's title is in VS Code's own title bar, as one line of plain text (no element of the payload's).
        const title = cb.page.locator('.part.sidebar .composite.title .title-label h2');
        await expect.poll(() => title.textContent(), { timeout: TURN_MS }).toBe(`ACP Chat: ${toDisplayText(p, 80)}`);
        expect(await title.evaluate((h2) => h2.childElementCount)).toBe(0);
        checks += 2;

        // No dangerous markup anywhere in the page (scanned above).
        checks++;
        expect(bad, `payload ${i}: ${p}`).toEqual([]);

        // Every link the agent's text produced, clicked: the page stays, and only http(s) reaches VS Code's question.
        // This turn's: its message, its tool card and its plan (earlier turns' links were clicked in their turn).
        const turnLinks = [chat.getByTestId('agent-message').last(), toolCard, chat.getByTestId('plan').last()].map((l) => l.locator('a, [data-href]'));
        const all = (await Promise.all(turnLinks.map(async (l) => Array.from({ length: await l.count() }, (_, k) => l.nth(k))))).flat();
        for (const link of all) {
          const href = (await link.getAttribute('data-href')) ?? (await link.getAttribute('href')) ?? '';
          await link.scrollIntoViewIfNeeded();
          await link.click();
          clicks++;
          if (/^https?:/i.test(href)) {
            await dialog.waitFor({ state: 'visible', timeout: 10_000 });
            await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).click();
            await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
          }
          expect(await chat.getByTestId('composer-input').isVisible(), `payload ${i}: the chat is still there after clicking ${href}`).toBe(true);
        }
        expect(await dialog.isVisible(), `payload ${i}: no question for a link that is not http(s)`).toBe(false);

        // Answered: the turn fails with the payload as its message, shown as text.
        await permission.locator('[data-option-id="deny"]').click();
        await waitTurnIdle(cb);
        checks++;
        await expect.poll(async () => (await chat.getByTestId('error').last().textContent())?.replace(/\s+/g, ' '), { timeout: 10_000 }).toContain(p);
        expect(await chat.locator('body').evaluate(() => (window as unknown as { __calls: number[] }).__calls), `payload ${i} ran`).toEqual([]);
      }
      const blocked = await chat.locator('body').evaluate(() => (window as unknown as { __blocked: number }).__blocked);
      console.log(
        `[e2e] hostile content: ${XSS_PAYLOADS.length} payloads, ${checks} checks, ${clicks} link clicks, ${blocked} CSP violations blocked, 0 scripts run`,
      );
      expect(clicks).toBeGreaterThan(0);
    });
  });
}
