// Binds the chat to what its durable answers did (grants/chatGrants.ts): the grants on the approvals' cards (ChatSource
// side), Undo and Open as chat actions.
import type { Chat } from '../../chat/chat';
import type { Logger } from '../../acpClient/logger';
import { ChatGrants } from '../../grants/chatGrants';
import type { UserErrorPresenter } from '../../feedback/userErrorPresenter';
import type { ChatActions, ChatSource } from './chatWebviewController';

export type GrantsSource = Pick<ChatSource, 'getGrants' | 'onDidChangeGrants'>;
export type GrantsActions = Pick<ChatActions, 'undoGrant' | 'openGrant'>;

export function bindGrants(
  chat: Chat,
  deps: { cwd(): string | undefined; logger: Logger; presenter: Pick<UserErrorPresenter, 'showMessage'> },
): {
  grants: ChatGrants;
  source: GrantsSource;
  actions: GrantsActions;
  dispose(): void;
} {
  const grants = new ChatGrants(chat, deps.cwd, deps.logger);
  return {
    grants,
    source: { getGrants: () => grants.views(), onDidChangeGrants: grants.onDidChange },
    actions: {
      undoGrant: async (key) => {
        const refusal = await grants.undo(key);
        if (refusal) deps.presenter.showMessage(refusal, 'warning', [], chat);
      },
      openGrant: (key) => grants.open(key),
    },
    dispose: () => grants.dispose(),
  };
}
