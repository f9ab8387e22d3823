// A Bash turn through the real adapter in Manual mode: each permission answer, checked on disk, in the transcript, and
// in what the model was told.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bash, text } from '../fixtures/fakeAnthropic';
import { ask, permissionEntries, timed, toolEntries, useRealAdapter } from '../fixtures/clientHarness';

const FILE = 'bashPermission';
const adapter = useRealAdapter(FILE);

describe('Bash turn with a permission request (real adapter, Manual mode)', () => {
  it('allow-once runs the command and records the choice', async () => {
    const session = await adapter.run.newSession();
    const from = adapter.run.hooks.permissions.length;
    adapter.run.hooks.decide = () => 'allow-once';
    adapter.run.api.setScript([bash('touch created.txt', 'Create created.txt'), text('Created it.')]);

    const res = await timed(FILE, 'turn: bash + permission (first)', () => session.prompt(ask('create a file')));

    expect(res.stopReason).toBe('end_turn');
    expect(existsSync(join(adapter.run.workspace, 'created.txt'))).toBe(true);
    expect(adapter.run.hooks.permissions.length - from).toBe(1);
    const req = adapter.run.hooks.permissions[from];
    expect(req.sessionId).toBe(session.id);
    expect(req.key.startsWith(`${session.id}:`)).toBe(true);
    expect(req.params.toolCall.rawInput).toMatchObject({ command: 'touch created.txt' });
    const offered = req.params.options.map((o) => o.optionId);
    expect(offered).toEqual(['allow-once', 'reject']); // a lone touch: no allow-always (see 'a lone touch offers…')
    // The core hands the hook its merged state of the tool call (from the earlier tool_call/tool_call_update).
    expect(req.toolCall).toMatchObject({ toolCallId: req.params.toolCall.toolCallId, kind: 'execute' });
    expect(req.signal.aborted).toBe(false);

    const tool = toolEntries(session).find((t) => t.toolCallId === req.params.toolCall.toolCallId);
    expect(tool).toMatchObject({ status: 'completed', kind: 'execute', title: 'touch created.txt' });
    const perm = permissionEntries(session);
    expect(perm).toHaveLength(1);
    expect(perm[0]).toMatchObject({
      key: req.key,
      toolCallId: req.params.toolCall.toolCallId,
      outcome: { status: 'selected', optionId: 'allow-once', optionKind: 'allow_once' },
    });
    expect(perm[0].options.map((o) => o.optionId)).toEqual(offered);
    expect(perm[0].settledAt).toBeGreaterThanOrEqual(perm[0].requestedAt);
    // The model got a successful tool_result.
    const told = adapter.run.api.mainRequests().at(-1)!.toolResults;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ toolUseId: req.params.toolCall.toolCallId, isError: false });
    expect(session.snapshot().entries.at(-1)).toMatchObject({ kind: 'turn-end', stopReason: 'end_turn' });
  });

  it('reject leaves the disk alone, fails the tool, and tells the model the user refused', async () => {
    const session = await adapter.run.newSession();
    const from = adapter.run.hooks.permissions.length;
    adapter.run.hooks.decide = () => 'reject';
    adapter.run.api.setScript([bash('touch rejected.txt', 'Create rejected.txt'), text('Understood, not creating it.')]);

    const res = await timed(FILE, 'turn: bash + permission (first)', () => session.prompt(ask('create another file')));

    expect(res.stopReason).toBe('end_turn'); // a reject does not stop the turn: the model is told and answers
    expect(existsSync(join(adapter.run.workspace, 'rejected.txt'))).toBe(false);
    const req = adapter.run.hooks.permissions[from];
    const tool = toolEntries(session).find((t) => t.toolCallId === req.params.toolCall.toolCallId)!;
    expect(tool.status).toBe('failed');
    expect(JSON.stringify(tool.rawOutput)).toContain('User refused permission');
    expect(permissionEntries(session)[0].outcome).toMatchObject({ status: 'selected', optionId: 'reject', optionKind: 'reject_once' });
    const told = adapter.run.api.mainRequests().at(-1)!.toolResults;
    expect(told[0].isError).toBe(true);
    expect(told[0].text).toContain('User refused permission');
  });

  // Measured on 0.101.0: a lone `touch a.txt` (or `mkdir`, `cp`) is offered only allow-once/reject; a chain of write
  // commands (`touch x && touch y`) and `python3 -c …` get allow-with-updates, as an exact-command rule.
  it('allow-with-updates: the remembered command later runs without asking', async () => {
    const session = await adapter.run.newSession();
    const from = adapter.run.hooks.permissions.length;
    const cmd = 'touch a1.txt && touch a2.txt';
    // Pick it only if offered: an unoffered id would leave the request pending (the core logs and waits).
    adapter.run.hooks.decide = (req) => (req.params.options.some((o) => o.optionId === 'allow-with-updates') ? 'allow-with-updates' : 'reject');
    adapter.run.api.setScript([bash(cmd, 'Create a1 and a2'), text('Done.')]);

    expect((await timed(FILE, 'turn: bash + permission (first)', () => session.prompt(ask('make a1 and a2')))).stopReason).toBe('end_turn');
    const req = adapter.run.hooks.permissions[from];
    expect(req.params.options.find((o) => o.optionId === 'allow-with-updates')).toMatchObject({ kind: 'allow_always' });
    expect(permissionEntries(session)[0].outcome).toMatchObject({ status: 'selected', optionId: 'allow-with-updates', optionKind: 'allow_always' });
    expect(existsSync(join(adapter.run.workspace, 'a1.txt'))).toBe(true);

    rmSync(join(adapter.run.workspace, 'a1.txt'));
    // If the remembered rule failed, the request is answered `reject` and the count check below fails.
    adapter.run.hooks.decide = () => 'reject';
    adapter.run.api.setScript([bash(cmd, 'Create them again'), text('Done again.')]);
    const res = await timed(FILE, 'turn: bash, no permission (later)', () => session.prompt(ask('again')));
    expect(res.stopReason).toBe('end_turn');
    expect(adapter.run.hooks.permissions.length - from).toBe(1);
    expect(existsSync(join(adapter.run.workspace, 'a1.txt'))).toBe(true);
    expect(toolEntries(session).map((t) => t.status)).toEqual(['completed', 'completed']);
  });

  it('a lone touch offers only allow-once and reject', async () => {
    const session = await adapter.run.newSession();
    const from = adapter.run.hooks.permissions.length;
    adapter.run.hooks.decide = () => 'reject';
    adapter.run.api.setScript([bash('touch lone.txt', 'Create lone.txt'), text('ok')]);
    expect((await session.prompt(ask('lone'))).stopReason).toBe('end_turn');
    expect(adapter.run.hooks.permissions[from].params.options.map((o) => o.optionId)).toEqual(['allow-once', 'reject']);
  });

  it('a chain ending in echo is offered no allow_always option', async () => {
    const session = await adapter.run.newSession();
    const from = adapter.run.hooks.permissions.length;
    adapter.run.hooks.decide = () => 'reject';
    adapter.run.api.setScript([bash('touch c1.txt && echo made', 'Create a file and say so'), text('ok')]);
    expect((await session.prompt(ask('two files'))).stopReason).toBe('end_turn');
    expect(adapter.run.hooks.permissions[from].params.options.map((o) => o.kind)).toEqual(['allow_once', 'reject_once']);
    expect(existsSync(join(adapter.run.workspace, 'c1.txt'))).toBe(false);
  });
});
