// What the protocol client asks of its host (the UI): choose a permission option, fill in a form. No `vscode` types here.
// The hook presents the request; whoever answers (any surface, at any time) calls its `answer`, and the core's
// handler decides whether the answer still counts.
import type { CreateElicitationRequest, CreateElicitationResponse, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import type { AnswerResult } from './pendingRequests';
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
  /** Answer with an offered optionId. After the request ended it is discarded and recorded as expired. */
  answer(optionId: string): AnswerResult;
}

export interface PendingElicitation {
  key: string;
  sessionId?: string;
  params: CreateElicitationRequest;
  /** Aborts when the request is cancelled; `signal.reason` is a PermissionCancelReason string. */
  signal: AbortSignal;
  /** Answer the form. After the request ended it is discarded. */
  answer(response: CreateElicitationResponse): AnswerResult;
}

export interface ClientHooks {
  /** Present the request. Never answer for a dismissal; a hook that fails leaves the request pending. */
  requestPermission(req: PendingPermission): void;
  /** Present only if the client serves form elicitation; then `elicitation.form` is advertised. A hook that fails
   *  answers `cancel` (nothing else would show the form). */
  createElicitation?(req: PendingElicitation): void;
}
