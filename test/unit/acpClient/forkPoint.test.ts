// Going back to an earlier prompt, decided on the transcript alone: where the fork point is, what the chat does,
// the edited prompt's blocks and the session/fork `_meta`.
import { describe, expect, it } from 'vitest';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { forkPointBefore, planGoBack, promptWithText, withForkPoint } from '../../../src/acpClient/forkPoint';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';

const text = (t: string): ContentBlock => ({ type: 'text', text: t });
const user = (id: string, t = id): TranscriptEntry => ({ kind: 'user', id, content: [text(t)], at: 0 });
const agent = (id: string, messageId?: string | null): TranscriptEntry => ({ kind: 'agent', id, messageId, content: [text(id)], at: 0 });
const thought = (id: string, messageId: string): TranscriptEntry => ({ kind: 'thought', id, messageId, content: [text(id)], at: 0 });
const tool = (id: string): TranscriptEntry => ({
  kind: 'tool',
  id,
  toolCall: { toolCallId: id, title: 'Read', status: 'completed', content: [], locations: [] },
  at: 0,
});
const turnEnd = (id: string): TranscriptEntry => ({ kind: 'turn-end', id, stopReason: 'end_turn', at: 0 });

/** Three turns as a live session records them: no user message ids, agent messages with the API's ids. */
const THREE_TURNS: TranscriptEntry[] = [
  user('u1'),
  thought('t1', 'msg_1a'),
  agent('a1', 'msg_1a'),
  tool('tool1'),
  agent('a1b', 'msg_1b'),
  turnEnd('e1'),
  user('u2'),
  agent('a2', 'msg_2'),
  turnEnd('e2'),
  user('u3'),
  agent('a3', 'msg_3'),
  turnEnd('e3'),
];

describe('forkPointBefore', () => {
  it('is the last agent message before the prompt, after the tool calls of its turn', () => {
    expect(forkPointBefore(THREE_TURNS, 'u2')).toEqual({ kind: 'message', messageId: 'msg_1b' });
    expect(forkPointBefore(THREE_TURNS, 'u3')).toEqual({ kind: 'message', messageId: 'msg_2' });
  });

  it('is `first` for the first prompt', () => {
    expect(forkPointBefore(THREE_TURNS, 'u1')).toEqual({ kind: 'first' });
  });

  it('counts a thought as a message', () => {
    expect(forkPointBefore([user('u1'), thought('t1', 'msg_t'), turnEnd('e1'), user('u2')], 'u2')).toEqual({ kind: 'message', messageId: 'msg_t' });
  });

  it('skips a turn that failed before the agent said anything, and messages without an id', () => {
    const entries: TranscriptEntry[] = [
      user('u1'),
      agent('a1', 'msg_1'),
      turnEnd('e1'),
      user('u2'),
      { kind: 'error', id: 'err', message: 'overloaded', at: 0 },
      user('u3'),
      agent('a3', null),
      user('u4'),
    ];
    expect(forkPointBefore(entries, 'u3')).toEqual({ kind: 'message', messageId: 'msg_1' });
    expect(forkPointBefore(entries, 'u4')).toEqual({ kind: 'message', messageId: 'msg_1' });
  });

  it('is `unknown-entry` for an id that is no user entry', () => {
    expect(forkPointBefore(THREE_TURNS, 'nope')).toEqual({ kind: 'unknown-entry' });
    expect(forkPointBefore(THREE_TURNS, 'a2')).toEqual({ kind: 'unknown-entry' });
  });
});

describe('planGoBack', () => {
  it('forks at the message before the prompt when the agent can fork', () => {
    expect(planGoBack(THREE_TURNS, 'u2', true)).toEqual({ kind: 'fork', messageId: 'msg_1b' });
  });

  it('starts a new session for the first prompt, fork or not', () => {
    expect(planGoBack(THREE_TURNS, 'u1', true)).toEqual({ kind: 'new', reason: 'first-prompt' });
    expect(planGoBack(THREE_TURNS, 'u1', false)).toEqual({ kind: 'new', reason: 'first-prompt' });
  });

  it('says it cannot fork when the agent has no session/fork', () => {
    expect(planGoBack(THREE_TURNS, 'u3', false)).toEqual({ kind: 'new', reason: 'cannot-fork' });
  });

  it('says it cannot fork when earlier turns carry no message id (the earlier turns are lost, not absent)', () => {
    expect(planGoBack([user('u1'), agent('a1'), user('u2')], 'u2', true)).toEqual({ kind: 'new', reason: 'cannot-fork' });
  });

  it('passes an unknown entry on', () => {
    expect(planGoBack(THREE_TURNS, 'nope', true)).toEqual({ kind: 'unknown-entry' });
  });
});

describe('promptWithText', () => {
  const link: ContentBlock = { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' };
  const selection = text('a.ts:1-2\n```\nx\n```');

  it('replaces the typed text (the first block) and keeps the attachments, selections sent as text included', () => {
    expect(promptWithText([text('old'), link, selection], 'new')).toEqual([text('new'), link, selection]);
  });

  it('puts the text in front when the prompt had only attachments', () => {
    expect(promptWithText([link], 'new')).toEqual([text('new'), link]);
  });

  it('removes the typed text when the new text is blank, and leaves attachments-only prompts as they were', () => {
    expect(promptWithText([text('old'), link], '  ')).toEqual([link]);
    expect(promptWithText([link], '')).toEqual([link]);
    expect(promptWithText([text('old')], '')).toEqual([]);
  });

  it('does not change the blocks it was given', () => {
    const content = [text('old'), link];
    promptWithText(content, 'new');
    expect(content).toEqual([text('old'), link]);
  });
});

describe('withForkPoint', () => {
  it('adds the fork point to the session _meta the client sends, keeping what is there', () => {
    const meta = { claudeCode: { options: { settingSources: ['user'] } }, jetbrains: { air: { other: 1 }, keep: true } };
    expect(withForkPoint(meta, 'msg_1')).toEqual({
      claudeCode: { options: { settingSources: ['user'] } },
      jetbrains: { keep: true, air: { other: 1, fork: { version: 1, messageId: 'msg_1' } } },
    });
    expect(meta.jetbrains.air).toEqual({ other: 1 });
  });

  it('works without a session _meta', () => {
    expect(withForkPoint(undefined, 'msg_1')).toEqual({ jetbrains: { air: { fork: { version: 1, messageId: 'msg_1' } } } });
  });
});
