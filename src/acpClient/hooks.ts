// What acpClient asks of its host (the UI): choose a permission option, fill in a form. No `vscode` types here.
import type { CreateElicitationRequest, CreateElicitationResponse, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import type { ToolCallState } from './transcript';

export interface PendingPermission {
  /** `${sessionId}:${requestId}` */
  key: string;
  sessionId: string;
  params: RequestPermissionRequest;
  /** The session's merged state of `params.toolCall.toolCallId`, if known. */
  toolCall?: ToolCallState;
  /** Aborts when the request is cancelled; `signal.reason` is a PermissionCancelReason string. */
  signal: AbortSignal;
}

export interface PendingElicitation {
  key: string;
  sessionId?: string;
  params: CreateElicitationRequest;
  /** Aborts when the request is cancelled; `signal.reason` is a PermissionCancelReason string. */
  signal: AbortSignal;
}

export interface ClientHooks {
  /** Resolve with the optionId the user chose. Never resolve for a dismissal. May resolve late (after signal aborted):
   *  the core then discards it and records outcome 'expired'. */
  requestPermission(req: PendingPermission): Promise<string>;
  /** Present only if the client serves form elicitation; then `elicitation.form` is advertised. */
  createElicitation?(req: PendingElicitation): Promise<CreateElicitationResponse>;
}
