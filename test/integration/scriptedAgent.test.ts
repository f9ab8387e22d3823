// What the real adapter will not do on demand, from a scripted SDK agent: bad lines, floods, concurrent and withdrawn
// permission requests, calls to methods the client never advertised, and dying mid-request.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AcpClient, AgentExitedError, AgentProcess, AgentStartError } from '../../src/acpClient';
import { describeExit } from '../../src/acpClient/exitDescription';
import {
  RecordingLogger,
  ScriptedHooks,
  agentText,
  permissionEntries,
  reportTimings,
  repoRoot,
  scriptedLaunch,
  startScriptedAgent,
  timed,
  toolEntries,
  trapUnhandledRejections,
  waitUntil,
  type RunningAgent,
} from '../fixtures/clientHarness';

const FILE = 'scriptedAgent';
let agent: RunningAgent | undefined;

afterEach(async () => {
  await agent?.cleanup();
  agent = undefined;
});
afterAll(() => reportTimings(FILE));

const say = (t: string) => [{ type: 'text' as const, text: t }];
const ownLogLines = (logger: RecordingLogger) => logger.lines().filter((l) => !l.includes('[agent stderr]'));

describe('scripted agent: malformed and hostile input', () => {
  it('survives garbage lines, logs an error, and the connection stays usable', async () => {
    const trap = trapUnhandledRejections();
    try {
      agent = await startScriptedAgent(FILE);
      const session = await agent.client.newSession(repoRoot);
      const before = ownLogLines(agent.logger).length;

      const res = await session.prompt(say('garbage'));

      expect(res.stopReason).toBe('end_turn');
      expect(agentText(session)).toContain('before garbage');
      expect(agentText(session)).toContain('after garbage');
      // The unknown update variant did not become an entry.
      expect(JSON.stringify(session.snapshot())).not.toContain('bogus_variant');
      const logged = ownLogLines(agent.logger).slice(before);

      const again = await session.prompt(say('hello'));
      expect(again.stopReason).toBe('end_turn');
      expect(agentText(session)).toContain('hello from the scripted agent');
      expect(agent.client.closed).toBe(false);
      expect(trap.seen).toEqual([]);

      // Last, so a failure here means only this: the user-visible log must say the agent sent bad input.
      console.log('logged for garbage:\n  ' + logged.join('\n  '));
      expect(logged.length, 'the core should log the malformed input it received').toBeGreaterThan(0);
    } finally {
      trap.dispose();
    }
  });

  it('keeps all 5,000 flooded chunks, in order', async () => {
    agent = await startScriptedAgent(FILE);
    const session = await agent.client.newSession(repoRoot);
    const res = await timed(FILE, 'flood: 5,000 chunks', () => session.prompt(say('flood 5000')));
    expect(res.stopReason).toBe('end_turn');
    const expected = Array.from({ length: 5000 }, (_, i) => `<${i}>`).join('');
    expect(agentText(session)).toBe(expected);
  });

  it('answers several concurrent permission requests, each with its own choice', async () => {
    agent = await startScriptedAgent(FILE);
    const session = await agent.client.newSession(repoRoot);
    agent.hooks.decide = (req) => (req.params.toolCall.toolCallId === 'call-b' ? 'deny' : 'allow');

    const res = await session.prompt(say('permissions'));

    expect(res.stopReason).toBe('end_turn');
    expect(agent.hooks.permissions.map((p) => p.params.toolCall.toolCallId).sort()).toEqual(['call-a', 'call-b', 'call-c']);
    expect(new Set(agent.hooks.permissions.map((p) => p.key)).size).toBe(3);
    expect(agentText(session)).toContain(
      'outcomes: [{"outcome":"selected","optionId":"allow"},{"outcome":"selected","optionId":"deny"},{"outcome":"selected","optionId":"allow"}]',
    );
    const byTool = Object.fromEntries(permissionEntries(session).map((p) => [p.toolCallId, p.outcome]));
    expect(byTool['call-a']).toMatchObject({ status: 'selected', optionId: 'allow' });
    expect(byTool['call-b']).toMatchObject({ status: 'selected', optionId: 'deny' });
    expect(byTool['call-c']).toMatchObject({ status: 'selected', optionId: 'allow' });
    expect(toolEntries(session).map((t) => [t.toolCallId, t.status])).toEqual([
      ['call-a', 'completed'],
      ['call-b', 'failed'],
      ['call-c', 'completed'],
    ]);
  });

  it('an unoffered optionId from the hook is logged and the request stays pending until the turn is cancelled', async () => {
    agent = await startScriptedAgent(FILE);
    const session = await agent.client.newSession(repoRoot);
    agent.hooks.decide = (req) => (req.params.toolCall.toolCallId === 'call-b' ? 'not-an-option' : 'allow');

    const prompt = session.prompt(say('permissions'));
    await waitUntil(() => agent!.logger.lines(['error']).some((l) => l.includes('not-an-option')), 'error log for the unoffered id');
    const byTool = () => Object.fromEntries(permissionEntries(session).map((p) => [p.toolCallId, p.outcome]));
    await waitUntil(() => byTool()['call-c']?.status === 'selected', 'call-c answered');
    expect(byTool()['call-b']).toEqual({ status: 'pending' });

    await session.cancel();
    expect((await prompt).stopReason).toBe('cancelled');
    expect(byTool()['call-b']).toEqual({ status: 'cancelled', reason: 'turn-cancelled' });
    expect(byTool()['call-a']).toMatchObject({ status: 'selected', optionId: 'allow' });
  });

  it('a permission request the agent withdraws ($/cancel_request) is answered cancelled and recorded agent-cancelled', async () => {
    agent = await startScriptedAgent(FILE);
    const session = await agent.client.newSession(repoRoot);
    agent.hooks.decide = () => 'never';

    const res = await session.prompt(say('cancel-own-permission 300'));

    expect(res.stopReason).toBe('end_turn');
    const req = agent.hooks.permissions[0];
    expect(req.signal.aborted).toBe(true);
    expect(req.signal.reason).toBe('agent-cancelled');
    expect(permissionEntries(session)[0].outcome).toEqual({ status: 'cancelled', reason: 'agent-cancelled' });
    expect(agentText(session)).toContain('cancel answer: {"result":{"outcome":{"outcome":"cancelled"}}}');
  });

  it('a late answer to a withdrawn request is discarded and recorded expired', async () => {
    agent = await startScriptedAgent(FILE);
    const session = await agent.client.newSession(repoRoot);
    let answerLate!: (id: string) => void;
    agent.hooks.decide = () => new Promise<string>((r) => (answerLate = r));
    const res = await session.prompt(say('cancel-own-permission 100'));
    expect(res.stopReason).toBe('end_turn');
    answerLate('allow');
    await waitUntil(() => permissionEntries(session)[0].outcome.status === 'expired', 'outcome expired');
    expect(permissionEntries(session)[0].outcome).toEqual({ status: 'expired', reason: 'agent-cancelled' });
    // The agent got exactly one answer: the cancelled one.
    expect(agentText(session)).toContain('cancel answer: {"result":{"outcome":{"outcome":"cancelled"}}}');
  });

  it('answers method-not-found to fs/* and terminal/* it did not advertise', async () => {
    agent = await startScriptedAgent(FILE);
    const session = await agent.client.newSession(repoRoot);
    const caps = (agent.client.initializeResponse.agentCapabilities?._meta as { scripted?: { clientCapabilities?: Record<string, unknown> } })?.scripted
      ?.clientCapabilities;
    // What the client advertised, as the agent's SDK parsed it (it fills in the defaults) and echoed it back: no fs,
    // no terminal. Compared whole, so a missing echo fails instead of passing on nothing.
    expect(caps?.fs).toEqual({ readTextFile: false, writeTextFile: false });
    expect(caps?.terminal).toBe(false);

    const res = await session.prompt(say('fs-terminal'));

    expect(res.stopReason).toBe('end_turn');
    const reported = JSON.parse(agentText(session).replace(/^client methods: /, '')) as Record<string, { code?: number }>;
    expect(reported.read.code).toBe(-32601);
    expect(reported.write.code).toBe(-32601);
    expect(reported.terminal.code).toBe(-32601);
  });
});

