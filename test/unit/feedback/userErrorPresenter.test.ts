// The one error presenter: the chat's card always, a notification only when no chat is on screen, a start failure
// once however often it is retried, sign-in expanded into the agent's methods, only offered buttons run.
import { describe, expect, it, vi, beforeEach } from 'vitest';

const vscodeFake = vi.hoisted(() => ({
  showErrorMessage: vi.fn(async (..._a: unknown[]) => undefined as string | undefined),
  showWarningMessage: vi.fn(async (..._a: unknown[]) => undefined as string | undefined),
  showInformationMessage: vi.fn(async (..._a: unknown[]) => undefined as string | undefined),
  executeCommand: vi.fn(async (..._a: unknown[]) => undefined),
  openExternal: vi.fn(async (_uri: unknown) => true),
}));
vi.mock('vscode', async () => ({
  // VS Code's l10n in its default language: the English message with its arguments put in.
  l10n: (await import('../../../src/contributions/l10n')).l10n,
  window: {
    showErrorMessage: vscodeFake.showErrorMessage,
    showWarningMessage: vscodeFake.showWarningMessage,
    showInformationMessage: vscodeFake.showInformationMessage,
  },
  commands: { executeCommand: vscodeFake.executeCommand },
  env: { openExternal: vscodeFake.openExternal },
  Uri: { parse: (value: string) => ({ scheme: value.split(':')[0], toString: () => value }) },
}));

import * as acp from '@agentclientprotocol/sdk';
import type { Chat } from '../../../src/chat/chat';
import { ChatNotices } from '../../../src/chat/chatNotices';
import type { ChatRegistry } from '../../../src/chat/chatRegistry';
import type { ChatStatus } from '../../../src/chat/chatStatus';
import type { TranscriptChange } from '../../../src/acpClient/transcript';
import { AgentExitedError } from '../../../src/acpClient/errors';
import { AgentStartError } from '../../../src/acpClient/errors';
import { ClaudeCodeNotFoundError } from '../../../src/agents/claudeCode/claudeCodeNotFoundError';
import { Emitter } from '../../../src/acpClient/events';
import { UserErrorPresenter } from '../../../src/feedback/userErrorPresenter';
import { recordingLogger } from '../acpClient/inProcessAgent';

/** A chat as the presenter sees it: its notices, its failures, its queue (what `submit` was given). */
function fakeChat(prompts: unknown[], withSession = true) {
  const fail = new Emitter<unknown>();
  /** The session's transcript changes, as the presenter follows them (a turn's end among them). */
  const changes = new Emitter<TranscriptChange[]>();
  const chat = {
    notices: new ChatNotices(),
    onDidFail: fail.event,
    onDidChangeSession: new Emitter<unknown>().event,
    session: withSession ? { onDidChange: changes.event } : undefined,
    submit: async (blocks: unknown) => void prompts.push(blocks),
  } as unknown as Chat;
  return { chat, fail, changes };
}

function setup(visible: boolean) {
  const status = new Emitter<ChatStatus>();
  const exit = new Emitter<AgentExitedError>();
  const prompts: unknown[] = [];
  const main = fakeChat(prompts);
  const all: Chat[] = [main.chat];
  const added = new Emitter<Chat>();
  const chats = {
    all: () => all,
    active: main.chat,
    sideView: main.chat,
    onDidAdd: added.event,
    onDidRemove: new Emitter<Chat>().event,
    host: {
      onDidChangeStatus: status.event,
      onDidExitUnexpectedly: exit.event,
      authMethods: [{ id: 'claude-ai-login', name: 'Claude Subscription', type: 'terminal', description: 'Use Claude subscription ' }],
    },
  } as unknown as ChatRegistry;
  let isVisible = visible;
  const presenter = new UserErrorPresenter({ chats, logger: recordingLogger(), isChatVisible: () => isVisible });
  /** A second chat (a tab) with its own queue. */
  const addChat = (withSession = true) => {
    const tabPrompts: unknown[] = [];
    const tab = fakeChat(tabPrompts, withSession);
    all.push(tab.chat);
    added.fire(tab.chat);
    return { ...tab, prompts: tabPrompts };
  };
  return { presenter, chat: main.chat, fail: main.fail, changes: main.changes, status, exit, prompts, addChat, setVisible: (v: boolean) => (isVisible = v) };
}

const exited = () => new AgentStartError('x', 'exited', { exit: { code: 3, signal: null, stderrTail: 'bad config' } });

