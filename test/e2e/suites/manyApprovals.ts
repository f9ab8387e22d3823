// Ten approvals at once across three chats (the side view and two editor tabs, all on screen), answered by clicks on
// their cards in a seeded random order with a random Allow or Deny each: every request gets exactly the option clicked
// for it (each request has options of its own, so an answer routed to another request shows), and the status bar and
// the view's badge count down by one with each click. The scripted agent asks them all at once and reports what it
// received.
import { beforeAll, describe, expect, test } from 'vitest';
import { seededRandom } from '../../robust/random';
import { AGENT_START_MS, tidyWorkbench, TURN_MS, waitTurnIdle, type ChatBed } from '../chatBed';
import { ACP_CHAT_EXTENSION_ID, runCommand, webviewFrame } from '../harness';
import type { FrameLocator } from 'playwright-core';

const SEED = Number(process.env.E2E_SEED ?? Date.now() % 1_000_000);

export function manyApprovalsSuite(bed: () => ChatBed): void {
  describe('ACP Chat e2e: ten approvals across three chats, answered by clicks', () => {
    let cb: ChatBed;

    beforeAll(async () => {
      cb = bed();
      await tidyWorkbench(cb, { newSession: true });
    });

    test(`each request gets the option clicked for it; the status bar and badge count down (seed ${SEED})`, async () => {
      console.log(`[e2e] manyApprovals: E2E_SEED=${SEED}`);
      const rng = seededRandom(SEED);
      const { page } = cb;
      const frames = () => page.locator(`iframe.webview[src*="extensionId=${ACP_CHAT_EXTENSION_ID}&"]`).locator('visible=true');
      const chats: { prefix: string; count: number }[] = [];

      /**
       * The visible chat whose page satisfies `matches`, looked up anew at each use: a tab shown again gets a new frame,
       * and moving an editor between groups reorders the visible ones.
       */
      async function findChat(matches: (frame: FrameLocator) => Promise<boolean>, what: string): Promise<FrameLocator> {
        const n = await frames().count();
        for (let i = 0; i < n; i++) {
          const frame = webviewFrame(page, { extensionId: ACP_CHAT_EXTENSION_ID, index: i });
          if (await matches(frame)) return frame;
        }
        throw new Error(`no chat ${what}`);
      }
      /** The chat that asked with `prefix`. */
      const frameOf = (prefix: string) =>
        findChat(
          async (f) =>
            (await f
              .getByTestId('user-message')
              .filter({ hasText: ` ${prefix}` })
              .count()) > 0,
          `shows the prompt of "${prefix}"`,
        );
      /** The chat shown last: its transcript is still empty. */
      const newestChat = () => findChat(async (f) => (await f.getByTestId('user-message').count()) === 0, 'has an empty transcript');

      async function ask(frame: FrameLocator, prefix: string, count: number): Promise<void> {
        await frame.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });
        const input = frame.getByTestId('composer-input');
        await input.fill(`permissions ${count} ${prefix}`);
        await input.press('Enter');
        await expect.poll(async () => (await frameOf(prefix)).getByTestId('permission-option').count(), { timeout: TURN_MS }).toBe(count * 2);
        chats.push({ prefix, count });
      }

      await ask(cb.chat, 'side', 4);
      // Two tabs in two editor groups, so all three chats are on screen at once.
      await runCommand(page, 'ACP Chat: New Chat in Editor');
      await expect.poll(() => frames().count(), { timeout: AGENT_START_MS }).toBe(2);
      await ask(await newestChat(), 'tabone', 3);
      // The new chat opens in the active group, over the first tab; moving it (the group's active editor) into a group
      // of its own puts it beside. (Creating the group first is not enough: closing the palette hands the focus, and so
      // the active group, back to the first tab.)
      await runCommand(page, 'ACP Chat: New Chat in Editor');
      // Its page takes keys (F1 included) once it has loaded.
      await expect
        .poll(
          () =>
            newestChat().then(
              (f) => f.getByTestId('mode-select').isVisible(),
              () => false,
            ),
          { timeout: AGENT_START_MS },
        )
        .toBe(true);
      await runCommand(page, 'View: Move Editor into Right Group');
      await expect.poll(() => page.locator('.editor-group-container').count(), { timeout: 10_000 }).toBe(2);
      await expect.poll(() => frames().count(), { timeout: AGENT_START_MS }).toBe(3);
      // The first tab, shown again, loads its page anew (empty until its snapshot arrives): wait until it shows its
      // conversation, so that the one empty chat is the new one.
      await expect
        .poll(
          () =>
            frameOf('tabone').then(
              () => true,
              () => false,
            ),
          { timeout: AGENT_START_MS },
        )
        .toBe(true);
      await ask(await newestChat(), 'tabtwo', 3);

      const status = page.locator('.statusbar-item').filter({ hasText: /approvals? waiting/ });
      const badge = page
        .locator('.activitybar .action-item')
        .filter({ has: page.locator('[aria-label^="ACP Chat"]') })
        .locator('.badge-content');
      // What a person reads: the item's text and the badge's number; with nothing waiting, neither is on screen.
      const read = async (l: typeof status) => ((await l.isVisible()) ? (await l.innerText()).trim() : 'hidden');
      const shown = async (n: number) => {
        await expect.poll(() => read(status), { timeout: 10_000 }).toBe(n ? `${n} ${n === 1 ? 'approval' : 'approvals'} waiting` : 'hidden');
        await expect.poll(() => read(badge), { timeout: 10_000 }).toBe(n ? String(n) : 'hidden');
      };
      await shown(10);

      // Every request, shuffled; each answered by a click on its own card.
      const requests = chats.flatMap((c) => Array.from({ length: c.count }, (_, i) => ({ chat: c, id: `${c.prefix}-${i}` })));
      for (let i = requests.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [requests[i], requests[j]] = [requests[j]!, requests[i]!];
      }
      const clicked = new Map<string, string>();
      for (const [n, r] of requests.entries()) {
        const optionId = `${rng() < 0.5 ? 'allow' : 'deny'}-${r.id}`;
        await (await frameOf(r.chat.prefix)).locator(`[data-testid="permission-option"][data-option-id="${optionId}"]`).click();
        clicked.set(r.id, optionId);
        await shown(requests.length - n - 1);
      }

      // What the agent received, as each chat's agent reports it: exactly the option clicked for each request.
      for (const c of chats) {
        await expect
          .poll(
            async () =>
              (await frameOf(c.prefix))
                .getByTestId('agent-message')
                .last()
                .innerText()
                .catch(() => ''),
            { timeout: TURN_MS },
          )
          .toMatch(/^outcomes: /);
        const frame = await frameOf(c.prefix);
        const received = JSON.parse((await frame.getByTestId('agent-message').last().innerText()).slice('outcomes: '.length)) as unknown[];
        const expected = Array.from({ length: c.count }, (_, i) => ({ outcome: 'selected', optionId: clicked.get(`${c.prefix}-${i}`) }));
        expect(received).toEqual(expected);
        await waitTurnIdle({ ...cb, chat: frame });
      }
    });
  });
}
