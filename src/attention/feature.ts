// Attention: a chat's events told by the least intrusive means that reaches the user (attentionMeans.ts), and which
// chats need the user across chats — the status bar item, the chats' marks, Show Chats… and Go to Next Chat That
// Needs You.
import * as vscode from 'vscode';
import { COMMANDS } from '../contributions/commandIds';
import { reporting } from '../core/commandHandlers';
import type { Core } from '../core/core';
import type { Feature } from '../core/feature';
import { USAGE } from '../usage/feature';
import { AttentionCenter } from './attentionCenter';

export function activateAttention(core: Core): Feature {
  const attention = new AttentionCenter({
    chats: core.chats,
    views: core.views,
    broker: core.permissions.broker,
    settings: core.settings,
    logger: core.logger,
    // The presenter notifies of an error itself while no chat is on screen (feedback/userErrorPresenter.ts).
    presenterNotifies: () => !core.views.anyVisible,
    // A usage limit the agent reports (usage/chatUsage.ts says it in the chat once).
    onDidReportLimit: (chat, listener) => core.parts.get(chat, USAGE).usage.onDidReportLimit(listener),
  });
  return {
    disposables: [attention, core.needsYou.provide((sessionId) => attention.waitingOf(sessionId))],
    commands: {
      [COMMANDS.nextChatNeedingYou]: reporting(core, vscode.l10n.t('Going to the next chat that needs you'), () => attention.goToNext()),
    },
    test: { attention },
  };
}
