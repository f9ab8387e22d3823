// Restore code to before a prompt whose turn changed files only through shell commands, in a real extension host with
// the real Claude adapter (against the fake Messages API): Bash deletes one file and edits two in a git repository;
// the side chat's tracker sees them through the turn-start snapshot; CodeRestore (what Go Back's "Restore code"
// runs, its question answered Restore here: a modal no one can answer in this host) puts them back as one
// WorkspaceEdit, the deleted file included, and Undo Rewind takes it back.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bash, text } from '../fixtures/fakeAnthropic';
import { CodeRestore, type RestoreOutcome } from '../../src/checkpoints/codeRestore';
import { acceptEditsSuite, closeAllEditors, workspaceRoot } from './helpers';

suite('Restore code to before a prompt: shell commands’ changes', function () {
  this.timeout(120_000);
  const bed = acceptEditsSuite();
  const warnings: string[] = [];
  const logger = {
    info: () => undefined,
    warn: (msg: string) => warnings.push(msg),
    error: (msg: string) => warnings.push(msg),
  };

  test('a file Bash deleted comes back and Bash edits are undone, as one edit; Undo Rewind takes it back', async () => {
    const root = workspaceRoot();
    const dir = join(root, 'restore-shell');
    mkdirSync(dir, { recursive: true });
    const gone = join(dir, 'gone.txt');
    const edited = join(dir, 'edited.txt');
    const printed = join(dir, 'printed.txt');
    const contents = (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : null);
    writeFileSync(gone, 'keep me\n');
    writeFileSync(edited, 'alpha\nbeta\ngamma\n');
    writeFileSync(printed, 'committed\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: root });
    git('init', '-q');
    git('add', 'restore-shell');
    git('commit', '-q', '-m', 'restore base');
    writeFileSync(printed, 'uncommitted work\n'); // the snapshot holds the working tree, not HEAD
    // The agent starts in the repository (Claude Code's command sandbox lays out its protection of `.git` at start).
    await bed.api.chats.restart();
    await bed.api.chat.newSession();
    bed.fake.setScript([bash(`rm ${gone}`), bash(`sed -i 's/beta/BETA/' ${edited}`), bash(`printf 'shell wrote this\\n' > ${printed}`), text('Ran them.')]);
    const allow = bed.api.permissions.broker.onDidAdd((p) => {
      if (p.type === 'permission') bed.api.permissions.answer(p.key, 'allow-once');
    });
    const session = await bed.api.chat.ensureSession();
    const userIndex = session.snapshot().entries.filter((e) => e.kind === 'user').length;
    const sent = bed.fake.requests.length;
    const response = await session.prompt([{ type: 'text', text: 'remove one file and change two from the shell' }]).finally(() => allow.dispose());
    assert.equal(response.stopReason, 'end_turn');
    await bed.api.turnChanges.settled();
    const told = bed.fake.requests
      .slice(sent)
      .map((r) => `${r.kind}/${r.reply}: ${r.toolResults.map((t) => `${t.isError ? 'error ' : ''}${t.text}`).join(' | ')}`);
    assert.deepEqual(
      [contents(gone), contents(edited), contents(printed)],
      [null, 'alpha\nBETA\ngamma\n', 'shell wrote this\n'],
      `the shell commands ran; the model API was told: ${told.join('; ')}`,
    );

    const restore = new CodeRestore(logger);
    try {
      let asked: { count: { deleting: number; restoring: number }; leftAlone: RestoreOutcome['refused'] } | undefined;
      const outcome = await restore.restore(bed.api.turnChanges, userIndex, (count, leftAlone) => {
        asked = { count, leftAlone };
        return Promise.resolve(true);
      });
      // Nothing to delete: the file the shell deleted comes back, the two it changed are restored.
      assert.deepEqual(asked, { count: { deleting: 0, restoring: 3 }, leftAlone: [] });
      assert.deepEqual(outcome, { restored: [edited, gone, printed], unchanged: [], refused: [], unverified: [] });
      assert.deepEqual([contents(gone), contents(edited), contents(printed)], ['keep me\n', 'alpha\nbeta\ngamma\n', 'uncommitted work\n']);
      assert.equal(git('status', '--porcelain', '--', 'restore-shell').toString(), ' M restore-shell/printed.txt\n');

      // Undo Rewind: the shell's versions again, the file deleted again.
      assert.ok(restore.canUndo(bed.api.turnChanges));
      const undone = await restore.undo(bed.api.turnChanges);
      assert.deepEqual(undone, { restored: [edited, gone, printed], unchanged: [], refused: [], unverified: [] });
      assert.deepEqual([contents(gone), contents(edited), contents(printed)], [null, 'alpha\nBETA\ngamma\n', 'shell wrote this\n']);
      assert.deepEqual(warnings, []);
    } finally {
      restore.dispose();
      await closeAllEditors();
    }
  });
});
