// VS Code's conventions, with keys pressed and the screen read through the runner (bedDriver): Stop is in the command
// palette only while a turn runs; each key binding acts only where its focus is (Escape stops a turn from the chat,
// not from an editor; the new-chat key works in the chat, not while typing in an editor; the focus key reaches the
// chat from an editor; the add-selection key carries the editor's selection into the chat); the walkthrough's steps complete as the user does each one (opening the chat by its key starts
// the agent, a prompt, its approval answered, the change kept from the palette).
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PromptResponse } from '@agentclientprotocol/sdk';
import { held, text, write, type FakeAnthropic } from '../fixtures/fakeAnthropic';
import { paletteLabels, pressKeys, runFromPalette, screenshot, typeText, walkthroughSteps } from './bedDriver';
import { activate, closeAllEditors, setSetting, setUpAgentEnvironment, waitFor, workspaceRoot, type ExtensionApi } from './helpers';

const STOP = 'ACP Chat: Stop';
const WALKTHROUGH = 'acp-chat.acp-chat#gettingStarted';
const STEP_IDS = ['openChat', 'claudeCode', 'signIn', 'firstPrompt', 'approve', 'review'];
const STEP_TITLES = ['Open the chat', 'Get Claude Code', 'Sign in', 'Ask for a change', 'Answer an approval', 'Review the change'];

/**
 * Waits until the workbench has applied every context key the extension set so far: commands from the extension host
 * reach the workbench in order, so one answered after them comes after them. (Keys pressed by the runner take another
 * road, and can overtake a key the extension has just set; a person cannot.)
 */
async function workbenchCaughtUp(): Promise<void> {
  await vscode.commands.executeCommand('setContext', 'acpChatTest.barrier', Date.now());
}

/** A fact only the screen shows (no event announces it): read again every 100 ms until `ok`. */
async function screenUntil<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

