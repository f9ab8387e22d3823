// Serves one `elicitation/create` (form mode): holds it as an Approval (approval.ts) for the hook, answers exactly once;
// `cancel` on abort or failure.
import type { CreateElicitationRequest, CreateElicitationResponse, JsonRpcId } from '@agentclientprotocol/sdk';
import type { PendingElicitation } from './hooks';
import type { Logger } from './logger';
import { Approval } from './approval';
import { duplicateRequest, reasonFromSdkSignal, type PendingRequests } from './pendingRequests';

/** Handle the request; the returned promise rejects only for a request id still in use (answered as an error). */
export function handleElicitationRequest(args: {
  params: CreateElicitationRequest;
  requestId: JsonRpcId;
  signal: AbortSignal;
  connectionSignal: AbortSignal;
  createElicitation: (req: PendingElicitation) => void;
  /** The root session and the subagent a request of that session id is from (a subagent's is its root session's). */
  owner?: (sessionId: string) => { sessionId: string; subagent?: { sessionId: string; title?: string } } | undefined;
  pending: PendingRequests;
  logger: Logger;
}): Promise<CreateElicitationResponse> {
  const { params, requestId, signal, connectionSignal, createElicitation, owner, pending, logger } = args;
  // Form/URL elicitations carry the session id; request-scoped ones carry only the request id.
  const sessionId = 'sessionId' in params && typeof params.sessionId === 'string' ? params.sessionId : undefined;
  const key = `${sessionId ?? 'elicitation'}:${String(requestId)}`;
  if (pending.has(key)) return Promise.reject(duplicateRequest(key, logger));
  const from = sessionId === undefined ? undefined : owner?.(sessionId);
  logger.info(`[elicitation] ${key}: asked (${params.mode})`);

  return new Promise<CreateElicitationResponse>((resolve) => {
    const finish = (response: CreateElicitationResponse) => {
      signal.removeEventListener('abort', onSdkAbort);
      pending.remove(key);
      resolve(response);
    };
    const request: PendingElicitation = new Approval<CreateElicitationResponse, CreateElicitationRequest>(
      key,
      from?.sessionId ?? sessionId,
      params,
      {
        // The form is checked where it was parsed (the broker); the core takes any answer once.
        check: () => undefined,
        send: (response) => {
          logger.info(`[elicitation] ${key}: answered ${response.action}`);
          finish(response);
        },
        cancelled: (reason) => {
          logger.info(`[elicitation] ${key}: cancelled (${reason})`);
          finish({ action: 'cancel' });
        },
        late: (response) => logger.info(`[elicitation] ${key}: answer "${response.action}" arrived after the request ended; discarded`),
      },
      from?.subagent,
    );
    const onSdkAbort = () => request.cancel(reasonFromSdkSignal(signal, connectionSignal));
    pending.add(request);
    if (signal.aborted) onSdkAbort();
    else signal.addEventListener('abort', onSdkAbort, { once: true });
    if (request.state.status !== 'pending') return;

    Promise.resolve()
      .then(() => createElicitation(request))
      .catch((err: unknown) => {
        // Unlike a permission, a form has no other place to be answered; answer `cancel` rather than hang the tool.
        logger.error(`[elicitation] ${key}: the form failed; answering cancel`, err);
        request.answer({ action: 'cancel' });
      });
  });
}
