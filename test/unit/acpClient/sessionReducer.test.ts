import { describe, expect, it } from 'vitest';
import type { SessionConfigOption, SessionUpdate } from '@agentclientprotocol/sdk';
import { applySessionUpdate } from '../../../src/acpClient/sessionReducer';
import { MAX_TERMINAL_OUTPUT, MAX_TOOL_TEXT } from '../../../src/acpClient/toolCallMerge';
import { KeyIndex, emptyTranscript } from '../../../src/acpClient/transcriptState';
import filesRecording from './fixtures/files.updates.json';
import terminalRecording from './fixtures/bash-terminal-meta.updates.json';
import cancelRecording from './fixtures/cancel-during-permission.updates.json';
import { fold, type RecordedStep } from './replay';

const updatesOf = (rec: RecordedStep[]) => rec.filter((s) => s.kind === 'update').map((s) => s.update as SessionUpdate);
const text = (t: string) => ({ type: 'text' as const, text: t });

describe('message chunks', () => {
  it('groups chunks by messageId and starts a new entry on a new id', () => {
    const { state } = fold([
      { sessionUpdate: 'agent_message_chunk', content: text('Hel'), messageId: 'm1' },
      { sessionUpdate: 'agent_message_chunk', content: text('lo'), messageId: 'm1' },
      { sessionUpdate: 'agent_message_chunk', content: text('Next'), messageId: 'm2' },
    ]);
    expect(state.entries.map((e) => e.kind)).toEqual(['agent', 'agent']);
    expect(state.entries[0]).toMatchObject({ messageId: 'm1', content: [text('Hello')] });
    expect(state.entries[1]).toMatchObject({ messageId: 'm2', content: [text('Next')] });
  });

  it('appends id-less chunks to the last entry of the same kind, and reports entry-added then entry-changed', () => {
    const r = fold([
      { sessionUpdate: 'agent_message_chunk', content: text('a') },
      { sessionUpdate: 'agent_message_chunk', content: text('b') },
    ]);
    expect(r.state.entries).toHaveLength(1);
    expect(r.state.entries[0]).toMatchObject({ kind: 'agent', content: [text('ab')] });
    expect(r.changes[0]).toEqual([{ type: 'entry-added', entry: r.state.entries.length && expect.objectContaining({ kind: 'agent' }), index: 0 }]);
    expect(r.changes[1]).toEqual([{ type: 'entry-changed', entry: r.state.entries[0], append: { field: 'text', from: 1, text: 'b' } }]);
  });

  it('keeps arrival order: text after a tool call is a new entry even with the same messageId', () => {
    const { state } = fold([
      { sessionUpdate: 'agent_message_chunk', content: text('before'), messageId: 'm1' },
      { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read' },
      { sessionUpdate: 'agent_message_chunk', content: text('after'), messageId: 'm1' },
    ]);
    expect(state.entries.map((e) => e.kind)).toEqual(['agent', 'tool', 'agent']);
  });

  it('keeps non-text blocks as separate blocks in the same entry', () => {
    const link = { type: 'resource_link' as const, uri: 'file:///a', name: 'a' };
    const { state } = fold([
      { sessionUpdate: 'agent_message_chunk', content: text('see '), messageId: 'm' },
      { sessionUpdate: 'agent_message_chunk', content: link, messageId: 'm' },
      { sessionUpdate: 'agent_message_chunk', content: text('!'), messageId: 'm' },
    ]);
    expect(state.entries[0]).toMatchObject({ content: [text('see '), link, text('!')] });
  });

  it('folds thoughts separately and closes a thought when something follows it', () => {
    const { state } = fold([
      { sessionUpdate: 'agent_thought_chunk', content: text('hmm'), messageId: 'm1' },
      { sessionUpdate: 'agent_thought_chunk', content: text('...'), messageId: 'm1' },
      { sessionUpdate: 'agent_message_chunk', content: text('answer'), messageId: 'm1' },
    ]);
    expect(state.entries.map((e) => e.kind)).toEqual(['thought', 'agent']);
    expect(state.entries[0]).toMatchObject({ kind: 'thought', content: [text('hmm...')], endedAt: expect.any(Number) });
  });

  it('groups replayed user chunks (session/load) by messageId', () => {
    const { state } = fold([
      { sessionUpdate: 'user_message_chunk', content: text('do '), messageId: 'u1' },
      { sessionUpdate: 'user_message_chunk', content: text('it'), messageId: 'u1' },
      { sessionUpdate: 'user_message_chunk', content: text('again'), messageId: 'u2' },
    ]);
    expect(state.entries).toMatchObject([
      { kind: 'user', content: [text('do it')] },
      { kind: 'user', content: [text('again')] },
    ]);
  });

  it('does not mutate the input state (pure)', () => {
    const s0 = fold([{ sessionUpdate: 'agent_message_chunk', content: text('a'), messageId: 'm' }]).state;
    const frozen = JSON.stringify(s0);
    applySessionUpdate(s0, { sessionUpdate: 'agent_message_chunk', content: text('b'), messageId: 'm' }, 5);
    applySessionUpdate(s0, { sessionUpdate: 'tool_call', toolCallId: 'x', title: 'X' }, 5);
    expect(JSON.stringify(s0)).toBe(frozen);
    expect(s0.toolIndex.get('x')).toBeUndefined(); // the index is not in the JSON: checked by hand
  });

  it('keeps every version of a key index intact while later ones grow past the overlay', () => {
    const versions = [KeyIndex.empty];
    for (let i = 0; i < 300; i++) versions.push(versions[i]!.with(`k${i}`, i));
    versions.forEach((v, n) => {
      expect(v.get(`k${n}`)).toBeUndefined();
      if (n > 0) expect(v.get(`k${n - 1}`)).toBe(n - 1);
      if (n > 200) expect(v.get('k3')).toBe(3);
    });
    expect(versions[300]!.with('k5', 999).get('k5')).toBe(999);
    expect(versions[300]!.get('k5')).toBe(5);
  });
});

describe('tool calls (real claude-agent-acp 0.101.0 shapes)', () => {
  it('merges the Write/Read/Edit lifecycle of the files scenario by toolCallId', () => {
    const { state } = fold(updatesOf(filesRecording as RecordedStep[]));
    const tools = state.entries.filter((e) => e.kind === 'tool');
    expect(tools.map((t) => t.kind === 'tool' && [t.toolCall.name, t.toolCall.status])).toEqual([
      ['Write', 'completed'],
      ['Read', 'completed'],
      ['Read', 'completed'],
      ['Edit', 'completed'],
    ]);
    const agentTexts = state.entries.filter((e) => e.kind === 'agent').map((e) => e.kind === 'agent' && e.content[0]);
    expect(agentTexts).toContainEqual(text('Edited existing.txt.'));
    const write = tools[0]!;
    expect(write.kind === 'tool' && write.toolCall.title).toBe('Write hello.txt');
    expect(write.kind === 'tool' && write.toolCall.kind).toBe('edit');
  });

  it('replaces Edit diff content: first the snippet, then the whole file', () => {
    const updates = updatesOf(filesRecording as RecordedStep[]);
    const editId = updates.find((u) => u.sessionUpdate === 'tool_call' && u.name === 'Edit')!;
    const id = (editId as { toolCallId: string }).toolCallId;
    const ofEdit = updates.filter((u) => 'toolCallId' in u && u.toolCallId === id);
    const withDiffs = ofEdit.filter((u) => u.sessionUpdate === 'tool_call_update' && u.content?.some((c) => c.type === 'diff'));
    expect(withDiffs.length).toBeGreaterThanOrEqual(2);
    const firstDiffAt = updates.indexOf(withDiffs[0]!);
    const early = fold(updates.slice(0, firstDiffAt + 1)).state;
    const diffAfter = (s: typeof early) => {
      const e = s.entries[s.toolIndex.get(id)!];
      return e?.kind === 'tool' ? e.toolCall.content : undefined;
    };
    expect(diffAfter(early)).toEqual([{ type: 'diff', path: expect.stringContaining('existing.txt'), oldText: 'alpha', newText: 'ALPHA-EDITED' }]);
    const final = fold(updates).state;
    expect(diffAfter(final)).toEqual([
      { type: 'diff', path: expect.stringContaining('existing.txt'), oldText: 'line one\nalpha\nline three', newText: 'line one\nALPHA-EDITED\nline three' },
    ]);
    const entry = final.entries[final.toolIndex.get(id)!];
    expect(entry?.kind === 'tool' && entry.toolCall.locations).toEqual([{ path: expect.stringContaining('existing.txt'), line: 1 }]);
    expect(entry?.kind === 'tool' && entry.toolCall.rawOutput).toMatch(/updated successfully/);
  });

  it('folds the terminal_output stream and terminal_exit meta', () => {
    const { state } = fold(updatesOf(terminalRecording as RecordedStep[]));
    const tool = state.entries.find((e) => e.kind === 'tool');
    expect(tool?.kind).toBe('tool');
    if (tool?.kind !== 'tool') return;
    expect(tool.toolCall.terminalOutput).toBe('hi');
    expect(tool.toolCall.terminalExit).toEqual({ exitCode: 0, signal: null });
    expect(tool.toolCall.content).toEqual([{ type: 'terminal', terminalId: tool.toolCall.toolCallId }]);
    expect(tool.toolCall._meta).toMatchObject({ terminal_info: { terminal_id: tool.toolCall.toolCallId }, claudeCode: { toolName: 'Bash' } });
    expect(tool.toolCall._meta).not.toHaveProperty('terminal_output');
  });

  it('concatenates several terminal_output chunks in order', () => {
    const meta = (data: string) => ({ terminal_output: { terminal_id: 't', data } });
    const { state } = fold([
      { sessionUpdate: 'tool_call', toolCallId: 't', title: 'Terminal', content: [{ type: 'terminal', terminalId: 't' }] },
      { sessionUpdate: 'tool_call_update', toolCallId: 't', _meta: meta('one\n') },
      { sessionUpdate: 'tool_call_update', toolCallId: 't', _meta: meta('two\n') },
    ]);
    expect(state.entries[0]?.kind === 'tool' && state.entries[0].toolCall.terminalOutput).toBe('one\ntwo\n');
  });

  it('patches only present fields; content and locations replace', () => {
    const { state } = fold([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 't',
        title: 'Edit',
        kind: 'edit',
        status: 'pending',
        content: [{ type: 'content', content: text('x') }],
        locations: [{ path: '/a' }],
        rawInput: { a: 1 },
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 't', status: 'in_progress' },
      { sessionUpdate: 'tool_call_update', toolCallId: 't', content: [{ type: 'content', content: text('y') }], locations: [] },
    ]);
    const tc = state.entries[0]?.kind === 'tool' ? state.entries[0].toolCall : undefined;
    expect(tc).toMatchObject({
      title: 'Edit',
      kind: 'edit',
      status: 'in_progress',
      rawInput: { a: 1 },
      content: [{ type: 'content', content: text('y') }],
      locations: [],
    });
  });

  it('creates the entry for a tool_call_update with an unknown id', () => {
    const r = fold([{ sessionUpdate: 'tool_call_update', toolCallId: 'ghost', status: 'in_progress', title: 'Late' }]);
    expect(r.state.entries).toMatchObject([{ kind: 'tool', toolCall: { toolCallId: 'ghost', title: 'Late', status: 'in_progress' } }]);
    expect(r.last[0]).toMatchObject({ type: 'entry-added', index: 0 });
  });
});

