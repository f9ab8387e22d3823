// The client's own contributions to the transcript (prompts, turn ends, permission records, disconnects), folded
// as purely as the agent's updates so the Session class only sequences them.
import { RequestError, type ContentBlock, type SessionConfigOption, type SessionModeState } from '@agentclientprotocol/sdk';
import { applyConfigOptions } from './sessionReducer';
import { closeWorkingLanes } from './subagentLanes';
import { appendTerminalOutput, cancelToolCall, terminalAppend } from './toolCallMerge';
import { blocksText, type PermissionOutcome, type PermissionRecord, type PromptUsage, type TextAppend, type ToolCallState } from './transcript';
import { Draft, type ReduceResult, type TranscriptState } from './transcriptState';
import { l10n } from '../contributions/l10n';

export type ClientEvent =
  | { type: 'prompt-sent'; content: ContentBlock[] }
  | { type: 'turn-cancelling' }
  /** `stillRunning`: another (queued) prompt of this session is in flight, so the turn stays running. */
  /** `usage`: the PromptResponse's, as sent (ACP's unstable field; Claude's adapter: acp-agent.js turnOutcome, sessionUsage). */
  | { type: 'turn-ended'; stopReason: string; stillRunning?: boolean; usage?: unknown }
  /** A notice the client adds where the transcript is now (a usage limit the agent reported in its usage figures). */
  | { type: 'notice-added'; severity: 'info' | 'warning'; title: string; description?: string }
  /** `needsSignIn`: the agent refused the prompt until the user signs in (a first step, not a failure). */
  | { type: 'turn-failed'; message: string; stillRunning?: boolean; needsSignIn?: boolean }
  /** `lane`: a subagent's request (its child session id). */
  | { type: 'permission-requested'; permission: PermissionRecord; lane?: string }
  | { type: 'permission-settled'; key: string; outcome: Exclude<PermissionOutcome, { status: 'pending' }> }
  | { type: 'session-configured'; modes?: SessionModeState | null; configOptions?: SessionConfigOption[] | null }
  | { type: 'disconnected'; reason: string }
  | { type: 'prompt-queued'; id: string; content: ContentBlock[] }
  | { type: 'queued-prompt-edited'; id: string; content: ContentBlock[] }
  /** Removed by the user, or taken off the queue to be sent (as a prompt or steered into the running turn). */
  | { type: 'queued-prompt-removed'; id: string }
  /** A queued prompt went into the running turn (`_session/steering`): shown as the user's message there. */
  | { type: 'prompt-steered'; content: ContentBlock[] }
  /** The title the agent gave the session before (remembered in workspace storage); a load does not replay it. */
  | { type: 'title-remembered'; title: string }
  /** Output of a terminal the client runs for the agent (`terminal/create`), shown in the tool call that embeds it. */
  /** `dropped`: characters cut from the start before a tool call showed the terminal (the same cap). */
  | { type: 'terminal-output'; terminalId: string; text: string; dropped?: number }
  | { type: 'terminal-exited'; terminalId: string; exit: { exitCode: number | null; signal: string | null } };

