// The real adapter SIGKILLed while a permission request waits: the core notices, settles, and keeps the transcript.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentExit } from '../../src/acp';
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
      adapter.run.harness.trackPids(children);
      process.kill(pid, 'SIGKILL');

      const exit = await adapter.run.process.exited;
      expect(exit.signal).toBe('SIGKILL');
      await waitUntil(() => exits.length > 0, 'onDidExit');
      expect(exits).toHaveLength(1);
      expect(exits[0].signal).toBe('SIGKILL');

      const outcome = await promptOutcome;
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(String((outcome.e as Error).message)).toMatch(/SIGKILL|exit|closed/i);

      expect(req.signal.aborted).toBe(true);
      expect(req.signal.reason).toBe('agent-exited');
      expect(permissionEntries(session)[0].outcome).toEqual({ status: 'cancelled', reason: 'agent-exited' });
      const meta = session.snapshot().meta;
      expect(meta.connection).toBe('disconnected');
      expect(meta.disconnectReason).toMatch(/SIGKILL/);
      expect(meta.turn).toBe('idle');
      expect(adapter.run.client.closed).toBe(true);
      // Transcript kept: the user prompt, the tool call (no longer pending), the permission record.
      const kinds = session.snapshot().entries.map((e) => e.kind);
      expect(kinds[0]).toBe('user');
      expect(kinds).toContain('permission');
      const tool = toolEntries(session).find((t) => t.toolCallId === req.params.toolCall.toolCallId)!;
      expect(tool.status).not.toBe('pending');
      expect(existsSync(join(adapter.run.workspace, 'killed.txt'))).toBe(false);

      // Using the dead session fails with an error, not a hang.
      await expect(session.prompt([{ type: 'text', text: 'hello?' }])).rejects.toThrow();

      await new Promise((r) => setTimeout(r, 200));
      expect(trap.seen).toEqual([]);

      // Claude Code (the adapter's child) loses its stdin and should go too; do not leak it if it does not.
      const leftovers = await waitUntil(() => children.every((c) => !isAlive(c)) || null, 'adapter children to exit', 5000).then(
        () => [],
        () => children.filter(isAlive),
      );
      for (const c of leftovers) process.kill(c, 'SIGKILL');
      console.log(`adapter children after SIGKILL: ${children.length} seen, ${leftovers.length} had to be killed`);
    } finally {
      trap.dispose();
    }
  });
});
