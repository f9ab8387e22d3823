// What the chats of a workspace spent, turn by turn, kept in its workspace state (`acpChat.usage`), and what every
// window spent today, in the global state (`acpChat.usageToday`). Bounded (the newest 100 chats, each its newest 200
// turns) and parsed as disk input: a row or figure that does not read is dropped, never shown as NaN. Pure (no vscode).
import { isTokenCount, readMoney, sumMoney, type Money } from './usageFigures';
import type { Totals } from './usageWording';

export const MAX_CHATS = 100;
export const MAX_TURNS = 200;

/** One turn as kept: when it ended, its tokens and its cost where the agent reported them. */
export interface StoredTurn {
  at: number;
  tokens?: number;
  cost?: Money;
}

export interface StoredChat {
  sessionId: string;
  title?: string;
  /** The agent's last cumulative cost for the session: the next turn's cost is measured from it. */
  reading?: Money;
  turns: StoredTurn[];
}

/** Today's figures of every window, with the local day they are for ("2025-06-01"). */
export interface StoredDay {
  day: string;
  turns: StoredTurn[];
}

function readTurn(x: unknown): StoredTurn | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const r = x as Record<string, unknown>;
  if (typeof r.at !== 'number' || !Number.isFinite(r.at) || r.at <= 0) return undefined;
  const turn: StoredTurn = { at: r.at };
  if (isTokenCount(r.tokens)) turn.tokens = r.tokens;
  const cost = readMoney(r.cost);
  if (cost) turn.cost = cost;
  return turn;
}

function readChat(x: unknown): StoredChat | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const r = x as Record<string, unknown>;
  if (typeof r.sessionId !== 'string' || r.sessionId === '' || r.sessionId.length > 200) return undefined;
  const chat: StoredChat = { sessionId: r.sessionId, turns: [] };
  if (typeof r.title === 'string' && r.title.trim()) chat.title = r.title.slice(0, 200);
  const reading = readMoney(r.reading);
  if (reading) chat.reading = reading;
  if (Array.isArray(r.turns)) chat.turns = r.turns.slice(-MAX_TURNS).flatMap((t) => readTurn(t) ?? []);
  return chat;
}

export function totalsOf(turns: readonly StoredTurn[]): Totals {
  return {
    turns: turns.length,
    tokens: turns.reduce((n, t) => n + (t.tokens ?? 0), 0),
    tokensMissing: turns.filter((t) => t.tokens === undefined).length,
    cost: sumMoney(turns.map((t) => t.cost)),
    costMissing: turns.filter((t) => t.cost === undefined).length,
  };
}

/** The local calendar day of `at`. */
export function dayOf(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export class UsageLog {
  private constructor(private readonly chats: StoredChat[]) {}

  /** What the workspace state holds, read as disk input. */
  static parse(stored: unknown): UsageLog {
    const rows =
      typeof stored === 'object' && stored !== null && Array.isArray((stored as { chats?: unknown }).chats) ? (stored as { chats: unknown[] }).chats : [];
    const seen = new Set<string>();
    const chats = rows
      .slice(-MAX_CHATS)
      .flatMap((r) => readChat(r) ?? [])
      .filter((c) => !seen.has(c.sessionId) && seen.add(c.sessionId));
    return new UsageLog(chats);
  }

  toStored(): { chats: StoredChat[] } {
    return { chats: this.chats.map((c) => ({ ...c, turns: [...c.turns] })) };
  }

  /** Newest first. */
  list(): readonly StoredChat[] {
    return [...this.chats].reverse();
  }

  find(sessionId: string): StoredChat | undefined {
    return this.chats.find((c) => c.sessionId === sessionId);
  }

  /** Notes a turn of `sessionId` (and the agent's cumulative reading after it); the chat becomes the newest. */
  record(sessionId: string, turn: StoredTurn, reading: Money | undefined, title?: string): void {
    const at = this.chats.findIndex((c) => c.sessionId === sessionId);
    const chat = at === -1 ? { sessionId, turns: [] } : this.chats.splice(at, 1)[0]!;
    chat.turns = [...chat.turns, turn].slice(-MAX_TURNS);
    if (reading) chat.reading = reading;
    if (title) chat.title = title.slice(0, 200);
    this.chats.push(chat);
    if (this.chats.length > MAX_CHATS) this.chats.splice(0, this.chats.length - MAX_CHATS);
  }

  /** Every chat's turns together. */
  totals(): Totals {
    return totalsOf(this.chats.flatMap((c) => c.turns));
  }
}

/** Today's turns of every window: the stored day, or a new one when it is another day now. */
export function readDay(stored: unknown, now: number): StoredDay {
  const today = dayOf(now);
  const r = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  if (r.day !== today || !Array.isArray(r.turns)) return { day: today, turns: [] };
  return { day: today, turns: r.turns.slice(-MAX_TURNS * 5).flatMap((t) => readTurn(t) ?? []) };
}
