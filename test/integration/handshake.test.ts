// The real adapter's handshake reaches the core's state: capabilities, modes, config options, commands, title.
import { describe, expect, it } from 'vitest';
import { FAKE_TITLE, text } from '../fixtures/fakeAnthropic';
import { agentText, timed, useRealAdapter, waitUntil } from '../fixtures/clientHarness';

const FILE = 'handshake';
const adapter = useRealAdapter(FILE);

describe('handshake with the real Claude adapter', () => {
  it('exposes the agent capabilities from initialize', () => {
    const init = adapter.run.client.initializeResponse;
    expect(init.protocolVersion).toBe(1);
    expect(init.agentInfo).toMatchObject({ name: '@agentclientprotocol/claude-agent-acp', version: '0.101.0' });
    expect(init.agentCapabilities?.loadSession).toBe(true);
    expect(init.agentCapabilities?.promptCapabilities).toMatchObject({ image: true, embeddedContext: true });
    expect(init.agentCapabilities?.sessionCapabilities?.close).toBeDefined();
    expect(init.authMethods ?? []).toEqual([]);
    expect(adapter.run.client.closed).toBe(false);
  });

  it('puts modes and config options from session/new into the snapshot, and follows set_mode', async () => {
    const session = await adapter.run.newSession(null);
    const meta = session.snapshot().meta;
    expect(meta.sessionId).toBe(session.id);
    expect(adapter.run.client.getSession(session.id)).toBe(session);
    expect(meta.connection).toBe('connected');
    expect(meta.turn).toBe('idle');
    // The adapter's default mode is `auto` (it never asks for permission there).
    expect(meta.modes?.currentModeId).toBe('auto');
    // The adapter's catalog (dist/session-mode.js buildAvailableModes): bypassPermissions only where ALLOW_BYPASS,
    // i.e. not root or IS_SANDBOX set (dist/permissions/modes.js); the harness never sets IS_SANDBOX.
    const bypass = process.geteuid?.() === 0 ? [] : ['bypassPermissions'];
    expect(meta.modes?.availableModes.map((m) => m.id)).toEqual(['default', 'acceptEdits', 'plan', 'auto', ...bypass]);
    expect(meta.configOptions.map((o) => o.id)).toEqual(expect.arrayContaining(['mode', 'model', 'effort']));
    expect(meta.configOptions.find((o) => o.id === 'mode')?.currentValue).toBe('auto');
    // Slash commands arrive as a notification right after session/new.
    await waitUntil(() => session.snapshot().meta.availableCommands.length > 0, 'available_commands_update');

    await timed(FILE, 'session/set_mode', () => session.setMode('default'));
    const after = session.snapshot().meta;
    expect(after.modes?.currentModeId).toBe('default');
    expect(after.configOptions.find((o) => o.id === 'mode')?.currentValue).toBe('default');
  });

  it('runs a text-only turn: user entry, streamed agent text, turn-end, title from the side request', async () => {
    const session = await adapter.run.newSession(null);
    const changes: string[] = [];
    const sub = session.onDidChange((cs) => changes.push(...cs.map((c) => c.type)));
    const hello = text('Hello from the fake model, in several pieces.');
    adapter.run.api.setScript([hello]);
    const res = await timed(FILE, 'turn: text only (first)', () => session.prompt([{ type: 'text', text: 'say hello' }]));
    expect(res.stopReason).toBe('end_turn');
    const entries = session.snapshot().entries;
    expect(entries[0]).toMatchObject({ kind: 'user', content: [{ type: 'text', text: 'say hello' }] });
    expect(agentText(session)).toContain('Hello from the fake model, in several pieces.');
    expect(entries.at(-1)).toMatchObject({ kind: 'turn-end', stopReason: 'end_turn' });
    expect(session.snapshot().meta.turn).toBe('idle');
    expect(changes).toContain('entry-added');
    await waitUntil(() => session.snapshot().meta.title === FAKE_TITLE, 'session_info_update title');
    // The title request is a side request: it did not eat the script, and the model saw our prompt.
    expect(adapter.run.api.mainRequests().at(-1)?.reply).toBe(hello.label);
    sub.dispose();

    adapter.run.api.setScript([text('Second.')]);
    const res2 = await timed(FILE, 'turn: text only (later)', () => session.prompt([{ type: 'text', text: 'again' }]));
    expect(res2.stopReason).toBe('end_turn');
    expect(agentText(session)).toContain('Second.');
    expect(adapter.run.api.requests.filter((r) => r.kind === 'unknown')).toEqual([]);
  });
});
