// A conversation, or one message of it, as Markdown: what Copy puts on the clipboard and Export writes to a file. The
// same on both sides (the page copies a message, the host exports the conversation): pure, and the protocol passes it on.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { TranscriptEntry } from '../acpClient/transcript';

/** A block that is not text, in words a reader can follow (a file by its link, an image by its name). */
function blockMarkdown(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'resource_link':
      return `[${b.name || b.uri}](${b.uri})`;
    case 'resource':
      return 'text' in b.resource ? `${b.resource.uri}:\n\n${fence(b.resource.text)}` : `(${b.resource.uri})`;
    case 'image':
      return '(an image)';
    case 'audio':
      return '(audio)';
    default:
      return '';
  }
}

/** `text` in a code fence longer than any backtick run in it. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/gu)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}\n${text}\n${f}`;
}

/** One entry as Markdown; empty for what a reader of the conversation does not need (turn ends). */
export function entryMarkdown(e: TranscriptEntry): string {
  switch (e.kind) {
    case 'user':
    case 'agent':
      return e.content.map(blockMarkdown).filter(Boolean).join('\n\n');
    case 'thought':
      return e.content
        .map(blockMarkdown)
        .join('')
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n');
    case 'tool': {
      const status = e.toolCall.status === 'completed' ? '' : ` (${e.toolCall.status})`;
      return `*Tool: ${e.toolCall.title}${status}*`;
    }
    case 'permission': {
      const o = e.permission.outcome;
      return `*Asked: ${e.permission.title} — ${o.status === 'selected' ? o.optionName : o.status}*`;
    }
    case 'notice':
      return `*${e.title}${e.description ? `: ${e.description}` : ''}*`;
    case 'subagent': {
      const s = e.subagent;
      const task = s.prompt ?? s.description;
      return [`*Subagent: ${s.title ?? 'Subagent'}${task ? ` — ${task}` : ''}*`, s.reply ?? ''].filter(Boolean).join('\n\n');
    }
    case 'error':
      return `*The turn failed: ${e.message}*`;
    case 'turn-end':
      return e.stopReason === 'end_turn' ? '' : `*The turn ended: ${e.stopReason}*`;
    default:
      return '';
  }
}

/**
 * The whole conversation: a heading per message, in order. `notes`: a line after the entry of that id (a turn's
 * usage), and `total` at the end.
 */
export function conversationMarkdown(
  entries: readonly TranscriptEntry[],
  title: string,
  notes?: { byEntry: ReadonlyMap<string, string>; total?: string },
): string {
  const parts = [`# ${title.replace(/\s+/gu, ' ').trim() || 'Conversation'}`];
  let last: string | undefined;
  // A subagent's entries are headed by its name, as its lane in the chat is.
  const subagents = new Map(entries.flatMap((e) => (e.kind === 'subagent' ? [[e.subagent.sessionId, e.subagent.title ?? 'Subagent'] as const] : [])));
  for (const e of entries) {
    const note = notes?.byEntry.get(e.id);
    const body = [entryMarkdown(e), note ? `*${note}*` : ''].filter(Boolean).join('\n\n');
    if (!body) continue;
    const speaks = e.kind === 'agent' || e.kind === 'thought' || e.kind === 'tool' || e.kind === 'permission' || e.kind === 'subagent';
    const who =
      e.lane !== undefined && (speaks || e.kind === 'user')
        ? `Subagent: ${subagents.get(e.lane) ?? 'Subagent'}`
        : e.kind === 'user'
          ? 'You'
          : speaks
            ? 'Agent'
            : undefined;
    if (who && who !== last) parts.push(`## ${who}`);
    last = who ?? last;
    parts.push(body);
  }
  if (notes?.total) parts.push(`---\n\n*${notes.total}*`);
  return `${parts.join('\n\n')}\n`;
}
