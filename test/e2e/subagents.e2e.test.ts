// Subagents as lanes, in the real workbench with the real adapter and the fake Messages API: the model launches two
// subagents (Claude Code's Agent tool); each shows as a lane with its own tool cards; the one that edits asks first, and
// its card in the chat names it; stopping the other leaves it running; its edit is attributed on the turn's changed
// files; after Reload Window the lanes are back.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { agents, edit, held, read, text } from '../fixtures/fakeAnthropic';
import { AGENT_START_MS, type ChatBed, sendPrompt, TURN_MS, useChatBed, waitTurnIdle } from './chatBed';
import { runCommand, screenshot } from './harness';

describe('ACP Chat e2e: subagents as lanes', () => {
  // Approvals in the chat, so the lane's own card is the one answered.
  const bed = useChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });
  let cb: ChatBed;
  let release: () => void = () => undefined;

  beforeAll(() => {
    cb = bed();
  });

  afterAll(() => {
    release();
  });

  const lane = (title: string) => cb.chat.getByTestId('lane').filter({ has: cb.chat.getByTestId('lane-title').filter({ hasText: title }) });
  const laneState = (title: string) => lane(title).getByTestId('lane-state').first().innerText();

  test('two lanes with their own cards; the approval names its subagent; one stopped, the other goes on; its edit attributed; back after a reload', async () => {
    const notes = join(cb.workspace, 'notes.txt');
    const prices = join(cb.workspace, 'prices.txt');
    writeFileSync(notes, 'alpha\n');
    writeFileSync(prices, 'beta\n');
    const never = new Promise<void>((r) => (release = r));
    cb.fake.setScript([
      // run_in_background false: the turn waits for both (Claude Code runs a subagent in the background by default).
      agents([
        { description: 'Slow one', prompt: 'MARKER-SLOW: read notes.txt, then think', run_in_background: false },
        { description: 'Edit prices', prompt: 'MARKER-EDIT: change beta in prices.txt', run_in_background: false },
      ]),
      text('One subagent was stopped, the other changed prices.txt.'),
    ]);
    // The slow subagent reads, then its next reply is held: only a stop ends its work.
    cb.fake.setSubagentScript('MARKER-SLOW', [read(notes), held(text('Never said.'), never)]);
    cb.fake.setSubagentScript('MARKER-EDIT', [read(prices), edit(prices, 'beta', 'BETA'), text('Prices changed.')]);
    await sendPrompt(cb, 'use two subagents');

    // Two lanes, each with its own tool cards.
    await expect.poll(() => cb.chat.getByTestId('lane').count(), { timeout: TURN_MS }).toBe(2);
    await expect.poll(() => lane('Slow one').getByTestId('lane-body').getByTestId('tool-card').count(), { timeout: TURN_MS }).toBeGreaterThan(0);
    // The edit asks in its lane, naming the subagent.
    const card = lane('Edit prices').getByTestId('permission');
    await card.waitFor({ timeout: TURN_MS });
    expect(await card.getByTestId('permission-asked-by').innerText()).toBe('Asked by Edit prices');
    expect(await laneState('Edit prices')).toContain('Needs you');
    await screenshot(cb.page, 'subagent-lanes-dark');

    // Stopping the slow one leaves the other waiting on its approval.
    await lane('Slow one').getByTestId('lane-stop').click();
    await expect.poll(() => laneState('Slow one'), { timeout: TURN_MS }).toContain('Stopped');
    expect(await laneState('Edit prices')).toContain('Needs you');

    await card.locator('[data-testid="permission-option"][data-kind="allow_once"]').click();
    await cb.chat.getByTestId('transcript').getByText('One subagent was stopped, the other changed prices.txt.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    expect(await laneState('Edit prices')).toContain('Done');

    // The turn's changed files say which subagent changed each.
    const row = cb.chat.getByTestId('changed-files').last().getByTestId('changed-file').filter({ hasText: 'prices.txt' });
    expect(await row.getByTestId('changed-file-by').innerText()).toBe('by Edit prices');

    await runCommand(cb.page, 'Developer: Reload Window');
    await cb.chat.getByTestId('composer-input').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    await expect.poll(() => cb.chat.getByTestId('lane').count(), { timeout: AGENT_START_MS }).toBe(2);
    await expect.poll(() => laneState('Edit prices'), { timeout: AGENT_START_MS }).toContain('Done');
    expect(await laneState('Slow one')).toContain('Stopped');
  });
});
