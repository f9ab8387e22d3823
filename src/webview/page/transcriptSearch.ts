// Find in the chat, over the conversation's entries rather than the DOM: turns the virtual list has not mounted are
// searched too. Pure: the text each entry shows, and where a query occurs in it.
import { blocksText, type TranscriptEntry } from '../protocol/protocol';
import { firstLine, laneName } from './laneState';

/** One occurrence: the entry, and which occurrence in that entry's text (0-based). */
export interface SearchHit {
  entryId: string;
  nth: number;
}

/** The text of an entry that a reader sees, as one string (markdown as written). */
export function searchableText(e: TranscriptEntry): string {
  switch (e.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return blocksText(e.content);
    case 'tool':
      return [e.toolCall.title, e.toolCall.terminalOutput ?? ''].join('\n');
    case 'notice':
      return [e.title, e.description ?? ''].join('\n');
    case 'error':
      return e.message;
    case 'subagent':
      // Its header: its name and its task's line (the lane's entries are searched as entries of their own).
      return [laneName(e.subagent), firstLine(e.subagent.description)].join('\n');
    case 'permission':
    case 'turn-end':
      return '';
  }
}

/** Start offsets of `query` (case-insensitive, not overlapping) in `text`. */
export function occurrences(text: string, query: string): number[] {
  const q = query.toLowerCase();
  if (!q) return [];
  const t = text.toLowerCase();
  const out: number[] = [];
  for (let i = t.indexOf(q); i >= 0; i = t.indexOf(q, i + q.length)) out.push(i);
  return out;
}

/** Every occurrence of `query` in the entries, in conversation order. */
export function findAll(entries: Iterable<TranscriptEntry>, query: string): SearchHit[] {
  const hits: SearchHit[] = [];
  if (!query) return hits;
  for (const e of entries) {
    const n = occurrences(searchableText(e), query).length;
    for (let k = 0; k < n; k++) hits.push({ entryId: e.id, nth: k });
  }
  return hits;
}
