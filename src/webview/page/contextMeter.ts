// The header's context meter: how full the context window is, short enough for one line at 290 px ("12% context", and
// for screen readers "12% of context used"); the numbers and the cost in its tooltip (usageText's detail, the same
// words as wherever else usage is shown).
import type { SessionMeta } from '../protocol/protocol';
import { usageText } from '../protocol/usageText';
import { l10n } from './l10n';

export interface ContextMeter {
  text: string;
  /** The same in a sentence, for screen readers. */
  label: string;
  tooltip: string;
  level: 'low' | 'medium' | 'high';
}

/** The meter for a session's usage; undefined while the agent has reported none. */
export function contextMeter(usage: SessionMeta['usage']): ContextMeter | undefined {
  const u = usageText(usage);
  if (!u || !usage) return undefined;
  // More used than the window holds (a figure from before a compaction) reads as full, not over.
  const share = usage.size > 0 ? Math.min(100, (usage.used / usage.size) * 100) : 0;
  // A first prompt fills a fraction of a percent of a large window: "0%" would read as nothing used.
  const pct = share > 0 && share < 1 ? '<1' : String(Math.round(share));
  return { text: l10n.t('{0}% context', pct), label: l10n.t('{0}% of context used', pct), tooltip: u.detail, level: u.level };
}
