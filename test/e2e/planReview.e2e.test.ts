// A plan reviewed line by line, in the real workbench with the real adapter and the fake Messages API: in plan mode the
// agent asks to start on a plan; the plan opens as a document beside the chat; two comments on two of its lines and
// Send Feedback in the editor's title bar end the turn with "keep planning", the model's next request holds both
// comments with the lines they are on, and the chat is still in plan mode; Approve Plan on the revised plan lets the
// agent go on. Claude Code reads the plan from the plan file it names to the model in plan mode: the fake model "writes"
// it there (the test does) before each ask.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { held, text, toolUse } from '../fixtures/fakeAnthropic';
import { type ChatBed, sendPrompt, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { addComment } from './comments';
import { screenshot } from './harness';

const PLAN = '# Plan\n\n1. Read cart.js\n2. Add a discount field\n3. Test it\n';

describe('ACP Chat e2e: review a plan line by line', () => {
  // The approval waits in the chat alone: nothing pops up over the plan's document.
  const bed = useChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });
  let cb: ChatBed;

  beforeAll(() => {
    cb = bed();
  });

  const planEditor = () => cb.page.locator('.part.editor .editor-instance').filter({ hasText: '# Plan' }).first();
  const titleAction = (label: string) => cb.page.locator(`.part.editor .editor-actions .action-label[aria-label^="${label}"]`).first();

  /** A comment on the plan's line `lineText`. */
  const commentOn = (lineText: string, comment: string) => addComment(cb.page, planEditor(), lineText, comment);

  test('two comments and Send Feedback keep planning with both; still in plan mode; Approve Plan on the next plan goes on', async () => {
    const mode = cb.chat.getByTestId('mode-select');
    await mode.selectOption('plan');
    await expect.poll(() => mode.inputValue(), { timeout: 15_000 }).toBe('plan');

    let askFirst!: () => void;
    let askAgain!: () => void;
    const firstAsk = new Promise<void>((r) => (askFirst = r));
    const secondAsk = new Promise<void>((r) => (askAgain = r));
    cb.fake.setScript([held(toolUse('ExitPlanMode', {}), firstAsk), held(toolUse('ExitPlanMode', {}), secondAsk), text('Implementing it.')]);
    const from = cb.fake.requests.at(-1)?.seq ?? 0;
    await sendPrompt(cb, 'plan a discount');
    const asked = await cb.fake.waitForRequest((r) => r.seq > from && r.kind === 'main' && !!r.reply?.startsWith('held'), TURN_MS);
    const planFile = /\/[^\s"'`]*\/plans\/[^\s"'`]+\.md/u.exec(asked.allText)?.[0];
    expect(planFile, 'plan mode names the plan file to the model').toBeTruthy();
    mkdirSync(dirname(planFile!), { recursive: true });
    writeFileSync(planFile!, PLAN);
    askFirst();

    await planEditor().waitFor({ timeout: TURN_MS });
    await commentOn('1. Read cart.js', 'Read checkout.js too.');
    await commentOn('2. Add a discount field', 'Call it discountCode.');
    await screenshot(cb.page, 'plan-review-dark');

    const beforeFeedback = cb.fake.requests.at(-1)?.seq ?? 0;
    await titleAction('Send Feedback').click();
    const request = await cb.fake.waitForRequest(
      (r) => r.seq > beforeFeedback && r.kind === 'main' && (r.lastMessage?.texts ?? []).some((t) => t.includes('Keep planning')),
      TURN_MS,
    );
    const sent = (request.lastMessage?.texts ?? []).join('\n');
    expect(sent).toContain('Line 3 of the plan:\n```\n1. Read cart.js\n```\nRead checkout.js too.');
    expect(sent).toContain('Line 4 of the plan:\n```\n2. Add a discount field\n```\nCall it discountCode.');
    expect(await mode.inputValue(), 'still in plan mode').toBe('plan');

    // The revised plan opens in its turn; Approve Plan answers as the card's Yes does, and the agent goes on.
    writeFileSync(planFile!, `${PLAN}4. Read checkout.js\n`);
    askAgain();
    await cb.page.locator('.part.editor .editor-instance .view-line', { hasText: '4. Read checkout.js' }).first().waitFor({ timeout: TURN_MS });
    await titleAction('Approve Plan').click();
    await cb.chat.getByTestId('transcript').getByText('Implementing it.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    await expect.poll(() => mode.inputValue(), { timeout: 10_000 }).not.toBe('plan');
  });
});
