// A pure fold of stable ACP `session/update`s into the transcript model (transcript.ts). Each call returns the new
// state and the fine-grained changes a view needs to patch one node. An update of a subagent's child session is folded
// into its root session's transcript with `lane` (subagentLanes.ts): its entries are tagged, and what belongs to a
// session rather than to its flow (plan, commands, mode, title, usage) is not the root's and is dropped.
import type { ContentBlock, ContentChunk, SessionConfigOption, SessionModeState, SessionUpdate } from '@agentclientprotocol/sdk';
import { laneModel } from './subagentLanes';
import { createToolCall, patchToolCall, terminalAppend, terminalOutputOnly } from './toolCallMerge';
import { blocksText, type TextAppend, type TranscriptEntry } from './transcript';
import { Draft, type ReduceResult, type TranscriptState } from './transcriptState';
import { l10n } from '../contributions/l10n';

/** Fold one `session/update` into `state`. `now` stamps new entries (ms since epoch); `lane`: a subagent's, by its child session id. */
export function applySessionUpdate(state: TranscriptState, update: SessionUpdate, now: number, lane?: string): ReduceResult {
  const d = new Draft(state, now);
  if (lane !== undefined && !LANE_UPDATES.has(update.sessionUpdate)) {
    // The child's model is its lane's; its other session-level state is not shown.
    if (update.sessionUpdate === 'config_option_update') laneModel(d, lane, update.configOptions);
    return d.finish();
  }
  const tag = lane === undefined ? {} : { lane };
  switch (update.sessionUpdate) {
    case 'user_message_chunk':
      appendUserChunk(d, update, lane);
      break;
    case 'agent_message_chunk':
      appendChunk(d, 'agent', update, lane);
      break;
    case 'agent_thought_chunk':
      appendChunk(d, 'thought', update, lane);
      break;
    case 'tool_call':
    case 'tool_call_update': {
      const at = d.indexOf('toolIndex', update.toolCallId);
      const existing = at === undefined ? undefined : d.allEntries[at];
      if (at !== undefined && existing?.kind === 'tool') {
        const toolCall = patchToolCall(existing.toolCall, update);
        // A chunk of command output (and nothing else) into a stream already shown is an append.
        const output = terminalOutputOnly(update);
        d.replace(at, { ...existing, toolCall }, output === undefined ? undefined : terminalAppend(existing.toolCall, toolCall, output));
      } else {
        // An update for an unknown id creates the call: the wire allows it, and nothing must be lost.
        // Tool call ids are unique on the connection (Claude's `toolu_…`; the adapter keys its children's calls by them
        // too, native-subagents.js `childByToolCall`), so one index serves every lane.
        d.add({ kind: 'tool', id: d.newId(), toolCall: createToolCall(update), at: now, ...tag }, { name: 'toolIndex', key: update.toolCallId });
      }
      break;
    }
    case 'plan':
      d.setMeta('plan', update.entries);
      break;
    case 'available_commands_update':
      d.setMeta('availableCommands', update.availableCommands);
      break;
    case 'current_mode_update':
      applyCurrentMode(d, update.currentModeId);
      break;
    case 'config_option_update':
      applyConfigOptions(d, update.configOptions);
      break;
    case 'session_info_update':
      // Omitted means unchanged; null clears.
      if (update.title !== undefined) d.setMeta('title', update.title);
      if (update.updatedAt !== undefined) d.setMeta('updatedAt', update.updatedAt);
      break;
    case 'usage_update':
      // Claude's adapter sends one on each model stream's usage (no cost), at each `result` (the session's cumulative
      // cost) and with each rate-limit event (`_meta["_claude/rateLimit"]`, no cost): acp-agent.js, rate_limit_event.
      d.setMeta('usage', {
        used: update.used,
        size: update.size,
        cost: update.cost ?? null,
        ...(update._meta?.['_claude/rateLimit'] !== undefined ? { rateLimit: update._meta['_claude/rateLimit'] } : {}),
      });
      break;
    case 'notice':
      d.add({ kind: 'notice', id: d.newId(), severity: update.severity, title: update.title, description: update.description ?? null, at: now, ...tag });
      break;
    case 'compaction_update':
      upsertCompaction(d, update.compactionId, lane, (prev) => ({
        ...prev,
        severity: update.status === 'failed' ? 'error' : 'info',
        title: compactionTitle(update.status),
        description: update.error ?? (update.summary ? blocksText(update.summary) : (prev.description ?? null)),
      }));
      break;
    case 'compaction_summary_chunk':
      upsertCompaction(d, update.compactionId, lane, (prev) => ({
        ...prev,
        description: (prev.description ?? '') + blocksText([update.content]),
      }));
      break;
    default: {
      // The SDK's schema drops unknown variants before they reach us; this keeps the switch exhaustive.
      const unknown: never = update;
      void unknown;
    }
  }
  return d.finish();
}