describe('scripted agent: dying', () => {
  it('agent death mid-prompt rejects the prompt with a clear error and marks the session disconnected', async () => {
    const trap = trapUnhandledRejections();
    try {
      agent = await startScriptedAgent(FILE);
      const session = await agent.client.newSession(repoRoot);
      const exits: unknown[] = [];
      agent.client.onDidExit((e) => exits.push(e));

      const err = await session.prompt(say('die')).then(
        () => undefined,
        (e: unknown) => e as Error,
      );

      // Worded with the exit (acpClient.explainFailure waits for it) and the stderr the agent wrote before dying.
      const why = 'The agent exited with code 3. Last output:\nscripted agent: dying on purpose (die)';
      expect(err, 'the prompt must reject').toBeInstanceOf(AgentExitedError);
      expect(err!.message).toBe(`The agent stopped while the request was running. ${why}`);
      await waitUntil(() => exits.length === 1, 'onDidExit');
      expect(exits[0]).toMatchObject({ code: 3, signal: null });
      expect(session.snapshot().meta.connection).toBe('disconnected');
      expect(session.snapshot().meta.disconnectReason).toBe(why);
      expect(agentText(session)).toContain('about to die'); // transcript kept
      expect(await trap.reported()).toEqual([]);
    } finally {
      trap.dispose();
    }
  });

  it('agent death with a permission request open settles it agent-exited', async () => {
    agent = await startScriptedAgent(FILE);
    const session = await agent.client.newSession(repoRoot);
    agent.hooks.decide = () => 'never';
    const why = 'The agent exited with code 4. Last output:\nscripted agent: dying with a permission request open';
    await expect(session.prompt(say('die-during-permission'))).rejects.toThrow(`The agent stopped while the request was running. ${why}`);
    const req = agent.hooks.permissions[0];
    expect(req.signal.reason).toBe('agent-exited');
    expect(permissionEntries(session)[0].outcome).toEqual({ status: 'cancelled', reason: 'agent-exited' });
    expect(session.snapshot().meta.disconnectReason).toBe(why);
  });

  it('an agent that exits before initialize gives an AgentStartError with the exit code and stderr', async () => {
    const logger = new RecordingLogger();
    const proc = AgentProcess.spawn(await scriptedLaunch('exit-on-start'), { cwd: repoRoot, logger });
    const err = await AcpClient.start({ process: proc, hooks: new ScriptedHooks().hooks, logger, clientInfo: { name: 't', version: '0' } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(AgentStartError);
    expect(err!.message).toMatch(/\b7\b/);
    expect(err!.message).toContain('refusing to start');
    await proc.exited;
  });

  it('an agent that exits on session/new rejects newSession with a clear error', async () => {
    agent = await startScriptedAgent(FILE, 'exit-after-init');
    const failure = agent.client.newSession(repoRoot).then(
      () => 'resolved',
      (e: Error) => `${e.name}: ${e.message}`,
    );
    const exit = await agent.process.exited;
    expect(await failure).toBe(`AgentExitedError: The agent stopped while the request was running. ${describeExit(exit)}`);
    expect(exit).toEqual({ code: 9, signal: null, stderrTail: 'scripted agent: exiting on session/new (exit-after-init)\n' });
    expect(agent.client.closed).toBe(true);
  });
});
