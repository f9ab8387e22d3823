// Holds `session/update`s for session ids we do not know yet: session/new has not been answered, a load is
// replaying, or a subagent's child session is not announced yet. They are applied, in order, once the Session exists
// (or the child's lane: laneRouting.ts). Bounded so a confused agent cannot grow it forever.
import type { SessionUpdate } from '@agentclientprotocol/sdk/unstable';
import type { Logger } from './logger';

const MAX_UPDATES_PER_SESSION = 10_000;
const MAX_SESSIONS = 64;

export class UpdateBuffer {
  private readonly bySession = new Map<string, SessionUpdate[]>();

  constructor(private readonly logger: Logger) {}

  push(sessionId: string, update: SessionUpdate): void {
    let list = this.bySession.get(sessionId);
    if (!list) {
      if (this.bySession.size >= MAX_SESSIONS) {
        const oldest = this.bySession.keys().next().value as string;
        this.logger.warn(`[updates] too many unknown sessions; dropping ${this.bySession.get(oldest)?.length} buffered updates of ${oldest}`);
        this.bySession.delete(oldest);
      }
      list = [];
      this.bySession.set(sessionId, list);
      this.logger.debug?.(`[updates] buffering updates for not-yet-known session ${sessionId}`);
    }
    if (list.length >= MAX_UPDATES_PER_SESSION) {
      this.logger.warn(`[updates] buffer full for unknown session ${sessionId}; dropping ${update.sessionUpdate}`);
      return;
    }
    list.push(update);
  }

  /** Remove and return the updates buffered for `sessionId`, oldest first. */
  drain(sessionId: string): SessionUpdate[] {
    const list = this.bySession.get(sessionId) ?? [];
    this.bySession.delete(sessionId);
    return list;
  }
}
