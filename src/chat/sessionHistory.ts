// The conversation history as the user picks from it: the agent's session/list answer (or, for agents without it,
// the sessions this extension opened), newest first, with words for "when". Pure: no I/O, the clock is passed in.
import type { SessionInfo } from '@agentclientprotocol/sdk';
import { l10n } from '../contributions/l10n';

export interface HistoryItem {
  sessionId: string;
  title: string | null;
  /** ISO 8601, when the agent (or this extension) last saw activity. */
  updatedAt: string | null;
  /** The branch of the worktree it works in, if it works in one. */
  branch?: string;
}

/** How many sessions the workspace-storage fallback keeps. */
export const MAX_REMEMBERED = 100;

/** The agent's list as history items: one per id (the newest wins), newest first, undated ones last. */
export function historyFromList(sessions: readonly SessionInfo[]): HistoryItem[] {
  const byId = new Map<string, HistoryItem>();
  for (const s of sessions) {
    if (typeof s.sessionId !== 'string' || s.sessionId === '') continue;
    const item = { sessionId: s.sessionId, title: cleanTitle(s.title), updatedAt: validDate(s.updatedAt) };
    const known = byId.get(item.sessionId);
    if (!known || time(item.updatedAt) > time(known.updatedAt)) byId.set(item.sessionId, item);
  }
  return newestFirst([...byId.values()]);
}

/** `items` with `item` added or updated (a known title is kept when the update has none), newest first, capped. */
export function remember(items: readonly HistoryItem[], item: HistoryItem, max = MAX_REMEMBERED): HistoryItem[] {
  const known = items.find((i) => i.sessionId === item.sessionId);
  const merged: HistoryItem = { ...item, title: item.title ?? known?.title ?? null };
  return newestFirst([merged, ...items.filter((i) => i.sessionId !== item.sessionId)]).slice(0, max);
}

/** Parses what was stored on disk; anything malformed is dropped, never trusted. */
export function parseStoredHistory(raw: unknown): HistoryItem[] {
  if (!Array.isArray(raw)) return [];
  const items: HistoryItem[] = [];
  for (const r of raw) {
    if (typeof r !== 'object' || r === null) continue;
    const { sessionId, title, updatedAt } = r as Record<string, unknown>;
    if (typeof sessionId !== 'string' || sessionId === '' || sessionId.length > 512) continue;
    items.push({
      sessionId,
      title: typeof title === 'string' ? cleanTitle(title) : null,
      updatedAt: typeof updatedAt === 'string' ? validDate(updatedAt) : null,
    });
  }
  return newestFirst(items).slice(0, MAX_REMEMBERED);
}

/** "just now", "5 minutes ago", "yesterday", "3 days ago", or the date for anything older than a month. */
export function relativeTime(iso: string | null, now: number): string {
  const t = time(iso);
  if (!Number.isFinite(t) || t <= 0) return '';
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return l10n.t('just now');
  const m = Math.floor(s / 60);
  if (m < 60) return m === 1 ? l10n.t('1 minute ago') : l10n.t('{0} minutes ago', m);
  const h = Math.floor(m / 60);
  if (h < 24) return h === 1 ? l10n.t('1 hour ago') : l10n.t('{0} hours ago', h);
  const d = Math.floor(h / 24);
  if (d === 1) return 'yesterday';
  if (d < 30) return l10n.t('{0} days ago', d);
  return new Date(t).toISOString().slice(0, 10);
}

/** What a session is called in the list: its title, else a short form of its id. */
export function displayTitle(item: HistoryItem): string {
  return item.title ?? l10n.t('Untitled chat ({0})', item.sessionId.slice(0, 8));
}

function newestFirst(items: HistoryItem[]): HistoryItem[] {
  return items.sort((a, b) => time(b.updatedAt) - time(a.updatedAt));
}

function time(iso: string | null): number {
  if (!iso) return -Infinity;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? -Infinity : t;
}

function validDate(iso: string | null | undefined): string | null {
  return typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? iso : null;
}

/** Titles are agent text shown in a QuickPick: one line, bounded. */
function cleanTitle(title: string | null | undefined): string | null {
  if (typeof title !== 'string') return null;
  const one = title.replace(/\s+/g, ' ').trim();
  return one === '' ? null : one.slice(0, 200);
}
