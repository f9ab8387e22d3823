// Stopping the agent ends its whole process group: Claude Code (the adapter's child) must not outlive the adapter.
import { describe, expect, it } from 'vitest';
import { KILL_GRACE_MS } from '../../src/acpClient/agentProcess';
import { descendantPids, isAlive } from '../fixtures/adapter';
import { text } from '../fixtures/fakeAnthropic';
import { useRealAdapter, waitUntil } from '../fixtures/clientHarness';

const FILE = 'processGroup';
const adapter = useRealAdapter(FILE);

describe('stopping the agent', () => {
  it('ends the adapter and the Claude Code process it started', async () => {
    const session = await adapter.run.newSession();
    adapter.run.api.setScript([text('hello')]);
    await session.prompt([{ type: 'text', text: 'hi' }]);
    const children = descendantPids(adapter.run.process.pid!);
    expect(children.length).toBeGreaterThan(0);
    // Reaped by the harness after the assertion if the stop left any behind.
    adapter.run.harness.trackPids(children);

    adapter.run.process.kill();
    await adapter.run.process.exited;
    // Claude Code gets SIGTERM with the group and may take its time over it (over 2 s on a slow day); what is left
    // once the adapter has exited is sent SIGKILL after the grace period. So the bound is that period, and a margin.
    const leftovers = await waitUntil(() => children.every((c) => !isAlive(c)) || null, 'children to end', KILL_GRACE_MS + 2000).then(
      () => [],
      () => children.filter(isAlive),
    );
    expect(leftovers).toEqual([]);
  });
});
