// The recipe: the core, then each capability through its one door, then their commands. Nothing starts until a chat
// view is shown or a command runs (activation is driven by the contributed views and commands).
import * as vscode from 'vscode';
import { activateAttention } from './attention/feature';
import { activateChatContext } from './chatContext/feature';
import { activateCheckpoints } from './checkpoints/feature';
import { activateChatCommands } from './commands/chatCommands';
import { registerCommands } from './commands/registerCommands';
import { useTranslator } from './contributions/l10n';
import { createCore } from './core/core';
import type { Feature } from './core/feature';
import { activateFollow } from './follow/feature';
import { activateGrants } from './grants/feature';
import { activateMcpServers } from './mcpServers/feature';
import { activateRegistry } from './registry/feature';
import { activateReview } from './review/feature';
import { activateReviewComments } from './reviewComments/feature';
import { activateSignIn } from './signIn/feature';
import { testApi } from './testApi';
import { activateTouchedFiles } from './touchedFiles/feature';
import { activateUsage } from './usage/feature';
import { activateWorktrees } from './worktrees/feature';

export function activate(context: vscode.ExtensionContext) {
  const started = performance.now();
  // The modules that import no vscode word their text through contributions/l10n.ts: VS Code's l10n from here on.
  useTranslator(vscode.l10n.t);
  const core = createCore(context);
  // In dependency order: a capability's part of a chat may read an earlier one's (review reads going back's).
  const features: Feature[] = [
    activateChatCommands(core),
    activateSignIn(core),
    activateRegistry(core),
    activateMcpServers(core),
    activateWorktrees(core),
    activateCheckpoints(core),
    activateReview(core),
    activateReviewComments(core),
    activateTouchedFiles(core),
    activateGrants(core),
    activateFollow(core),
    activateUsage(core),
    activateChatContext(core),
    activateAttention(core),
  ];
  for (const { chatPart } of features) if (chatPart) core.parts.register(chatPart.key, (chat) => chatPart.make(chat));

  // Disposed last-in first-out, so the log outlives everything that may still log while it shuts down (the agent's
  // pending requests are answered `cancelled` on dispose, and their listeners log).
  const parts = [...core.disposables, ...features.flatMap((f) => f.disposables ?? []), registerCommands(features)];
  shutdown = () => disposeInReverse(parts);
  context.subscriptions.push({ dispose: shutdown });

  // Our part of activation (VS Code's own comes around it); the bench reads it from the tests' view.
  const activationMs = performance.now() - started;
  core.logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  return core.testing ? testApi(core, features, activationMs) : undefined;
}

function disposeInReverse(parts: vscode.Disposable[]): void {
  for (const part of parts.splice(0).reverse()) {
    try {
      part.dispose();
    } catch (err) {
      console.error('[ACP Chat] dispose failed', err);
    }
  }
}

/** Set by activate(): disposes what it built, the log last. */
let shutdown: (() => void) | undefined;

export function deactivate() {
  shutdown?.();
  shutdown = undefined;
}