/** Fold one client-side event into `state`. */
export function applyClientEvent(state: TranscriptState, event: ClientEvent, now: number): ReduceResult {
  const d = new Draft(state, now);
  switch (event.type) {
    case 'prompt-sent':
      d.userMessageId = null;
      d.add({ kind: 'user', id: d.newId(), content: event.content, at: now });
      d.setMeta('turn', 'running');
      break;
    case 'turn-cancelling':
      if (d.currentMeta.turn === 'running') d.setMeta('turn', 'cancelling');
      // The main agent's calls: each subagent's end (idle, cancelled) is reported on its own (subagentLanes.ts).
      cancelUnfinishedToolCalls(d, 'main');
      break;
    case 'prompt-queued':
      d.setMeta('queue', [...(d.currentMeta.queue ?? []), { id: event.id, content: event.content, at: now }]);
      break;
    case 'queued-prompt-edited':
      d.setMeta(
        'queue',
        (d.currentMeta.queue ?? []).map((q) => (q.id === event.id ? { ...q, content: event.content } : q)),
      );
      break;
    case 'queued-prompt-removed':
      d.setMeta(
        'queue',
        (d.currentMeta.queue ?? []).filter((q) => q.id !== event.id),
      );
      break;
    case 'notice-added':
      d.add({ kind: 'notice', id: d.newId(), severity: event.severity, title: event.title, description: event.description ?? null, at: now });
      break;
    case 'title-remembered':
      if (!d.currentMeta.title) d.setMeta('title', event.title);
      break;
    case 'prompt-steered':
      d.userMessageId = null;
      d.add({ kind: 'user', id: d.newId(), content: event.content, at: now });
      break;
    case 'turn-ended':
      d.add({
        kind: 'turn-end',
        id: d.newId(),
        stopReason: event.stopReason,
        at: now,
        ...(isObject(event.usage) ? { usage: event.usage as PromptUsage } : {}),
      });
      if (event.stopReason === 'cancelled') cancelUnfinishedToolCalls(d, 'main');
      if (!event.stillRunning) endTurn(d);
      break;
    case 'turn-failed':
      // Sign-in is said on the chat's card; the transcript only marks where the prompt stopped, in neutral words.
      if (event.needsSignIn) d.add({ kind: 'notice', id: d.newId(), severity: 'info', title: l10n.t('Not sent: sign in first'), description: null, at: now });
      else d.add({ kind: 'error', id: d.newId(), message: event.message, at: now });
      if (!event.stillRunning) endTurn(d);
      break;
    case 'permission-requested':
      d.add(
        { kind: 'permission', id: d.newId(), permission: event.permission, at: now, ...(event.lane === undefined ? {} : { lane: event.lane }) },
        { name: 'permissionIndex', key: event.permission.key },
      );
      break;
    case 'permission-settled': {
      const at = d.indexOf('permissionIndex', event.key);
      const entry = at === undefined ? undefined : d.allEntries[at];
      if (at !== undefined && entry?.kind === 'permission') {
        d.replace(at, { ...entry, permission: { ...entry.permission, outcome: event.outcome, settledAt: now } });
        if (event.outcome.status === 'selected' && event.outcome.optionKind.startsWith('reject')) markDenied(d, entry.permission.toolCallId);
      }
      break;
    }
    case 'terminal-output':
      patchTerminalCall(d, event.terminalId, (tc) => {
        const dropped = (tc.terminalOutputDropped ?? 0) + (event.dropped ?? 0);
        const toolCall = { ...tc, ...appendTerminalOutput(dropped ? { ...tc, terminalOutputDropped: dropped } : tc, event.text) };
        // Live output travels to the page as appends, like Claude's command output.
        return { toolCall, append: terminalAppend(tc, toolCall, event.text) };
      });
      break;
    case 'terminal-exited':
      patchTerminalCall(d, event.terminalId, (tc) => ({ toolCall: { ...tc, terminalExit: event.exit } }));
      break;
    case 'session-configured':
      if (event.modes !== undefined) d.setMeta('modes', event.modes);
      if (event.configOptions) applyConfigOptions(d, event.configOptions);
      break;
    case 'disconnected':
      d.closeOpenThought();
      closeWorkingLanes(d, true);
      cancelUnfinishedToolCalls(d, 'all');
      d.setMeta('connection', 'disconnected');
      d.setMeta('disconnectReason', event.reason);
      d.setMeta('turn', 'idle');
      break;
    default: {
      const unknown: never = event;
      void unknown;
    }
  }
  return d.finish();
}

/** The turn is over: idle, and a subagent lane still working is closed (subagentLanes.ts `closeWorkingLanes`). */
function endTurn(d: Draft): void {
  d.setMeta('turn', 'idle');
  closeWorkingLanes(d);
}

/** ACP prompt-turn §Cancellation: the client SHOULD mark unfinished tool calls cancelled (a UI-only status). */
function cancelUnfinishedToolCalls(d: Draft, which: 'main' | 'all'): void {
  d.allEntries.forEach((entry, at) => {
    if (entry.kind !== 'tool' || (which === 'main' && entry.lane !== undefined)) return;
    const cancelled = cancelToolCall(entry.toolCall);
    if (cancelled) d.replace(at, { ...entry, toolCall: cancelled });
  });
}

/** The user said no to the tool call's permission: its card says so instead of reporting the agent's failure. */
function markDenied(d: Draft, toolCallId: string): void {
  const at = d.indexOf('toolIndex', toolCallId);
  const entry = at === undefined ? undefined : d.allEntries[at];
  if (at !== undefined && entry?.kind === 'tool' && !entry.toolCall.deniedByUser)
    d.replace(at, { ...entry, toolCall: { ...entry.toolCall, deniedByUser: true } });
}

/** Whether `toolCall` embeds the client's terminal `terminalId` (a `terminal` content item). */
export function showsTerminal(toolCall: ToolCallState, terminalId: string): boolean {
  return toolCall.content.some((c) => c.type === 'terminal' && c.terminalId === terminalId);
}

/** Patches the latest tool call that embeds `terminalId` (searched from the end: it is almost always a recent one). */
function patchTerminalCall(d: Draft, terminalId: string, patch: (tc: ToolCallState) => { toolCall: ToolCallState; append?: TextAppend }): void {
  const entries = d.allEntries;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e?.kind === 'tool' && showsTerminal(e.toolCall, terminalId)) {
      const { toolCall, append } = patch(e.toolCall);
      d.replace(i, { ...e, toolCall }, append);
      return;
    }
  }
}

/**
 * The failed turn's line in the transcript. For a model API error it gave up on, Claude's adapter (to a client
 * without its session-failure extension, as we are) first sends the error's text as the agent's message, then
 * rejects the prompt with `RequestError.internalError(data, sameText)` (acp-agent.js: "legacy clients retain the
 * historical transcript behavior", then failActiveWithSessionFailure → failActive). That message is the JSON-RPC
 * code's name before what the agent just said, so the line is the agent's words: the page shows them once.
 */
export function failedTurnLine(state: TranscriptState, error: Error): string {
  const at = state.laneLast.get(''); // the main agent's last entry
  const last = at === undefined ? undefined : state.entries[at];
  if (last?.kind !== 'agent') return error.message;
  const said = blocksText(last.content).trim();
  return said !== '' && error.message === RequestError.internalError(undefined, said).message ? said : error.message;
}

function isObject(x: unknown): x is object {
  return typeof x === 'object' && x !== null;
}