describe('session-level updates', () => {
  const modeOption = (value: string): SessionConfigOption => ({
    id: 'mode',
    name: 'Mode',
    category: 'mode',
    type: 'select',
    currentValue: value,
    options: [
      { value: 'default', name: 'Manual' },
      { value: 'auto', name: 'Auto' },
    ],
  });
  const modes = {
    currentModeId: 'auto',
    availableModes: [
      { id: 'default', name: 'Manual' },
      { id: 'auto', name: 'Auto' },
    ],
  };

  it('replaces the plan whole', () => {
    const { state, last } = fold([
      {
        sessionUpdate: 'plan',
        entries: [
          { content: 'a', priority: 'high', status: 'pending' },
          { content: 'b', priority: 'low', status: 'pending' },
        ],
      },
      { sessionUpdate: 'plan', entries: [{ content: 'a', priority: 'high', status: 'completed' }] },
    ]);
    expect(state.meta.plan).toEqual([{ content: 'a', priority: 'high', status: 'completed' }]);
    expect(last).toEqual([{ type: 'meta-changed', keys: ['plan'] }]);
  });

  it('stores available commands, usage and session info; null clears, omitted keeps', () => {
    const { state } = fold([
      { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'review', description: 'Review' }] },
      { sessionUpdate: 'usage_update', used: 20, size: 1000000, cost: { amount: 0.0006, currency: 'USD' } },
      { sessionUpdate: 'session_info_update', title: 'Fake session title', updatedAt: '2026-11-29T23:40:05.300Z' },
      { sessionUpdate: 'session_info_update', updatedAt: '2026-11-29T23:41:00.000Z' },
    ]);
    expect(state.meta).toMatchObject({
      availableCommands: [{ name: 'review' }],
      usage: { used: 20, size: 1000000, cost: { amount: 0.0006, currency: 'USD' } },
      title: 'Fake session title',
      updatedAt: '2026-11-29T23:41:00.000Z',
    });
    const cleared = fold([{ sessionUpdate: 'session_info_update', title: null }], state);
    expect(cleared.state.meta.title).toBeNull();
    expect(cleared.state.meta.updatedAt).toBe('2026-11-29T23:41:00.000Z');
    expect(cleared.last).toEqual([{ type: 'meta-changed', keys: ['title'] }]);
  });

  it('current_mode_update moves modes and the mode config option together', () => {
    const { state } = fold([
      { type: 'session-configured', modes, configOptions: [modeOption('auto')] },
      { sessionUpdate: 'current_mode_update', currentModeId: 'default' },
    ]);
    expect(state.meta.modes?.currentModeId).toBe('default');
    expect(state.meta.configOptions[0]).toMatchObject({ id: 'mode', currentValue: 'default' });
  });

  it('config_option_update replaces options and keeps modes.currentModeId in step (what Claude sends on set_mode)', () => {
    const real = (cancelRecording as RecordedStep[]).find((s) => s.update?.sessionUpdate === 'config_option_update')!.update!;
    const { state, last } = fold([{ type: 'session-configured', modes, configOptions: [modeOption('auto')] }, real]);
    expect(state.meta.configOptions.map((o) => o.id)).toEqual(['mode', 'model', 'effort', 'fast', 'ultracode']);
    expect(state.meta.modes?.currentModeId).toBe('default');
    expect(last).toEqual([{ type: 'meta-changed', keys: ['configOptions', 'modes'] }]);
  });

  it('adds notices and folds compaction into one notice-like entry', () => {
    const { state } = fold([
      { sessionUpdate: 'notice', severity: 'warning', title: 'Rate limited', description: 'retrying' },
      { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' },
      { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: text('Sum') },
      { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: text('mary') },
      { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed' },
    ]);
    expect(state.entries).toMatchObject([
      { kind: 'notice', severity: 'warning', title: 'Rate limited', description: 'retrying' },
      { kind: 'notice', severity: 'info', title: 'Chat compacted', description: 'Summary' },
    ]);
  });
});

