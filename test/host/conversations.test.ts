// Conversations that last, in a real extension host: after the extension is deactivated and activated again (what a
// window reload does to it) the chat shows the same conversation and the next prompt continues it; the history
// QuickPick lists the workspace's sessions and opening the older one shows its transcript. The host suite runs this
// file after the feature suites: its new activation replaces the one whose side view is on screen.
import * as assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Session } from '../../src/acpClient/session';
import type { PermissionRecord } from '../../src/acpClient/transcript';
import { bash, read, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, closeAllEditors, quickInput, reactivate, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

function userTexts(api: ExtensionApi): string[] {
  return (api.chat.session?.snapshot().entries ?? []).flatMap((e) => (e.kind === 'user' ? e.content : [])).flatMap((b) => (b.type === 'text' ? [b.text] : []));
}

/** Opens the chat in an editor tab (a new webview, so it asks this activation for its state) and waits for it. */
async function showChat(api: ExtensionApi): Promise<void> {
  await closeAllEditors();
  await vscode.commands.executeCommand('acpChat.openChatInEditor');
  await waitFor(() => api.chat.status.state === 'ready' && api.chat.session, 'the chat to be ready', 40_000);
}

suite('Conversations that last', function () {
  this.timeout(90_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    // Whatever ran before, start from a fresh activation talking to this suite's fake API.
    api = await reactivate(await activate());
    await showChat(api);
  });

  suiteTeardown(async () => {
    await api?.chat.cancel().catch(() => undefined);
    await fake?.close();
  });

  test('after deactivate and activate the same conversation is shown and the next prompt continues it', async () => {
    await api.chat.newSession();
    const file = join(workspaceRoot(), 'remember-me.txt');
    writeFileSync(file, 'the secret is 4711\n');
    fake.setScript([read(file), text('I read it.')]);
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'read remember-me.txt' }]);
    const id = api.chat.session!.id;
    assert.equal(api.sessions.currentId(), id, 'the workspace remembers the session');

    api = await reactivate(api);
    assert.equal(api.chat.session, undefined, 'a fresh activation');
    await showChat(api);
    assert.equal(api.chat.session!.id, id, 'the same session is back');
    assert.ok(userTexts(api).includes('read remember-me.txt'), `the earlier prompt is shown: ${userTexts(api).join(' | ')}`);
    assert.ok(
      api.chat.session!.snapshot().entries.some((e) => e.kind === 'tool'),
      'with its tool call',
    );

    fake.setScript([text('Still 4711.')]);
    const before = fake.mainRequests().length;
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'what was the secret?' }]);
    const request = fake.mainRequests().slice(before).at(-1)!;
    assert.ok(
      request.historyToolResults.some((r) => r.text.includes('the secret is 4711')),
      'the model got the earlier turn (the Read result) with the new prompt',
    );
  });

  test('the history QuickPick lists both sessions and opening the older one shows its transcript', async () => {
    const older = api.chat.session!.id;
    await api.chat.newSession();
    fake.setScript([text('A newer conversation.')]);
    await (await api.chat.ensureSession()).prompt([{ type: 'text', text: 'start something new' }]);
    const newer = api.chat.session!.id;

    await vscode.commands.executeCommand('acpChat.openConversation');
    const view = await waitFor(() => {
      const v = api.history.view();
      return v && !v.busy && v.items.length >= 2 ? v : undefined;
    }, 'the history QuickPick with two sessions');
    const ids = view.items.map((i) => i.sessionId);
    assert.ok(ids.indexOf(newer) >= 0 && ids.indexOf(older) > ids.indexOf(newer), `newest first: ${ids.join(', ')}`);
    assert.match(view.items[ids.indexOf(newer)]!.description, /just now|minute/);
    assert.match(view.items[ids.indexOf(newer)]!.description, /current/);
    for (let i = view.activeIndex; i < ids.indexOf(older); i++) await quickInput('next');
    assert.equal(api.history.view()!.items[api.history.view()!.activeIndex]!.sessionId, older);
    await quickInput('accept');
    await waitFor(() => api.chat.session?.id === older, 'the older session to open', 40_000);
    assert.ok(userTexts(api).includes('read remember-me.txt'), `its transcript: ${userTexts(api).join(' | ')}`);
    assert.ok(!userTexts(api).includes('start something new'));
    assert.equal(api.sessions.currentId(), older);
  });
});

