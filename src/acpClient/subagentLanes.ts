// A session's subagents as lanes of its flat transcript: a pure fold of the ACP subagents RFD's updates
// (`subagent_update`, `session_message`, `session_message_chunk`; SDK unstable v1 schema, types.gen.d.ts
// SubagentUpdate / SessionMessage / SessionMessageChunk / StateUpdate). Claude's adapter sends them when the client
// declares `subagents: {}` (acp-subagents.js `clientSupportsSubagents`): each subagent is a child session, announced
// on its immediate parent (native-subagents.js `announceNativeSubagent`: title, description, `capabilities.cancel`,
// state running), its work state reported there (`reportState`, `rfdEndState`: idle with end_turn / cancelled /
// error), its launch prompt as the parent's outgoing `session_message` plus the child's incoming view
// (`linkedSessionMessages`), its answer as `${launchId}:reply` from the child to the parent (`launchReply`). The
// child's own updates (messages, tool calls, permissions) carry its session id; the client routes them to the root
// session (sessionRequests.ts), which folds them with `lane` (sessionReducer.ts).
import type { SessionConfigOption, SessionMessage, SessionMessageChunk, SubagentUpdate } from '@agentclientprotocol/sdk/unstable';
import { l10n } from '../contributions/l10n';
import { toDisplayText } from './displayText';
import { cancelToolCall } from './toolCallMerge';
import { blocksText, type SubagentLane, type TranscriptEntry } from './transcript';
import { Draft, type ReduceResult, type TranscriptState } from './transcriptState';

export type LaneUpdate =
  | (SubagentUpdate & { sessionUpdate: 'subagent_update' })
  | (SessionMessage & { sessionUpdate: 'session_message' })
  | (SessionMessageChunk & { sessionUpdate: 'session_message_chunk' });

/** What an update could not say; the session logs each `key` once. */
export interface LaneProblem {
  key: string;
  /** For the log. */
  log: string;
}

export interface LaneResult extends ReduceResult {
  problems: LaneProblem[];
  /** The child session id of the lane this update opened: its session's updates belong here from now on. */
  opened?: string;
}

type SubagentEntry = Extract<TranscriptEntry, { kind: 'subagent' }>;
type LaneState = SubagentLane['state'];

const STATES: ReadonlySet<string> = new Set<LaneState>(['running', 'requires_action', 'idle', 'unknown']);
/** The stop reason of a lane the parent's turn ended while it still ran. */
export const ENDED_WITH_TURN = 'ended-with-turn';

/**
 * Fold one subagent update that came on the root session (`lane` undefined) or on a subagent's child session (`lane`:
 * its id; a `subagent_update` there announces a nested child).
 */
export function applyLaneUpdate(state: TranscriptState, update: LaneUpdate, now: number, lane?: string): LaneResult {
  const d = new Draft(state, now);
  const problems: LaneProblem[] = [];
  let opened: string | undefined;
  switch (update.sessionUpdate) {
    case 'subagent_update':
      opened = subagentUpdate(d, update, lane, problems);
      break;
    case 'session_message':
      opened = sessionMessage(d, update, lane, problems);
      break;
    case 'session_message_chunk':
      messageChunk(d, update, lane, problems);
      break;
    default: {
      const unknown: never = update;
      void unknown;
    }
  }
  return { ...d.finish(), problems, ...(opened === undefined ? {} : { opened }) };
}

/** The `subagent` entry of the child `sessionId`, if it was announced. */
export function laneOf(state: Pick<TranscriptState, 'laneIndex' | 'entries'>, sessionId: string): SubagentLane | undefined {
  const at = state.laneIndex.get(sessionId);
  const entry = at === undefined ? undefined : state.entries[at];
  return entry?.kind === 'subagent' ? entry.subagent : undefined;
}

/** A subagent's name as every surface of the host says it: its title from the agent, cleaned, else the word for one. */
export function subagentName(title: string | undefined): string {
  return (title !== undefined && toDisplayText(title, 80)) || l10n.t('Subagent');
}

/** Whether the lane's foreground work is in progress (a Stop applies to it). */
export function isWorking(lane: SubagentLane): boolean {
  return lane.state === 'running' || lane.state === 'requires_action';
}

