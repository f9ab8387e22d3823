// A `claude` on PATH is offered, never used silently: with no Claude Code named anywhere, the chat says what is missing
// and its card offers the one found on PATH with its version; choosing it writes the machine-scoped setting
// (the Remote settings of this remote window) and the agent starts with it and answers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { expect, test } from 'vitest';
import { installedClaudeCode } from '../fixtures/agentEnv';
import { text } from '../fixtures/fakeAnthropic';
import { AGENT_START_MS, captureFailure, sendPrompt, startChatBed, TURN_MS, type ChatBed } from './chatBed';
import { REPO_ROOT, runCommand, screenshot } from './harness';

test('a claude on PATH is offered with its version and used only once chosen', { timeout: 240_000 }, async (ctx) => {
  const bin = mkdtempSync(join(tmpdir(), 'acp-path-claude-'));
  const real = installedClaudeCode(REPO_ROOT);
  // A user's own install: a `claude` on PATH (here a launcher of the checkout's binary). Its runs are counted.
  const runs = join(bin, 'runs');
  writeFileSync(join(bin, 'claude'), `#!/bin/sh\necho "$1" >> "${runs}"\nexec "${real}" "$@"\n`, { mode: 0o755 });
  let cb: ChatBed | undefined;
  try {
    // The agent's PATH, as a user sets it in acpChat.agent.env (the extension host's own is the login shell's).
    cb = await startChatBed({ claudeCode: 'none', agentEnv: { PATH: `${bin}${delimiter}/usr/local/bin${delimiter}/usr/bin${delimiter}/bin` } });
    const { page } = cb;
    await runCommand(page, 'ACP Chat: Focus on Chat View');
    // The chat is on screen: its card says what is missing (no notification), naming the claude on PATH.
    const card = cb.chat.getByTestId('notice');
    await card.getByTestId('notice-message').filter({ hasText: 'Claude Code was not found' }).waitFor({ timeout: AGENT_START_MS });
    const message = await card.getByTestId('notice-message').innerText();
    expect(message).toContain(`A claude was found on PATH: ${join(bin, 'claude')}`);
    const use = card.getByTestId('notice-action').filter({ hasText: /^Use claude \d+\.\d+\.\d+$/ });
    await use.waitFor({ timeout: 10_000 });
    expect(await card.getByTestId('notice-action').allInnerTexts()).toEqual([
      expect.stringMatching(/^Download Claude Code \(~\d+ MB\)$/),
      expect.stringMatching(/^Use claude /),
      'Locate Claude Code…',
    ]);
    await screenshot(page, 'claude-code-path-offer');
    // Only asked for its version so far.
    expect(
      readFileSync(runs, 'utf8')
        .trim()
        .split('\n')
        .every((arg) => arg === '--version'),
    ).toBe(true);

    await use.click();
    await cb.chat.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    // Written where a machine-scoped setting of a remote window lives: the Remote (machine) settings.
    const machine = JSON.parse(readFileSync(join(cb.bed.root, 'user-data', 'Machine', 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(machine['acpChat.claudeCode.path']).toBe(join(bin, 'claude'));
    cb.fake.setScript([text('answered by the claude from PATH')]);
    await sendPrompt(cb, 'hello');
    await cb.chat.getByTestId('agent-message').filter({ hasText: 'answered by the claude from PATH' }).waitFor({ timeout: TURN_MS });
    expect(
      readFileSync(runs, 'utf8')
        .split('\n')
        .some((arg) => arg && arg !== '--version'),
    ).toBe(true);
  } catch (err) {
    await captureFailure(cb, ctx.task.name);
    throw err;
  } finally {
    await cb?.stop();
    rmSync(bin, { recursive: true, force: true });
  }
});
