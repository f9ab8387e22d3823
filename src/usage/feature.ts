// Usage and cost: each chat's tokens and cost per turn and in total (the header's tooltip, the exported chat), the
// meter's warning before compaction, the agent's limit notices said once; across chats, Show Usage. The figures are
// the agent's, checked (usageFigures.ts) and kept per workspace and per day (usageStore.ts).
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import { partKey } from '../chat/chatParts';
import { COMMANDS } from '../contributions/commandIds';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import { ChatUsage, type UsageRecorder } from './chatUsage';
import { showUsage, usageItems } from './showUsage';
import { readDay, UsageLog, type StoredTurn } from './usageStore';
import type { Money } from './usageFigures';

const LOG_KEY = 'acpChat.usage';
const DAY_KEY = 'acpChat.usageToday';

export interface UsagePart extends ChatPart {
  readonly usage: ChatUsage;
}

export const USAGE = partKey<UsagePart>('usage');

export function activateUsage(core: Core): Feature {
  const { logger } = core;
  const workspace = core.context.workspaceState;
  const global = core.context.globalState;
  const log = UsageLog.parse(workspace.get<unknown>(LOG_KEY));
  const locale = () => vscode.env.language;
  const changed = new Emitter<void>();

  const recorder: UsageRecorder = {
    find: (sessionId) => log.find(sessionId),
    record: (sessionId: string, turn: StoredTurn, reading: Money | undefined, title: string | undefined) => {
      log.record(sessionId, turn, reading, title);
      // Read again just before writing: another window may have added to today's since.
      const day = readDay(global.get<unknown>(DAY_KEY), turn.at);
      day.turns.push(turn);
      const saved = (what: string) => (err: unknown) => logger.warn(`[usage] could not save ${what}`, err);
      workspace.update(LOG_KEY, log.toStored()).then(undefined, saved("the workspace's usage"));
      global.update(DAY_KEY, day).then(undefined, saved("today's usage"));
      changed.fire();
    },
  };

  const today = () => readDay(global.get<unknown>(DAY_KEY), Date.now());

  return {
    disposables: [changed],
    chatPart: {
      key: USAGE,
      make: (chat) => {
        const usage = new ChatUsage(chat, recorder, logger, locale);
        return {
          usage,
          source: {
            getUsage: () => usage.view(),
            onDidChangeUsage: (listener) => {
              const a = usage.onDidChange(() => listener());
              const b = changed.event(() => listener());
              return { dispose: () => (a.dispose(), b.dispose()) };
            },
          },
          dispose: () => usage.dispose(),
        };
      },
    },
    commands: {
      [COMMANDS.showUsage]: async () => {
        const sessionId = await showUsage(log, today(), locale());
        if (sessionId) await vscode.commands.executeCommand(COMMANDS.openChatTurn, sessionId);
      },
    },
    test: { usageItems: () => usageItems(log, today(), locale()) },
  };
}
