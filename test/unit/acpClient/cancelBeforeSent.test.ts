// Stop pressed while a prompt still waits to leave (its turn's snapshot, the client's beforePrompt hook): the agent has
// no turn to cancel yet, so the prompt must not be sent at all; sent, its reply would keep the turn running with
// nothing left to stop it.
import { afterEach, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import { AcpClient } from '../../../src/acpClient/acpClient';
import { deferred, recordingLogger, startFakeAgent } from './inProcessAgent';

const clients: AcpClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

describe('a prompt stopped before it left', () => {
  it('is not sent; its turn ends cancelled, and the next prompt is sent and answered', async () => {
    const arrivals: string[] = [];
    const agent = startFakeAgent({
      prompt: async (ctx) => {
        arrivals.push(ctx.params.prompt[0]?.type === 'text' ? ctx.params.prompt[0].text : '?');
        return { stopReason: 'end_turn' } satisfies acp.PromptResponse;
      },
    });
    let leave = deferred<void>();
    const waiting = deferred<void>();
    const client = await AcpClient.start({
      process: agent.process,
      hooks: {
        requestPermission: () => new Promise<string>(() => undefined),
        beforePrompt: () => {
          waiting.resolve();
          return leave.promise;
        },
      },
      logger: recordingLogger(),
      clientInfo: { name: 't', version: '0' },
    });
    clients.push(client);
    const session = await client.newSession('/work');

    const stopped = session.prompt([{ type: 'text', text: 'stopped before it left' }]);
    await waiting.promise;
    expect(session.turn).toBe('running');
    await session.cancel();
    leave.resolve();
    expect((await stopped).stopReason).toBe('cancelled');
    expect(session.turn).toBe('idle');
    expect(arrivals).toEqual([]);

    leave = deferred<void>();
    leave.resolve();
    expect((await session.prompt([{ type: 'text', text: 'the next one' }])).stopReason).toBe('end_turn');
    expect(arrivals).toEqual(['the next one']);
  });
});
