// Tool call state from `tool_call` / `tool_call_update`: fields patch, `content` and `locations` replace (ACP
// tool-calls spec), and Claude's `_meta.terminal_*` stream is folded into `terminalOutput` / `terminalExit`.
import type { ToolCall, ToolCallUpdate } from '@agentclientprotocol/sdk';
import type { ToolCallState, ToolCallUiStatus } from './transcript';

/** Meta keys folded into typed fields instead of being kept in `_meta` (the output stream would pile up there). */
const FOLDED_META_KEYS = ['terminal_output', 'terminal_exit'] as const;

/** The state of a tool call first seen through `update` (a `tool_call`, or an update for an unknown id). */
export function createToolCall(update: ToolCall | ToolCallUpdate): ToolCallState {
  const initial: ToolCallState = {
    toolCallId: update.toolCallId,
    title: update.title ?? update.name ?? 'Tool call',
    status: 'pending',
    content: [],
    locations: [],
  };
  return patchToolCall(initial, update);
}

/** Apply one update to `prev`; returns a new object. Absent fields keep their value. */
export function patchToolCall(prev: ToolCallState, update: ToolCall | ToolCallUpdate): ToolCallState {
  const next: ToolCallState = { ...prev };
  if (update.title != null) next.title = update.title;
  if (update.name !== undefined) next.name = update.name;
  if (update.kind !== undefined) next.kind = update.kind;
  if (update.status != null) next.status = mergeStatus(prev.status, update.status);
  if (update.content !== undefined) next.content = update.content ?? [];
  if (update.locations !== undefined) next.locations = update.locations ?? [];
  if ('rawInput' in update && update.rawInput !== undefined) next.rawInput = update.rawInput;
  if ('rawOutput' in update && update.rawOutput !== undefined) next.rawOutput = update.rawOutput;
  const meta = update._meta;
  if (meta) {
    const output = readTerminalOutput(meta);
    if (output !== undefined) next.terminalOutput = (prev.terminalOutput ?? '') + output;
    const exit = readTerminalExit(meta);
    if (exit) next.terminalExit = exit;
    const kept = { ...meta };
    for (const key of FOLDED_META_KEYS) delete kept[key];
    if (Object.keys(kept).length) next._meta = { ...(prev._meta ?? {}), ...kept };
  }
  return next;
}

/** After a cancel, unfinished calls become `cancelled`; returns undefined when the call was already finished. */
export function cancelToolCall(prev: ToolCallState): ToolCallState | undefined {
  return prev.status === 'pending' || prev.status === 'in_progress' ? { ...prev, status: 'cancelled' } : undefined;
}

/**
 * A cancelled call may still get the agent's final word (Claude reports `failed` after session/cancel), and that
 * is kept; a straggling `pending`/`in_progress` must not revive it.
 */
function mergeStatus(prev: ToolCallUiStatus, wire: NonNullable<ToolCallUpdate['status']>): ToolCallUiStatus {
  if (prev === 'cancelled' && (wire === 'pending' || wire === 'in_progress')) return prev;
  return wire;
}

function readTerminalOutput(meta: Record<string, unknown>): string | undefined {
  const value = meta['terminal_output'];
  if (value && typeof value === 'object' && typeof (value as { data?: unknown }).data === 'string') {
    return (value as { data: string }).data;
  }
  return undefined;
}

function readTerminalExit(meta: Record<string, unknown>): ToolCallState['terminalExit'] {
  const value = meta['terminal_exit'];
  if (!value || typeof value !== 'object') return undefined;
  const { exit_code, signal } = value as { exit_code?: unknown; signal?: unknown };
  return {
    exitCode: typeof exit_code === 'number' ? exit_code : null,
    signal: typeof signal === 'string' ? signal : null,
  };
}
