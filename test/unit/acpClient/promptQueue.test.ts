import { afterEach, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import { AcpClient } from '../../../src/acpClient/acpClient';
import { deferred, recordingLogger, startFakeAgent } from './inProcessAgent';

const clients: AcpClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

/** An agent whose prompts stay open until the test releases them; records when each prompt arrived. */
async function setup(queueing: boolean) {
  const arrivals: string[] = [];
  const releases: (() => void)[] = [];
  const agent = startFakeAgent({
    capabilities: queueing ? { _meta: { claudeCode: { promptQueueing: true } } } : {},
    prompt: async (ctx) => {
      const text = ctx.params.prompt[0]?.type === 'text' ? ctx.params.prompt[0].text : '?';
      arrivals.push(text);
      const gate = deferred<void>();
      releases.push(() => gate.resolve());
      await gate.promise;
      return { stopReason: 'end_turn' } satisfies acp.PromptResponse;
    },
  });
  const client = await AcpClient.start({
    process: agent.process,
    hooks: { requestPermission: () => new Promise<string>(() => undefined) },
    logger: recordingLogger(),
    clientInfo: { name: 't', version: '0' },
  });
  clients.push(client);
  const session = await client.newSession('/work');
  const say = (text: string) => session.prompt([{ type: 'text', text }]);
  const waitArrivals = async (n: number) => {
    for (let i = 0; i < 200 && arrivals.length < n; i++) await new Promise((r) => setTimeout(r, 5));
    expect(arrivals).toHaveLength(n);
  };
  return { session, say, arrivals, releases, waitArrivals };
}

describe('prompts sent while a turn runs', () => {
  it('go straight to an agent that queues prompts; the turn stays running until the last one ends', async () => {
    const t = await setup(true);
    const first = t.say('one');
    await t.waitArrivals(1);
    const second = t.say('two');
    await t.waitArrivals(2); // sent while the first is still open
    t.releases[0]!();
    await first;
    expect(t.session.snapshot().meta.turn).toBe('running');
    t.releases[1]!();
    await second;
    expect(t.session.snapshot().meta.turn).toBe('idle');
    expect(t.session.snapshot().entries.filter((e) => e.kind === 'user')).toHaveLength(2);
  });

  it('wait for the running turn when the agent does not queue prompts', async () => {
    const t = await setup(false);
    const first = t.say('one');
    await t.waitArrivals(1);
    const second = t.say('two');
    await new Promise((r) => setTimeout(r, 50));
    expect(t.arrivals).toEqual(['one']); // held back by the client
    t.releases[0]!();
    await first;
    await t.waitArrivals(2);
    expect(t.arrivals).toEqual(['one', 'two']);
    t.releases[1]!();
    await second;
    expect(t.session.snapshot().meta.turn).toBe('idle');
  });
});
