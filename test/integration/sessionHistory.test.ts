// Conversations that last, against the real adapter: session/list shows the sessions made here with their titles,
// session/load replays a three-turn conversation with its tool calls and the next prompt continues it,
// session/fork copies a conversation and session/delete removes one from the list.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_TITLE, read, text } from '../fixtures/fakeAnthropic';
import { agentText, ask, timed, toolEntries, useRealAdapter, waitUntil } from '../fixtures/clientHarness';

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

    // Each session is titled by Claude Code's title side request (the fake answers FAKE_TITLE), stored in its
    // transcript and then sent as session_info_update (adapter dist/session-titles.js: generateSessionTitle with
    // persist, then publish). Once both have arrived, session/list reads that title back: the SDK's summary is
    // customTitle || aiTitle || lastPrompt || … (claude-agent-sdk listSessions, called from acp-agent.js
    // listSessions), so a first prompt ("say hello") there would mean the stored title was lost.
    await waitUntil(() => a.snapshot().meta.title === FAKE_TITLE && b.snapshot().meta.title === FAKE_TITLE, 'both titles (session_info_update)');
    const listed = await timed(FILE, 'session/list (all pages)', () => run.client.listAllSessions(run.workspace));
    // The workspace is this file's own: these two are all the sessions it has (the title requests make none).
    expect(listed.map((s) => s.sessionId).sort()).toEqual([threeTurnId, otherId].sort());
    for (const s of listed) {
      expect(s.cwd).toBe(run.workspace);
      expect(s.title, `title of ${s.sessionId}`).toBe(FAKE_TITLE);
      expect(Number.isNaN(Date.parse(s.updatedAt ?? ''))).toBe(false);
    }
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
    // Left: the three-turn session and its copy.
    expect(ids.sort()).toEqual([threeTurnId, copyId].sort());
    await expect(run.client.loadSession(otherId, run.workspace)).rejects.toThrow();
  });
});
