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

/** A call whose permission the user refused: said in neutral words, not as the agent's failure. */
export const TOOL_DENIED = { icon: 'circle-slash', label: 'Denied by you' };

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