/**
 * The parent's turn ended (or, with `all`, the agent went away): a lane still working is closed, idle with
 * ENDED_WITH_TURN, its open thought ended and its unfinished tool calls cancelled; not a background child's, which
 * may work on after the turn (the adapter keeps sending its updates). The wire does not say which child runs in the
 * background (its launch call is hidden from the client); a background launch shows itself by its result coming while
 * the child still works (see `isBackgroundAck`). A child launched with an explicit `run_in_background: true` gets no
 * such result (native-subagents.js `routeRfdLaunch`) and is closed here; its next `subagent_update` sets its state again.
 */
export function closeWorkingLanes(d: Draft, all = false): void {
  d.allEntries.forEach((entry, at) => {
    if (entry.kind !== 'subagent' || !isWorking(entry.subagent)) return;
    if (!all && d.indexOf('messageIndex', backgroundKey(entry.subagent.sessionId)) !== undefined) return;
    d.replace(at, { ...entry, subagent: { ...entry.subagent, state: 'idle', stopReason: ENDED_WITH_TURN, endedAt: d.now } });
    endLaneWork(d, entry.subagent.sessionId, true);
  });
}

/** The child's `config_option_update`: its model (Claude: `childModelOption`, one select entry) names the lane's. */
export function laneModel(d: Draft, lane: string, options: readonly SessionConfigOption[]): void {
  const option = options.find((o) => o.category === 'model') ?? options.find((o) => o.id === 'model');
  if (option?.type !== 'select') return;
  const flat = option.options.flatMap((o) => ('options' in o ? o.options : [o]));
  const model = flat.find((o) => o.value === option.currentValue)?.name ?? option.currentValue;
  patchLane(d, lane, (l) => (l.model === model ? l : { ...l, model }));
}

function subagentUpdate(d: Draft, u: SubagentUpdate, parentLane: string | undefined, problems: LaneProblem[]): string | undefined {
  const child = u.sessionId;
  if (typeof child !== 'string' || child === '' || child === d.currentMeta.sessionId || child === parentLane) {
    problems.push({ key: `self:${String(child)}`, log: `subagent_update names no child session (${safeJson(child)}); dropped` });
    return undefined;
  }
  const at = d.indexOf('laneIndex', child);
  const existing = at === undefined ? undefined : d.allEntries[at];
  if (at !== undefined && existing?.kind === 'subagent') {
    // Announced again: one lane, its fields patched. Its parent does not change (the RFD: updates modify metadata, not ownership).
    if ((existing.lane ?? undefined) !== parentLane) {
      problems.push({ key: `parent:${child}`, log: `subagent ${child} was updated from another parent session; its lane stays where it was announced` });
    }
    const next = patched(existing.subagent, u, d.now, problems);
    d.replace(at, { ...existing, subagent: next });
    afterStateChange(d, existing.subagent, next);
    return undefined;
  }
  const fresh: SubagentLane = { sessionId: child, state: 'unset', startedAt: d.now, cancellable: false };
  addLane(d, patched(fresh, u, d.now, problems), parentLane);
  return child;
}

function addLane(d: Draft, lane: SubagentLane, parentLane: string | undefined): void {
  const entry: SubagentEntry = {
    kind: 'subagent',
    id: `subagent:${lane.sessionId}`,
    at: d.now,
    subagent: lane,
    ...(parentLane === undefined ? {} : { lane: parentLane }),
  };
  d.add(entry, { name: 'laneIndex', key: lane.sessionId });
}

