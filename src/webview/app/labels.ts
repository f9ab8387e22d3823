// Names and codicons for protocol enums, in one table each so no literal is repeated across views.
import type { PermissionCancelReason, PermissionOutcome, ToolCallUiStatus } from '../../acpClient/transcript';

export const TOOL_KIND_ICON: Record<string, string> = {
  read: 'file',
  edit: 'edit',
  delete: 'trash',
  move: 'file-symlink-file',
  search: 'search',
  execute: 'terminal',
  think: 'lightbulb',
  fetch: 'globe',
  switch_mode: 'arrow-swap',
  other: 'tools',
};

export const TOOL_STATUS: Record<ToolCallUiStatus, { icon: string; label: string }> = {
  pending: { icon: 'circle-large-outline', label: 'Pending' },
  in_progress: { icon: 'loading codicon-modifier-spin', label: 'Running' },
  completed: { icon: 'pass', label: 'Completed' },
  failed: { icon: 'error', label: 'Failed' },
  cancelled: { icon: 'circle-slash', label: 'Cancelled' },
};

export const PERMISSION_OPTION_ICON: Record<string, string> = {
  allow_once: 'check',
  allow_always: 'check-all',
  reject_once: 'close',
  reject_always: 'circle-slash',
};

const CANCEL_REASON: Record<PermissionCancelReason, string> = {
  'agent-cancelled': 'withdrawn by the agent',
  'turn-cancelled': 'turn cancelled',
  'agent-exited': 'agent exited',
  'session-closed': 'session closed',
};

/** The line shown on a settled permission card. */
export function describePermissionOutcome(o: PermissionOutcome): string {
  switch (o.status) {
    case 'pending':
      return 'Waiting for your answer';
    case 'selected':
      return o.optionKind.startsWith('allow') ? `Allowed: ${o.optionName}` : 'Rejected';
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
