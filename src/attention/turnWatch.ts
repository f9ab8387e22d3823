// How each chat's turns end, as the user may want to hear of it: finished (with its stop reason), stopped by an error,
// or stopped at a limit (the model's output or turn limit, the API's rate limit or credit). A turn the user stopped is
// not news. Follows every chat and the session it shows. No vscode.
import type { Disposable } from '../acpClient/events';
import type { Session } from '../acpClient/session';
import type { TranscriptChange, TranscriptEntry } from '../acpClient/transcript';
import type { Chat } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import { modelApiError } from '../feedback/modelApiErrors';

export type TurnOutcome =
  | { kind: 'turnEnded'; stopReason: string }
  | { kind: 'error'; message: string }
  /** `what`: the stop reason or the API error's kind. */
  | { kind: 'limit'; what: 'max_tokens' | 'max_turn_requests' | 'rate_limit' | 'credit' };

export type TurnEvent = TurnOutcome & { turnMs: number };

/** Stop reasons that are limits rather than the end of the work. */
const LIMIT_STOPS = new Set(['max_tokens', 'max_turn_requests']);

/** What the main agent's entries of one turn say of its end; undefined for a turn the user stopped or one never sent. */
export function turnOutcome(entries: readonly TranscriptEntry[]): TurnOutcome | undefined {
  const main = entries.filter((e) => e.lane === undefined);
  const error = main.findLast((e) => e.kind === 'error');
  if (error?.kind === 'error') {
    // The turn's error keeps only its words: read as the model API's (a JSON-RPC error) for its kind.
    const api = modelApiError(Object.assign(new Error(error.message), { code: -32603 }));
    return api === 'rate_limit' || api === 'credit' ? { kind: 'limit', what: api } : { kind: 'error', message: error.message };
  }
  const end = main.findLast((e) => e.kind === 'turn-end');
  if (end?.kind !== 'turn-end' || end.stopReason === 'cancelled') return undefined;
  if (LIMIT_STOPS.has(end.stopReason)) return { kind: 'limit', what: end.stopReason as 'max_tokens' | 'max_turn_requests' };
  return { kind: 'turnEnded', stopReason: end.stopReason };
}

/** Calls `onEnd` as each chat's turn ends, with how it ended and how long it ran. */
export function watchTurns(
  chats: Pick<ChatRegistry, 'all' | 'onDidAdd' | 'onDidRemove'>,
  onEnd: (chat: Chat, event: TurnEvent) => void,
  now: () => number = Date.now,
): Disposable {
  return watchChats(chats, (chat) => {
    let sessionSub: Disposable | undefined;
    const follow = (session: Session | undefined) => {
      sessionSub?.dispose();
      sessionSub = session && followTurns(session, (event) => onEnd(chat, event), now);
    };
    follow(chat.session);
    const sub = chat.onDidChangeSession(follow);
    return { dispose: () => (sub.dispose(), sessionSub?.dispose()) };
  });
}

/** Runs `watch` for every chat, those opened later too; what it returns is disposed with its chat. */
export function watchChats(chats: Pick<ChatRegistry, 'all' | 'onDidAdd' | 'onDidRemove'>, watch: (chat: Chat) => Disposable): Disposable {
  const watched = new Map<Chat, Disposable>();
  const add = (chat: Chat) => watched.set(chat, watch(chat));
  for (const chat of chats.all()) add(chat);
  const added = chats.onDidAdd(add);
  const removed = chats.onDidRemove((chat) => {
    watched.get(chat)?.dispose();
    watched.delete(chat);
  });
  return {
    dispose: () => {
      added.dispose();
      removed.dispose();
      for (const d of watched.values()) d.dispose();
      watched.clear();
    },
  };
}

function followTurns(session: Session, onEnd: (event: TurnEvent) => void, now: () => number): Disposable {
  let startedAt = session.turn === 'idle' ? undefined : now();
  let entries: TranscriptEntry[] = [];
  return session.onDidChange((changes: TranscriptChange[]) => {
    for (const c of changes) if (c.type === 'entry-added' && (c.entry.kind === 'turn-end' || c.entry.kind === 'error')) entries.push(c.entry);
    if (!changes.some((c) => c.type === 'meta-changed' && c.keys.includes('turn'))) return;
    if (session.turn !== 'idle') {
      if (startedAt === undefined) [startedAt, entries] = [now(), []];
      return;
    }
    if (startedAt === undefined) return;
    const outcome = turnOutcome(entries);
    const turnMs = now() - startedAt;
    [startedAt, entries] = [undefined, []];
    if (outcome) onEnd({ ...outcome, turnMs });
  });
}
