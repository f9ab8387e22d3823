// A session's context usage in words, the same wherever it is shown: the chat's header and the side view's
// description in VS Code's own title bar.
import type { SessionMeta } from './protocol';

export interface UsageText {
  /** "12.3k / 200k · $0.12" */
  short: string;
  /** "Context: 12,345 of 200,000 tokens (6%) · $0.12" */
  detail: string;
  level: 'low' | 'medium' | 'high';
}

export function usageText(usage: SessionMeta['usage']): UsageText | undefined {
  // Figures that are not sane token counts say nothing (usage/usageFigures.ts checks the rest of what is shown).
  if (!usage || !tokenCount(usage.used) || !tokenCount(usage.size)) return undefined;
  const pct = usage.size > 0 ? Math.round((usage.used / usage.size) * 100) : 0;
  const money = usage.cost && formatCost(usage.cost.amount, usage.cost.currency);
  const cost = money ? ` · ${money}` : '';
  return {
    short: `${formatTokens(usage.used)} / ${formatTokens(usage.size)}${cost}`,
    detail: `Context: ${usage.used.toLocaleString()} of ${usage.size.toLocaleString()} tokens (${pct}%)${cost}`,
    level: pct >= 90 ? 'high' : pct >= 70 ? 'medium' : 'low',
  };
}

function tokenCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 1_000_000_000;
}

/** 1234 → "1.2k", 1000000 → "1M". */
function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${+(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1000) return `${+(n / 1000).toFixed(1)}k`;
  return String(n);
}

/**
 * The agent's cost in its currency; undefined unless the currency is an ISO 4217 code and the amount a number. The
 * agent's string is never shown as it is: it would reach VS Code's title bar (bidi overrides and all).
 */
function formatCost(amount: number, currency: string): string | undefined {
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/u.test(currency) || typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return undefined;
  return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
}
