// The session's state as the page keeps it: the host sends the whole of it in a snapshot, then only the fields that
// changed in each patch.
import type { SessionMeta } from '../protocol/protocol';

/** `meta` with a patch's fields applied (a session's first patch applies to an empty one). */
export function mergeMeta(meta: SessionMeta | null, partial: Partial<SessionMeta>): SessionMeta {
  const next = { ...(meta ?? emptyMeta()) } as Record<string, unknown>;
  for (const [k, v] of Object.entries(partial)) {
    // The publisher sends null for a cleared field.
    if (v === null || v === undefined) delete next[k];
    else next[k] = v;
  }
  return next as unknown as SessionMeta;
}

function emptyMeta(): SessionMeta {
  return { sessionId: '', plan: [], availableCommands: [], configOptions: [], turn: 'idle', connection: 'connected' };
}
