// Attention: a turn that ends, a question, an error — each told by a notification with Show while the window has no
// focus, and by nothing while the user looks at that chat; "Go to Next Chat That Needs You" walks the waiting chats,
// oldest first. The window loses the focus as to another window (the bed driver brings another page to the front),
// and the notifications are read from the screen.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AttentionCenter, RaisedNotification } from '../../src/attention/attentionCenter';
import type { AttentionKind } from '../../src/attention/attentionMeans';
import type { Chat } from '../../src/chat/chat';
import { apiError, askUserQuestion, COLOR_QUESTION, text, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { clickNotificationButton, notificationMessages, setWindowFocus } from './bedDriver';
import { activate, closeAllEditors, setSetting, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

suite('Attention: a chat tells you when it needs you', function () {
  this.timeout(240_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;
  let attention: AttentionCenter;
  let tab: Chat;

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    // Requests wait on the chats' cards: no QuickPick takes the focus.
    await setSetting('permissions.prompt', 'inline');
    // Every turn here is short: any counts as long enough to notify.
    await setSetting('attention.longTurnSeconds', 0);
    api = await activate();
    attention = api.attention;
    await closeAllEditors();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart(api.chat);
    await waitFor(() => api.chat.session, 'the side view’s session', 60_000);
    tab = api.views.openTab();
    await waitFor(() => tab.session, 'the tab’s session', 60_000);
    api.chat.notices.clear();
  });

  suiteTeardown(async () => {
    await setWindowFocus(true);
    for (const chat of api?.chats.all() ?? []) await chat.cancel().catch(() => undefined);
    await setSetting('permissions.prompt', undefined);
    await setSetting('attention.longTurnSeconds', undefined);
    await closeAllEditors();
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await fake?.close();
  });

  // Whatever a test left, the next starts with the window focused and no notification from before.
  setup(async () => {
    await windowFocus(true);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  /** The window loses or takes back the focus, and the extension host knows. */
  async function windowFocus(focused: boolean): Promise<void> {
    const known = new Promise<void>((resolve, reject) => {
      if (vscode.window.state.focused === focused) return resolve();
      const timer = setTimeout(() => (sub.dispose(), reject(new Error(`timed out waiting for window.state.focused to be ${focused}`))), 20_000);
      const sub = vscode.window.onDidChangeWindowState((s) => {
        if (s.focused !== focused) return;
        clearTimeout(timer);
        sub.dispose();
        resolve();
      });
    });
    await setWindowFocus(focused);
    await known;
  }

  /** The tab off screen behind a file, and the user in the side view's chat. */
  async function tabHidden(): Promise<void> {
    await vscode.window.showTextDocument(vscode.Uri.file(`${workspaceRoot()}/notes.txt`).with({ scheme: 'untitled' }));
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await waitFor(() => !api.views.isVisible(tab) && api.chats.active === api.chat, 'the tab hidden and the side view’s chat active');
  }

  /** The tab on screen, the user in it. */
  async function tabShown(): Promise<void> {
    await api.views.reveal(tab);
    await waitFor(() => api.views.isVisible(tab) && api.chats.active === tab, 'the tab on screen and active');
  }

  /** The notifications listed once one says `message` (the screen announces nothing: read every 50 ms). */
  async function listed(message: string): Promise<string[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const messages = await notificationMessages();
      if (messages.includes(message)) return messages;
      if (Date.now() > deadline) throw new Error(`timed out waiting for the notification "${message}" (${JSON.stringify(messages)})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The next notification of `kind` raised. */
  function nextNotification(kind: AttentionKind): Promise<RaisedNotification> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => (sub.dispose(), reject(new Error(`timed out waiting for a notification of ${kind}`))), 60_000);
      const sub = attention.onDidNotify((n) => {
        if (n.kind !== kind) return;
        clearTimeout(timer);
        sub.dispose();
        resolve(n);
      });
    });
  }

  /** While the window has no focus: one notification of `kind` for the tab; on the screen once; Show brings the tab forward. */
  async function notifiedAndShown(kind: AttentionKind, start: () => Promise<unknown>): Promise<void> {
    await tabHidden();
    await windowFocus(false);
    const raised = nextNotification(kind);
    const before = attention.raised.length;
    const turn = start();
    try {
      const notification = await raised;
      assert.equal(notification.chat, tab, 'the notification is the tab’s');
      // The user comes back to the window and reads the notification.
      await windowFocus(true);
      const messages = await listed(notification.message);
      assert.equal(messages.filter((m) => m === notification.message).length, 1, 'one notification');
      await clickNotificationButton(notification.message, 'Show');
      await waitFor(() => api.views.isVisible(tab) && api.chats.active === tab, 'Show to bring the tab forward');
      assert.deepEqual(
        attention.raised.slice(before).map((n) => n.kind),
        [kind],
        'one notification in all',
      );
    } finally {
      await vscode.commands.executeCommand('notifications.hideList');
      await tab.cancel();
      await turn.catch(() => undefined);
    }
  }

  /** While the user looks at the tab: nothing. */
  async function noneWhileLooking(start: () => Promise<unknown>, waiting: () => Promise<unknown>): Promise<void> {
    await tabShown();
    const before = attention.raised.length;
    const turn = start();
    try {
      await waiting();
      assert.equal(vscode.window.state.focused, true);
      assert.deepEqual(attention.raised.slice(before), [], 'no notification');
      assert.deepEqual(attention.needsYou.reasonsOf(tab), [], 'the tab is not marked');
    } finally {
      await tab.cancel();
      await turn.catch(() => undefined);
    }
  }

  /** The API refusing the prompt: Claude Code asks again a few times before it gives up. */
  const refusals = () => Array.from({ length: 10 }, () => apiError(400, 'invalid_request_error', 'fake-400: the request was refused'));

  const prompt = (words: string) => async () => (await tab.ensureSession()).prompt([{ type: 'text', text: words }]);

  test('a turn that ends while the window has no focus raises one notification whose Show brings that chat forward', async () => {
    fake.setScript([text('Done while you were away.')]);
    await notifiedAndShown('turnEnded', prompt('work while I am away'));
  });

  test('the same turn while the chat is on screen raises none', async () => {
    fake.setScript([text('Done while you watched.')]);
    let turn: Promise<unknown> | undefined;
    await noneWhileLooking(
      () => (turn = prompt('work while I watch')()),
      () => turn!,
    );
  });

  test('an error that stops a turn: a notification while the window has no focus, none while the chat is on screen', async () => {
    fake.setScript(refusals());
    await notifiedAndShown('error', prompt('fail while I am away'));
    fake.setScript(refusals());
    let turn: Promise<unknown> | undefined;
    await noneWhileLooking(
      () => (turn = prompt('fail while I watch')()),
      () => turn!.catch(() => undefined),
    );
  });

  test('a question: a notification while the window has no focus, none while the chat is on screen', async () => {
    fake.setScript([askUserQuestion([COLOR_QUESTION]), text('Noted.')]);
    await notifiedAndShown('question', prompt('ask me while I am away'));
    fake.setScript([askUserQuestion([COLOR_QUESTION]), text('Noted.')]);
    await noneWhileLooking(prompt('ask me while I watch'), () =>
      waitFor(() => api.permissions.broker.pending().find((p) => p.type === 'elicitation'), 'the question'),
    );
  });

  test('"Go to Next Chat That Needs You" walks three waiting chats, oldest first', async () => {
    const second = api.views.openTab();
    await waitFor(() => second.session, 'the second tab’s session', 60_000);
    // The user has looked at each: none waits from before.
    for (const chat of [api.chat, tab, second]) {
      await api.views.reveal(chat);
      await waitFor(() => api.views.isVisible(chat) && attention.needsYou.reasonsOf(chat).length === 0, 'a chat looked at');
    }
    // None of the three on screen: the side bar closed, the tabs behind a file.
    await vscode.window.showTextDocument(vscode.Uri.file(`${workspaceRoot()}/walk.txt`).with({ scheme: 'untitled' }));
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await waitFor(() => ![api.chat, tab, second].some((c) => api.views.isVisible(c)), 'the three chats off screen');
    const order = [api.chat, second, tab];
    for (const [i, chat] of order.entries()) {
      fake.setScript([text(`Finished ${i}.`)]);
      await (await chat.ensureSession()).prompt([{ type: 'text', text: `finish ${i}` }]);
    }
    assert.deepEqual(
      attention.needsYou.waiting().map((w) => [order.indexOf(w.chat), w.reasons]),
      [
        [0, ['finished']],
        [1, ['finished']],
        [2, ['finished']],
      ],
    );
    for (const [i, chat] of order.entries()) {
      await vscode.commands.executeCommand('acpChat.nextChatNeedingYou');
      await waitFor(() => api.views.isVisible(chat) && attention.needsYou.reasonsOf(chat).length === 0, `chat ${i} on screen and seen`);
    }
    assert.deepEqual(attention.needsYou.waiting(), [], 'no chat waits any more');
    api.views.closeTab(second);
  });
});
