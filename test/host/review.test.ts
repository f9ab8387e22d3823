// A turn's changes reviewed and reverted in a real extension host, with the real Claude adapter writing the files
// (against the fake Messages API). Runs on a fresh agent pointed at its own fake API.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { bash, edit, read, text, write } from '../fixtures/fakeAnthropic';
import type { TurnChangeSet } from '../../src/checkpoints/turnChangeTracker';
import { reviewTitle } from '../../src/review/turnReview';
import { acceptEditsSuite, closeAllEditors, quickInput, waitFor, workspaceRoot } from './helpers';

suite('A turn’s changes: review and revert', function () {
  this.timeout(90_000);
  const bed = acceptEditsSuite();

  /** Runs one prompt and returns the change set the tracker worked out for it. */
  async function turn(prompt: string): Promise<TurnChangeSet | undefined> {
    const before = bed.api.turnChanges.current;
    const response = await (await bed.api.chat.ensureSession()).prompt([{ type: 'text', text: prompt }]);
    assert.equal(response.stopReason, 'end_turn');
    await bed.api.turnChanges.settled();
    const set = bed.api.turnChanges.current;
    return set === before ? undefined : set;
  }

  function folder(name: string): string {
    const dir = join(workspaceRoot(), name);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  test('two written files and one edit: "3 files changed", the multi-diff opens, Revert one (undoable), Revert All', async () => {
    const dir = folder('review-turn');
    const existing = join(dir, 'existing.txt');
    const a = join(dir, 'new-a.txt');
    const b = join(dir, 'new-b.txt');
    writeFileSync(existing, 'one\ntwo\nthree\n');
    bed.fake.setScript([write(a, 'alpha\n'), write(b, 'beta\nbeta two\n'), read(existing), edit(existing, 'two', 'TWO'), text('Done.')]);
    const set = await turn('change three files');
    assert.ok(set, 'the turn has a change set');
    assert.deepEqual(
      set.files.map((f) => [f.path, f.added, f.removed, f.before === null ? 'created' : 'modified']),
      [
        [existing, 1, 1, 'modified'],
        [a, 1, 0, 'created'],
        [b, 2, 0, 'created'],
      ],
    );
    assert.equal(readFileSync(existing, 'utf8'), 'one\nTWO\nthree\n', 'the agent really edited it');

    await bed.api.turnReview.review(set.id);
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    const tab = await waitFor(() => tabs().find((t) => t.label.startsWith(reviewTitle())), 'the multi-file diff editor').catch((err: Error) => {
      throw new Error(
        `${err.message}; tabs: ${tabs()
          .map((t) => `${t.label} (${(t.input as object | undefined)?.constructor?.name})`)
          .join(', ')}`,
      );
    });
    const diffs = multiDiffOf(tab);
    if (diffs) {
      assert.deepEqual(
        diffs.map((d) => d.modified.fsPath),
        [existing, a, b],
      );
      assert.equal((await vscode.workspace.openTextDocument(diffs[0]!.original)).getText(), 'one\ntwo\nthree\n', 'left: before the turn');
    }
    await closeAllEditors();
    await waitFor(() => tabs().length === 0, 'the diff editor closed');

    // Revert one file: back to its content before the turn, and one Undo brings the agent's version back.
    const { document: doc } = await vscode.window.showTextDocument(vscode.Uri.file(existing));
    const one = await bed.api.turnReview.revert(set.id, [existing]);
    assert.deepEqual(one, { reverted: [existing], refused: [] });
    assert.equal(readFileSync(existing, 'utf8'), 'one\ntwo\nthree\n', 'reverted on disk');
    assert.equal(doc.getText(), 'one\ntwo\nthree\n', 'and in the open buffer');
    assert.equal(bed.api.turnChanges.current?.files.find((f) => f.path === existing)?.reverted, true);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'one\nTWO\nthree\n', 'one Undo restores the agent’s version');
    await vscode.commands.executeCommand('workbench.action.files.revert'); // leave the disk's (reverted) text
    await closeAllEditors();

    // Revert All: the rest (the two created files are deleted).
    const all = await bed.api.turnReview.revert(set.id);
    assert.deepEqual(all, { reverted: [a, b], refused: [] });
    assert.equal(existsSync(a), false);
    assert.equal(existsSync(b), false);
    assert.equal(readFileSync(existing, 'utf8'), 'one\ntwo\nthree\n');
  });

  test('a file changed after the agent wrote it is not reverted, and says why', async () => {
    const dir = folder('review-refused');
    const file = join(dir, 'later.txt');
    bed.fake.setScript([write(file, 'from the agent\n'), text('Written.')]);
    const set = await turn('write a file');
    assert.ok(set);
    writeFileSync(file, 'from the agent\nand the user\n');
    const result = await bed.api.turnReview.revert(set.id, [file]);
    assert.deepEqual(result.reverted, []);
    assert.match(result.refused[0]?.reason ?? '', /changed after the agent wrote it/);
    assert.equal(readFileSync(file, 'utf8'), 'from the agent\nand the user\n', 'left as the user made it');
  });

  test('in a git repository, a file changed by a shell command is listed from the turn-start snapshot and reverted', async () => {
    const root = workspaceRoot();
    const tracked = join(folder('review-git'), 'tracked.txt');
    writeFileSync(tracked, 'committed\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: root });
    git('init', '-q');
    git('add', 'review-git/tracked.txt');
    git('commit', '-q', '-m', 'base');
    writeFileSync(tracked, 'committed\nuncommitted work\n'); // the snapshot holds the working tree, not HEAD
    // Claude Code's command sandbox protects a repository's `.git` only in a session started inside it (its mount
    // points are laid out at start); a repository made under a running session can make bwrap refuse the command.
    // As a user would, the agent starts again in the new repository.
    await bed.api.chats.restart();
    await bed.api.chat.newSession();
    bed.fake.setScript([bash(`printf 'shell wrote this\\n' > ${tracked}`), text('Ran it.')]);
    // Whatever the mode asks for this command is allowed once.
    const allow = bed.api.permissions.broker.onDidAdd((p) => {
      if (p.type !== 'permission') return;
      bed.api.permissions.answer(p.key, 'allow-once');
    });
    const sent = bed.fake.requests.length;
    const set = await turn('overwrite it from the shell').finally(() => allow.dispose());
    const told = bed.fake.requests
      .slice(sent)
      .map((r) => `${r.kind}/${r.reply}: ${r.toolResults.map((t) => `${t.isError ? 'error ' : ''}${t.text}`).join(' | ')}`);
    assert.equal(readFileSync(tracked, 'utf8'), 'shell wrote this\n', `the shell command ran; the model API was told: ${told.join('; ')}`);
    assert.ok(set, 'the turn has a change set');
    const file = set.files.find((f) => f.path === tracked);
    assert.ok(file, `listed: ${set.files.map((f) => f.path).join(', ')}`);
    assert.equal(file.source, 'git');
    assert.equal(file.before, 'committed\nuncommitted work\n');
    assert.deepEqual(await bed.api.turnReview.revert(set.id, [tracked]), { reverted: [tracked], refused: [] });
    assert.equal(readFileSync(tracked, 'utf8'), 'committed\nuncommitted work\n');
  });

  test('Review Changes…: two turns, each writing a file; "since prompt 1" picked opens one diff of both', async () => {
    await bed.api.chat.newSession(); // only this test's two turns
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    const dir = folder('review-since');
    const first = join(dir, 'first.txt');
    const second = join(dir, 'second.txt');
    bed.fake.setScript([write(first, 'one\n'), text('Wrote it.')]);
    const one = await turn('write the first file');
    bed.fake.setScript([write(second, 'two\n'), text('Wrote it too.')]);
    const two = await turn('write the second file');
    assert.ok(one && two, 'each turn has a change set');

    const command = vscode.commands.executeCommand('acpChat.reviewChanges');
    // The focus is known once VS Code has reported the first row active back.
    const view = await waitFor(() => {
      const v = bed.api.reviewRangePicker.view();
      return v && v.activeIndex >= 0 ? v : undefined;
    }, 'the Review Changes QuickPick');
    assert.deepEqual(
      view.items.map((i) => [i.label, i.description]),
      [
        ['All changes in this chat', '2 files'],
        ['Since prompt 2: write the second file', '1 file'],
        ['Since prompt 1: write the first file', '2 files'],
      ],
    );
    for (let i = view.activeIndex; i < 2; i++) await quickInput('next');
    assert.equal(bed.api.reviewRangePicker.view()?.activeIndex, 2);
    await quickInput('accept');
    await command;

    const title = 'Changes by the agent since prompt 1';
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    const tab = await waitFor(() => tabs().find((t) => t.label.startsWith(title)), 'the multi-file diff editor');
    const diffs = multiDiffOf(tab);
    if (diffs) {
      assert.deepEqual(
        diffs.map((d) => d.modified.fsPath),
        [first, second],
      );
      // Each left side is the file before the turn that first changed it: both were created, so empty.
      assert.deepEqual(
        diffs.map((d) => d.original.path.split('/')[1]),
        [one.id, two.id],
      );
      for (const d of diffs) assert.equal((await vscode.workspace.openTextDocument(d.original)).getText(), '', 'left: before the turn');
    }
    await closeAllEditors();
  });
});

/**
 * The files of a multi-file diff tab, read through VS Code's TabInputTextMultiDiff; undefined on a VS Code whose API
 * has none (the tab's title is then all there is to check).
 */
function multiDiffOf(tab: vscode.Tab): vscode.TabInputTextDiff[] | undefined {
  const multiDiff = (vscode as unknown as { TabInputTextMultiDiff?: new (...a: never[]) => { textDiffs: vscode.TabInputTextDiff[] } }).TabInputTextMultiDiff;
  if (!multiDiff) return undefined;
  assert.ok(tab.input instanceof multiDiff, 'a multi-file diff editor');
  return (tab.input as { textDiffs: vscode.TabInputTextDiff[] }).textDiffs;
}
