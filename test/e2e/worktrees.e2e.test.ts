// Two chats on one repository in the real workbench: the side view's chat works in its own git worktree (New Chat in
// Worktree), an editor tab's chat in the workspace. Both edit README.md in their turns; each change lands only in its
// own copy, the worktree chat's header shows its branch, and after Reload Window it reopens in its worktree.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { edit, read, text } from '../fixtures/fakeAnthropic';
import { AGENT_START_MS, captureFailure, openChat, sendPrompt, startChatBed, TURN_MS, waitTurnIdle, type ChatBed } from './chatBed';
import { ACP_CHAT_EXTENSION_ID, runCommand, screenshot, webviewFrame } from './harness';

const BRANCH = 'acp-chat/readme-intro';
const README = '# Demo\n\nA small project.\n';

describe('ACP Chat e2e: a chat in its own git worktree', () => {
  let cb: ChatBed;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: cb.workspace }).toString();

  beforeAll(async () => {
    cb = await startChatBed({ settings: { 'acpChat.initialMode': 'acceptEdits' } });
    writeFileSync(join(cb.workspace, 'README.md'), README);
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'first');
    await openChat(cb);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await captureFailure(cb, ctx.task.name);
  });

  afterAll(async () => {
    await cb?.stop();
  });

  /** The worktree git made for `branch` (from `git worktree list`). */
  function worktreeOf(branch: string): string | undefined {
    const blocks = git('worktree', 'list', '--porcelain').split('\n\n');
    const block = blocks.find((b) => b.includes(`branch refs/heads/${branch}`));
    return block?.match(/^worktree (.+)$/mu)?.[1];
  }

  test('two chats edit README.md, one in a worktree: each sees only its own change; the header shows the branch; Reload Window reopens it there', async () => {
    await runCommand(cb.page, 'ACP Chat: New Chat in Worktree…');
    const box = cb.page.locator('.quick-input-widget input');
    await box.waitFor({ timeout: 15_000 });
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toMatch(/^acp-chat\/[0-9a-f]{6}$/);
    await box.fill(BRANCH);
    await box.press('Enter');
    const branch = cb.chat.getByTestId('worktree-branch');
    await expect.poll(() => branch.textContent(), { timeout: AGENT_START_MS }).toBe(BRANCH);
    const tree = worktreeOf(BRANCH);
    expect(tree, 'git lists the worktree on its branch').toBeTruthy();
    expect(tree!.startsWith(cb.workspace)).toBe(false); // outside the workspace, under the extension's storage
    const inTree = join(tree!, 'README.md');
    const inWorkspace = join(cb.workspace, 'README.md');

    cb.fake.setScript([
      read(inTree),
      edit(inTree, 'A small project.', 'A small project, now with an intro from the worktree.'),
      text('Edited the worktree’s README.'),
    ]);
    await sendPrompt(cb, 'add an intro to the README');
    await waitTurnIdle(cb);
    await expect.poll(() => cb.chat.getByTestId('worktree-summary').textContent(), { timeout: 10_000 }).toMatch(/^1 file changed \+1 −1/);

    // A second chat, in a tab, works in the workspace itself.
    await runCommand(cb.page, 'ACP Chat: New Chat in Editor');
    const tab = webviewFrame(cb.page, { extensionId: ACP_CHAT_EXTENSION_ID, index: 1 });
    await tab.getByTestId('mode-select').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    cb.fake.setScript([read(inWorkspace), edit(inWorkspace, '# Demo', '# Demo (workspace edit)'), text('Edited the workspace’s README.')]);
    const input = tab.getByTestId('composer-input');
    await input.fill('rename the title');
    await input.press('Enter');
    await tab.getByTestId('transcript').getByText('Edited the workspace’s README.').waitFor({ timeout: TURN_MS });
    await tab.getByTestId('stop').waitFor({ state: 'hidden', timeout: TURN_MS });

    expect(readFileSync(inTree, 'utf8')).toBe('# Demo\n\nA small project, now with an intro from the worktree.\n');
    expect(readFileSync(inWorkspace, 'utf8')).toBe('# Demo (workspace edit)\n\nA small project.\n');
    // Each chat's card lists its own change; the tab shows no worktree bar.
    expect(await tab.getByTestId('worktree-bar').isHidden()).toBe(true);
    await expect.poll(() => tab.getByTestId('changed-file').allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringMatching(/^README\.md\s/)]);
    await expect.poll(() => cb.chat.getByTestId('changed-file').allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringMatching(/^README\.md\s/)]);
    await runCommand(cb.page, 'View: Close All Editors');
    // The bar with its file list open (the README's picture).
    await cb.chat.getByTestId('worktree-summary').click();
    await cb.chat.getByTestId('worktree-file').first().waitFor({ timeout: 10_000 });
    await screenshot(cb.page, 'worktree-bar-dark', cb.chat.getByTestId('worktree-bar'));

    await runCommand(cb.page, 'Developer: Reload Window');
    await cb.chat.getByTestId('composer-input').waitFor({ state: 'visible', timeout: AGENT_START_MS });
    await expect
      .poll(
        () =>
          cb.chat
            .getByTestId('worktree-branch')
            .textContent()
            .catch(() => null),
        { timeout: AGENT_START_MS },
      )
      .toBe(BRANCH);
    await expect.poll(() => cb.chat.getByTestId('user-message').first().textContent(), { timeout: AGENT_START_MS }).toContain('add an intro to the README');
    // The reopened session still works in the worktree: its next edit lands there, and Claude Code says so to the model.
    const sent = cb.fake.mainRequests().length;
    cb.fake.setScript([read(inTree), edit(inTree, '# Demo', '# Demo (second worktree edit)'), text('Edited it again.')]);
    await sendPrompt(cb, 'and rename the title');
    // A reopened conversation runs in the agent's own mode for it (initialMode is for new sessions): the edit asks.
    const allow = cb.chat.getByTestId('permission').last().locator('[data-testid="permission-option"][data-kind="allow_once"]');
    await allow.click({ timeout: TURN_MS });
    await cb.chat.getByTestId('transcript').getByText('Edited it again.').waitFor({ timeout: TURN_MS });
    await waitTurnIdle(cb);
    expect(readFileSync(inTree, 'utf8')).toBe('# Demo (second worktree edit)\n\nA small project, now with an intro from the worktree.\n');
    expect(readFileSync(inWorkspace, 'utf8')).toBe('# Demo (workspace edit)\n\nA small project.\n');
    expect(
      cb.fake
        .mainRequests()
        .slice(sent)
        .some((r) => r.allText.includes(tree!)),
    ).toBe(true);
  });
});
