// Transcript fixtures for the webview tests, shaped like what the real claude-agent-acp sends (see
// /work/shared/reference/claude-adapter-wire.md): Bash with a ```console result, Edit diffs, Read locations.
import type { CreateElicitationRequest } from '@agentclientprotocol/sdk';
import type { PermissionRecord, SessionMeta, SubagentLane, TranscriptEntry, TranscriptSnapshot } from '../../../src/acpClient/transcript';
import { parseElicitationForm } from '../../../src/permissionUI/elicitationForm';
import type { ComposerCapabilities, ElicitationView, HostToWebview } from '../../../src/webview/protocol/protocol';
import { PROTOCOL_VERSION } from '../../../src/webview/protocol/protocol';

export const T0 = 1_700_000_000_000;

export function meta(over: Partial<SessionMeta> = {}): SessionMeta {
  return {
    sessionId: 'sess-1',
    title: 'Fake session title',
    plan: [],
    availableCommands: [
      { name: 'review', description: 'Review the code' },
      { name: 'deep-research', description: 'Research a topic' },
    ],
    modes: {
      currentModeId: 'default',
      availableModes: [
        { id: 'default', name: 'Manual' },
        { id: 'acceptEdits', name: 'Accept edits' },
      ],
    },
    configOptions: [],
    turn: 'idle',
    connection: 'connected',
    ...over,
  };
}

export const caps = (over: Partial<ComposerCapabilities> = {}): ComposerCapabilities => ({ image: true, embeddedContext: true, steering: false, ...over });

export function user(id: string, text: string): TranscriptEntry {
  return { kind: 'user', id, content: [{ type: 'text', text }], at: T0 };
}
export function agent(id: string, text: string): TranscriptEntry {
  return { kind: 'agent', id, messageId: null, content: [{ type: 'text', text }], at: T0 };
}

export function bashTool(id = 'toolu_bash', over: Partial<Extract<TranscriptEntry, { kind: 'tool' }>['toolCall']> = {}): TranscriptEntry {
  return {
    kind: 'tool',
    id: `e-${id}`,
    at: T0,
    toolCall: {
      toolCallId: id,
      name: 'Bash',
      title: 'touch hi.txt && echo hi',
      kind: 'execute',
      status: 'completed',
      rawInput: { command: 'touch hi.txt && echo hi', description: 'Create hi.txt and print hi' },
      content: [{ type: 'content', content: { type: 'text', text: '```console\nhi\n```' } }],
      locations: [{ path: '/home/dev/workspace/hi.txt' }],
      ...over,
    },
  };
}

export function editTool(id = 'toolu_edit'): TranscriptEntry {
  return {
    kind: 'tool',
    id: `e-${id}`,
    at: T0,
    toolCall: {
      toolCallId: id,
      name: 'Edit',
      title: 'Edit existing.txt',
      kind: 'edit',
      status: 'pending',
      rawInput: { file_path: '/home/dev/workspace/existing.txt', old_string: 'alpha', new_string: 'ALPHA-EDITED' },
      content: [
        { type: 'diff', path: '/home/dev/workspace/existing.txt', oldText: 'line one\nalpha\nline three', newText: 'line one\nALPHA-EDITED\nline three' },
      ],
      locations: [{ path: '/home/dev/workspace/existing.txt', line: 1 }],
    },
  };
}

export function permission(id: string, toolCallId: string, outcome: PermissionRecord['outcome'] = { status: 'pending' }): TranscriptEntry {
  return {
    kind: 'permission',
    id,
    at: T0,
    permission: {
      key: `sess-1:${id}`,
      toolCallId,
      title: 'Edit existing.txt',
      options: [
        { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
        { optionId: 'allow-with-updates', name: 'Yes, allow all edits during this session', kind: 'allow_always' },
        { optionId: 'reject', name: 'No', kind: 'reject_once' },
      ],
      outcome,
      requestedAt: T0,
    },
  };
}

/** A subagent's place in its parent's flow (`parentLane`: a nested one's parent lane), running unless `over` says otherwise. */
export function sub(sessionId: string, over: Partial<SubagentLane> = {}, parentLane?: string): TranscriptEntry {
  return {
    kind: 'subagent',
    id: `subagent:${sessionId}`,
    at: T0,
    ...(parentLane ? { lane: parentLane } : {}),
    subagent: { sessionId, title: 'Explore', description: 'Find where tokens refresh', state: 'running', startedAt: T0, cancellable: true, ...over },
  };
}

/** An entry of a child session (its lane). */
export const inLane = <E extends TranscriptEntry>(lane: string, e: E): E => ({ ...e, lane });

/** A snapshot with one entry of every kind. */
export function fullSnapshot(): TranscriptSnapshot {
  return {
    meta: meta({
      plan: [
        { content: 'Read the file', priority: 'high', status: 'completed' },
        { content: 'Edit the file', priority: 'medium', status: 'in_progress' },
        { content: 'Run the tests', priority: 'low', status: 'pending' },
      ],
      usage: { used: 12_345, size: 1_000_000, cost: { amount: 0.12, currency: 'USD' } },
    }),
    entries: [
      user('u1', 'Please edit existing.txt'),
      { kind: 'thought', id: 't1', content: [{ type: 'text', text: 'I should **read** it first.' }], at: T0, endedAt: T0 + 3200 },
      agent('a1', 'Sure. Here is `code`:\n\n```js\nconst x = 1;\n```\n\nSee [docs](https://example.com/docs).'),
      bashTool(),
      editTool(),
      permission('p1', 'toolu_edit'),
      permission('p2', 'toolu_missing', { status: 'selected', optionId: 'allow-once', optionName: 'Yes', optionKind: 'allow_once' }),
      { kind: 'notice', id: 'n1', severity: 'warning', title: 'Rate limited', description: 'Slowing down', at: T0 },
      { kind: 'error', id: 'err1', message: 'Internal error: boom', at: T0 },
      { kind: 'turn-end', id: 'te1', stopReason: 'cancelled', at: T0 },
    ],
  };
}

export function snapshotMsg(snapshot: TranscriptSnapshot | null, c = caps()): HostToWebview {
  return {
    type: 'snapshot',
    v: PROTOCOL_VERSION,
    snapshot,
    status: { state: 'ready', agentName: 'Claude Agent' },
    capabilities: c,
    elicitations: [],
    folders: ['/home/dev/workspace'],
  };
}

/** A pending elicitation as the host sends it: the form parsed by the host's own parser. */
export function elicitationView(key: string, message: string, requestedSchema: Record<string, unknown>): ElicitationView {
  const form = parseElicitationForm({ mode: 'form', sessionId: 's', message, requestedSchema } as CreateElicitationRequest);
  return { key, message, form };
}
