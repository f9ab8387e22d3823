// What a capability contributes when it activates: its disposables, its commands, its part of each chat, and what the
// extension-host tests may read of it. Each capability's folder has one door, an `activate…(core)` returning this;
// src/extension.ts lists the doors, and `registerFeatures` puts what they return in place.
import type * as vscode from 'vscode';
import type { PartKey } from '../chat/chatParts';
import type { Chat } from '../chat/chat';
import type { COMMANDS } from '../contributions/commandIds';
import type { ChatPart } from './core';

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/** Handlers by command id; the one registration of them all is commands/registerCommands.ts. */
export type CommandTable = Partial<Record<CommandId, (...args: unknown[]) => unknown>>;

export interface ChatPartMaker<P extends ChatPart = ChatPart> {
  readonly key: PartKey<P>;
  make(chat: Chat): P;
}

export interface Feature {
  /** Disposed when the extension deactivates, in reverse order. */
  readonly disposables?: readonly vscode.Disposable[];
  readonly commands?: CommandTable;
  /** Its part of every chat: what the chat's page shows of it and the actions the page may ask of it. */
  readonly chatPart?: ChatPartMaker;
  /** What the extension-host tests read (ExtensionMode.Test only). */
  readonly test?: Readonly<Record<string, unknown>>;
}