suite('VS Code conventions, on screen and at the keyboard', function () {
  this.timeout(240_000);
  let fake: FakeAnthropic;
  let api: ExtensionApi;
  let release: (() => void) | undefined;
  const notes = () => join(workspaceRoot(), 'conventions-notes.md');

  suiteSetup(async () => {
    fake = await setUpAgentEnvironment();
    await setSetting('permissions.prompt', 'inline');
    api = await activate();
    await closeAllEditors();
    writeFileSync(notes(), '# Notes\n\nfirst line\n');
    await vscode.commands.executeCommand('acpChat.chatView.focus');
    await api.chats.restart(api.chat);
    await waitFor(() => api.chat.session, 'the side view’s session', 60_000);
    api.chat.notices.clear();
  });

  teardown(async function () {
    release?.();
    if (this.currentTest?.state === 'failed') await screenshot(`conventions ${this.currentTest.title}`).catch(() => undefined);
  });

  suiteTeardown(async () => {
    release?.();
    for (const chat of api?.chats.all() ?? []) await chat.cancel().catch(() => undefined);
    await setSetting('permissions.prompt', undefined);
    await closeAllEditors();
    await fake?.close();
  });

  /** A turn in the side view's chat held open until `release`; `answer` is its end (wrapped: awaiting it waits for the turn). */
  async function heldTurn(answer: string): Promise<{ answer: Promise<PromptResponse> }> {
    const gate = new Promise<void>((r) => (release = r));
    fake.setScript([held(text(answer), gate)]);
    const session = await waitFor(() => api.chat.session, 'the chat’s session');
    const turn = session.prompt([{ type: 'text', text: `please: ${answer}` }]);
    turn.catch(() => undefined);
    await waitFor(() => session.turn === 'running', 'the turn to run');
    await workbenchCaughtUp();
    return { answer: turn };
  }

  async function focusEditor(): Promise<vscode.TextEditor> {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(notes()), { preserveFocus: false });
    await waitFor(() => !api.chats.hasKeyboardFocus, 'the chat to lose the keyboard focus');
    await workbenchCaughtUp();
    return editor;
  }

  /** The focus key, pressed where the focus is; resolves once the chat's page has the focus. */
  async function focusChatByKey(): Promise<void> {
    await pressKeys('Control+Shift+Alt+I');
    await waitFor(() => api.chats.hasKeyboardFocus && api.chats.active === api.chat, 'the side view’s chat to have the keyboard focus');
    await workbenchCaughtUp();
  }

  test('Stop is in the palette only while a turn runs', async () => {
    assert.ok(!(await paletteLabels('ACP Chat: S', 'ACP Chat: Show Chats…')).includes(STOP), 'no Stop while idle');
    const turn = (await heldTurn('A slow answer.')).answer;
    await screenUntil(
      () => paletteLabels('ACP Chat: S', 'ACP Chat: Show Chats…'),
      (l) => l.includes(STOP),
      'Stop in the palette while the turn runs',
    );
    release?.();
    await turn;
    await waitFor(() => api.chat.session?.turn === 'idle', 'the turn to end');
    await screenUntil(
      () => paletteLabels('ACP Chat: S', 'ACP Chat: Show Chats…'),
      (l) => !l.includes(STOP),
      'Stop gone once the turn ended',
    );
  });

  test('Escape stops the running turn from the chat, and not from an editor', async () => {
    const turn = (await heldTurn('The whole answer.')).answer;
    await focusEditor();
    await pressKeys('Escape');
    // The focus key after it: had Escape reached Stop, its command would be running before the chat learns of the focus.
    await focusChatByKey();
    assert.equal(api.chat.session?.turn, 'running', 'Escape in the editor left the turn running');
    release?.();
    assert.equal((await turn).stopReason, 'end_turn');

    const stopped = (await heldTurn('An answer never sent.')).answer;
    // The focus is still in the chat, where the focus key put it.
    assert.ok(api.chats.hasKeyboardFocus, 'the chat has the keyboard focus');
    await pressKeys('Escape');
    // Only a cancel ends this turn: its model reply is still held.
    assert.equal((await stopped).stopReason, 'cancelled');
  });

  test('the new-chat key starts a new chat from the chat, not while typing in an editor; the focus key reaches the chat', async () => {
    await waitFor(() => api.chat.session?.turn === 'idle', 'no turn running');
    const before = api.chat.session;
    assert.ok(before);
    const editor = await focusEditor();
    const text = editor.document.getText();
    await pressKeys('Control+Shift+Alt+N');
    await focusChatByKey();
    assert.equal(api.chat.session, before, 'the key in an editor started no new chat');
    assert.equal(editor.document.getText(), text, 'nor typed into the editor');

    await pressKeys('Control+Shift+Alt+N');
    await waitFor(() => api.chat.session && api.chat.session !== before, 'a new session in the chat', 60_000);
  });

  test('the add-selection key puts the editor’s selection in the chat, whose prompt carries it to the model', async () => {
    await waitFor(() => api.chat.session?.turn === 'idle', 'no turn running');
    const editor = await focusEditor();
    editor.selection = new vscode.Selection(2, 0, 2, 10);
    await workbenchCaughtUp();
    await pressKeys('Control+Shift+Alt+A');
    // The chat comes forward with the selection in its composer, the keyboard in it.
    await waitFor(() => api.chats.hasKeyboardFocus, 'the chat to take the keyboard with the selection');
    fake.setScript([text('That is the first line.')]);
    const before = fake.mainRequests().length;
    await typeText('what is this?');
    await pressKeys('Enter');
    const asked = await waitFor(
      () =>
        fake
          .mainRequests()
          .slice(before)
          .find((r) => r.allText.includes('what is this?')),
      'the prompt at the model',
      60_000,
    );
    assert.ok(asked.allText.includes('first line'), 'the selected text went with the prompt');
    assert.ok(asked.allText.includes('conventions-notes.md'), 'and its file');
    await waitFor(() => api.chat.session?.turn === 'idle', 'the turn to end', 60_000);
  });

  test('the walkthrough’s steps, reset, complete again as the user does each one', async () => {
    await waitFor(() => api.chat.session?.turn === 'idle', 'no turn running');
    await closeAllEditors();
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    // VS Code's walkthrough service starts with the first walkthrough opened, and a step whose key is already on then
    // never completes in that window: so the window is first as a new user's, a new conversation and no agent running.
    await api.chat.newSession();
    api.host.stop();
    await waitFor(() => api.host.status.state !== 'ready', 'the agent stopped');
    await workbenchCaughtUp();
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
    await screenUntil(walkthroughSteps, (s) => s.length === STEP_TITLES.length, 'the walkthrough on screen');
    for (const id of STEP_IDS) await vscode.commands.executeCommand('welcome.markStepIncomplete', `${WALKTHROUGH}#${id}`);
    await screenUntil(walkthroughSteps, (s) => JSON.stringify(s) === JSON.stringify(STEP_TITLES.map((t) => [t, false])), 'every step shown undone');

    // The chat opened by its key starts the agent: Claude Code found, and signed in (the API key).
    await focusChatByKey();
    await screenUntil(walkthroughSteps, (s) => s.slice(0, 3).every(([, done]) => done), 'Open the chat, Get Claude Code and Sign in done', 60_000);
    assert.deepEqual(
      (await walkthroughSteps()).map(([, done]) => done),
      [true, true, true, false, false, false],
    );

    // A prompt whose edit asks first; answered in the chat's card.
    await waitFor(() => api.chat.session && api.host.status.state === 'ready', 'the agent ready again', 60_000);
    const file = join(workspaceRoot(), 'walkthrough-hello.md');
    fake.setScript([write(file, '# Hello\n'), text('Wrote it.')]);
    const turn = api.actions.sendPrompt('write a hello file', []);
    await screenUntil(walkthroughSteps, (s) => s[3]?.[1] === true, 'Ask for a change done');
    const ask = await waitFor(
      () => api.permissions.broker.pending().find((p) => p.type === 'permission' && p.sessionId === api.chat.session?.id),
      'the edit’s approval',
    );
    assert.equal(api.permissions.answer(ask.key, 'allow-once'), 'accepted');
    await turn;
    await screenUntil(walkthroughSteps, (s) => s[4]?.[1] === true, 'Answer an approval done');

    // The change kept in the editor, from the palette.
    await vscode.window.showTextDocument(vscode.Uri.file(file));
    await runFromPalette('ACP Chat: Keep All Changes by the Agent');
    // The file took the Welcome page's place: the walkthrough again, to read it.
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
    await screenUntil(walkthroughSteps, (s) => s.every(([, done]) => done), 'every step done');
  });
});
