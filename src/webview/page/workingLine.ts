// What the working row says while a turn runs: what the agent is doing now, read from the newest entries of the
// running turn ("Waiting for your approval", "Running npm test", "Reading cart.js", "Thinking…"), and since when.
// Pure: the row (workingRowView.ts) renders it and ticks the elapsed time.
import type { SessionMeta, ToolCallState, TranscriptEntry } from '../protocol/protocol';
import { l10n } from './l10n';

export interface WorkingLine {
  text: string;
  /** When the turn started (its prompt's time), for the elapsed time; undefined before the prompt is in. */
  since?: number;
}

/** `newestFirst`: the transcript's entries from the end back (the row reads only as far as the running turn's start). */
export function describeWork(turn: SessionMeta['turn'], newestFirst: Iterable<TranscriptEntry>): WorkingLine {
  if (turn === 'cancelling') return { text: l10n.t('Stopping…'), since: undefined };
  let newest: TranscriptEntry | undefined;
  let running: ToolCallState | undefined;
  let waiting = false;
  let since: number | undefined;
  for (const e of newestFirst) {
    // The turn before this one ended: this turn's prompt is not in yet. (A subagent's own turn ends and prompts, in
    // its lane, are not the main turn's.)
    if (e.kind === 'turn-end' && e.lane === undefined) break;
    newest ??= e;
    if (e.kind === 'permission' && e.permission.outcome.status === 'pending') waiting = true;
    if (e.kind === 'tool' && !running && (e.toolCall.status === 'in_progress' || e.toolCall.status === 'pending')) running = e.toolCall;
    if (e.kind === 'user' && e.lane === undefined) {
      since = e.at;
      break;
    }
  }
  if (waiting) return { text: l10n.t('Waiting for your approval'), since };
  if (running) return { text: describeCall(running), since };
  if (newest?.kind === 'thought' && newest.endedAt === undefined) return { text: l10n.t('Thinking…'), since };
  if (newest?.kind === 'agent') return { text: l10n.t('Writing…'), since };
  return { text: l10n.t('Working…'), since };
}

/** "Running npm test", "Reading cart.js": the call's kind as a verb, then what it acts on. */
export function describeCall(tc: ToolCallState): string {
  const file = fileName(tc.locations[0]?.path);
  const command = commandOf(tc.rawInput);
  switch (tc.kind) {
    case 'execute':
      return l10n.t('Running {0}', command ?? tc.title);
    case 'read':
      return l10n.t('Reading {0}', file ?? tc.title);
    case 'edit':
      return l10n.t('Editing {0}', file ?? tc.title);
    case 'delete':
      return l10n.t('Deleting {0}', file ?? tc.title);
    case 'move':
      return l10n.t('Moving {0}', file ?? tc.title);
    case 'search':
      return l10n.t('Searching: {0}', tc.title);
    case 'fetch':
      return l10n.t('Fetching {0}', tc.title);
    case 'think':
      return l10n.t('Thinking…');
    default:
      return tc.title ? `${tc.title}…` : l10n.t('Working…');
  }
}

/** "1:05", "12s": how long the turn has run. */
export function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return l10n.t('{0}s', s);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

function fileName(path: string | undefined): string | undefined {
  if (!path) return undefined;
  return path.split(/[\\/]/u).filter(Boolean).pop();
}

function commandOf(rawInput: unknown): string | undefined {
  if (typeof rawInput !== 'object' || rawInput === null) return undefined;
  const command = (rawInput as { command?: unknown }).command;
  // The first line: the row is one line.
  return typeof command === 'string' && command.trim() ? command.trim().split('\n')[0] : undefined;
}
