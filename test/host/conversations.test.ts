// Conversations that last, in a real extension host: after the extension is deactivated and activated again (what a
// window reload does to it) the chat shows the same conversation and the next prompt continues it; the history
// QuickPick lists the workspace's sessions and opening the older one shows its transcript.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { read, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, closeAllEditors, quickInput, reactivate, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

function userTexts(api: ExtensionApi): string[] {
  return (api.chat.session?.snapshot().entries ?? [])
    .flatMap((e) => (e.kind === 'user' ? e.content : []))
    .flatMap((b) => (b.type === 'text' ? [b.text] : []));
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
    await api.chat.prompt([{ type: 'text', text: 'read remember-me.txt' }]);
    const id = api.chat.session!.id;
    assert.equal(api.sessions.currentId(), id, 'the workspace remembers the session');

    api = await reactivate(api);
    assert.equal(api.chat.session, undefined, 'a fresh activation');
    await showChat(api);
    assert.equal(api.chat.session!.id, id, 'the same session is back');
    assert.ok(userTexts(api).includes('read remember-me.txt'), `the earlier prompt is shown: ${userTexts(api).join(' | ')}`);
    assert.ok(api.chat.session!.snapshot().entries.some((e) => e.kind === 'tool'), 'with its tool call');

    fake.setScript([text('Still 4711.')]);
    const before = fake.mainRequests().length;
    await api.chat.prompt([{ type: 'text', text: 'what was the secret?' }]);
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
    await api.chat.prompt([{ type: 'text', text: 'start something new' }]);
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
