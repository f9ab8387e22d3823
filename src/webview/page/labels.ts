// Names and codicons for protocol enums, in one place each so no literal is repeated across views. The names are
// worded as they are asked for (functions, not tables): the page's translations are in only once its modules loaded.
import type { PermissionCancelReason, PermissionOutcome, ToolCallUiStatus } from '../protocol/protocol';
import { l10n } from './l10n';

export { OPTION_KIND_ICON, TOOL_KIND_ICON } from '../protocol/protocol';

const SPIN = 'loading codicon-modifier-spin'; // l10n-ignore: codicon classes

/** A call's status: its codicon, and its word (the tooltip, and what a screen reader says). */
export function toolStatus(status: ToolCallUiStatus): { icon: string; label: string } {
  switch (status) {
    case 'in_progress':
      return { icon: SPIN, label: l10n.t('Running') };
    case 'completed':
      return { icon: 'pass', label: l10n.t('Completed') };
    case 'failed':
      return { icon: 'error', label: l10n.t('Failed') };
    case 'cancelled':
      // Not Denied's icon: a call the user stopped is not one the user refused.
      return { icon: 'debug-stop', label: l10n.t('Cancelled') };
    default:
      // Not started: the agent asks about one call at a time, so a call without its own approval waits behind another.
      // An unknown status reads as this too.
      return { icon: 'circle-large-outline', label: l10n.t('Waiting its turn') };
  }
}

/** A call whose permission the user refused: said in neutral words, not as the agent's failure. */
export function toolDenied(): { icon: string; label: string } {
  return { icon: 'circle-slash', label: l10n.t('Denied by you') };
}

/** Why a permission was settled without an answer; an unknown reason as the host named it. */
function cancelReason(reason: PermissionCancelReason): string {
  switch (reason) {
    case 'agent-cancelled':
      return l10n.t('withdrawn by the agent');
    case 'turn-cancelled':
      return l10n.t('turn cancelled');
    case 'agent-exited':
      return l10n.t('agent exited');
    case 'session-closed':
      return l10n.t('chat closed');
    default:
      return reason;
  }
}

/** The line shown on a settled permission card. */
export function describePermissionOutcome(o: PermissionOutcome): string {
  switch (o.status) {
    case 'pending':
      return l10n.t('Waiting for your answer');
    case 'selected':
      if (!o.optionKind.startsWith('allow')) return l10n.t('Denied by you');
      return o.optionKind === 'allow_once' ? l10n.t('Allowed once by you') : l10n.t('Allowed by you: {0}', o.optionName);
    case 'cancelled':
      return l10n.t('Cancelled ({0})', cancelReason(o.reason));
    case 'expired':
      return l10n.t('Expired ({0})', cancelReason(o.reason));
  }
}

export const PLAN_STATUS_ICON: Record<string, string> = {
  pending: 'circle-large-outline',
  in_progress: SPIN,
  completed: 'pass-filled',
};

/**
 * The Claude adapter's modes by one name each, the glossary's (docs/glossary.md): Claude Code's own names for what they
 * do, in the picker, its tooltip, the docs and the settings alike (the adapter's "Manual" or "Accept edits" say less).
 * Only the adapter's exact id and name pairs (dist/session-mode.js) are renamed; another agent's modes keep theirs.
 * `name` is the adapter's, matched and never shown; `label` is ours.
 */
const CLAUDE_MODE_LABEL: Record<string, { name: string; label: () => string }> = {
  default: { name: 'Manual', label: () => l10n.t('Ask before edits') },
  // l10n-ignore: the adapter's name, matched, not shown
  acceptEdits: { name: 'Accept edits', label: () => l10n.t('Edit automatically') },
  plan: { name: 'Plan', label: () => l10n.t('Plan mode') },
  auto: { name: 'Auto', label: () => l10n.t('Auto mode') },
  // l10n-ignore: the adapter's name, matched, not shown
  bypassPermissions: { name: 'Bypass permissions', label: () => l10n.t('Bypass permissions') },
};

function claudeMode(id: string, name: string): string | undefined {
  const known = Object.hasOwn(CLAUDE_MODE_LABEL, id) ? CLAUDE_MODE_LABEL[id] : undefined;
  return known?.name === name ? known.label() : undefined;
}

/** What a mode does, in words: the adapter's modes renamed, any other agent's by its own name. */
export function modeLabel(id: string, name: string): string {
  return claudeMode(id, name) ?? name;
}

export function shortModeLabel(id: string, name: string): string {
  return claudeMode(id, name) ?? (name.trim().split(/\s+/)[0] || name);
}
