// Attention: a chat's events told by the least intrusive means that reaches the user (attentionMeans.ts), and which
// chats need the user across chats — the status bar item, the chats' marks, Show Chats… and Go to Next Chat That
// Needs You.
import * as vscode from 'vscode';
import { COMMANDS } from '../contributions/commandIds';
import { reporting } from '../core/commandHandlers';
import type { Core } from '../core/core';
import type { Feature } from '../core/feature';
import { USAGE } from '../usage/feature';
import { partKey } from '../chat/chatParts';
import type { ChatPart } from '../core/core';
import { AttentionCenter } from './attentionCenter';

const ATTENTION = partKey<ChatPart>('attention');

export function activateAttention(core: Core): Feature {
  const attention = new AttentionCenter({
    chats: core.chats,
    views: core.views,
    broker: core.permissions.broker,
    settings: core.settings,
    logger: core.logger,
    // The presenter notifies of an error itself while no chat is on screen (feedback/userErrorPresenter.ts).
    presenterNotifies: () => !core.views.anyVisible,
  });
  return {
    disposables: [attention, core.needsYou.provide((sessionId) => attention.waitingOf(sessionId))],
    commands: {
      [COMMANDS.nextChatNeedingYou]: reporting(core, vscode.l10n.t('Going to the next chat that needs you'), () => attention.goToNext()),
    },
    // Each chat's part listens to that chat's usage part (registered before it) for the limits the agent reports.
    chatPart: {
      key: ATTENTION,
      make: (chat) => core.parts.get(chat, USAGE).usage.onDidReportLimit((title) => attention.limitReported(chat, title)),
    },
    test: { attention },
  };
}
