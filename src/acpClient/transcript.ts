// The transcript model: what a session has said and done, folded from `session/update`s (see sessionReducer.ts).
// Plain JSON-serialisable data so the host can post it to the webview unchanged. Types from the SDK are reused.
import type {
  AvailableCommand,
  ContentBlock,
  PermissionOption,
  PlanEntry,
  SessionConfigOption,
  SessionModeState,
  ToolCallContent,
  ToolCallLocation,
  ToolCallStatus,
  ToolKind,
} from '@agentclientprotocol/sdk';

/** The wire statuses plus `cancelled`, a UI-only state given to unfinished tool calls after a cancel. */
export type ToolCallUiStatus = ToolCallStatus | 'cancelled';

export interface ToolCallState {
  toolCallId: string;
  title: string;
  name?: string | null;
  kind?: ToolKind | null;
  status: ToolCallUiStatus;
  content: ToolCallContent[];
  locations: ToolCallLocation[];
  rawInput?: unknown;
  rawOutput?: unknown;
  /** The adapter's `_meta.terminal_output` stream, concatenated, when the client advertised it. */
  terminalOutput?: string;
  /** Characters dropped from the start of `terminalOutput` to keep it under MAX_TERMINAL_OUTPUT (the tail is kept). */
  terminalOutputDropped?: number;
  terminalExit?: { exitCode: number | null; signal: string | null };
  /** The user rejected the permission this call asked for (the agent then reports it failed). */
  deniedByUser?: true;
  _meta?: Record<string, unknown> | null;
}

export type PermissionOutcome =
  | { status: 'pending' }
  | { status: 'selected'; optionId: string; optionName: string; optionKind: PermissionOption['kind'] }
  | { status: 'cancelled'; reason: PermissionCancelReason }
  /** The user answered after the request had been cancelled: the answer was discarded. */
  | { status: 'expired'; reason: PermissionCancelReason };

export type PermissionCancelReason =
  | 'agent-cancelled' // the SDK handler's abort signal ($/cancel_request)
  | 'turn-cancelled' // the user cancelled the turn (session/cancel)
  | 'agent-exited' // the agent process exited / the connection closed
  | 'session-closed';

/** One `session/request_permission`, as recorded in the transcript. */
export interface PermissionRecord {
  /** Stable key for the request: `${sessionId}:${requestId}`. */
  key: string;
  toolCallId: string;
  title: string;
  description?: string;
  options: PermissionOption[];
  outcome: PermissionOutcome;
  requestedAt: number;
  settledAt?: number;
}

/**
 * A subagent the agent launched: its own (child) session, shown as a lane in the chat. `lane` on an entry names the
 * child session it belongs to; entries without it are the main agent's.
 */
export interface SubagentLane {
  /** The child session id. */
  sessionId: string;
  /** `subagent_update.title` (e.g. the agent type or name). */
  title?: string;
  /** `subagent_update.description` (its task). */
  description?: string;
  /** The launch `session_message` text. */
  prompt?: string;
  /** The `:reply` `session_message` text. */
  reply?: string;
  state: 'running' | 'requires_action' | 'idle' | 'unknown' | 'unset';
  /** `state.stopReason` when idle ('end_turn', 'cancelled', 'error', 'ended-with-turn', ...). */
  stopReason?: string;
  /** ms epoch, first announcement. */
  startedAt: number;
  /** When it went idle (or the parent turn ended with it still running). */
  endedAt?: number;
  /** `capabilities.cancel` is an object. */
  cancellable: boolean;
  /** The child's current model name, if its config_option_update names one. */
  model?: string;
}

export type TranscriptEntry =
  | { kind: 'user'; id: string; content: ContentBlock[]; at: number; lane?: string }
  | { kind: 'agent'; id: string; messageId?: string | null; content: ContentBlock[]; at: number; lane?: string }
  | { kind: 'thought'; id: string; messageId?: string | null; content: ContentBlock[]; at: number; endedAt?: number; lane?: string }
  | { kind: 'tool'; id: string; toolCall: ToolCallState; at: number; lane?: string }
  | { kind: 'permission'; id: string; permission: PermissionRecord; at: number; lane?: string }
  | { kind: 'notice'; id: string; severity: string; title: string; description?: string | null; at: number; lane?: string }
  | { kind: 'error'; id: string; message: string; at: number; lane?: string }
  /** `usage`: the PromptResponse's token counts for the turn, as the agent sent them (read by usage/usageFigures.ts). */
  | { kind: 'turn-end'; id: string; stopReason: string; at: number; lane?: string; usage?: PromptUsage }
  /** Where a subagent's lane sits in its parent's flow; `lane` is set only for a nested child (its parent lane). */
  | { kind: 'subagent'; id: string; at: number; lane?: string; subagent: SubagentLane };

export type TurnState = 'idle' | 'running' | 'cancelling';

export interface Usage {
  used: number;
  size: number;
  cost?: { amount: number; currency: string } | null;
  /** Claude's `_meta["_claude/rateLimit"]` (its SDKRateLimitInfo), as sent: usage/usageFigures.ts reads it. */
  rateLimit?: unknown;
}

/** A turn's token counts (ACP's unstable PromptResponse `usage`), as the agent sent them: checked where they are shown. */
export interface PromptUsage {
  totalTokens?: unknown;
  inputTokens?: unknown;
  outputTokens?: unknown;
  thoughtTokens?: unknown;
  cachedReadTokens?: unknown;
  cachedWriteTokens?: unknown;
}

/** Session-level fields (everything but the entry list). */
export interface SessionMeta {
  sessionId: string;
  title?: string | null;
  updatedAt?: string | null;
  plan: PlanEntry[];
  availableCommands: AvailableCommand[];
  modes?: SessionModeState | null;
  configOptions: SessionConfigOption[];
  usage?: Usage;
  turn: TurnState;
  connection: 'connected' | 'disconnected';
  /** Why the agent went away (exit code, signal, stderr tail), when `connection` is `disconnected`. */
  disconnectReason?: string;
  /** Prompts typed while a turn ran, in the order they will be sent (absent = none). */
  queue?: QueuedPrompt[];
}

/** A prompt waiting for the running turn to end; the user can still edit, remove or steer it. */
export interface QueuedPrompt {
  id: string;
  content: ContentBlock[];
  at: number;
}

export interface TranscriptSnapshot {
  meta: SessionMeta;
  entries: TranscriptEntry[];
}

/**
 * Text added at the end of an entry, when that is all an update did: streamed message text (the last content block,
 * a text block) or a command's output (`toolCall.terminalOutput`). `from` is the field's length before the append, so
 * a view can tell whether it holds the state the append builds on.
 */
export interface TextAppend {
  field: 'text' | 'terminal';
  from: number;
  text: string;
}

/** Fine-grained change events so a view can patch one node. */
export type TranscriptChange =
  | { type: 'entry-added'; entry: TranscriptEntry; index: number }
  /** `append` is set when the change only added `append.text` at the end of one field (see TextAppend). */
  | { type: 'entry-changed'; entry: TranscriptEntry; append?: TextAppend }
  | { type: 'meta-changed'; keys: (keyof SessionMeta)[] };

/** The text of a message's blocks, joined (images and resources carry none). */
export function blocksText(blocks: readonly ContentBlock[]): string {
  return blocks.map((b) => (b.type === 'text' ? b.text : '')).join('');
}