describe('cancel', () => {
  it('marks unfinished tool calls cancelled; a later wire failed or pending does not replace it', () => {
    const steps = updatesOf(cancelRecording as RecordedStep[]);
    const failedAt = steps.findIndex((u) => u.sessionUpdate === 'tool_call_update' && u.status === 'failed');
    const before = fold([{ type: 'prompt-sent', content: [text('go')] }, ...steps.slice(0, failedAt), { type: 'turn-cancelling' }]);
    const tool = before.state.entries.find((e) => e.kind === 'tool');
    expect(tool?.kind === 'tool' && tool.toolCall.status).toBe('cancelled');
    expect(before.state.meta.turn).toBe('cancelling');
    expect(before.last).toContainEqual({ type: 'entry-changed', entry: tool });

    const after = fold([steps[failedAt]!, { type: 'turn-ended', stopReason: 'cancelled' }], before.state);
    const t2 = after.state.entries.find((e) => e.kind === 'tool');
    expect(t2?.kind === 'tool' && t2.toolCall.status).toBe('cancelled');
    expect(after.state.meta.turn).toBe('idle');
    expect(after.state.entries.at(-1)).toMatchObject({ kind: 'turn-end', stopReason: 'cancelled' });

    const revived = fold([
      { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'pending', title: 'X' },
      { type: 'turn-cancelling' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'in_progress' },
    ]);
    expect(revived.state.entries[0]?.kind === 'tool' && revived.state.entries[0].toolCall.status).toBe('cancelled');
  });

  it('leaves finished tool calls alone', () => {
    const { state } = fold([
      { sessionUpdate: 'tool_call', toolCallId: 'done', title: 'A', status: 'completed' },
      { sessionUpdate: 'tool_call', toolCallId: 'bad', title: 'B', status: 'failed' },
      { type: 'turn-cancelling' },
    ]);
    expect(state.entries.map((e) => e.kind === 'tool' && e.toolCall.status)).toEqual(['completed', 'failed']);
  });
});

