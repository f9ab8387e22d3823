// A chat in its own git worktree, in the real VS Code with the real adapter (fake Messages API): the agent's edits
// land in the worktree and not in the workspace; Apply brings them in as uncommitted changes, a file the user changed
// the same way is reported and left as the user has it; Discard (confirmed) removes the worktree and its branch.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { edit, read, text, write } from '../fixtures/fakeAnthropic';
import type { ChatWorktrees } from '../../src/worktrees/chatWorktrees';
import type { ApplyConflict } from '../../src/worktrees/worktreeApply';
import { repositoryOf } from '../../src/worktrees/worktreeGit';
import { describeError } from '../../src/feedback/userErrors';
import { WorktreeError } from '../../src/worktrees/worktreeError';
import { acceptEditsSuite, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

suite('A chat in its own worktree', function () {
  this.timeout(120_000);
  const bed = acceptEditsSuite();
  const api = () => bed.api as ExtensionApi & { worktrees: ChatWorktrees };
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd }).toString();
  /** A repository of its own in the workspace (the workspace's root may hold the sandbox's empty `.git` stub). */
  function repository(name: string): string {
    const dir = join(workspaceRoot(), name);
    mkdirSync(dir, { recursive: true });
    git(dir, 'init', '-q', '-b', 'main');
    return dir;
  }

  test('edits stay in the worktree; Apply brings them in, a conflicting local edit is reported and kept; Discard removes worktree and branch', async () => {
    const dir = repository('wt-host');
    writeFileSync(join(dir, 'notes.txt'), 'one\ntwo\nthree\n');
    writeFileSync(join(dir, 'plan.txt'), 'alpha\nbeta\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'worktree test base');

    const repo = await repositoryOf(dir);
    const record = await api().worktrees.make(repo, dir, 'acp-chat/host-test', false);
    await api().chat.newSession({ folder: record.cwd, branch: record.branch });
    assert.equal(api().chat.workPlace?.branch, 'acp-chat/host-test');
    const inTree = (name: string) => join(record.cwd, name);

    bed.fake.setScript([
      read(inTree('notes.txt')),
      edit(inTree('notes.txt'), 'two', 'TWO (agent)'),
      read(inTree('plan.txt')),
      edit(inTree('plan.txt'), 'beta', 'beta, planned'),
      write(inTree('added.txt'), 'new\n'),
      text('Done in the worktree.'),
    ]);
    const sent = bed.fake.requests.length;
    const response = await (await api().chat.ensureSession()).prompt([{ type: 'text', text: 'change the notes' }]);
    assert.equal(response.stopReason, 'end_turn');
    // The session works in the worktree: Claude Code tells the model its working directory.
    assert.ok(
      bed.fake.requests.slice(sent).some((r) => r.allText.includes(record.cwd)),
      'the model was told the worktree as the working directory',
    );
    assert.equal(readFileSync(inTree('notes.txt'), 'utf8'), 'one\nTWO (agent)\nthree\n', 'the agent edited the worktree’s copy');
    assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'one\ntwo\nthree\n', 'the workspace’s copy is unchanged');
    assert.equal(existsSync(join(dir, 'added.txt')), false);

    const changes = await api().worktrees.changes(record);
    assert.deepEqual(
      changes.files.map((f) => [f.path, f.status, f.added, f.removed]),
      [
        ['added.txt', 'added', 1, 0],
        ['notes.txt', 'modified', 1, 1],
        ['plan.txt', 'modified', 1, 1],
      ],
    );

    // The user changed the same line of notes.txt meanwhile: that file conflicts; the others apply.
    writeFileSync(join(dir, 'notes.txt'), 'one\ntwo (mine)\nthree\n');
    let offered: readonly ApplyConflict[] = [];
    const outcome = await api().worktrees.apply(record, async (conflicts) => {
      offered = conflicts;
      assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'one\ntwo (mine)\nthree\n', 'nothing written for it while the user decides');
      return []; // keep mine
    });
    assert.deepEqual(offered, [{ path: 'notes.txt', reason: 'both-changed' }]);
    assert.deepEqual(outcome, { applied: ['added.txt', 'plan.txt'], conflicts: [{ path: 'notes.txt', reason: 'both-changed' }], taken: [] });
    assert.equal(readFileSync(join(dir, 'plan.txt'), 'utf8'), 'alpha\nbeta, planned\n', 'Apply brought the change in');
    assert.equal(readFileSync(join(dir, 'added.txt'), 'utf8'), 'new\n');
    assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'one\ntwo (mine)\nthree\n', 'the conflicting local edit is not overwritten');
    assert.match(git(dir, 'status', '--porcelain'), /^ M plan\.txt$/m, 'as an uncommitted change');

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
    assert.match(asked, /3 changed files not in your folder: added\.txt, notes\.txt, plan\.txt/);
    assert.equal(existsSync(record.path), false, 'the worktree folder is removed');
    assert.equal(git(dir, 'branch', '--list', 'acp-chat/host-test').trim(), '', 'the branch is deleted');
    assert.doesNotMatch(git(dir, 'worktree', 'list', '--porcelain'), /host-test/);
    await waitFor(() => api().chat.session && !api().chat.workPlace, 'the chat in a new session in the workspace');
    api().chat.notices.clear();
  });

  test('a worktree deleted outside VS Code: its session opens in the workspace instead, and Discard prunes it after asking', async () => {
    const dir = repository('wt-gone');
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    const repo = await repositoryOf(dir);
    const record = await api().worktrees.make(repo, dir, 'acp-chat/host-gone', false);
    const session = await api().chat.newSession({ folder: record.cwd, branch: record.branch });
    await waitFor(() => api().worktrees.recordOf(api().chat)?.sessions.includes(session.id), 'the session belongs to the worktree');
    assert.deepEqual(api().worktrees.placeOf(session.id), { folder: record.cwd, branch: 'acp-chat/host-gone' });
    rmSync(record.path, { recursive: true, force: true });
    assert.equal(api().worktrees.placeOf(session.id), undefined, 'a missing worktree is no place to work');
    let detail = '';
    assert.equal(
      await api().worktrees.discard(record, api().chats, async (_question, d) => {
        detail = d;
        return true;
      }),
      true,
    );
    assert.match(detail, /Forget the worktree of acp-chat\/host-gone, whose folder is gone, and delete the branch\?/);
    assert.equal(git(dir, 'branch', '--list', 'acp-chat/host-gone').trim(), '');
    assert.doesNotMatch(git(dir, 'worktree', 'list', '--porcelain'), /host-gone/);
    assert.equal(api().worktrees.recordOf(api().chat), undefined);
    await waitFor(
      () => api().chat.session?.id !== undefined && api().chat.session?.id !== session.id && !api().chat.workPlace,
      'the chat in a new session in the workspace',
    );
    api().chat.notices.clear();
  });

  test('a folder that is not a git repository is said clearly, and nothing is made', async () => {
    const plain = join(workspaceRoot(), '..', `not-a-repo-${process.pid}`);
    mkdirSync(plain, { recursive: true });
    const before = api().worktrees.recordOf(api().chat);
    let refused: (Error & { reason?: string }) | undefined;
    await api()
      .worktrees.create(api().chat, [plain])
      .catch((err: Error) => (refused = err));
    // The extension's own error (another bundle than this test's, so compared by its reason) and its words.
    assert.equal(refused?.name, 'WorktreeError');
    assert.equal(refused?.reason, 'not-a-repository');
    assert.match(
      describeError(new WorktreeError('not-a-repository', String(refused?.message))).message,
      /^This folder is not in a git repository: a worktree is a second checkout of a repository\./,
    );
    assert.equal(api().worktrees.recordOf(api().chat), before);
  });
});
