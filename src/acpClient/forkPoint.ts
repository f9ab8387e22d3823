// Going back to an earlier prompt: where to fork the conversation so it ends just before that prompt, and the prompt
// with its typed text replaced. Pure: the chat (chat/chat.ts) acts on what these return.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { isRecord } from './guards';
import type { TranscriptEntry } from './transcript';

/**
 * Where the conversation before a user entry ends: the agent message (its id, as session/fork takes it) that came
 * last before it, `first` when no agent message with an id came before it, `unknown-entry` when there is no such
 * user entry.
 */
export type ForkPoint = { kind: 'first' } | { kind: 'message'; messageId: string } | { kind: 'unknown-entry' };

/** What going back to a prompt does: fork at a message, start a new session (and why), or nothing (no such prompt). */
export type GoBackPlan = { kind: 'fork'; messageId: string } | { kind: 'new'; reason: 'first-prompt' | 'cannot-fork' } | { kind: 'unknown-entry' };

/**
 * The fork point before `userEntryId`. A live prompt has no message id of its own (no user_message_chunk is sent for
 * it), so the point is the last agent or thought message before it; the fork holds everything up to and including it.
 */
export function forkPointBefore(entries: readonly TranscriptEntry[], userEntryId: string): ForkPoint {
  const at = entries.findIndex((e) => e.kind === 'user' && e.id === userEntryId);
  if (at < 0) return { kind: 'unknown-entry' };
  for (let i = at - 1; i >= 0; i--) {
    const e = entries[i];
    if ((e.kind === 'agent' || e.kind === 'thought') && e.messageId) return { kind: 'message', messageId: e.messageId };
  }
  return { kind: 'first' };
}

/**
 * How to go back to `userEntryId`. Before the first prompt there is nothing to keep: a new session. Earlier turns
 * without a message id (an agent that sends none) or an agent without session/fork cannot be kept either, and the
 * reason says so.
 */
export function planGoBack(entries: readonly TranscriptEntry[], userEntryId: string, canFork: boolean): GoBackPlan {
  const point = forkPointBefore(entries, userEntryId);
  switch (point.kind) {
    case 'unknown-entry':
      return point;
    case 'first': {
      const isFirstPrompt = entries.find((e) => e.kind === 'user' && e.lane === undefined)?.id === userEntryId;
      return { kind: 'new', reason: isFirstPrompt ? 'first-prompt' : 'cannot-fork' };
    }
    case 'message':
      return canFork ? { kind: 'fork', messageId: point.messageId } : { kind: 'new', reason: 'cannot-fork' };
  }
}

/**
 * A prompt's blocks with its typed text replaced. The composer puts the typed text first and attachments after
 * (webview/host/promptBlocks.ts), so only a leading text block is the typed text: it is replaced (removed when
 * `text` is blank), else `text` is put in front. Attachments, selections sent as text included, are kept.
 */
export function promptWithText(content: readonly ContentBlock[], text: string): ContentBlock[] {
  const typed = content[0]?.type === 'text';
  const rest = typed ? content.slice(1) : [...content];
  return text.trim() === '' ? rest : [{ type: 'text', text }, ...rest];
}

/**
 * session/fork's `_meta` asking the agent to fork at `messageId` (claude-agent-acp reads `jetbrains.air.fork`,
 * version 1), merged into the `_meta` the client sends with every session request.
 */
export function withForkPoint(meta: Readonly<Record<string, unknown>> | undefined, messageId: string): Record<string, unknown> {
  const jetbrainsMeta = meta?.jetbrains;
  const jetbrains = isRecord(jetbrainsMeta) ? jetbrainsMeta : {};
  const air = isRecord(jetbrains.air) ? jetbrains.air : {};
  return { ...meta, jetbrains: { ...jetbrains, air: { ...air, fork: { version: 1, messageId } } } };
}
