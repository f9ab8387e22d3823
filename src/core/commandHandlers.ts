// How a command's failure reaches the user: through the one presenter, in the chat it acted on.
import type { Chat } from '../chat/chat';
import type { Core } from './core';

/** Runs `op` on the chat the user is in; a failure is shown in that chat. */
export function inActiveChat(core: Pick<Core, 'chats' | 'presenter'>, what: string, op: (chat: Chat) => Promise<unknown>) {
  return async (): Promise<void> => {
    const chat = core.chats.active;
    try {
      await op(chat);
    } catch (err) {
      core.presenter.report(err, { chat, what });
    }
  };
}

/** Runs `op`; a failure is reported, named by `what`. */
export function reporting(core: Pick<Core, 'presenter'>, what: string, op: () => Promise<unknown>) {
  return async (): Promise<void> => {
    try {
      await op();
    } catch (err) {
      core.presenter.report(err, { what });
    }
  };
}