describe('UserErrorPresenter', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows a start failure in the chat only while the chat is visible, and as a notification with the same actions when not', () => {
    const t = setup(true);
    t.fail.fire(exited());
    expect(t.chat.notices.current).toMatchObject({
      severity: 'error',
      message: expect.stringContaining('exited with code 3'),
      buttons: [
        { action: 'showLog', label: 'Show Log' },
        { action: 'restart', label: 'Restart Agent' },
      ],
    });
    expect(vscodeFake.showErrorMessage).not.toHaveBeenCalled();
    t.setVisible(false);
    t.fail.fire(new AgentStartError('x', 'no-folder'));
    expect(vscodeFake.showInformationMessage).toHaveBeenCalledWith('ACP Chat: Open a folder to work with the agent.', 'Open Folder…');
  });

  it('a turn that ends well clears the card and the prompt it kept; a cancelled one does not', () => {
    const t = setup(true);
    const prompt = [{ type: 'text', text: 'busy' }];
    t.presenter.report(new acp.RequestError(-32603, 'Internal error: API Error: 529 Overloaded', { errorKind: 'overloaded' }), {
      prompt: prompt as never,
      what: 'Sending the prompt',
    });
    expect(t.chat.notices.current?.buttons.map((b) => b.label)).toContain('Retry');
    expect(t.chat.notices.keptPrompt).toEqual(prompt);
    const turnEnd = (stopReason: string): TranscriptChange[] => [
      { type: 'entry-added', index: 3, entry: { kind: 'turn-end', id: 'te', stopReason, at: 0 } as never },
    ];
    t.changes.fire(turnEnd('cancelled'));
    expect(t.chat.notices.current).not.toBeNull();
    t.changes.fire(turnEnd('end_turn'));
    expect(t.chat.notices.current).toBeNull();
    expect(t.chat.notices.keptPrompt).toBeUndefined();
  });

  it('a new prompt clears the card of an earlier failure and the prompt it kept; the new prompt’s own failure shows', () => {
    const t = setup(true);
    const earlier = [{ type: 'text', text: 'busy' }];
    t.presenter.report(new acp.RequestError(-32603, 'Internal error: API Error: 529 Overloaded', { errorKind: 'overloaded' }), {
      prompt: earlier as never,
      what: 'Sending the prompt',
    });
    t.chat.notices.resendWhenSignedIn = true;
    // Other entries of a running turn leave it.
    t.changes.fire([{ type: 'entry-added', index: 2, entry: { kind: 'agent', id: 'a', content: [], at: 0 } as never }]);
    expect(t.chat.notices.current).not.toBeNull();
    t.changes.fire([{ type: 'entry-added', index: 3, entry: { kind: 'user', id: 'u', content: [], at: 0 } as never }]);
    expect([t.chat.notices.current, t.chat.notices.keptPrompt, t.chat.notices.resendWhenSignedIn]).toEqual([null, undefined, false]);
    t.presenter.report(new acp.RequestError(-32603, 'Internal error: API Error: 400 bad', { errorKind: 'invalid_request' }), { what: 'Sending the prompt' });
    expect(t.chat.notices.current).toMatchObject({
      message: 'The model API answered with an error, so the turn stopped.',
      details: 'Internal error: API Error: 400 bad',
    });
  });

  it('a failed start is reported once, not once per retry, until the agent runs again', () => {
    const t = setup(false);
    const first = exited();
    t.fail.fire(first);
    t.presenter.report(first, { what: 'Sending the prompt' }); // the caller that awaited the same start
    t.fail.fire(exited()); // a retry failing the same way
    expect(vscodeFake.showErrorMessage).toHaveBeenCalledTimes(1);
    t.status.fire({ state: 'ready', agentName: 'A' });
    expect(t.chat.notices.current).toBeNull();
    t.fail.fire(exited());
    expect(vscodeFake.showErrorMessage).toHaveBeenCalledTimes(2);
  });

  it('-32000 becomes one button per sign-in method plus Set API Key, and keeps the prompt to send again', async () => {
    const t = setup(true);
    const prompt = [{ type: 'text', text: 'hello' }];
    t.presenter.report(new acp.RequestError(-32000, 'Authentication required'), { what: 'Sending the prompt', prompt: prompt as never });
    const notice = t.chat.notices.current!;
    expect(notice.buttons).toEqual([
      { action: 'signIn', label: 'Claude Subscription', methodId: 'claude-ai-login', description: 'Use Claude subscription ' },
      { action: 'setApiKey', label: 'Set API Key…' },
    ]);
    await t.presenter.runAction(t.chat, notice.id, 'signIn', 'claude-ai-login');
    expect(vscodeFake.executeCommand).toHaveBeenCalledWith('acpChat.signIn', 'claude-ai-login');
    t.presenter.signedIn('API key');
    const offer = t.chat.notices.current!;
    expect(offer.buttons).toEqual([{ action: 'resendPrompt', label: 'Retry' }]);
    await t.presenter.runAction(t.chat, offer.id, 'resendPrompt');
    expect(t.prompts).toEqual([prompt]);
    expect(t.chat.notices.current).toBeNull();
  });

  it('with the chat hidden, the signed-in offer comes as a notification whose button sends the kept prompt', async () => {
    const t = setup(false);
    const prompt = [{ type: 'text', text: 'hello' }];
    t.presenter.report(new acp.RequestError(-32000, 'Authentication required'), { prompt: prompt as never });
    expect(vscodeFake.showInformationMessage).toHaveBeenCalledWith(
      'ACP Chat: Sign in to use the agent, with your Claude subscription or an API key. The Claude sign-in opens a terminal: follow the link it prints and sign in in your browser, then come back here; the chat continues when it is done.',
      'Claude Subscription',
      'Set API Key…',
    );
    vscodeFake.showInformationMessage.mockResolvedValueOnce('Retry');
    t.presenter.signedIn('API key');
    expect(vscodeFake.showInformationMessage).toHaveBeenCalledWith('ACP Chat: Signed in (API key). Send your prompt again?', 'Retry');
    await vi.waitFor(() => expect(t.prompts).toEqual([prompt]));
  });

  it('out of credit: the subscription’s sign-in and the billing page, no Retry nor Show Log; the prompt kept for after sign-in', async () => {
    const t = setup(true);
    const prompt = [{ type: 'text', text: 'hello' }];
    // The adapter's answer to the API's credit refusal; a link in the words is never what the button opens.
    const err = new acp.RequestError(-32603, 'Internal error: Credit balance is too low https://evil.example/pay', { errorKind: 'billing_error' });
    t.presenter.report(err, { what: 'Sending the prompt', prompt: prompt as never });
    const notice = t.chat.notices.current!;
    expect(notice.buttons).toEqual([
      { action: 'subscriptionSignIn', label: 'Claude Subscription', methodId: 'claude-ai-login', description: 'Use Claude subscription ' },
      { action: 'openBilling', label: 'Open Billing Page' },
    ]);
    expect(notice).toMatchObject({ severity: 'error', keptPrompt: 'hello' });
    expect(notice.setup).toBeUndefined();
    expect(notice.details).toBeUndefined();
    await t.presenter.runAction(t.chat, notice.id, 'openBilling');
    expect(vscodeFake.openExternal).toHaveBeenCalledTimes(1);
    expect(String(vscodeFake.openExternal.mock.calls[0]![0])).toBe('https://console.anthropic.com/settings/billing');
    await t.presenter.runAction(t.chat, notice.id, 'subscriptionSignIn', 'claude-ai-login');
    expect(vscodeFake.executeCommand).toHaveBeenCalledWith('acpChat.signIn', 'claude-ai-login');
    t.presenter.signedIn('Claude Subscription');
    expect(t.chat.notices.current!.buttons).toEqual([{ action: 'resendPrompt', label: 'Retry' }]);
  });

  it('credentials the API did not accept: sign in again, with each sign-in method and Set API Key', () => {
    const t = setup(true);
    t.presenter.report(new acp.RequestError(-32603, 'Internal error: API Error: 401 invalid x-api-key'), { what: 'Sending the prompt' });
    expect(t.chat.notices.current).toMatchObject({
      message: expect.stringMatching(/Sign in again\.$/),
      buttons: [
        { action: 'signIn', label: 'Claude Subscription', methodId: 'claude-ai-login', description: 'Use Claude subscription ' },
        { action: 'setApiKey', label: 'Set API Key…' },
      ],
    });
  });

  it('sends the kept prompt at once after sign-in when the user asked for that on the card', async () => {
    const t = setup(true);
    const prompt = [{ type: 'text', text: 'hello   there' }];
    t.presenter.report(new acp.RequestError(-32000, 'Authentication required'), { prompt: prompt as never });
    const notice = t.chat.notices.current!;
    expect(notice.keptPrompt).toBe('hello there');
    await t.presenter.runAction(t.chat, notice.id, 'setApiKey', undefined, { resend: true });
    expect(vscodeFake.executeCommand).toHaveBeenCalledWith('acpChat.setApiKey');
    t.presenter.signedIn('API key');
    await vi.waitFor(() => expect(t.prompts).toEqual([prompt]));
    expect(t.chat.notices.current).toBeNull();
  });

  it('runs only buttons the current notice offered', async () => {
    const t = setup(true);
    t.fail.fire(new AgentStartError('x', 'untrusted'));
    const id = t.chat.notices.current!.id;
    await t.presenter.runAction(t.chat, id, 'openFolder');
    await t.presenter.runAction(t.chat, id + 1, 'manageTrust');
    await t.presenter.runAction(t.chat, id, 'signIn', 'made-up');
    expect(vscodeFake.executeCommand).not.toHaveBeenCalled();
    await t.presenter.runAction(t.chat, id, 'manageTrust');
    expect(vscodeFake.executeCommand).toHaveBeenCalledWith('workbench.trust.manage');
  });

  it('no folder: no card in a chat on screen (its page welcomes the user with Open Folder), nor a notification', () => {
    const t = setup(true);
    t.fail.fire(new AgentStartError('x', 'no-folder'));
    expect(t.chat.notices.current).toBeNull();
    expect(vscodeFake.showInformationMessage).not.toHaveBeenCalled();
  });

  it("each chat shows its own notices: a failure in a tab stays in the tab, Retry sends into that tab's queue", async () => {
    const t = setup(true);
    const tab = t.addChat();
    const busy = Object.assign(new Error('Overloaded'), { code: -32603, data: { status: 529 } });
    const prompt = [{ type: 'text', text: 'in the tab' }];
    t.presenter.report(new acp.RequestError(-32000, 'Authentication required'), { chat: tab.chat, prompt: prompt as never });
    expect(tab.chat.notices.current?.message).toMatch(/Sign in/);
    expect(t.chat.notices.current).toBeNull();
    t.presenter.signedIn('API key');
    const offer = tab.chat.notices.current!;
    expect(offer.buttons).toEqual([{ action: 'resendPrompt', label: 'Retry' }]);
    await t.presenter.runAction(tab.chat, offer.id, 'resendPrompt');
    expect(tab.prompts).toEqual([prompt]);
    expect(t.prompts).toEqual([]);
    // The side view's own notice, and the tab's, do not mix.
    t.presenter.report(busy, { what: 'Sending the prompt' });
    expect(t.chat.notices.current).not.toBeNull();
    expect(tab.chat.notices.current).toBeNull();
  });

  it("the agent's exit is shown in every chat that has a session, once each", () => {
    const t = setup(true);
    const tab = t.addChat();
    const idle = t.addChat(false);
    const err = new AgentExitedError('exited', { code: 3, signal: null, stderrTail: '' });
    t.exit.fire(err);
    t.presenter.report(err, { chat: tab.chat });
    expect(t.chat.notices.current?.message).toMatch(/exited with code 3/);
    expect(tab.chat.notices.current?.message).toMatch(/exited with code 3/);
    expect(idle.chat.notices.current).toBeNull();
  });

  it('agent text in a notification carries no clickable link: a command: link in it is broken, its words kept', () => {
    const t = setup(false);
    const link = '[Show details](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%22%7D)';
    // An error whose text is shown as it came (an agent's answer goes behind Show details on the card instead).
    t.presenter.report(new Error(`Tool failed. ${link}`), { what: 'Sending the prompt' });
    const shown = String(vscodeFake.showErrorMessage.mock.calls.at(-1)?.[0]);
    expect(shown).toContain('Show details');
    // What VS Code's notifications render as a link (its parseLinkedText): `[label](` directly followed by a target.
    expect(shown).not.toMatch(/\[[^\]]+\]\((?:https?:\/\/|command:|file:)/i);
  });

  it('"Use claude" runs its command with an id the presenter issued, never a path; a path given to it stands for nothing', async () => {
    const t = setup(true);
    t.presenter.report(new ClaudeCodeNotFoundError({ path: '/usr/bin/claude', version: '2.0.5 (Claude Code)' }));
    const notice = t.chat.notices.current!;
    const use = notice.buttons.find((b) => b.action === 'useClaudeOnPath')!;
    await t.presenter.runAction(t.chat, notice.id, use.action, use.methodId);
    const [command, arg] = vscodeFake.executeCommand.mock.calls.at(-1)!;
    expect(command).toBe('acpChat.useClaudeCode');
    expect(arg).not.toBe('/usr/bin/claude');
    expect(t.presenter.offeredClaudePath(arg)).toBe('/usr/bin/claude');
    expect(t.presenter.offeredClaudePath('/usr/bin/claude')).toBeUndefined();
    expect(t.presenter.offeredClaudePath('/tmp/evil')).toBeUndefined();
  });
});
