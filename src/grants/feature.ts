// What an "always" answer did, and Claude Code's permission rules: each chat's grants on its approval cards (Undo,
// Open), and the Permissions view of the rules in Claude Code's settings files with this conversation's grants.
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import { partKey } from '../chat/chatParts';
import { COMMANDS } from '../contributions/commandIds';
import { reporting } from '../core/commandHandlers';
import type { ChatPart, Core } from '../core/core';
import type { Feature } from '../core/feature';
import { ChatGrants } from './chatGrants';
import { claudeLocations } from './claudeLocations';
import { permissionsShown } from './permissionsShown';
import { PermissionsView } from './permissionsView';

export interface GrantsPart extends ChatPart {
  readonly grants: ChatGrants;
}

export const GRANTS = partKey<GrantsPart>('grants');

export function activateGrants(core: Core): Feature {
  const { chats, logger, presenter } = core;
  /** A chat's durable answers changed: the Permissions view lists the active conversation's own. */
  const grantsChanged = new Emitter<void>();
  const view = new PermissionsView({
    locate: claudeLocations,
    trusted: () => vscode.workspace.isTrusted,
    logger,
    say: (message, severity, actions) => presenter.showMessage(message, severity, actions),
    sessionGrants: () => core.parts.get(chats.active, GRANTS).grants.sessionGrants(),
    onDidChangeSessionGrants: (listener) =>
      vscode.Disposable.from(
        grantsChanged.event(listener),
        chats.onDidChangeActive(() => listener(undefined)),
      ),
  });
  const shown = permissionsShown(core.context.globalState);
  return {
    disposables: [grantsChanged, view],
    chatPart: {
      key: GRANTS,
      make: (chat) => {
        // The chat's own folder: its worktree while it works in one.
        const grants = new ChatGrants(chat, () => chat.workPlace?.folder ?? core.cwd(), logger);
        const sub = grants.onDidChange(() => grantsChanged.fire());
        return {
          grants,
          source: { getGrants: () => grants.views(), onDidChangeGrants: grants.onDidChange },
          actions: {
            undoGrant: async (key) => {
              const refusal = await grants.undo(key);
              if (refusal) presenter.showMessage(refusal, 'warning', [], chat);
            },
            openGrant: (key) => grants.open(key),
          },
          dispose: () => {
            sub.dispose();
            grants.dispose();
          },
        };
      },
    },
    commands: {
      [COMMANDS.permissionsShow]: () => shown.show(true),
      [COMMANDS.permissionsHide]: () => shown.show(false),
      // A rule's Remove and a file's Open get the item they were run on; from the palette, Open asks which file.
      [COMMANDS.permissionsAddRule]: reporting(core, vscode.l10n.t('Adding a permission rule'), () => view.addRule()),
      [COMMANDS.permissionsRemoveRule]: (item?: unknown) => reporting(core, vscode.l10n.t('Removing a permission rule'), () => view.removeRule(item))(),
      [COMMANDS.permissionsOpenSettingsFile]: (item?: unknown) =>
        reporting(core, vscode.l10n.t('Opening the settings file'), () => view.openSettingsFile(item))(),
      [COMMANDS.permissionsRefresh]: reporting(core, vscode.l10n.t('Reading the settings files'), () => view.refresh()),
    },
    /** The Permissions view's model: the settings files as read, and the rules' edits. */
    test: { grants: view.model },
  };
}