/** `lane` with the update's fields: omitted = unchanged, null = cleared; a malformed field is reported and left as it was. */
function patched(lane: SubagentLane, u: SubagentUpdate, now: number, problems: LaneProblem[]): SubagentLane {
  const next: SubagentLane = { ...lane };
  const bad = (field: string, value: unknown) =>
    problems.push({ key: `${field}:${lane.sessionId}`, log: `subagent ${lane.sessionId}: malformed ${field} ${safeJson(value)}; kept as it was` });
  for (const field of ['title', 'description'] as const) {
    const value: unknown = u[field];
    if (value === undefined) continue;
    if (value === null || value === '') delete next[field];
    else if (typeof value === 'string') next[field] = value;
    else bad(field, value);
  }
  const caps: unknown = u.capabilities;
  if (caps === null) next.cancellable = false;
  else if (isRecord(caps)) next.cancellable = isRecord(caps.cancel);
  else if (caps !== undefined) bad('capabilities', caps);
  const state: unknown = u.state;
  if (state === null) {
    // Cleared: the activity is unconfirmed, not idle (the RFD).
    next.state = 'unset';
    delete next.stopReason;
  } else if (isRecord(state) && typeof state.state === 'string' && STATES.has(state.state)) {
    next.state = state.state as LaneState;
    if (next.state === 'idle') {
      // A malformed stop reason means "not reported" (IdleStateUpdate).
      const reason = typeof state.stopReason === 'string' && state.stopReason !== '' ? state.stopReason : undefined;
      if (reason === undefined) delete next.stopReason;
      else next.stopReason = reason;
      // Still the same end (a repeated snapshot) keeps its time; the real end after a guessed one (the turn's) takes now.
      const sameEnd = lane.state === 'idle' && lane.endedAt !== undefined && lane.stopReason !== ENDED_WITH_TURN;
      next.endedAt = sameEnd ? lane.endedAt : now;
    } else if (next.state !== 'unknown') {
      // Working again (a reused child): its last end no longer applies.
      delete next.stopReason;
      delete next.endedAt;
    }
  } else if (state !== undefined) {
    bad('state', state);
  }
  return next;
}

/** A lane that went idle ends its open thought; one stopped by a cancel gets its unfinished tool calls cancelled. */
function afterStateChange(d: Draft, before: SubagentLane, after: SubagentLane): void {
  if (after.state !== 'idle' || (before.state === 'idle' && before.stopReason === after.stopReason)) return;
  endLaneWork(d, after.sessionId, after.stopReason === 'cancelled');
}

function endLaneWork(d: Draft, lane: string, cancelCalls: boolean): void {
  d.closeOpenThought(lane);
  if (!cancelCalls) return;
  d.allEntries.forEach((entry, at) => {
    if (entry.kind !== 'tool' || entry.lane !== lane) return;
    const cancelled = cancelToolCall(entry.toolCall);
    if (cancelled) d.replace(at, { ...entry, toolCall: cancelled });
  });
}

type MessageField = 'prompt' | 'reply';

/**
 * A message between sessions, seen on `lane`'s session (undefined: the root's). To a child, it is the child's prompt
 * (the launch, or a later delegation to the same child); from a child to its parent, its reply. The same message
 * arrives on both ends (outgoing and incoming views, one `messageId`): both fill the same field.
 */
function sessionMessage(d: Draft, m: SessionMessage, lane: string | undefined, problems: LaneProblem[]): string | undefined {
  const here = lane ?? d.currentMeta.sessionId;
  let target = knownMessage(d, here, m.messageId);
  let opened: string | undefined;
  if (!target) {
    const found = messageTarget(d, here, lane, m);
    if (!found) {
      const other = m.recipientSessionId === here ? m.senderSessionId : m.recipientSessionId;
      problems.push({
        key: `unknown:${String(other)}`,
        log: `session_message ${m.messageId} on ${here} names no known subagent (${safeJson(other)}); dropped`,
      });
      return undefined;
    }
    if (found.open) {
      // The launch message came before the child's announcement: the lane starts here (the adapter announces first).
      addLane(d, { sessionId: found.open, state: 'unset', startedAt: d.now, cancellable: false }, lane);
      opened = found.open;
    }
    const at = d.indexOf('laneIndex', found.child)!;
    target = { at, field: found.field };
    d.index('messageIndex', messageKey(found.field, here, m.messageId), at);
  }
  if (m.content !== undefined) {
    const field = target.field;
    const laneEntry = d.allEntries[target.at];
    if (field === 'reply' && laneEntry?.kind === 'subagent' && isBackgroundAck(m.messageId, laneEntry.subagent)) {
      d.index('messageIndex', backgroundKey(laneEntry.subagent.sessionId), target.at);
      return opened;
    }
    // A non-empty array replaces the content; null or [] clears it.
    const text = m.content === null ? '' : field === 'reply' ? replyText(m.content) : blocksText(m.content);
    patchAt(d, target.at, (l) => {
      if ((l[field] ?? '') === text) return l;
      const next = { ...l };
      if (text === '') delete next[field];
      else next[field] = text;
      return next;
    });
  }
  return opened;
}

