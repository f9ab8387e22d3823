// Tool call state from `tool_call` / `tool_call_update`: fields patch, `content` and `locations` replace (ACP
// tool-calls spec), and Claude's `_meta.terminal_*` stream is folded into `terminalOutput` / `terminalExit`.
import type { ToolCall, ToolCallContent, ToolCallUpdate } from '@agentclientprotocol/sdk';
import type { TextAppend, ToolCallState, ToolCallUiStatus } from './transcript';
import { l10n } from '../contributions/l10n';

/**
 * Bounds on what one tool call keeps, so a command printing without end cannot grow the extension host (or every
 * patch sent to the chat) without limit. Command output keeps its tail (errors and summaries come last); other
 * text keeps its head. What is dropped is counted and shown as "output truncated".
 */
export const MAX_TERMINAL_OUTPUT = 1_000_000;
export const MAX_TOOL_TEXT = 1_000_000;

/** Meta keys folded into typed fields instead of being kept in `_meta` (the output stream would pile up there). */
const FOLDED_META_KEYS = ['terminal_output', 'terminal_exit'] as const;

/** The state of a tool call first seen through `update` (a `tool_call`, or an update for an unknown id). */
export function createToolCall(update: ToolCall | ToolCallUpdate): ToolCallState {
  const initial: ToolCallState = {
    toolCallId: update.toolCallId,
    title: update.title ?? update.name ?? l10n.t('Tool call'),
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
  if (update.content !== undefined) next.content = (update.content ?? []).map(capContent);
  if (update.locations !== undefined) next.locations = update.locations ?? [];
  if ('rawInput' in update && update.rawInput !== undefined) next.rawInput = update.rawInput;
  if ('rawOutput' in update && update.rawOutput !== undefined)
    next.rawOutput = typeof update.rawOutput === 'string' ? capText(update.rawOutput) : update.rawOutput;
  const meta = update._meta;
  if (meta) {
    const output = readTerminalOutput(meta);
    if (output !== undefined) Object.assign(next, appendTerminalOutput(prev, output));
    const exit = readTerminalExit(meta);
    if (exit) next.terminalExit = exit;
    const kept = { ...meta };
    for (const key of FOLDED_META_KEYS) delete kept[key];
    if (Object.keys(kept).length) next._meta = { ...(prev._meta ?? {}), ...kept };
  }
  return next;
}

/** Command output as a tool call keeps it. */
export type TerminalText = Pick<ToolCallState, 'terminalOutput' | 'terminalOutputDropped'>;

/**
 * `prev`'s command output with `output` appended, its tail kept within MAX_TERMINAL_OUTPUT and the dropped characters
 * counted: the one cap for Claude's `_meta.terminal_output` stream and for the client's own terminals (`terminal/*`).
 */
export function appendTerminalOutput(prev: TerminalText, output: string): TerminalText {
  const all = (prev.terminalOutput ?? '') + output;
  const over = all.length - MAX_TERMINAL_OUTPUT;
  if (over <= 0)
    return prev.terminalOutputDropped === undefined ? { terminalOutput: all } : { terminalOutput: all, terminalOutputDropped: prev.terminalOutputDropped };
  return { terminalOutput: all.slice(over), terminalOutputDropped: (prev.terminalOutputDropped ?? 0) + over };
}

/**
 * `output` added to `prev`'s command output, as an append to what the page already shows: only when there was output
 * before and the cap pushed none of its head out (else the page needs the field whole).
 */
export function terminalAppend(prev: TerminalText, next: TerminalText, output: string): TextAppend | undefined {
  if (prev.terminalOutput === undefined || next.terminalOutputDropped !== prev.terminalOutputDropped) return undefined;
  return { field: 'terminal', from: prev.terminalOutput.length, text: output };
}

/** The marker put in place of what `capText` drops; the chat shows it as part of the text. */
export function truncationMarker(dropped: number): string {
  return `[output truncated: ${dropped.toLocaleString('en-US')} more characters not kept]`;
}

function capText(text: string): string {
  return text.length > MAX_TOOL_TEXT ? `${text.slice(0, MAX_TOOL_TEXT)}\n\n${truncationMarker(text.length - MAX_TOOL_TEXT)}` : text;
}

function capContent(c: ToolCallContent): ToolCallContent {
  if (c.type === 'content' && c.content.type === 'text' && c.content.text.length > MAX_TOOL_TEXT)
    return { ...c, content: { ...c.content, text: capText(c.content.text) } };
  if (c.type === 'diff' && (c.newText.length > MAX_TOOL_TEXT || (c.oldText?.length ?? 0) > MAX_TOOL_TEXT)) {
    return { ...c, newText: capText(c.newText), oldText: c.oldText == null ? c.oldText : capText(c.oldText) };
  }
  return c;
}

/** After a cancel, unfinished calls become `cancelled`; returns undefined when the call was already finished. */
export function cancelToolCall(prev: ToolCallState): ToolCallState | undefined {
  return prev.status === 'pending' || prev.status === 'in_progress' ? { ...prev, status: 'cancelled' } : undefined;
}

/**
 * A call the user cancelled stays `cancelled`: Claude then reports it `failed` ("the user doesn't want to proceed"),
 * which would read as an error of the tool, and a straggling `pending`/`in_progress` must not revive it. Only
 * `completed` (it did run to the end) replaces it.
 */
function mergeStatus(prev: ToolCallUiStatus, wire: NonNullable<ToolCallUpdate['status']>): ToolCallUiStatus {
  if (prev === 'cancelled' && wire !== 'completed') return prev;
  return wire;
}

/** The output chunk of an update that carries nothing else (so applying it only appends to `terminalOutput`). */
export function terminalOutputOnly(update: ToolCall | ToolCallUpdate): string | undefined {
  const meta = update._meta;
  if (!meta || Object.keys(meta).some((k) => k !== 'terminal_output')) return undefined;
  for (const [k, v] of Object.entries(update)) if (k !== 'toolCallId' && k !== '_meta' && k !== 'sessionUpdate' && v !== undefined) return undefined;
  return readTerminalOutput(meta);
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
