// Found by the robustness suite's connection fuzzing: an agent that reuses the id of a permission request still open
// in the same session made two requests share one key, and the first could then never be settled (not even by a
// turn cancel or the agent's exit). The reused one is now answered with a JSON-RPC error; the open one still settles.
import { RequestError, type RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { handleElicitationRequest } from '../../../src/acpClient/elicitationHandler';
import { PendingRequests } from '../../../src/acpClient/pendingRequests';
import { handlePermissionRequest } from '../../../src/acpClient/permissionHandler';

const logger = { info() {}, warn() {}, error() {} };
const params: RequestPermissionRequest = { sessionId: 's1', toolCall: { toolCallId: 't1' }, options: [{ optionId: 'ok', name: 'OK', kind: 'allow_once' }] };
const connection = new AbortController().signal;

describe('a reused request id', () => {
  it('permission: the duplicate is answered with an error, the open request still settles cancelled', async () => {
    const pending = new PendingRequests();
    const serve = () =>
      handlePermissionRequest({
        params,
        requestId: 7,
        signal: new AbortController().signal,
        connectionSignal: connection,
        session: undefined,
        hooks: { requestPermission() {} },
        pending,
        logger,
      });
    const first = serve();
    const second = serve();
    await expect(second).rejects.toBeInstanceOf(RequestError);
    pending.cancelAll('turn-cancelled');
    await expect(first).resolves.toEqual({ outcome: { outcome: 'cancelled' } });
  });

  it('elicitation: the duplicate is answered with an error, the open request still settles cancel', async () => {
    const pending = new PendingRequests();
    const serve = () =>
      handleElicitationRequest({
        params: { mode: 'form', sessionId: 's1', message: 'q', requestedSchema: { type: 'object', properties: {} } },
        requestId: 'x',
        signal: new AbortController().signal,
        connectionSignal: connection,
        createElicitation() {},
        pending,
        logger,
      });
    const first = serve();
    await expect(serve()).rejects.toBeInstanceOf(RequestError);
    pending.cancelAll('agent-exited');
    await expect(first).resolves.toEqual({ action: 'cancel' });
  });
});
