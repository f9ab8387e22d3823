// Serves one `elicitation/create` (form mode): asks the hook, answers exactly once; `cancel` on abort or failure.
import type { CreateElicitationRequest, CreateElicitationResponse, JsonRpcId } from '@agentclientprotocol/sdk';
import type { PendingElicitation } from './hooks';
import type { Logger } from './logger';
import { duplicateRequest, reasonFromSdkSignal, type AnswerResult, type PendingRequests } from './pendingRequests';

/** Handle the request; the returned promise rejects only for a request id still in use (answered as an error). */
export function handleElicitationRequest(args: {
  params: CreateElicitationRequest;
  requestId: JsonRpcId;
  signal: AbortSignal;
  connectionSignal: AbortSignal;
  createElicitation: (req: PendingElicitation) => void;
  pending: PendingRequests;
  logger: Logger;
}): Promise<CreateElicitationResponse> {
  const { params, requestId, signal, connectionSignal, createElicitation, pending, logger } = args;
  // Form/URL elicitations carry the session id; request-scoped ones carry only the request id.
  const sessionId = 'sessionId' in params && typeof params.sessionId === 'string' ? params.sessionId : undefined;
  const key = `${sessionId ?? 'elicitation'}:${String(requestId)}`;
  if (pending.has(key)) return Promise.reject(duplicateRequest(key, logger));
  const controller = new AbortController();
  logger.info(`[elicitation] ${key}: asked (${params.mode})`);

  return new Promise<CreateElicitationResponse>((resolve) => {
    let settled = false;
    const finish = (response: CreateElicitationResponse) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onSdkAbort);
      pending.remove(key);
      resolve(response);
    };
    const onSdkAbort = () => controller.abort(reasonFromSdkSignal(signal, connectionSignal));
    controller.signal.addEventListener(
      'abort',
      () => {
        logger.info(`[elicitation] ${key}: cancelled (${String(controller.signal.reason)})`);
        finish({ action: 'cancel' });
      },
      { once: true },
    );
    const answer = (response: CreateElicitationResponse): AnswerResult => {
      if (settled) {
        logger.info(`[elicitation] ${key}: answer "${response.action}" arrived after the request ended; discarded`);
        return 'expired';
      }
      logger.info(`[elicitation] ${key}: answered ${response.action}`);
      finish(response);
      return 'accepted';
    };
    const request: PendingElicitation = { key, sessionId, params, signal: controller.signal, answer };
    pending.add({ key, sessionId, controller });
    if (signal.aborted) onSdkAbort();
    else signal.addEventListener('abort', onSdkAbort, { once: true });
    if (settled) return;

    Promise.resolve()
      .then(() => createElicitation(request))
      .catch((err: unknown) => {
        // Unlike a permission, a form has no other place to be answered; answer `cancel` rather than hang the tool.
        logger.error(`[elicitation] ${key}: the form failed; answering cancel`, err);
        finish({ action: 'cancel' });
      });
  });
}
