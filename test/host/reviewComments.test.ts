// A review's draft comments in a real extension host: a comment on a line the agent changed is a draft thread on that
// line, and after the extension is deactivated and activated again (what a window reload does to it) the same draft is
// on the same line, still unsent. Then a plan the agent asks to start on, in plan mode: two comments on its lines and
// Send Feedback answer "keep planning", the next request to the model holds both comments, the chat is still in plan
// mode, and Approve Plan on the next plan lets the agent go on. The real adapter against the fake Messages API.
// The host suite runs this file with the stages of the one extension life (its activation replaces the side view's).
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { edit, held, text, toolUse, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { isPlanThread } from '../../src/reviewComments/reviewStore';
import { activate, closeAllEditors, reactivate, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

/** What VS Code passes the Add Comment action: a thread on `range` of `uri`, and the text typed into it. */
function reply(uri: vscode.Uri, line: number, body: string, controller: vscode.CommentController): vscode.CommentReply {
  return { thread: controller.createCommentThread(uri, new vscode.Range(line, 0, line, 0), []), text: body };
}

suite('A review’s comments', function () {
  this.timeout(120_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;
  // Stands in for the editor's gutter +: VS Code makes the empty thread the first comment goes into.
  const gutter = vscode.comments.createCommentController('acpChat.test.gutter', 'test');

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    await vscode.workspace.getConfiguration('acpChat').update('initialMode', 'acceptEdits', vscode.ConfigurationTarget.Global);
    api = await reactivate(await activate());
    await showChat();
  });

  /** Opens the chat in an editor tab (a new webview, so it asks this activation for its state) and waits for it. */
  async function showChat(): Promise<void> {
    await closeAllEditors();
    await vscode.commands.executeCommand('acpChat.openChatInEditor');
    await waitFor(() => api.chat.status.state === 'ready' && api.chat.session, 'the chat to be ready', 60_000);
  }

  suiteTeardown(async () => {
    gutter.dispose();
    await api?.chat.cancel().catch(() => undefined);
    await closeAllEditors();
    await fake?.close();
    await vscode.workspace.getConfiguration('acpChat').update('initialMode', undefined, vscode.ConfigurationTarget.Global);
  });

  test('a draft comment on a line the agent changed is kept, on its line and unsent, across deactivate and activate', async () => {
    const file = join(workspaceRoot(), 'review-draft.js');
    writeFileSync(file, 'const a = 1;\nconst b = 2;\n');
    fake.setScript([edit(file, 'const b = 2;', 'const b = 3;'), text('Changed b.')]);
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'change b' }]);
    await api.turnChanges.settled();
    const uri = vscode.Uri.file(file);
    await vscode.window.showTextDocument(uri);

    await vscode.commands.executeCommand('acpChat.review.comment.add', reply(uri, 1, 'Why 3?', gutter));
    const [draft] = api.reviewStore.all();
    assert.ok(draft, 'the comment is a thread of the review');
    assert.deepEqual([draft.path, draft.start, draft.lines, draft.state, draft.sessionId], [file, 1, ['const b = 3;'], 'draft', api.chat.session!.id]);

    api = await reactivate(api);
    await showChat();
    const again = api.reviewStore.all().find((t) => t.id === draft.id);
    assert.deepEqual(
      again && [again.path, again.start, again.state, again.comments.map((c) => c.body)],
      [file, 1, 'draft', ['Why 3?']],
      'the draft is back after the reload',
    );
    // A sent review's entry in the chat opens VS Code's Comments view, by its view's command.
    const commands = await vscode.commands.getCommands(true);
    assert.ok(
      commands.includes('workbench.action.focusCommentsPanel'),
      `the Comments view can be focused: ${commands.filter((c) => /comment/i.test(c)).join(', ')}`,
    );
    await api.actions.showReviewComments();
    const shown = api.commentThreads.shownThread(draft.id);
    assert.ok(shown, 'and on screen');
    assert.deepEqual(
      [shown.uri.fsPath, shown.range?.start.line, shown.contextValue, shown.comments.map((c) => (typeof c.body === 'string' ? c.body : c.body.value))],
      [file, 1, 'draft', ['Why 3?']],
    );
  });

  test('plan mode: two comments on the plan and Send Feedback keep planning with both; Approve Plan on the next plan goes on', async () => {
    await api.chat.newSession();
    const session = await api.chat.ensureSession();
    const modeNow = () => session.meta.configOptions.find((o) => o.category === 'mode')?.currentValue ?? session.meta.modes?.currentModeId;
    await api.actions.setMode('plan');
    await waitFor(() => modeNow() === 'plan', 'plan mode');

    // Claude Code reads the plan from the plan file it names to the model in plan mode, as ExitPlanMode's input: the
    // fake model "writes" it there (the test does) before it asks to start, each time.
    const plan = '# Plan\n\n1. Read cart.js\n2. Add a discount field\n3. Test it\n';
    const revised = `${plan}4. Read checkout.js\n`;
    let askFirst!: () => void;
    let askAgain!: () => void;
    const firstAsk = new Promise<void>((r) => (askFirst = r));
    const secondAsk = new Promise<void>((r) => (askAgain = r));
    const planFile = async (after: number) => {
      const request = await fake
        .waitForRequest((r) => r.seq > after && r.kind === 'main' && !!r.reply?.startsWith('held'), 40_000)
        .catch((err: Error) => {
          throw new Error(`${err.message}; after ${after}; ${fake.requests.map((r) => `${r.seq} ${r.kind} ${r.reply}`).join(', ')}`);
        });
      const path = /\/[^\s"'`]*\/plans\/[^\s"'`]+\.md/u.exec(request.allText)?.[0];
      assert.ok(path, 'plan mode names the plan file to the model');
      mkdirSync(dirname(path), { recursive: true });
      return path;
    };
    fake.setScript([held(toolUse('ExitPlanMode', {}), firstAsk), held(toolUse('ExitPlanMode', {}), secondAsk), text('Implementing it.')]);
    const from = fake.requests.at(-1)?.seq ?? 0;
    const first = session.prompt([{ type: 'text', text: 'plan a discount' }]);
    const path = await planFile(from);
    writeFileSync(path, plan);
    askFirst();

    const doc = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'acp-chat-plan-review'), 'the plan document', 40_000);
    assert.equal(doc.getText().trim(), plan.trim());
    await vscode.commands.executeCommand('acpChat.review.comment.add', reply(doc.uri, 2, 'Read checkout.js too.', gutter));
    await vscode.commands.executeCommand('acpChat.review.comment.add', reply(doc.uri, 3, 'Call it discountCode.', gutter));
    assert.equal(api.reviewStore.all().filter((t) => isPlanThread(t) && t.state === 'draft').length, 2);

    const beforeFeedback = fake.requests.at(-1)?.seq ?? 0;
    await vscode.commands.executeCommand('acpChat.plan.sendFeedback', doc.uri);
    assert.equal((await first).stopReason, 'cancelled', 'keep planning ends the turn');
    const request = await fake.waitForRequest(
      (r) => r.seq > beforeFeedback && r.kind === 'main' && (r.lastMessage?.texts ?? []).some((t) => t.includes('Keep planning')),
      40_000,
    );
    const sent = (request.lastMessage?.texts ?? []).join('\n');
    for (const part of [
      'Line 3 of the plan:\n```\n1. Read cart.js\n```\nRead checkout.js too.',
      'Line 4 of the plan:\n```\n2. Add a discount field\n```\nCall it discountCode.',
    ])
      assert.ok(sent.includes(part), `the request holds "${part}": ${sent}`);
    assert.equal(modeNow(), 'plan', 'still in plan mode');

    // The revised plan: Approve Plan answers as the card's Yes does, and the agent goes on.
    writeFileSync(path, revised);
    askAgain();
    const next = await waitFor(
      () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'acp-chat-plan-review' && d.getText().includes('4. Read checkout.js')),
      'the revised plan',
      40_000,
    );
    await vscode.commands.executeCommand('acpChat.plan.approve', next.uri);
    await waitFor(
      () => session.snapshot().entries.some((e) => e.kind === 'agent' && e.content.some((b) => b.type === 'text' && b.text.includes('Implementing it.'))),
      'the agent going on',
      40_000,
    );
    assert.notEqual(modeNow(), 'plan', 'out of plan mode');
  });
});