describe('client events', () => {
  it('records permission requests and their outcomes', () => {
    const permission = {
      key: 's1:0',
      toolCallId: 't',
      title: 'touch hi.txt',
      options: [{ optionId: 'allow-once', name: 'Yes', kind: 'allow_once' as const }],
      outcome: { status: 'pending' as const },
      requestedAt: 1,
    };
    const { state } = fold([
      { type: 'permission-requested', permission },
      { type: 'permission-settled', key: 's1:0', outcome: { status: 'cancelled', reason: 'turn-cancelled' } },
      { type: 'permission-settled', key: 's1:0', outcome: { status: 'expired', reason: 'turn-cancelled' } },
    ]);
    expect(state.entries[0]).toMatchObject({
      kind: 'permission',
      permission: { outcome: { status: 'expired', reason: 'turn-cancelled' }, settledAt: expect.any(Number) },
    });
  });

  it('a permission the user rejected marks its tool call denied, kept through the agent reporting it failed; an allow or a cancel does not', () => {
    const ask = (key: string, toolCallId: string) => ({
      type: 'permission-requested' as const,
      permission: { key, toolCallId, title: toolCallId, options: [], outcome: { status: 'pending' as const }, requestedAt: 1 },
    });
    const { state } = fold([
      { sessionUpdate: 'tool_call', toolCallId: 'no', title: 'rm -rf build', status: 'pending' },
      { sessionUpdate: 'tool_call', toolCallId: 'yes', title: 'ls', status: 'pending' },
      { sessionUpdate: 'tool_call', toolCallId: 'gone', title: 'touch x', status: 'pending' },
      ask('s1:0', 'no'),
      ask('s1:1', 'yes'),
      ask('s1:2', 'gone'),
      { type: 'permission-settled', key: 's1:0', outcome: { status: 'selected', optionId: 'reject', optionName: 'No', optionKind: 'reject_once' } },
      { type: 'permission-settled', key: 's1:1', outcome: { status: 'selected', optionId: 'allow', optionName: 'Yes', optionKind: 'allow_once' } },
      { type: 'permission-settled', key: 's1:2', outcome: { status: 'cancelled', reason: 'turn-cancelled' } },
      { sessionUpdate: 'tool_call_update', toolCallId: 'no', status: 'failed', rawOutput: 'User refused permission to run tool' },
    ]);
    const tools = state.entries.flatMap((e) => (e.kind === 'tool' ? [[e.toolCall.toolCallId, e.toolCall.status, e.toolCall.deniedByUser ?? false]] : []));
    expect(tools).toEqual([
      ['no', 'failed', true],
      ['yes', 'pending', false],
      ['gone', 'pending', false],
    ]);
  });

  it('disconnect keeps the transcript, ends the turn and says why', () => {
    const { state } = fold([
      { type: 'prompt-sent', content: [text('hi')] },
      { sessionUpdate: 'tool_call', toolCallId: 't', title: 'A', status: 'pending' },
      { type: 'disconnected', reason: 'The agent exited with code 1.' },
    ]);
    expect(state.meta).toMatchObject({ connection: 'disconnected', disconnectReason: 'The agent exited with code 1.', turn: 'idle' });
    expect(state.entries.map((e) => e.kind)).toEqual(['user', 'tool']);
    expect(state.entries[1]?.kind === 'tool' && state.entries[1].toolCall.status).toBe('cancelled');
  });

  it('a failed turn adds an error entry and returns to idle', () => {
    const { state } = fold([
      { type: 'prompt-sent', content: [text('hi')] },
      { type: 'turn-failed', message: 'Internal error: boom' },
    ]);
    expect(state.entries.at(-1)).toMatchObject({ kind: 'error', message: 'Internal error: boom' });
    expect(state.meta.turn).toBe('idle');
  });

  it('a prompt refused for want of sign-in is marked in neutral words, not as an error', () => {
    const { state } = fold([
      { type: 'prompt-sent', content: [text('hi')] },
      { type: 'turn-failed', message: 'Authentication required', needsSignIn: true },
    ]);
    expect(state.entries.map((e) => e.kind)).toEqual(['user', 'notice']);
    expect(state.entries.at(-1)).toMatchObject({ kind: 'notice', severity: 'info', title: 'Not sent: sign in first', description: null });
    expect(state.meta.turn).toBe('idle');
  });
});

