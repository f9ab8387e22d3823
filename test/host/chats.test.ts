// One chat, wherever it is shown: with an editor tab focused, and again with the side view focused, the chat commands
// act on the chat the user is in and leave the other alone. Focus moves as a person moves it (VS Code's own focus
// commands); the extension learns it from the focused page, as it does for a click.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Chat } from '../../src/chat/chat';
import type { Prompt } from '../../src/permissionUI/permissionBroker';
import { apiError, bash, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { activate, closeAllEditors, quickInput, setSetting, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

function userTexts(chat: Chat): string[] {
  return (chat.session?.snapshot().entries ?? []).flatMap((e) => (e.kind === 'user' ? e.content : [])).flatMap((b) => (b.type === 'text' ? [b.text] : []));
}

suite('Commands act on the chat the user is in', function () {
  this.timeout(180_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;
  let tab: Chat;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    // Approvals wait on the chats' cards: nothing pops up and takes the focus.
    await setSetting('permissions.prompt', 'inline');
    // The activation whose side view is on screen (a reactivated one would not get the view's page back), restarted
    // on this suite's fake API.
    api = await activate();
    await closeAllEditors();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart(api.chat);
    await waitFor(() => api.chat.session, 'the side view’s session', 60_000);
    tab = api.views.openTab();
    await waitFor(() => tab.session, 'the tab’s session', 60_000);
    // A notice another suite left on the side view's chat (e.g. a refused install) is not this suite's.
    api.chat.notices.clear();
  });

  suiteTeardown(async () => {
    // A test that failed midway may leave turns waiting on approvals: end them for the suites that follow.
    for (const chat of api?.chats.all() ?? []) await chat.cancel().catch(() => undefined);
    await setSetting('permissions.prompt', undefined);
    await closeAllEditors();
    await fake?.close();
  });

  /** Moves the focus as a person would, and waits until the extension knows. */
  async function focus(where: 'tab' | 'side view'): Promise<{ target: Chat; other: Chat }> {
    const target = where === 'tab' ? tab : api.chat;
    if (where === 'tab') await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    else await vscode.commands.executeCommand('acpChat.chatView.focus');
    await waitFor(() => api.chats.active === target, `the ${where} to be the chat the user is in`);
    return { target, other: target === tab ? api.chat : tab };
  }

  const pendingOf = (chat: Chat) => api.permissions.broker.pending().filter((p) => p.sessionId === chat.session?.id);

  /** A turn in `chat` that waits on an approval of a command (wrapped: an async function would await the turn). */
  async function waitingTurn(chat: Chat, name: string) {
    fake.setScript([bash(`touch ${join(workspaceRoot(), `${name}.txt`)}`)]);
    const turn = chat.session!.prompt([{ type: 'text', text: `touch ${name}` }]);
    await waitFor(() => pendingOf(chat).length === 1, `${name}: the approval`);
    return { turn };
  }

  test('a session opened in a tab is in the stored history (for agents without session/list); the side view’s is the one to reopen', async () => {
    await waitFor(() => api.sessions.recent().some((i) => i.sessionId === tab.session?.id), 'the tab’s session in the stored history');
    assert.equal(api.sessions.currentId(), api.chat.session?.id);
  });

  for (const where of ['tab', 'side view'] as const) {
    test(`${where} focused: New Chat replaces only its session`, async () => {
      const { target, other } = await focus(where);
      const before = target.session!.id;
      const otherBefore = other.session!.id;
      await vscode.commands.executeCommand('acpChat.newSession');
      assert.notEqual(target.session?.id, before, 'a new session in the chat the user is in');
      assert.equal(other.session?.id, otherBefore, 'the other chat keeps its session');
    });

    test(`${where} focused: Show Pending Approval shows its request; Stop ends only its turn`, async () => {
      const { target, other } = await focus(where);
      const { turn: otherTurn } = await waitingTurn(other, `${where}-other`);
      const { turn: targetTurn } = await waitingTurn(target, `${where}-target`);
      const revealed: Prompt[] = [];
      const sub = api.permissions.onDidRequestReveal((p) => revealed.push(p));
      await vscode.commands.executeCommand('acpChat.showPendingPermission');
      sub.dispose();
      assert.deepEqual(
        revealed.map((p) => p.sessionId),
        [target.session!.id],
        'the request of the chat the user is in, not the older one',
      );
      await focus(where);

      fake.setScript([text('stopped')]);
      await vscode.commands.executeCommand('acpChat.cancelTurn');
      assert.equal((await targetTurn).stopReason, 'cancelled');
      assert.equal(pendingOf(other).length, 1, 'the other chat’s approval still waits');
      assert.notEqual(other.session!.status.turn, 'idle', 'the other chat’s turn still runs');
      await other.cancel();
      assert.equal((await otherTurn).stopReason, 'cancelled');
    });

    test(`${where} focused: Show Chats… opens the pick in that chat`, async () => {
      const { target, other } = await focus(where);
      // The conversation with the approval above, left for a new one: the one to pick.
      const earlier = target.session!.id;
      await target.newSession();
      const otherId = other.session!.id;
      await vscode.commands.executeCommand('acpChat.openConversation');
      const view = await waitFor(() => {
        const v = api.history.view();
        return v && !v.busy && v.items.some((i) => i.sessionId === earlier) ? v : undefined;
      }, 'the history QuickPick');
      const pick = view.items.findIndex((i) => i.sessionId === earlier);
      for (let i = view.activeIndex; i < pick; i++) await quickInput('next');
      assert.equal(api.history.view()!.items[api.history.view()!.activeIndex]!.sessionId, earlier);
      await quickInput('accept');
      await waitFor(() => target.session?.id === earlier, 'the picked conversation in the chat the user is in', 40_000);
      assert.ok(userTexts(target).includes(`touch ${where}-target`), 'its transcript');
      assert.equal(other.session?.id, otherId, 'the other chat still shows its own');
    });

    test(`${where} focused: a busy model API's notice is that chat's, and Retry sends into it`, async () => {
      const { target, other } = await focus(where);
      fake.setScript(Array.from({ length: 4 }, () => apiError(529, 'overloaded_error', 'fake-529', 1)));
      const page = api.pageActions(target);
      await page.sendPrompt(`busy in the ${where}`, []);
      const notice = await waitFor(() => target.notices.current, 'the notice in the chat the user is in', 40_000);
      assert.deepEqual(
        notice.buttons.map((b) => b.label),
        ['Retry', 'Show Log'],
      );
      assert.equal(other.notices.current, null, 'the other chat shows no notice');
      const otherTexts = userTexts(other);
      fake.setScript([text('answered again')]);
      await page.noticeAction(notice.id, 'resendPrompt');
      await waitFor(
        () => target.session?.status.turn === 'idle' && userTexts(target).filter((t) => t === `busy in the ${where}`).length === 2,
        'the prompt sent again in the same chat',
      );
      assert.deepEqual(userTexts(other), otherTexts, 'nothing was sent into the other chat');
      assert.equal(target.notices.current, null, 'the notice is gone');
    });

    test(`${where} focused: Restart continues that chat's conversation before it returns`, async () => {
      const { target, other } = await focus(where);
      const id = target.session!.id;
      const otherId = other.session!.id;
      const pid = api.agentPid();
      await vscode.commands.executeCommand('acpChat.restartAgent');
      assert.notEqual(api.agentPid(), pid, 'a new agent');
      assert.equal(target.session?.id, id, 'the same conversation');
      assert.ok(target.session && api.host.isLive(target.session), 'on the new agent once the command returns');
      await waitFor(() => other.session && api.host.isLive(other.session), 'the other chat to continue too', 40_000);
      assert.equal(other.session?.id, otherId);
    });
  }
});
