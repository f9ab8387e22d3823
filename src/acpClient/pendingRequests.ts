// Open agent→client requests (permissions, elicitations), so a turn cancel, a session close or the agent's exit can
// settle every one of them. The SDK tracks none of this for us (ACP prompt-turn §Cancellation: the client MUST
// answer pending permission requests `cancelled` after session/cancel).
import type { PermissionCancelReason } from './transcript';

/** What answering an open permission led to. */
export type AnswerResult = 'selected' | 'expired' | 'not-offered' | 'unknown';

export interface PendingRequest<T = unknown> {
  key: string;
  sessionId?: string;
  kind: 'permission' | 'elicitation';
  /** The object handed to the hook (PendingPermission / PendingElicitation). */
  request: T;
  controller: AbortController;
  /** Permissions only: answer with an optionId from any surface. */
  answer?(optionId: string): AnswerResult;
}

export class PendingRequests {
  private readonly byKey = new Map<string, PendingRequest>();

  add(entry: PendingRequest): void {
    this.byKey.set(entry.key, entry);
  }

  remove(key: string): void {
    this.byKey.delete(key);
  }

  get(key: string): PendingRequest | undefined {
    return this.byKey.get(key);
  }

  list(filter?: { sessionId?: string; kind?: PendingRequest['kind'] }): PendingRequest[] {
    return [...this.byKey.values()].filter(
      (e) => (filter?.sessionId === undefined || e.sessionId === filter.sessionId) && (filter?.kind === undefined || e.kind === filter.kind),
    );
  }

  /** Abort every open request of `sessionId`; each request's own abort listener answers the agent. */
  cancelSession(sessionId: string, reason: PermissionCancelReason): number {
    const hits = this.list({ sessionId });
    for (const e of hits) e.controller.abort(reason);
    return hits.length;
  }

  cancelAll(reason: PermissionCancelReason): number {
    const all = [...this.byKey.values()];
    for (const e of all) e.controller.abort(reason);
    return all.length;
  }
}

/**
 * Why the SDK aborted a handler's `ctx.signal`: a `$/cancel_request` from the agent carries RequestError -32800;
 * anything else is the connection closing.
 */
export function reasonFromSdkSignal(signal: AbortSignal, connectionSignal: AbortSignal): PermissionCancelReason {
  if (connectionSignal.aborted) return 'agent-exited';
  const reason: unknown = signal.reason;
  if (reason && typeof reason === 'object' && (reason as { code?: unknown }).code === -32800) return 'agent-cancelled';
  return 'agent-exited';
}
