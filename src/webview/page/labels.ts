// Names and codicons for protocol enums, in one table each so no literal is repeated across views.
import type { PermissionCancelReason, PermissionOutcome, ToolCallUiStatus } from '../protocol/protocol';

export { OPTION_KIND_ICON, TOOL_KIND_ICON } from '../protocol/protocol';

export const TOOL_STATUS: Record<ToolCallUiStatus, { icon: string; label: string }> = {
  // Not started: the agent asks about one call at a time, so a call without its own approval waits behind another.
  pending: { icon: 'circle-large-outline', label: 'Waiting its turn' },
  in_progress: { icon: 'loading codicon-modifier-spin', label: 'Running' },
  completed: { icon: 'pass', label: 'Completed' },
  failed: { icon: 'error', label: 'Failed' },
  // Not Denied's icon: a call the user stopped is not one the user refused.
  cancelled: { icon: 'debug-stop', label: 'Cancelled' },
};

/** A call whose permission the user refused: said in neutral words, not as the agent's failure. */
export const TOOL_DENIED = { icon: 'circle-slash', label: 'Denied by you' };

const CANCEL_REASON: Record<PermissionCancelReason, string> = {
  'agent-cancelled': 'withdrawn by the agent',
  'turn-cancelled': 'turn cancelled',
  'agent-exited': 'agent exited',
  'session-closed': 'chat closed',
};

/** The line shown on a settled permission card. */
export function describePermissionOutcome(o: PermissionOutcome): string {
  switch (o.status) {
    case 'pending':
      return 'Waiting for your answer';
    case 'selected':
      if (!o.optionKind.startsWith('allow')) return 'Denied by you';
      return o.optionKind === 'allow_once' ? 'Allowed once by you' : `Allowed by you: ${o.optionName}`;
    case 'cancelled':
      return `Cancelled (${CANCEL_REASON[o.reason] ?? o.reason})`;
    case 'expired':
      return `Expired (${CANCEL_REASON[o.reason] ?? o.reason})`;
  }
}

export const PLAN_STATUS_ICON: Record<string, string> = {
  pending: 'circle-large-outline',
  in_progress: 'loading codicon-modifier-spin',
  completed: 'pass-filled',
};

/**
 * The Claude adapter's modes by one name each, the glossary's (docs/glossary.md): Claude Code's own names for what they
 * do, in the picker, its tooltip, the docs and the settings alike (the adapter's "Manual" or "Accept edits" say less).
 * Only the adapter's exact id and name pairs (dist/session-mode.js) are renamed; another agent's modes keep theirs.
 */
const CLAUDE_MODE_LABEL: Record<string, { name: string; label: string }> = {
  default: { name: 'Manual', label: 'Ask before edits' },
  acceptEdits: { name: 'Accept edits', label: 'Edit automatically' },
  plan: { name: 'Plan', label: 'Plan mode' },
  auto: { name: 'Auto', label: 'Auto mode' },
  bypassPermissions: { name: 'Bypass permissions', label: 'Bypass permissions' },
};

function claudeMode(id: string, name: string): { label: string } | undefined {
  const known = Object.hasOwn(CLAUDE_MODE_LABEL, id) ? CLAUDE_MODE_LABEL[id] : undefined;
  return known?.name === name ? known : undefined;
}

/** What a mode does, in words: the adapter's modes renamed, any other agent's by its own name. */
export function modeLabel(id: string, name: string): string {
  return claudeMode(id, name)?.label ?? name;
}

export function shortModeLabel(id: string, name: string): string {
  return claudeMode(id, name)?.label ?? (name.trim().split(/\s+/)[0] || name);
}
