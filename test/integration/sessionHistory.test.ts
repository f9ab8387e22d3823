// Conversations that last, against the real adapter: session/list shows the sessions made here with their titles,
// session/load replays a three-turn conversation with its tool calls and the next prompt continues it,
// session/fork copies a conversation and session/delete removes one from the list.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_TITLE, read, text } from '../fixtures/fakeAnthropic';
import { agentText, ask, timed, toolEntries, useRealAdapter } from '../fixtures/clientHarness';

const FILE = 'sessionHistory';
const adapter = useRealAdapter(FILE);

describe('session history with the real adapter', () => {
  let threeTurnId = '';
  let otherId = '';

  it('advertises list, load, fork, delete, close', () => {
    const caps = adapter.run.client.initializeResponse.agentCapabilities;
    expect(caps?.loadSession).toBe(true);
    for (const c of ['list', 'delete', 'fork', 'close', 'resume'] as const) expect(adapter.run.client.supports(c), c).toBe(true);
  });

  it('session/list returns the sessions created here, with their titles', async () => {
    const { run } = adapter;
    const a = await run.newSession();
    for (let turn = 1; turn <= 3; turn++) {
      const file = join(run.workspace, `notes${turn}.txt`);
      writeFileSync(file, `note number ${turn}\n`);
      run.api.setScript([read(file), text(`Turn ${turn} read it.`)]);
      const r = await a.prompt(ask(`read notes${turn}.txt`));
      expect(r.stopReason).toBe('end_turn');
    }
    threeTurnId = a.id;
    const b = await run.newSession();
    run.api.setScript([text('Hello from the second session.')]);
    await b.prompt(ask('say hello'));
    otherId = b.id;

    const listed = await timed(FILE, 'session/list (all pages)', () => run.client.listAllSessions(run.workspace));
    const ids = listed.map((s) => s.sessionId);
    expect(ids).toEqual(expect.arrayContaining([threeTurnId, otherId]));
    for (const s of listed.filter((s) => s.sessionId === threeTurnId || s.sessionId === otherId)) {
      expect(s.cwd).toBe(run.workspace);
      expect(typeof s.title === 'string' && s.title.length > 0, `title of ${s.sessionId}: ${String(s.title)}`).toBe(true);
      expect(Number.isNaN(Date.parse(s.updatedAt ?? ''))).toBe(false);
    }
    // The title the adapter reports is the one the title side request produced, or the first prompt.
    expect(listed.find((s) => s.sessionId === otherId)?.title).toMatch(new RegExp(`${FAKE_TITLE}|say hello`));
    await a.close();
    await b.close();
  });

  it('session/load replays the three turns with their tool calls, and the next prompt continues them', async () => {
    const { run } = adapter;
    let events = 0;
    const session = await timed(FILE, 'session/load (3 turns)', () => run.client.loadSession(threeTurnId, run.workspace));
    session.onDidChange(() => (events += 1));
    const entries = session.snapshot().entries;
    const users = entries.filter((e) => e.kind === 'user');
    expect(users.length).toBe(3);
    const tools = toolEntries(session);
    expect(tools.map((t) => t.kind)).toEqual(['read', 'read', 'read']);
    expect(tools.every((t) => t.status === 'completed')).toBe(true);
    for (let turn = 1; turn <= 3; turn++) expect(agentText(session)).toContain(`Turn ${turn} read it.`);
    // Order: each turn's prompt comes before its tool call.
    const order = entries.filter((e) => e.kind === 'user' || e.kind === 'tool').map((e) => e.kind);
    expect(order).toEqual(['user', 'tool', 'user', 'tool', 'user', 'tool']);
    // The next prompt continues the conversation: the model sees the earlier turns.
    run.api.setScript([text('Continuing.')]);
    await session.prompt(ask('and now?'));
    const last = run.api.mainRequests().at(-1)!;
    expect(last.historyToolResults.filter((r) => r.text.includes('note number')).length).toBe(3);
    expect(events).toBeGreaterThan(0); // live updates after the load do reach listeners
    await session.close();
  });

  it('session/fork copies the conversation; session/delete removes a session from the list', async () => {
    const { run } = adapter;
    const copyId = await timed(FILE, 'session/fork', () => run.client.forkSession(threeTurnId, run.workspace));
    expect(copyId).not.toBe(threeTurnId);
    const copy = await run.client.loadSession(copyId, run.workspace);
    expect(toolEntries(copy)).toHaveLength(3);
    run.api.setScript([text('In the copy.')]);
    await copy.prompt(ask('only in the copy'));
    await copy.close();
    // The original did not get the copy's turn.
    const original = await run.client.loadSession(threeTurnId, run.workspace);
    expect(agentText(original)).not.toContain('In the copy.');
    await original.close();

    await timed(FILE, 'session/delete', () => run.client.deleteSession(otherId));
    const ids = (await run.client.listAllSessions(run.workspace)).map((s) => s.sessionId);
    expect(ids).not.toContain(otherId);
    expect(ids).toContain(threeTurnId);
    await expect(run.client.loadSession(otherId, run.workspace)).rejects.toThrow();
  });
});
