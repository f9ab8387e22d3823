// What the extension-host tests read (ExtensionMode.Test only; there is no public API): the core's parts, what each
// capability offers them, and the side view's page as its parts make it up, so tests act as the page does. Every
// chat's part is read through the one owner, never through a view.
import type { Chat } from './chat/chat';
import { TURN_CHANGES } from './checkpoints/feature';
import type { Core } from './core/core';
import type { Feature } from './core/feature';
import { composeChatPage } from './webview/host/chatPage';

export function testApi(core: Core, features: readonly Feature[], activationMs: number) {
  const side = core.chats.sideView;
  const page = (chat: Chat) => composeChatPage(core.parts.all(chat));
  return {
    ...Object.assign({}, ...features.map((f) => f.test ?? {})),
    host: core.host,
    chats: core.chats,
    /** The side view's chat. */
    chat: side,
    views: core.views,
    /** The side view's chat as its page drives it. */
    actions: page(side).actions,
    /** `chat`'s page actions, as its webview calls them. */
    pageActions: (chat: Chat) => page(chat).actions,
    permissions: core.permissions,
    editor: core.editor,
    presenter: core.presenter,
    keys: core.keys,
    logDir: core.context.logUri.fsPath,
    sessions: core.sessions,
    context: core.context,
    agents: core.agents,
    turnChanges: core.parts.get(side, TURN_CHANGES).turnChanges,
    activationMs,
    /** The running agent's process id. */
    agentPid: core.agentPid,
  };
}
