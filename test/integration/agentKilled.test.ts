// The real adapter SIGKILLed while a permission request waits: the core notices, settles, and keeps the transcript.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentExitedError, type AgentExit } from '../../src/acpClient';
import { KILL_GRACE_MS } from '../../src/acpClient/agentProcess';
import { describeExit } from '../../src/acpClient/exitDescription';
import { descendantPids, isAlive } from '../fixtures/adapter';
import { bash } from '../fixtures/fakeAnthropic';
import { permissionEntries, toolEntries, trapUnhandledRejections, useRealAdapter, waitUntil } from '../fixtures/clientHarness';

const FILE = 'agentKilled';
const adapter = useRealAdapter(FILE);

describe('adapter killed mid-turn', () => {
  it('detects the exit, settles the pending permission agent-exited, rejects the prompt, keeps the transcript', async () => {
    const trap = trapUnhandledRejections();
    try {
      const session = await adapter.run.newSession();
      adapter.run.hooks.decide = () => 'never';
      adapter.run.api.setScript([bash('touch killed.txt', 'Create killed.txt')]);
      const exits: AgentExit[] = [];
      adapter.run.client.onDidExit((e) => exits.push(e));

      const prompt = session.prompt([{ type: 'text', text: 'create killed.txt' }]);
      const promptOutcome = prompt.then(
        (r) => ({ ok: true as const, r }),
        (e: unknown) => ({ ok: false as const, e }),
      );
      const req = await adapter.run.hooks.nextPermission();
      const pid = adapter.run.process.pid!;
      const children = descendantPids(pid);
      expect(children.length, 'Claude Code runs under the adapter').toBeGreaterThan(0);
      adapter.run.harness.trackPids(children);
      process.kill(pid, 'SIGKILL');

      const exit = await adapter.run.process.exited;
      expect(exit.signal).toBe('SIGKILL');
      const why = describeExit(exit); // "The agent was stopped by SIGKILL." and the adapter's stderr tail, if any
      expect(why).toMatch(/^The agent was stopped by SIGKILL\.(?: Last output:\n|$)/);
      await waitUntil(() => exits.length > 0, 'onDidExit');
      expect(exits).toHaveLength(1);
      expect(exits[0].signal).toBe('SIGKILL');

      const outcome = await promptOutcome;
      expect(outcome.ok).toBe(false);
      // session.prompt words the failure with the exit (acpClient.explainFailure waits for it), whichever of the closed
      // stdout and the exit the core saw first.
      expect(!outcome.ok && outcome.e).toBeInstanceOf(AgentExitedError);
      expect(!outcome.ok && (outcome.e as AgentExitedError).message).toBe(`The agent stopped while the request was running. ${why}`);

      expect(req.signal.aborted).toBe(true);
      expect(req.signal.reason).toBe('agent-exited');
      expect(permissionEntries(session)[0].outcome).toEqual({ status: 'cancelled', reason: 'agent-exited' });
      const meta = session.snapshot().meta;
      expect(meta.connection).toBe('disconnected');
      expect(meta.disconnectReason).toBe(why);
      expect(meta.turn).toBe('idle');
      expect(adapter.run.client.closed).toBe(true);
      // Transcript kept: the user prompt, the tool call (no longer pending), the permission record.
      const kinds = session.snapshot().entries.map((e) => e.kind);
      expect(kinds[0]).toBe('user');
      expect(kinds).toContain('permission');
      const tool = toolEntries(session).find((t) => t.toolCallId === req.params.toolCall.toolCallId)!;
      expect(tool.status).toBe('cancelled'); // pending when the agent died; the core cancels unfinished calls on exit
      expect(existsSync(join(adapter.run.workspace, 'killed.txt'))).toBe(false);

      // Using the dead session fails with an error, not a hang.
      await expect(session.prompt([{ type: 'text', text: 'hello?' }])).rejects.toThrow(`The agent is not running (${why}). Start a new session to continue.`);

      expect(await trap.reported()).toEqual([]);

      // Claude Code (the adapter's child) must not outlive it: on the adapter's exit the core sends its process group
      // SIGTERM, and SIGKILL after the grace period (agentProcess.endGroup). So the bound is that period and a margin;
      // whatever is still running then fails the test (the harness's cleanup kills it afterwards: trackPids above).
      const leftovers = await waitUntil(() => children.every((c) => !isAlive(c)) || null, 'adapter children to exit', KILL_GRACE_MS + 2000).then(
        () => [],
        () => children.filter(isAlive),
      );
      expect(leftovers, 'processes the killed adapter left running').toEqual([]);
    } finally {
      trap.dispose();
    }
  });
});
