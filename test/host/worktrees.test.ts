// A chat in its own git worktree, in the real VS Code with the real adapter (fake Messages API): the agent's edits
// land in the worktree and not in the workspace; Apply brings them in as uncommitted changes, a file the user changed
// the same way is reported and left as the user has it; Discard (confirmed) removes the worktree and its branch.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { edit, read, text, write } from '../fixtures/fakeAnthropic';
import type { ApplyConflict, ChatWorktrees } from '../../src/worktrees/chatWorktrees';
import { repositoryOf } from '../../src/worktrees/worktreeGit';
import { describeError } from '../../src/feedback/userErrors';
import { WorktreeError } from '../../src/acpClient/errors';
import { acceptEditsSuite, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

suite('A chat in its own worktree', function () {
  this.timeout(120_000);
  const bed = acceptEditsSuite();
  const api = () => bed.api as ExtensionApi & { worktrees: ChatWorktrees };
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: workspaceRoot() }).toString();

  test('edits stay in the worktree; Apply brings them in, a conflicting local edit is reported and kept; Discard removes worktree and branch', async () => {
    const root = workspaceRoot();
    const dir = join(root, 'wt-host');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes.txt'), 'one\ntwo\nthree\n');
    writeFileSync(join(dir, 'plan.txt'), 'alpha\nbeta\n');
    if (!existsSync(join(root, '.git'))) git('init', '-q');
    git('add', 'wt-host');
    git('commit', '-q', '-m', 'worktree test base');

    const repo = await repositoryOf(root);
    const record = await api().worktrees.make(repo, root, 'acp-chat/host-test', false);
    await api().chat.newSession({ folder: record.cwd, branch: record.branch });
    assert.equal(api().chat.workPlace?.branch, 'acp-chat/host-test');
    const inTree = (name: string) => join(record.cwd, 'wt-host', name);

    bed.fake.setScript([read(inTree('notes.txt')), edit(inTree('notes.txt'), 'two', 'TWO (agent)'), read(inTree('plan.txt')), edit(inTree('plan.txt'), 'beta', 'beta, planned'), write(inTree('added.txt'), 'new\n'), text('Done in the worktree.')]);
    const sent = bed.fake.requests.length;
    const response = await (await api().chat.ensureSession()).prompt([{ type: 'text', text: 'change the notes' }]);
    assert.equal(response.stopReason, 'end_turn');
    // The session works in the worktree: Claude Code tells the model its working directory.
    assert.ok(bed.fake.requests.slice(sent).some((r) => r.allText.includes(record.cwd)), 'the model was told the worktree as the working directory');
    assert.equal(readFileSync(inTree('notes.txt'), 'utf8'), 'one\nTWO (agent)\nthree\n', 'the agent edited the worktree’s copy');
    assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'one\ntwo\nthree\n', 'the workspace’s copy is unchanged');
    assert.equal(existsSync(join(dir, 'added.txt')), false);

    const changes = await api().worktrees.changes(record);
    assert.deepEqual(changes.files.map((f) => [f.path, f.status, f.added, f.removed]), [
      ['wt-host/added.txt', 'added', 1, 0],
      ['wt-host/notes.txt', 'modified', 1, 1],
      ['wt-host/plan.txt', 'modified', 1, 1],
    ]);

    // The user changed the same line of notes.txt meanwhile: that file conflicts; the others apply.
    writeFileSync(join(dir, 'notes.txt'), 'one\ntwo (mine)\nthree\n');
    let offered: readonly ApplyConflict[] = [];
    const outcome = await api().worktrees.apply(record, async (conflicts) => {
      offered = conflicts;
      assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'one\ntwo (mine)\nthree\n', 'nothing written for it while the user decides');
      return []; // keep mine
    });
    assert.deepEqual(offered, [{ path: 'wt-host/notes.txt', reason: 'both-changed' }]);
    assert.deepEqual(outcome, { applied: ['wt-host/added.txt', 'wt-host/plan.txt'], conflicts: [{ path: 'wt-host/notes.txt', reason: 'both-changed' }], taken: [] });
    assert.equal(readFileSync(join(dir, 'plan.txt'), 'utf8'), 'alpha\nbeta, planned\n', 'Apply brought the change in');
    assert.equal(readFileSync(join(dir, 'added.txt'), 'utf8'), 'new\n');
    assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'one\ntwo (mine)\nthree\n', 'the conflicting local edit is not overwritten');
    assert.match(git('status', '--porcelain', '--', 'wt-host'), / M wt-host\/plan\.txt/, 'as an uncommitted change');

    // Discard: asked with what would be lost; then the worktree and its branch are gone and the chat is back home.
    let asked = '';
    assert.equal(
      await api().worktrees.discard(record, api().chats, async (question, detail) => {
        asked = `${question}\n${detail}`;
        return true;
      }),
      true,
    );
    assert.match(asked, /Discard the worktree and delete the branch acp-chat\/host-test\?/);
    assert.match(asked, /3 changed files not in your folder: wt-host\/added\.txt, wt-host\/notes\.txt, wt-host\/plan\.txt/);
    assert.equal(existsSync(record.path), false, 'the worktree folder is removed');
    assert.equal(git('branch', '--list', 'acp-chat/host-test').trim(), '', 'the branch is deleted');
    assert.doesNotMatch(git('worktree', 'list', '--porcelain'), /host-test/);
    await waitFor(() => api().chat.session && !api().chat.workPlace, 'the chat in a new session in the workspace');
  });

  test('a folder that is not a git repository is said clearly, and nothing is made', async () => {
    const plain = join(workspaceRoot(), '..', `not-a-repo-${process.pid}`);
    mkdirSync(plain, { recursive: true });
    const before = api().worktrees.recordOf(api().chat);
    let refused: (Error & { reason?: string }) | undefined;
    await api().worktrees.create(api().chat, [plain]).catch((err: Error) => (refused = err));
    // The extension's own error (another bundle than this test's, so compared by its reason) and its words.
    assert.equal(refused?.name, 'WorktreeError');
    assert.equal(refused?.reason, 'not-a-repository');
    assert.match(describeError(new WorktreeError('not-a-repository', String(refused?.message))).message, /^This folder is not in a git repository: a worktree is a second checkout of a repository\./);
    assert.equal(api().worktrees.recordOf(api().chat), before);
  });
});
