// The agent's changes under review in the editor, in a real extension host with the real Claude adapter editing the
// files (against the fake Messages API): a turn that changes three hunks in one file and one in another; Undo of the
// second hunk writes back only that hunk's lines, and VS Code's one Undo brings it back; a hunk the user changed since
// is refused with the reason, the others are unaffected; Keep clears a hunk's mark.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { edit, read, text } from '../fixtures/fakeAnthropic';
import { REVIEW } from '../../src/review/reviewWording';
import { hunkId } from '../../src/review/hunks';
import { acceptEditsSuite, closeAllEditors, workspaceRoot } from './helpers';

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
];

suite('The agent’s changes under review in the editor', function () {
  this.timeout(90_000);
  const bed = acceptEditsSuite();

  test('three hunks in one file and one in another: Undo of the second changes only it on disk, one Undo brings it back; a hunk the user edited is refused', async () => {
    const dir = join(workspaceRoot(), 'editor-review');
    mkdirSync(dir, { recursive: true });
    const a = join(dir, 'words.txt');
    const b = join(dir, 'other.txt');
    writeFileSync(a, WORDS.map((w) => `${w}\n`).join(''));
    writeFileSync(b, 'x\ny\nz\n');
    bed.fake.setScript([
      read(a),
      edit(a, 'bravo', 'BRAVO'),
      edit(a, 'hotel', 'HOTEL'),
      edit(a, 'oscar', 'OSCAR'),
      read(b),
      edit(b, 'y', 'Y'),
      text('Changed four lines.'),
    ]);
    const response = await (await bed.api.chat.ensureSession()).prompt([{ type: 'text', text: 'change four lines' }]);
    assert.equal(response.stopReason, 'end_turn');
    await bed.api.turnChanges.settled();
    const agentLeft = WORDS.map((w) => `${['bravo', 'hotel', 'oscar'].includes(w) ? w.toUpperCase() : w}\n`).join('');
    assert.equal(readFileSync(a, 'utf8'), agentLeft, 'the agent really edited three places');
    assert.equal(bed.api.editorReview.count(a), 3);
    assert.equal(bed.api.editorReview.count(b), 1);

    // The marks are where the code is: the CodeLens of each hunk offers Keep and Undo.
    const { document: doc } = await vscode.window.showTextDocument(vscode.Uri.file(a));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const ours = lenses.filter((l) => l.command?.command.startsWith('acpChat.review.'));
    assert.deepEqual(
      ours.map((l) => [l.range.start.line, l.command!.title]),
      [
        [1, REVIEW.keepLens],
        [1, REVIEW.undoLens],
        [7, REVIEW.keepLens],
        [7, REVIEW.undoLens],
        [14, REVIEW.keepLens],
        [14, REVIEW.undoLens],
      ],
    );

    const hunks = await bed.api.editorReview.hunks(a);
    assert.equal(await bed.api.editorReview.undo(a, hunkId(hunks[1]!)), true);
    const secondUndone = agentLeft.replace('HOTEL\n', 'hotel\n');
    assert.equal(readFileSync(a, 'utf8'), secondUndone, 'only the second hunk is back as it was, on disk');
    assert.equal(readFileSync(b, 'utf8'), 'x\nY\nz\n', 'the other file is untouched');
    assert.equal(bed.api.editorReview.count(a), 2);

    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), agentLeft, 'one Undo brings the agent’s hunk back');
    await doc.save();

    // The user changes the first hunk: its Undo is refused with the reason; the third's still works.
    const mine = new vscode.WorkspaceEdit();
    mine.replace(doc.uri, new vscode.Range(1, 0, 1, 5), 'BRAVO, as I like it');
    assert.equal(await vscode.workspace.applyEdit(mine), true);
    const now = await bed.api.editorReview.hunks(a);
    assert.deepEqual(
      now.map((h) => h.edited),
      [true, false],
    );
    bed.api.chat.notices.clear();
    assert.equal(await bed.api.editorReview.undo(a, hunkId(now[0]!)), false);
    assert.equal(bed.api.chat.notices.current?.message, REVIEW.editedByYou);
    assert.equal(doc.getText().split('\n')[1], 'BRAVO, as I like it', 'the user’s line is left as they wrote it');
    assert.equal(await bed.api.editorReview.undo(a, hunkId(now[1]!)), true);
    assert.equal(readFileSync(a, 'utf8'), agentLeft.replace('BRAVO\n', 'BRAVO, as I like it\n').replace('OSCAR\n', 'oscar\n'));

    // Keep clears the other file's one mark, and the file is as the agent left it.
    const [other] = await bed.api.editorReview.hunks(b);
    assert.equal(await bed.api.editorReview.keep(b, hunkId(other!)), true);
    assert.equal(bed.api.editorReview.count(b), 0);
    assert.equal(readFileSync(b, 'utf8'), 'x\nY\nz\n');
    await closeAllEditors();
  });
});