/** What a subagent's child session shows in its lane: its flow. */
const LANE_UPDATES = new Set<SessionUpdate['sessionUpdate']>([
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'tool_call',
  'tool_call_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
]);

/** Replace the mode config option set and keep `modes.currentModeId` in step with the option of category mode. */
export function applyConfigOptions(d: Draft, options: SessionConfigOption[]): void {
  d.setMeta('configOptions', options);
  const mode = findModeOption(options);
  const modes = d.currentMeta.modes;
  if (mode?.type === 'select' && modes && modes.currentModeId !== mode.currentValue) {
    d.setMeta('modes', { ...modes, currentModeId: mode.currentValue });
  }
}

/** Set the current mode, and the mode config option with it (agents send either, Claude only the option). */
function applyCurrentMode(d: Draft, modeId: string): void {
  const modes: SessionModeState | null | undefined = d.currentMeta.modes;
  if (modes && modes.currentModeId !== modeId) d.setMeta('modes', { ...modes, currentModeId: modeId });
  const options = d.currentMeta.configOptions;
  const mode = findModeOption(options);
  if (mode?.type === 'select' && mode.currentValue !== modeId) {
    d.setMeta(
      'configOptions',
      options.map((o) => (o === mode ? { ...mode, currentValue: modeId } : o)),
    );
  }
}

function findModeOption(options: SessionConfigOption[]): SessionConfigOption | undefined {
  return options.find((o) => o.category === 'mode') ?? options.find((o) => o.id === 'mode');
}

/**
 * A chunk joins the last entry of its lane when that entry is of the same kind and the chunk carries no messageId or
 * the same one; a different messageId (ACP: "a change in messageId indicates a new message") or anything in between in
 * that lane starts a new entry, so each lane stays in arrival order (a subagent's text is not cut by its sibling's).
 */
function appendChunk(d: Draft, kind: 'agent' | 'thought', chunk: ContentChunk, lane?: string): void {
  const last = d.lastOf(lane);
  const id = chunk.messageId ?? null;
  if (last && last.entry.kind === kind && (id === null || id === (last.entry.messageId ?? null))) {
    const e = last.entry;
    d.replace(last.at, { ...e, content: appendBlock(e.content, chunk.content) }, textAppend(e.content, chunk.content));
    return;
  }
  const entry: TranscriptEntry = { kind, id: d.newId(), messageId: id, content: [chunk.content], at: d.now, ...(lane === undefined ? {} : { lane }) };
  d.add(entry);
}

function appendUserChunk(d: Draft, chunk: ContentChunk, lane?: string): void {
  const last = d.lastOf(lane);
  const id = chunk.messageId ?? null;
  if (last?.entry.kind === 'user' && (id === null || id === d.userMessageId)) {
    const e = last.entry;
    d.replace(last.at, { ...e, content: appendBlock(e.content, chunk.content) }, textAppend(e.content, chunk.content));
    return;
  }
  d.userMessageId = id;
  d.add({ kind: 'user', id: d.newId(), content: [chunk.content], at: d.now, ...(lane === undefined ? {} : { lane }) });
}

/** Streamed text is concatenated into one block (order preserved); other blocks are kept as they come. */
export function appendBlock(content: readonly ContentBlock[], block: ContentBlock): ContentBlock[] {
  const last = content[content.length - 1];
  if (last?.type === 'text' && block.type === 'text') {
    return [...content.slice(0, -1), { ...last, text: last.text + block.text }];
  }
  return [...content, block];
}

/** What `appendBlock` does to `content`, as an append, when it extends the last text block. */
function textAppend(content: readonly ContentBlock[], block: ContentBlock): TextAppend | undefined {
  const last = content[content.length - 1];
  return last?.type === 'text' && block.type === 'text' ? { field: 'text', from: last.text.length, text: block.text } : undefined;
}

type NoticeEntry = Extract<TranscriptEntry, { kind: 'notice' }>;

function upsertCompaction(d: Draft, compactionId: string, lane: string | undefined, patch: (prev: NoticeEntry) => NoticeEntry): void {
  const at = d.indexOf('compactionIndex', compactionId);
  const existing = at === undefined ? undefined : d.allEntries[at];
  if (at !== undefined && existing?.kind === 'notice') {
    d.replace(at, patch(existing));
    return;
  }
  const fresh: NoticeEntry = {
    kind: 'notice',
    id: d.newId(),
    severity: 'info',
    title: compactionTitle('in_progress'),
    description: null,
    at: d.now,
    ...(lane === undefined ? {} : { lane }),
  };
  d.add(patch(fresh), { name: 'compactionIndex', key: compactionId });
}

function compactionTitle(status: string): string {
  switch (status) {
    case 'in_progress':
      return l10n.t('Compacting the chat…');
    case 'completed':
      return l10n.t('Chat compacted');
    case 'failed':
      return l10n.t('Compacting the chat failed');
    case 'cancelled':
      return l10n.t('Compaction cancelled');
    default:
      return l10n.t('Compaction: {0}', status);
  }
}
