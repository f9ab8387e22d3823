// The words of the attention surfaces: a chat's name, why it waits, and each event's notification. Through l10n, no
// vscode; agent text is made safe and bounded.
import { toDisplayText, withoutLinks } from '../acpClient/displayText';
import type { Chat } from '../chat/chat';
import { l10n } from '../contributions/l10n';
import type { Prompt } from '../permissionUI/permissionBroker';
import { chatTitle, titleWithBranch } from '../webview/host/chatChrome';
import type { WaitReason } from './needsYou';
import type { TurnEvent } from './turnWatch';

/** The chat as the user knows it: its title (with its worktree's branch), else "New chat". */
export function chatName(chat: Pick<Chat, 'session' | 'workPlace'>): string {
  return titleWithBranch(chatTitle(chat.session?.meta), chat.workPlace?.branch) ?? l10n.t('New chat');
}

export function reasonText(reason: WaitReason): string {
  switch (reason) {
    case 'approval':
      return l10n.t('an approval');
    case 'question':
      return l10n.t('a question');
    case 'error':
      return l10n.t('an error');
    case 'limit':
      return l10n.t('a limit');
    case 'finished':
      return l10n.t('finished');
  }
}

export function reasonsText(reasons: readonly WaitReason[]): string {
  return reasons.map(reasonText).join(', ');
}

/** One line of the status bar item's tooltip: "Fix the tests: finished". */
export function waitingLine(name: string, reasons: readonly WaitReason[]): string {
  return l10n.t('{0}: {1}', name, reasonsText(reasons));
}

function limitText(what: Extract<TurnEvent, { kind: 'limit' }>['what']): string {
  switch (what) {
    case 'max_tokens':
      return l10n.t('the model’s output limit');
    case 'max_turn_requests':
      return l10n.t('the turn’s request limit');
    case 'rate_limit':
      return l10n.t('the API’s rate limit');
    case 'credit':
      return l10n.t('the credit balance');
  }
}

/** The notification for a turn's end in the chat named `name`. */
export function turnMessage(name: string, event: TurnEvent): string {
  switch (event.kind) {
    case 'turnEnded':
      return event.stopReason === 'end_turn'
        ? l10n.t('ACP Chat: “{0}” finished', name)
        : l10n.t('ACP Chat: “{0}” finished ({1})', name, toDisplayText(event.stopReason, 40));
    case 'error':
      return withoutLinks(l10n.t('ACP Chat: “{0}” stopped on an error: {1}', name, toDisplayText(event.message.split('\n')[0] ?? '', 160)));
    case 'limit':
      return l10n.t('ACP Chat: “{0}” stopped at {1}', name, limitText(event.what));
  }
}

/** The notification for a usage limit the agent reported in the chat named `name` (`title`: the chat's notice). */
export function limitMessage(name: string, title: string): string {
  return withoutLinks(l10n.t('ACP Chat: “{0}”: {1}', name, toDisplayText(title, 160)));
}

/** The notification for a waiting approval or question, in the chat named `name` (none when no chat shows it). */
export function promptMessage(prompt: Prompt, name: string | undefined): string {
  if (prompt.type === 'elicitation')
    return name === undefined ? l10n.t('ACP Chat: the agent has a question') : l10n.t('ACP Chat: “{0}” has a question for you', name);
  const title = toDisplayText(prompt.presentation.title, 120);
  const by = prompt.presentation.askedBy;
  const what = by === undefined ? title : l10n.t('{0}, asked by {1}', title, by);
  return withoutLinks(l10n.t('ACP Chat: an approval is waiting — {0}', what));
}
