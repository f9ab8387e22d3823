// Write and Edit turns through the real adapter: diff content in the state, files changed on disk, and the
// "allow all edits during this session" rule.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolCallContent } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { edit, read, text, write } from '../fixtures/fakeAnthropic';
import { ask, permissionEntries, timed, toolEntries, useRealAdapter } from '../fixtures/clientHarness';

const FILE = 'files';
const adapter = useRealAdapter(FILE);
const diffs = (content: ToolCallContent[] | undefined) => (content ?? []).filter((c) => c.type === 'diff');

describe('Write and Edit turns (real adapter, Manual mode)', () => {
  it('Write of a new file: the permission shows a diff with oldText null; the file is created', async () => {
    const session = await adapter.run.newSession();
    const path = join(adapter.run.workspace, 'hello.txt');
    const from = adapter.run.hooks.permissions.length;
    adapter.run.hooks.decide = () => 'allow-once';
    adapter.run.api.setScript([write(path, 'hello world\nline two\n'), text('Wrote hello.txt.')]);

    const res = await timed(FILE, 'turn: write + permission', () => session.prompt(ask('create hello.txt')));

    expect(res.stopReason).toBe('end_turn');
    expect(readFileSync(path, 'utf8')).toBe('hello world\nline two\n');
    const req = adapter.run.hooks.permissions[from];
    expect(diffs(req.params.toolCall.content ?? undefined)).toEqual([
      expect.objectContaining({ type: 'diff', path, oldText: null, newText: 'hello world\nline two\n' }),
    ]);
    const tool = toolEntries(session).find((t) => t.toolCallId === req.params.toolCall.toolCallId)!;
    expect(tool.kind).toBe('edit');
    expect(tool.status).toBe('completed');
    const [d] = diffs(tool.content);
    expect(d).toMatchObject({ path, newText: 'hello world\nline two\n' });
    expect(d.type === 'diff' && (d.oldText ?? null)).toBeNull();
  });

  it('Edit after a Read: first the replaced snippet, then the whole-file diff; the file changes', async () => {
    const session = await adapter.run.newSession();
    const path = join(adapter.run.workspace, 'existing.txt');
    writeFileSync(path, 'line one\nalpha\nline three\n');
    const from = adapter.run.hooks.permissions.length;
    let atAsk: ToolCallContent[] = [];
    adapter.run.hooks.decide = (req) => {
      atAsk = structuredClone(req.toolCall?.content ?? []);
      return 'allow-once';
    };
    adapter.run.api.setScript([read(path), edit(path, 'alpha', 'ALPHA-EDITED'), text('Edited.')]);

    const res = await timed(FILE, 'turn: read + edit + permission', () => session.prompt(ask('edit existing.txt')));

    expect(res.stopReason).toBe('end_turn');
    expect(readFileSync(path, 'utf8')).toBe('line one\nALPHA-EDITED\nline three\n');
    // Read never asks; the Edit asks once.
    expect(adapter.run.hooks.permissions.length - from).toBe(1);
    expect(diffs(atAsk)).toEqual([expect.objectContaining({ path, oldText: 'alpha', newText: 'ALPHA-EDITED' })]);
    const tools = toolEntries(session);
    expect(tools.map((t) => [t.kind, t.status])).toEqual([
      ['read', 'completed'],
      ['edit', 'completed'],
    ]);
    const [whole] = diffs(tools[1].content);
    expect(whole).toMatchObject({ path });
    expect(whole.type === 'diff' && whole.oldText).toContain('line one\nalpha\nline three');
    expect(whole.type === 'diff' && whole.newText).toContain('line one\nALPHA-EDITED\nline three');
    expect(permissionEntries(session)[0].outcome).toMatchObject({ status: 'selected', optionId: 'allow-once' });
  });

  it('Write + allow-with-updates: the next Write in the session does not ask', async () => {
    const session = await adapter.run.newSession();
    const from = adapter.run.hooks.permissions.length;
    adapter.run.hooks.decide = () => 'allow-with-updates';
    adapter.run.api.setScript([write(join(adapter.run.workspace, 'w1.txt'), 'one\n'), text('ok')]);
    expect((await session.prompt(ask('write w1'))).stopReason).toBe('end_turn');
    const req = adapter.run.hooks.permissions[from];
    expect(req.params.options.find((o) => o.optionId === 'allow-with-updates')).toMatchObject({ kind: 'allow_always' });
    expect(readFileSync(join(adapter.run.workspace, 'w1.txt'), 'utf8')).toBe('one\n');

    adapter.run.hooks.decide = () => 'reject'; // a second request would be refused and the file missing
    adapter.run.api.setScript([write(join(adapter.run.workspace, 'w2.txt'), 'two\n'), text('ok')]);
    expect((await timed(FILE, 'turn: write, no permission', () => session.prompt(ask('write w2')))).stopReason).toBe('end_turn');
    expect(adapter.run.hooks.permissions.length - from).toBe(1);
    expect(existsSync(join(adapter.run.workspace, 'w2.txt'))).toBe(true);
    expect(permissionEntries(session)).toHaveLength(1);
  });
});
