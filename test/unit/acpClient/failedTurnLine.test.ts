// A failed turn's line in the transcript: when the agent's error only wraps what it just said (Claude's adapter sends a
// model API error it gave up on as its text, then fails the prompt with RequestError.internalError(data, that text)),
// the line is the agent's words; any other error keeps its own message. The caller still gets the whole error.
import { afterEach, describe, expect, it } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import { AcpClient } from '../../../src/acpClient/acpClient';
import { recordingLogger, startFakeAgent } from './inProcessAgent';

const clients: AcpClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

/** A session whose agent says `said` (if anything), then fails the prompt with `error`. */
async function failingTurn(said: string | undefined, error: acp.RequestError) {
  const agent = startFakeAgent({
    prompt: async (ctx) => {
      if (said !== undefined) {
        await ctx.client.notify(acp.methods.client.session.update, {
          sessionId: ctx.params.sessionId,
          update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: said } },
        });
      }
      throw error;
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
  const rejected = await session.prompt([{ type: 'text', text: 'hi' }]).then(
    () => undefined,
    (e: unknown) => e as acp.RequestError,
  );
  return { entries: session.snapshot().entries.filter((e) => e.kind !== 'user'), rejected };
}

describe('a failed turn’s line', () => {
  it('is the agent’s words when the error only wraps them, and the caller still gets the whole error', async () => {
    const api = 'API Error: 400 fake-400: the prompt is malformed';
    const t = await failingTurn(api, acp.RequestError.internalError({ errorKind: 'invalid_request' }, api));
    expect(t.entries.map((e) => [e.kind, e.kind === 'error' ? e.message : undefined])).toEqual([
      ['agent', undefined],
      ['error', api],
    ]);
    expect([t.rejected?.code, t.rejected?.message, t.rejected?.data]).toEqual([-32603, `Internal error: ${api}`, { errorKind: 'invalid_request' }]);
  });

  it('keeps the error’s own message when the agent said something else, or nothing', async () => {
    const other = await failingTurn('Working on it.', acp.RequestError.internalError(undefined, 'boom'));
    expect(other.entries.at(-1)).toMatchObject({ kind: 'error', message: 'Internal error: boom' });
    const silent = await failingTurn(undefined, acp.RequestError.internalError(undefined, 'boom'));
    expect(silent.entries.map((e) => e.kind === 'error' && e.message)).toEqual(['Internal error: boom']);
  });
});
