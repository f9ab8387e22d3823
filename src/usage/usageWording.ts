// The usage figures in words, the same on the chat's header, in the exported chat and in Show Usage. Pure (its text
// through contributions/l10n.ts). What the agent did not report is said so ("not reported"), never guessed.
import { l10n } from '../contributions/l10n';
import type { LimitInfo, Money, TurnTokens } from './usageFigures';

/** 12345 → "12,345" in the display language. */
export function tokenCount(n: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** An amount in its currency, to the cent, or to four decimals when it is under a cent's worth of whole units. */
export function money(m: Money, locale?: string): string {
  const small = m.amount > 0 && m.amount < 1;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: m.currency, minimumFractionDigits: 2, maximumFractionDigits: small ? 4 : 2 }).format(
    m.amount,
  );
}

/** "$0.12" or "$0.12 + €0.10"; "not reported" for none. */
export function moneyList(list: readonly Money[], locale?: string): string {
  return list.length ? list.map((m) => money(m, locale)).join(' + ') : l10n.t('cost not reported');
}

/** "1,361 tokens (1,200 in, 161 out, 5,000 cache read)" or "tokens not reported". */
export function tokensText(t: TurnTokens | undefined, locale?: string): string {
  if (!t) return l10n.t('tokens not reported');
  const parts = [l10n.t('{0} in', tokenCount(t.input, locale)), l10n.t('{0} out', tokenCount(t.output, locale))];
  if (t.cachedRead) parts.push(l10n.t('{0} cache read', tokenCount(t.cachedRead, locale)));
  if (t.cachedWrite) parts.push(l10n.t('{0} cache write', tokenCount(t.cachedWrite, locale)));
  return l10n.t('{0} tokens ({1})', tokenCount(t.total, locale), parts.join(', '));
}

export interface TurnFigures {
  tokens?: TurnTokens;
  cost?: Money;
}

/** "Last turn: 1,361 tokens (…) · $0.0123". */
export function lastTurnLine(turn: TurnFigures, locale?: string): string {
  return l10n.t('Last turn: {0} · {1}', tokensText(turn.tokens, locale), turn.cost ? money(turn.cost, locale) : l10n.t('cost not reported'));
}

/** What a set of turns adds up to; a turn whose figure was not reported adds nothing and is counted apart. */
export interface Totals {
  turns: number;
  tokens: number;
  /** Turns whose tokens were not reported. */
  tokensMissing: number;
  cost: Money[];
  /** Turns whose cost was not reported. */
  costMissing: number;
}

/** "3 turns · 2,722 tokens · $0.0246", with "(1 turn not reported)" where some said nothing. */
export function totalsText(t: Totals, locale?: string): string {
  const turns = t.turns === 1 ? l10n.t('1 turn') : l10n.t('{0} turns', t.turns);
  const tokens = t.tokensMissing === t.turns ? l10n.t('tokens not reported') : l10n.t('{0} tokens', tokenCount(t.tokens, locale)) + missing(t.tokensMissing);
  const cost = t.costMissing === t.turns ? l10n.t('cost not reported') : moneyList(t.cost, locale) + missing(t.costMissing);
  return `${turns} · ${tokens} · ${cost}`;
}

function missing(n: number): string {
  return n === 0 ? '' : ' ' + (n === 1 ? l10n.t('(1 turn not reported)') : l10n.t('({0} turns not reported)', n));
}

/** "This chat: 3 turns · …". */
export function chatLine(t: Totals, locale?: string): string {
  return l10n.t('This chat: {0}', totalsText(t, locale));
}

/** The meter's warning before Claude Code compacts the chat. */
export function compactionWarning(compactsAt: number, locale?: string): string {
  return l10n.t('Compaction is near: Claude Code summarizes the chat at about {0} tokens of context.', tokenCount(compactsAt, locale));
}

function limitName(kind: string | undefined): string {
  switch (kind) {
    case 'five_hour':
      return l10n.t('5-hour limit');
    case 'seven_day':
      return l10n.t('weekly limit');
    case 'seven_day_opus':
      return l10n.t('weekly Opus limit');
    case 'seven_day_sonnet':
      return l10n.t('weekly Sonnet limit');
    case 'overage':
      return l10n.t('extra usage limit');
    default:
      return l10n.t('usage limit');
  }
}

/** A limit notice: its title, and when it resets where the agent said so. */
export function limitNotice(l: LimitInfo, locale?: string, timeZone?: string): { severity: 'info' | 'warning'; title: string; description?: string } {
  const name = limitName(l.kind);
  const title =
    l.status === 'rejected'
      ? l10n.t('Reached the {0}', name)
      : l.percent !== undefined
        ? l10n.t('{0}% of the {1} used', l.percent, name)
        : l10n.t('Approaching the {0}', name);
  const when =
    l.resetsAt === undefined
      ? undefined
      : new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(l.resetsAt);
  return { severity: 'warning', title, ...(when ? { description: l10n.t('Resets {0}.', when) } : {}) };
}
