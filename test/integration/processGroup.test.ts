// Stopping the agent ends its whole process group: Claude Code (the adapter's child) must not outlive the adapter.
import { describe, expect, it } from 'vitest';
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
    const leftovers = await waitUntil(() => children.every((c) => !isAlive(c)) || null, 'children to end', 2000).then(
      () => [],
      () => children.filter(isAlive),
    );
    expect(leftovers).toEqual([]);
  });
});
