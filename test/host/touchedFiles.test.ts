// Which chat changed a file, in a real extension host: the real Claude adapter edits a file (against the fake Messages
// API), the editor's CodeLens on that file names the chat and its prompt, and the lens opens the chat. Runs on a fresh
// agent pointed at its own fake API.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { edit, read, text } from '../fixtures/fakeAnthropic';
import { TouchIndex, type TouchEntry } from '../../src/touchedFiles/touchIndex';
import { acceptEditsSuite, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

/** The lens's command (the extension declares it in src/contributions/commandIds.ts). */
const OPEN_CHAT_TURN = 'acpChat.openChatTurn';

/** What the capability gives the tests besides helpers.ts's view. */
type WithTouchedFiles = ExtensionApi & { touchedBy(path: string): readonly TouchEntry[] };

suite('Which chat changed a file: the editor’s “Changed by …” lens', function () {
  this.timeout(90_000);
  const bed = acceptEditsSuite();
  const title = 'Touching the lensed file';
  let file: string;
  let sessionId: string;

  /** The "Changed by …" lenses VS Code shows on `path` (other providers' lenses, as Keep and Undo, left out). */
  async function chatLenses(path: string): Promise<vscode.CodeLens[]> {
    // VS Code asks the providers about a document it holds: opened first.
    await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[] | undefined>('vscode.executeCodeLensProvider', vscode.Uri.file(path));
    return (lenses ?? []).filter((l) => l.command?.command === OPEN_CHAT_TURN);
  }

  suiteSetup(async () => {
    const dir = join(workspaceRoot(), 'touched-files');
    mkdirSync(dir, { recursive: true });
    file = join(dir, 'lensed.txt');
    writeFileSync(file, 'one\ntwo\nthree\n');
  });

  test('the side view’s chat edits a file: its lens names the chat and “prompt 1”, and reveals the chat', async () => {
    const api = bed.api as WithTouchedFiles;
    bed.fake.setTitle(title);
    bed.fake.setScript([read(file), edit(file, 'two', 'TWO'), text('Changed it.')]);
    const session = await api.chat.ensureSession();
    sessionId = session.id;
    const response = await session.prompt([{ type: 'text', text: 'change the lensed file' }]);
    assert.equal(response.stopReason, 'end_turn');
    await api.turnChanges.settled();
    assert.ok(
      api.turnChanges.current?.files.some((f) => f.path === file),
      'the turn changed the file',
    );
    await waitFor(() => session.meta.title === title, `the chat titled “${title}”`, 40_000);
    assert.deepEqual(
      api.touchedBy(file).map((e) => [e.sessionId, e.userIndex, e.title]),
      [[sessionId, 0, title]],
      'the index names the chat, its first prompt and its title',
    );

    const lenses = await chatLenses(file);
    assert.equal(lenses.length, 1, `one lens: ${lenses.map((l) => l.command?.title).join(' | ')}`);
    const lens = lenses[0]!;
    assert.equal(lens.range.start.line, 0, 'on the first line');
    assert.ok(lens.command!.title.includes(`“${title}”`), `names the chat: ${lens.command!.title}`);
    assert.match(lens.command!.title, /prompt 1$/);
    assert.deepEqual(lens.command!.arguments, [sessionId, 0]);

    // Kept in the workspace's state, for the next window.
    const stored = TouchIndex.parse(api.context.workspaceState.get<unknown>('acpChat.touchedFiles'));
    assert.deepEqual(
      stored.touchedBy('touched-files/lensed.txt').map((e) => e.sessionId),
      [sessionId],
    );

    // The user is in the editor; the lens takes them to the chat.
    await vscode.window.showTextDocument(vscode.Uri.file(file), { preserveFocus: false });
    await waitFor(() => !api.chats.hasKeyboardFocus, 'the chat to lose the keyboard focus');
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    await waitFor(() => api.chats.hasKeyboardFocus && api.chats.active === api.chat, 'the side view’s chat to have the keyboard focus');
    assert.equal(api.chat.session?.id, sessionId, 'still the chat that changed the file');
  });

  test('a chat no view shows any more is opened in the side view by its lens', async () => {
    const api = bed.api;
    assert.ok(sessionId, 'the first test ran');
    await api.chat.newSession();
    assert.notEqual(api.chat.session?.id, sessionId);
    assert.equal(api.chats.forSession(sessionId), undefined, 'no chat shows it');

    const lens = (await chatLenses(file))[0];
    assert.ok(lens, 'the lens is still there');
    assert.ok(lens.command!.title.includes(`“${title}”`), `named from what was kept: ${lens.command!.title}`);
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    await waitFor(() => api.chat.session?.id === sessionId, 'the chat that changed the file to open in the side view', 40_000);
    assert.match((await chatLenses(file))[0]?.command?.title ?? '', /prompt 1$/, 'shown again, its turns do not move the lens');
  });
});