suite('Several conversations at once', function () {
  this.timeout(120_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    // Answered through the chat's cards here; no QuickPick, so "Show Pending Approval" starts from the oldest.
    await vscode.workspace.getConfiguration('acpChat').update('permissions.prompt', 'inline', vscode.ConfigurationTarget.Global);
    api = await reactivate(await activate());
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('acpChat').update('permissions.prompt', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    await fake?.close();
  });

  const pendingOf = (sessionId: string) => api.permissions.broker.pending().filter((p) => p.type === 'permission' && p.sessionId === sessionId);
  const recordsOf = (session: Session): PermissionRecord[] => session.snapshot().entries.flatMap((e) => (e.kind === 'permission' ? [e.permission] : []));

  test('two editor tabs, each with a pending approval answered in its own session; closing one cancels only its approval', async () => {
    const first = api.views.openTab();
    const one = await waitFor(() => first.session, 'the first tab’s session', 60_000);
    const second = api.views.openTab();
    const two = await waitFor(() => second.session, 'the second tab’s session', 60_000);
    assert.notEqual(one.id, two.id);
    assert.notEqual(one.id, api.chat.session?.id, 'not the side view’s session');

    const fileA = join(workspaceRoot(), 'tab-a.txt');
    const fileB = join(workspaceRoot(), 'tab-b.txt');
    // Each tab is titled after its chat once the agent names it (Claude Code asks the model for a title).
    // A tab's title without the mark of a chat that needs the user ("● ", tested in attention.test.ts).
    const titleOf = (label: string | undefined) => label?.replace(/^● /u, '');
    const tabLabels = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => titleOf(t.label)));
    assert.equal(tabLabels().filter((l) => l === 'New chat').length, 2, 'untitled tabs say so');
    for (const [session, title] of [
      [one, 'Touching a'],
      [two, 'Touching b'],
    ] as const) {
      fake.setTitle(title);
      fake.setScript([text('hello')]);
      assert.equal((await session.prompt([{ type: 'text', text: 'hello' }])).stopReason, 'end_turn');
      await waitFor(() => session.meta.title === title && tabLabels().includes(title), `the tab titled “${title}”`, 40_000);
    }

    fake.setScript([bash(`touch ${fileA}`)]);
    const turnA = one.prompt([{ type: 'text', text: 'touch a' }]);
    const reqA = await waitFor(() => pendingOf(one.id)[0], 'the first tab’s approval');
    fake.setScript([bash(`touch ${fileB}`)]);
    const turnB = two.prompt([{ type: 'text', text: 'touch b' }]);
    const reqB = await waitFor(() => pendingOf(two.id)[0], 'the second tab’s approval');
    assert.equal(api.permissions.broker.count, 2, 'the count is the total over both sessions');

    // With the user in the first tab, "Show Pending Approval" goes to that tab's request and reveals it.
    await api.views.reveal(first);
    await waitFor(() => api.chats.active === first, 'the first tab to be the chat the user is in');
    await vscode.commands.executeCommand('acpChat.showPendingPermission');
    await waitFor(() => titleOf(vscode.window.tabGroups.activeTabGroup.activeTab?.label) === 'Touching a', 'the first tab revealed');

    // Each answered in its own session, second first.
    fake.setScript([text('b done')]);
    assert.equal(api.permissions.answer(reqB.key, 'allow-once'), 'accepted');
    assert.equal((await turnB).stopReason, 'end_turn');
    assert.ok(existsSync(fileB));
    assert.equal(pendingOf(one.id).length, 1, 'the first tab still waits');
    fake.setScript([text('a done')]);
    assert.equal(api.permissions.answer(reqA.key, 'allow-once'), 'accepted');
    assert.equal((await turnA).stopReason, 'end_turn');
    assert.ok(existsSync(fileA));
    assert.equal(recordsOf(one).at(-1)?.outcome.status, 'selected');
    assert.equal(recordsOf(two).at(-1)?.outcome.status, 'selected');
    assert.equal(recordsOf(one).length, 1, 'no approval crossed over');
    assert.equal(recordsOf(two).length, 1);

    // Both wait again; closing the second tab cancels only its approval and closes its session.
    const fileC = join(workspaceRoot(), 'tab-c.txt');
    const fileD = join(workspaceRoot(), 'tab-d.txt');
    fake.setScript([bash(`touch ${fileC}`)]);
    const turnC = one.prompt([{ type: 'text', text: 'touch c' }]);
    const reqC = await waitFor(() => pendingOf(one.id)[0], 'the first tab’s second approval');
    fake.setScript([bash(`touch ${fileD}`)]);
    const turnD = two.prompt([{ type: 'text', text: 'touch d' }]).catch((e: unknown) => e);
    await waitFor(() => pendingOf(two.id)[0], 'the second tab’s second approval');
    fake.setScript([text('d cancelled')]);
    api.views.closeTab(second);
    await waitFor(() => pendingOf(two.id).length === 0, 'the closed tab’s approval to be settled');
    assert.deepEqual(recordsOf(two).at(-1)?.outcome, { status: 'cancelled', reason: 'session-closed' });
    assert.equal(two.snapshot().meta.connection, 'disconnected', 'its session is closed');
    assert.equal(pendingOf(one.id).length, 1, 'the other tab’s approval still waits');
    assert.equal(api.permissions.broker.count, 1);
    fake.setScript([text('c done')]);
    assert.equal(api.permissions.answer(reqC.key, 'allow-once'), 'accepted');
    assert.equal((await turnC).stopReason, 'end_turn');
    assert.ok(existsSync(fileC));
    assert.ok(!existsSync(fileD), 'the cancelled command never ran');
    await turnD;
    api.views.closeTab(first);
  });
});