function messageTarget(d: Draft, here: string, lane: string | undefined, m: SessionMessage): { child: string; field: MessageField; open?: string } | undefined {
  const to = m.recipientSessionId ?? undefined;
  const by = m.senderSessionId ?? undefined;
  const known = (id: string | undefined) => id !== undefined && d.indexOf('laneIndex', id) !== undefined;
  const parentOf = (id: string) => {
    const e = d.allEntries[d.indexOf('laneIndex', id)!];
    return e?.lane ?? d.currentMeta.sessionId;
  };
  if (to === here) {
    // The incoming view on its recipient's session: from a child of this session, that child's reply …
    if (by !== undefined && known(by) && parentOf(by) === here) return { child: by, field: 'reply' };
    // … else a message to this child session: its prompt.
    return lane !== undefined ? { child: lane, field: 'prompt' } : undefined;
  }
  if (by !== undefined && by !== here) return undefined;
  // The outgoing view on its sender's session: a child's report to its parent …
  if (lane !== undefined && to !== undefined && to === parentOf(lane)) return { child: lane, field: 'reply' };
  if (to === undefined || to === d.currentMeta.sessionId) return undefined;
  // … or a message to a child: its prompt (a child not announced yet opens its lane).
  if (known(to)) return { child: to, field: 'prompt' };
  return by === here ? { child: to, field: 'prompt', open: to } : undefined;
}

function messageChunk(d: Draft, c: SessionMessageChunk, lane: string | undefined, problems: LaneProblem[]): void {
  const here = lane ?? d.currentMeta.sessionId;
  const target = knownMessage(d, here, c.messageId);
  if (!target) {
    problems.push({ key: `chunk:${here}:${c.messageId}`, log: `session_message_chunk for unknown message ${c.messageId} on ${here}; dropped` });
    return;
  }
  const text = blocksText([c.content]);
  if (text !== '') patchAt(d, target.at, (l) => ({ ...l, [target.field]: (l[target.field] ?? '') + text }));
}

/**
 * A launch's result that comes while its child still works: Claude Code runs a subagent in the background unless the
 * Agent call says `run_in_background: false`, and answers the call at once ("Async agent launched successfully…",
 * internal metadata for the model). The adapter sends that result as the child's `${launchId}:reply` (it skips only an
 * explicit `run_in_background: true`, native-subagents.js `routeRfdLaunch` / `launchReply`). It is not the child's
 * answer: the lane is marked as a background child and its reply stays unset. A foreground child's reply comes after
 * its idle state.
 */
function isBackgroundAck(messageId: string, lane: SubagentLane): boolean {
  return messageId.endsWith(':reply') && isWorking(lane);
}

function backgroundKey(child: string): string {
  return `background\u0000${child}`;
}

/**
 * The text of a child's reply without Claude Code's frame for its parent model: the result of a launch starts with
 * `<tools-used-before-summary>Read, Edit</tools-used-before-summary>` (as the adapter 0.101 sends it with the Agent SDK
 * 0.3.318's CLI), which is not the child's words.
 */
function replyText(content: Parameters<typeof blocksText>[0]): string {
  return blocksText(content)
    .replace(/<tools-used-before-summary>[\s\S]*?<\/tools-used-before-summary>\s*/g, '')
    .trim();
}

function knownMessage(d: Draft, here: string, messageId: string): { at: number; field: MessageField } | undefined {
  for (const field of ['prompt', 'reply'] as const) {
    const at = d.indexOf('messageIndex', messageKey(field, here, messageId));
    if (at !== undefined) return { at, field };
  }
  return undefined;
}

function messageKey(field: MessageField, here: string, messageId: string): string {
  return `${field}\u0000${here}\u0000${messageId}`;
}

function patchLane(d: Draft, lane: string, patch: (l: SubagentLane) => SubagentLane): void {
  const at = d.indexOf('laneIndex', lane);
  if (at !== undefined) patchAt(d, at, patch);
}

function patchAt(d: Draft, at: number, patch: (l: SubagentLane) => SubagentLane): void {
  const entry = d.allEntries[at];
  if (entry?.kind !== 'subagent') return;
  const next = patch(entry.subagent);
  if (next !== entry.subagent) d.replace(at, { ...entry, subagent: next });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function safeJson(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, 200);
  } catch {
    return String(v);
  }
}
