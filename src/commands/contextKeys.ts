// What the chat the user is in can do now, as VS Code context keys, so commands show (in the palette, menus and key
// bindings) only when they can act: Stop while a turn runs, Sign Out while signed in. Follows the active chat, its
// session and the agent's state; set only on change. Two keys are for the walkthrough's steps (VS Code completes a
// step when its key turns on): a prompt was sent, an approval was answered, in the conversation the user is in; a new
// conversation turns them off again, so a step reset in the walkthrough completes again as the user does it.
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import { isSignedIn } from '../chat/chatStatus';
import type { ChatRegistry } from '../chat/chatRegistry';
import type { Logger } from '../acpClient/logger';
import type { PermissionBroker } from '../permissionUI/permissionBroker';

/** The keys this extension sets; the manifest's `when` clauses name them. */
export const CONTEXT_KEYS = {
  /** A turn runs in the chat the user is in. */
  turnRunning: 'acpChat.turnRunning',
  /** The keyboard focus is in that chat's page (Escape there stops its turn). */
  chatFocused: 'acpChat.chatFocused',
  /** The agent is running. */
  agentRunning: 'acpChat.agentRunning',
  /** The agent says who is signed in. */
  signedIn: 'acpChat.signedIn',
  /** A prompt was sent in the conversation the user is in (the walkthrough's "Ask for a change"). */
  promptSent: 'acpChat.promptSent',
  /** An approval was answered since that conversation was shown (the walkthrough's "Answer an approval"). */
  approvalAnswered: 'acpChat.approvalAnswered',
} as const;

export function bindContextKeys(chats: ChatRegistry, approvals: Pick<PermissionBroker, 'onDidSettle'>, logger: Logger): vscode.Disposable {
  const values = new Map<string, boolean>();
  const set = (key: string, value: boolean) => {
    if (values.get(key) === value) return;
    values.set(key, value);
    vscode.commands.executeCommand('setContext', key, value).then(undefined, (err: unknown) => logger.warn(`[contextKeys] setContext ${key} failed`, err));
  };
  const render = () => {
    const chat: Chat = chats.active;
    const status = chats.host.status;
    set(CONTEXT_KEYS.turnRunning, !!chat.session && chat.session.status.turn !== 'idle');
    set(CONTEXT_KEYS.chatFocused, chats.hasKeyboardFocus);
    set(CONTEXT_KEYS.agentRunning, status.state === 'ready');
    set(CONTEXT_KEYS.signedIn, isSignedIn(status));
    set(CONTEXT_KEYS.promptSent, !!chat.session?.hasEntry('user'));
  };
  let sessionSub: { dispose(): void } | undefined;
  const follow = () => {
    sessionSub?.dispose();
    set(CONTEXT_KEYS.approvalAnswered, false);
    sessionSub = chats.active.session?.onDidChange((changes) => {
      if (changes.some((c) => c.type === 'meta-changed' && c.keys.includes('turn'))) render();
    });
    render();
  };
  const subs = [
    chats.onDidChangeActive(follow),
    chats.onDidChangeSession(({ chat }) => chat === chats.active && follow()),
    chats.host.onDidChangeStatus(render),
    chats.onDidChangeKeyboardFocus(render),
    approvals.onDidSettle((settled) => settled.outcome === 'answered' && set(CONTEXT_KEYS.approvalAnswered, true)),
  ];
  follow();
  return {
    dispose: () => {
      sessionSub?.dispose();
      for (const s of subs) s.dispose();
    },
  };
}
