// Every command the extension contributes, registered here and only here, from the tables the capabilities return.
// A chat command acts on the chat the user is in (`chats.active`), except the side view's own title-bar buttons.
import * as vscode from 'vscode';
import { COMMANDS } from '../contributions/commandIds';
import type { CommandId, Feature } from '../core/feature';

export function registerCommands(features: readonly Feature[]): vscode.Disposable {
  const handlers = new Map<CommandId, (...args: unknown[]) => unknown>();
  for (const feature of features) {
    for (const [id, run] of Object.entries(feature.commands ?? {}) as [CommandId, (...args: unknown[]) => unknown][]) {
      if (handlers.has(id)) throw new Error(`${id} is registered twice`);
      handlers.set(id, run);
    }
  }
  const missing = Object.values(COMMANDS).filter((id) => !handlers.has(id));
  if (missing.length) throw new Error(`No capability handles ${missing.join(', ')}`);
  return vscode.Disposable.from(...[...handlers].map(([id, run]) => vscode.commands.registerCommand(id, run)));
}
