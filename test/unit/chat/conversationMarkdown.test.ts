// A message or the whole conversation as Markdown (what Copy puts on the clipboard and Export writes).
import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import { conversationMarkdown, entryMarkdown } from '../../../src/chat/conversationMarkdown';

const at = 1_700_000_000_000;
const user = (id: string, text: string): TranscriptEntry => ({ kind: 'user', id, content: [{ type: 'text', text }], at });
const agent = (id: string, text: string): TranscriptEntry => ({ kind: 'agent', id, content: [{ type: 'text', text }], at });
const tool = (id: string, title: string, status: 'completed' | 'failed' | 'cancelled'): TranscriptEntry => ({
  kind: 'tool',
  id,
  at,
  toolCall: { toolCallId: `call-${id}`, title, status, content: [], locations: [] },
});
const turnEnd = (id: string, stopReason: string): TranscriptEntry => ({ kind: 'turn-end', id, stopReason, at });

describe('entryMarkdown', () => {
  it('writes a message’s blocks one after another: text, a file link, an image, audio', () => {
    const e: TranscriptEntry = {
      kind: 'user',
      id: 'u1',
      at,
      content: [
        { type: 'text', text: 'Look at **this**' },
        { type: 'resource_link', name: 'a.ts', uri: 'file:///w/a.ts' },
        { type: 'resource_link', name: '', uri: 'file:///w/b.ts' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      ],
    };
    expect(entryMarkdown(e)).toBe('Look at **this**\n\n[a.ts](file:///w/a.ts)\n\n[file:///w/b.ts](file:///w/b.ts)\n\n(an image)\n\n(audio)');
  });

  it('fences an embedded file’s text, the fence longer than any backtick run in it', () => {
    const text = 'before\n````js\ncode with `tick` and ``` three\n````\nafter';
    const e: TranscriptEntry = { kind: 'agent', id: 'a1', at, content: [{ type: 'resource', resource: { uri: 'file:///w/doc.md', text } }] };
    expect(entryMarkdown(e)).toBe(`file:///w/doc.md:\n\n\`\`\`\`\`\n${text}\n\`\`\`\`\``);
  });

  it('fences text without backticks in three', () => {
    const e: TranscriptEntry = { kind: 'user', id: 'u1', at, content: [{ type: 'resource', resource: { uri: 'file:///w/a.txt', text: 'plain' } }] };
    expect(entryMarkdown(e)).toBe('file:///w/a.txt:\n\n```\nplain\n```');
  });

  it('names an embedded binary file by its uri', () => {
    const e: TranscriptEntry = { kind: 'user', id: 'u1', at, content: [{ type: 'resource', resource: { uri: 'file:///w/a.bin', blob: 'AAAA' } }] };
    expect(entryMarkdown(e)).toBe('(file:///w/a.bin)');
  });

  it('quotes a thought, line by line', () => {
    const e: TranscriptEntry = {
      kind: 'thought',
      id: 't1',
      at,
      content: [
        { type: 'text', text: 'first\nsec' },
        { type: 'text', text: 'ond' },
      ],
    };
    expect(entryMarkdown(e)).toBe('> first\n> second');
  });

  it('names a tool call, with its status unless it completed', () => {
    expect(entryMarkdown(tool('t1', 'Read a.ts', 'completed'))).toBe('*Tool: Read a.ts*');
    expect(entryMarkdown(tool('t2', 'Edit a.ts', 'failed'))).toBe('*Tool: Edit a.ts (failed)*');
  });

  it('says what a permission was answered, or how it ended', () => {
    const permission = (outcome: Extract<TranscriptEntry, { kind: 'permission' }>['permission']['outcome']): TranscriptEntry => ({
      kind: 'permission',
      id: 'p1',
      at,
      permission: { key: 's:1', toolCallId: 'c1', title: 'Edit a.ts', options: [], outcome, requestedAt: at },
    });
    expect(entryMarkdown(permission({ status: 'selected', optionId: 'o', optionName: 'Yes', optionKind: 'allow_once' }))).toBe('*Asked: Edit a.ts — Yes*');
    expect(entryMarkdown(permission({ status: 'cancelled', reason: 'turn-cancelled' }))).toBe('*Asked: Edit a.ts — cancelled*');
  });

  it('writes a notice with and without its description, and an error', () => {
    expect(entryMarkdown({ kind: 'notice', id: 'n1', severity: 'warning', title: 'Rate limited', description: 'Slowing down', at })).toBe(
      '*Rate limited: Slowing down*',
    );
    expect(entryMarkdown({ kind: 'notice', id: 'n2', severity: 'info', title: 'Compacted', description: null, at })).toBe('*Compacted*');
    expect(entryMarkdown({ kind: 'error', id: 'e1', message: 'Internal error: boom', at })).toBe('*The turn failed: Internal error: boom*');
  });

  it('writes nothing for a turn that ended well, and the reason for one that did not', () => {
    expect(entryMarkdown(turnEnd('te1', 'end_turn'))).toBe('');
    expect(entryMarkdown(turnEnd('te2', 'cancelled'))).toBe('*The turn ended: cancelled*');
  });
});

describe('conversationMarkdown', () => {
  it('heads each run of the user’s and the agent’s entries once, in order', () => {
    const entries: TranscriptEntry[] = [
      user('u1', 'Hello'),
      { kind: 'thought', id: 't1', at, content: [{ type: 'text', text: 'hm' }] },
      tool('c1', 'Read a.ts', 'completed'),
      agent('a1', 'Hi there'),
      turnEnd('te1', 'end_turn'),
      user('u2', 'Again'),
      { kind: 'error', id: 'e1', message: 'boom', at },
      agent('a2', 'Recovered'),
    ];
    expect(conversationMarkdown(entries, 'My  chat\n title')).toBe(
      [
        '# My chat title',
        '## You',
        'Hello',
        '## Agent',
        '> hm',
        '*Tool: Read a.ts*',
        'Hi there',
        '## You',
        'Again',
        '*The turn failed: boom*',
        '## Agent',
        'Recovered',
      ].join('\n\n') + '\n',
    );
  });

  it('keeps the agent’s heading across a notice between its entries', () => {
    const entries: TranscriptEntry[] = [agent('a1', 'one'), { kind: 'notice', id: 'n1', severity: 'info', title: 'Note', at }, agent('a2', 'two')];
    expect(conversationMarkdown(entries, 'T')).toBe('# T\n\n## Agent\n\none\n\n*Note*\n\ntwo\n');
  });

  it('heads a subagent’s entries by its name, with its task and answer where it was launched', () => {
    const lane = 'child-1';
    const entries: TranscriptEntry[] = [
      user('u1', 'Use a subagent'),
      {
        kind: 'subagent',
        id: `subagent:${lane}`,
        at,
        subagent: { sessionId: lane, title: 'Edit b', prompt: 'change beta', reply: 'Changed it.', state: 'idle', startedAt: at, cancellable: false },
      },
      { ...user('lu1', 'change beta'), lane },
      { ...agent('la1', 'On it.'), lane },
      agent('a1', 'Done.'),
    ];
    expect(conversationMarkdown(entries, 'T')).toBe(
      [
        '# T',
        '## You',
        'Use a subagent',
        '## Agent',
        '*Subagent: Edit b — change beta*\n\nChanged it.',
        '## Subagent: Edit b',
        'change beta',
        'On it.',
        '## Agent',
        'Done.',
      ].join('\n\n') + '\n',
    );
  });

  it('calls a conversation without a title “Conversation”', () => {
    expect(conversationMarkdown([user('u1', 'x')], '  \n ')).toBe('# Conversation\n\n## You\n\nx\n');
  });
});
