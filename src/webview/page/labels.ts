// Names and codicons for protocol enums, in one table each so no literal is repeated across views.
import type { PermissionCancelReason, PermissionOutcome, ToolCallUiStatus } from '../protocol/protocol';

export { OPTION_KIND_ICON, TOOL_KIND_ICON } from '../protocol/protocol';

export const TOOL_STATUS: Record<ToolCallUiStatus, { icon: string; label: string }> = {
  pending: { icon: 'circle-large-outline', label: 'Pending' },
  in_progress: { icon: 'loading codicon-modifier-spin', label: 'Running' },
  completed: { icon: 'pass', label: 'Completed' },
  failed: { icon: 'error', label: 'Failed' },
  cancelled: { icon: 'circle-slash', label: 'Cancelled' },
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
