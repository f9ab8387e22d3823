// A failed turn says its error once: the agent's message that only repeats the error right after it is not shown
// (Claude's adapter sends a model API error it gave up on as the agent's text, then fails the prompt with the same
// words; acpClient/session.ts makes the error's line those words). The error's line, with its Retry, stays.
import { blocksText, type TranscriptEntry } from '../protocol/protocol';

/** Whether `entry` is an agent message whose whole text `next`, an error entry, repeats. */
export function echoesError(entry: TranscriptEntry | undefined, next: TranscriptEntry): boolean {
  if (entry?.kind !== 'agent' || next.kind !== 'error' || !entry.content.every((b) => b.type === 'text')) return false;
  const text = blocksText(entry.content).trim();
  return text !== '' && text === next.message.trim();
}