it('emptyTranscript starts connected and idle', () => {
  expect(emptyTranscript('abc').meta).toMatchObject({ sessionId: 'abc', turn: 'idle', connection: 'connected' });
});

// Found by the robustness suite (bounded memory): command output and tool text grew without limit in the host model.
describe('output bounds', () => {
  it('keeps the tail of command output up to MAX_TERMINAL_OUTPUT and counts what it dropped', () => {
    const chunk = 'x'.repeat(400_000);
    const { state } = fold([
      { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'yes', kind: 'execute', status: 'in_progress' },
      ...[0, 1, 2].map((i) => ({
        sessionUpdate: 'tool_call_update' as const,
        toolCallId: 'b',
        _meta: { terminal_output: { terminal_id: 'b', data: `${i}${chunk}` } },
      })),
    ]);
    const tc = state.entries[0]?.kind === 'tool' ? state.entries[0].toolCall : undefined;
    expect(tc?.terminalOutput?.length).toBe(MAX_TERMINAL_OUTPUT);
    expect(tc?.terminalOutputDropped).toBe(3 * 400_001 - MAX_TERMINAL_OUTPUT);
    expect(tc?.terminalOutput?.endsWith(`2${chunk}`)).toBe(true);
  });

  it('cuts tool text over MAX_TOOL_TEXT with a visible marker', () => {
    const { state } = fold([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'r',
        title: 'Read',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: 'r'.repeat(MAX_TOOL_TEXT + 5) } }],
      },
    ]);
    const c = state.entries[0]?.kind === 'tool' ? state.entries[0].toolCall.content[0] : undefined;
    expect(c?.type === 'content' && c.content.type === 'text' && c.content.text.endsWith('[output truncated: 5 more characters not kept]')).toBe(true);
  });
});
