// Context in the composer: Add Context's question, `@` suggestions and what a picked one attaches, and files and
// folders dropped on the composer, as each chat's page asks for them.
import { partKey } from '../chat/chatParts';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import { ChatContext } from './chatContext';
import { TerminalOutput } from './terminalOutput';

export const CHAT_CONTEXT = partKey<ChatPart>('chatContext');

export function activateChatContext(core: Core): Feature {
  const terminals = new TerminalOutput(core.logger);
  const context = new ChatContext({ terminals, logger: core.logger, say: (message, severity) => core.presenter.showMessage(message, severity, []) });
  return {
    disposables: [terminals],
    chatPart: {
      key: CHAT_CONTEXT,
      make: () => ({
        actions: {
          addContext: () => context.pick(),
          completeMentions: (query) => context.complete(query),
          attachMention: (mention) => context.attachMention(mention),
          dropUris: (uris) => context.attachDropped(uris),
        },
        dispose: () => undefined,
      }),
    },
  };
}
