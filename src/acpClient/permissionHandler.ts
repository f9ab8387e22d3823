// Serves one `session/request_permission`: records it, holds it as an Approval (approval.ts) for the hook, and answers
// the agent exactly once — `selected` only with an offered optionId, `cancelled` when the request ends otherwise.
import type { JsonRpcId, RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk';
import { Approval } from './approval';
import type { ClientHooks, PendingPermission } from './hooks';
import type { Logger } from './logger';
import { duplicateRequest, reasonFromSdkSignal, type PendingRequests } from './pendingRequests';
import type { PermissionOutcome, PermissionRecord, ToolCallState } from './transcript';
import { l10n } from '../contributions/l10n';

/**
 * The slice of Session this handler needs (kept narrow so it can be faked). A subagent's request is recorded in its
 * root session, in the subagent's lane (laneRouting.ts `permissionView`).
 */
export interface PermissionSessionView {
  /** The session the request belongs to: the root session for a subagent's. */
  readonly id: string;
  /** Set for a subagent's request: its child session (the request's own `sessionId`) and title. */
  readonly subagent?: { readonly sessionId: string; readonly title?: string };
  recordToolCall(toolCall: RequestPermissionRequest['toolCall']): ToolCallState | undefined;
  recordPermission(record: PermissionRecord): void;
  settlePermission(key: string, outcome: Exclude<PermissionOutcome, { status: 'pending' }>): void;
}

export function permissionKey(sessionId: string, requestId: JsonRpcId): string {
  return `${sessionId}:${String(requestId)}`;
}

/** Handle the request; the returned promise rejects only for a request id still in use (answered as an error). */
export function handlePermissionRequest(args: {
  params: RequestPermissionRequest;
  requestId: JsonRpcId;
  signal: AbortSignal;
  connectionSignal: AbortSignal;
  session: PermissionSessionView | undefined;
  hooks: ClientHooks;
  pending: PendingRequests;
  logger: Logger;
}): Promise<RequestPermissionResponse> {
  const { params, requestId, signal, connectionSignal, session, hooks, pending, logger } = args;
  const key = permissionKey(params.sessionId, requestId);
  // A reused id of a request still open would make two requests share one key: the second could never be settled.
  if (pending.has(key)) return Promise.reject(duplicateRequest(key, logger));
  // The request's tool call is a ToolCallUpdate: fold it in so the transcript shows what is being approved.
  const toolCall = session?.recordToolCall(params.toolCall);
  if (!session) logger.warn(`[permission] ${key}: request for unknown session ${params.sessionId}`);
  session?.recordPermission({
    key,
    toolCallId: params.toolCall.toolCallId,
    title: params.toolCall.title ?? toolCall?.title ?? l10n.t('Permission requested'),
    options: params.options,
    outcome: { status: 'pending' },
    requestedAt: Date.now(),
  });
  logger.info(`[permission] ${key}: asked (${params.options.map((o) => o.optionId).join(', ')})`);

  return new Promise<RequestPermissionResponse>((resolve) => {
    const finish = (outcome: Exclude<PermissionOutcome, { status: 'pending' }>, response: RequestPermissionResponse) => {
      signal.removeEventListener('abort', onSdkAbort);
      pending.remove(key);
      session?.settlePermission(key, outcome);
      resolve(response);
    };
    const offered = params.options.map((o) => o.optionId);
    // The Approval is its root session's (the chat showing it), and names the subagent that asks.
    const sessionId = session?.id ?? params.sessionId;
    const approval = new Approval<string, RequestPermissionRequest>(
      key,
      sessionId,
      params,
      {
        check: (optionId) => {
          if (params.options.some((o) => o.optionId === optionId)) return undefined;
          // The agent rejects unoffered ids (claude-agent-acp permissions/response.js); keep waiting for a real one.
          logger.error(`[permission] ${key}: "${optionId}" was not offered (offered: ${offered.join(', ')}); still pending`);
          return `Option ${JSON.stringify(optionId)} was not offered for this request (offered: ${offered.join(', ')}).`;
        },
        send: (optionId) => {
          const option = params.options.find((o) => o.optionId === optionId)!;
          logger.info(`[permission] ${key}: selected ${optionId}`);
          finish({ status: 'selected', optionId, optionName: option.name, optionKind: option.kind }, { outcome: { outcome: 'selected', optionId } });
        },
        cancelled: (reason) => {
          logger.info(`[permission] ${key}: cancelled (${reason})`);
          finish({ status: 'cancelled', reason }, { outcome: { outcome: 'cancelled' } });
        },
        late: (optionId, state) => {
          if (state.status === 'answered') {
            logger.warn(`[permission] ${key}: already answered; "${optionId}" ignored`);
            return;
          }
          logger.info(`[permission] ${key}: answer "${optionId}" arrived after cancellation (${state.reason}); discarded`);
          session?.settlePermission(key, { status: 'expired', reason: state.reason });
        },
      },
      session?.subagent,
    );
    const onSdkAbort = () => approval.cancel(reasonFromSdkSignal(signal, connectionSignal));
    const request: PendingPermission = Object.assign(approval, { sessionId, toolCall });
    pending.add(approval);
    if (signal.aborted) onSdkAbort();
    else signal.addEventListener('abort', onSdkAbort, { once: true });
    if (approval.state.status !== 'pending') return;

    // A hook that throws leaves the request pending: any cancellation still settles it.
    Promise.resolve()
      .then(() => hooks.requestPermission(request))
      .catch((err: unknown) => logger.error(`[permission] ${key}: the permission prompt failed; still pending`, err));
  });
}
