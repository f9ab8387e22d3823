// What an append does to an entry: text added at the end of a message's last text block, or of a tool call's
// terminal output (the host keeps only its tail). The transcript view applies it to the entry it holds.
import type { EntryAppend, TranscriptEntry } from '../protocol/protocol';

/** `entry` with `a` applied, or undefined when `a` does not build on it. Only the touched block or call is copied. */
export function appended(entry: TranscriptEntry, a: EntryAppend): TranscriptEntry | undefined {
  if (a.field === 'text') {
    if (entry.kind !== 'agent' && entry.kind !== 'thought' && entry.kind !== 'user') return undefined;
    const last = entry.content[entry.content.length - 1];
    if (last?.type !== 'text' || last.text.length !== a.from) return undefined;
    return { ...entry, content: [...entry.content.slice(0, -1), { ...last, text: last.text + a.text }] };
  }
  if (entry.kind !== 'tool') return undefined;
  const tc = entry.toolCall;
  if (tc.terminalOutput === undefined || tc.terminalOutput.length !== a.from) return undefined;
  let output = tc.terminalOutput + a.text;
  // The host keeps only the tail of long output; `length` is what it kept.
  if (output.length > a.length) output = output.slice(output.length - a.length);
  const toolCall = { ...tc, terminalOutput: output };
  if (a.dropped !== undefined) toolCall.terminalOutputDropped = a.dropped;
  return { ...entry, toolCall };
}
