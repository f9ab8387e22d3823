// The usage figures an agent reports, checked before anything shows or adds them up: a `usage_update`'s context and
// cumulative cost, a PromptResponse's token counts, Claude's rate-limit info. Pure (no vscode). A figure that is
// missing, negative, not finite or absurd is left out ("not reported"), never shown as NaN or summed; a currency must
// be a three-letter ISO 4217 code; a cumulative cost that goes down starts a new count and says nothing of that turn.

/** More than any model's context window or any turn's tokens (a billion): a bigger count is a broken figure. */
export const MAX_TOKENS = 1_000_000_000;
/** More than any one session plausibly costs: a bigger amount is a broken figure. */
export const MAX_AMOUNT = 1_000_000;

export interface Money {
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface ContextFigures {
  used: number;
  size: number;
}

/** A turn's tokens as the agent counted them (its main loop: Claude's adapter, acp-agent.js sessionUsage). */
export interface TurnTokens {
  total: number;
  input: number;
  output: number;
  cachedRead?: number;
  cachedWrite?: number;
  thought?: number;
}

export function isTokenCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= MAX_TOKENS && Number.isInteger(n);
}

/** A `usage_update`'s context figures; undefined when either is not a sane token count. */
export function readContext(u: { used?: unknown; size?: unknown } | null | undefined): ContextFigures | undefined {
  if (!u || !isTokenCount(u.used) || !isTokenCount(u.size)) return undefined;
  return { used: u.used, size: u.size };
}

/** An amount of money the agent reported; undefined unless a finite, non-negative, sane amount in an ISO currency. */
export function readMoney(c: unknown): Money | undefined {
  if (typeof c !== 'object' || c === null) return undefined;
  const { amount, currency } = c as { amount?: unknown; currency?: unknown };
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT) return undefined;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/u.test(currency)) return undefined;
  return { amount, currency };
}

/**
 * A PromptResponse's `usage`: input and output are required; the total is the agent's when it is at least their sum
 * (it also counts the cache), else their sum with whatever cache figures are sane. Undefined when nothing is usable.
 */
export function readTurnTokens(u: unknown): TurnTokens | undefined {
  if (typeof u !== 'object' || u === null) return undefined;
  const r = u as Record<string, unknown>;
  if (!isTokenCount(r.inputTokens) || !isTokenCount(r.outputTokens)) return undefined;
  const out: TurnTokens = { total: 0, input: r.inputTokens, output: r.outputTokens };
  if (isTokenCount(r.cachedReadTokens)) out.cachedRead = r.cachedReadTokens;
  if (isTokenCount(r.cachedWriteTokens)) out.cachedWrite = r.cachedWriteTokens;
  if (isTokenCount(r.thoughtTokens)) out.thought = r.thoughtTokens;
  const sum = out.input + out.output + (out.cachedRead ?? 0) + (out.cachedWrite ?? 0);
  out.total = isTokenCount(r.totalTokens) && r.totalTokens >= out.input + out.output ? r.totalTokens : sum;
  if (out.total > MAX_TOKENS) return undefined;
  return out;
}

/** `a - b` without the float's noise (costs are reported to many decimals). */
function subtract(a: number, b: number): number {
  return Math.round((a - b) * 1e9) / 1e9;
}

export function addMoney(a: Money, b: Money): Money {
  return { amount: Math.round((a.amount + b.amount) * 1e9) / 1e9, currency: a.currency };
}

/**
 * The cost of one turn from the session's cumulative cost (ACP's `Cost.amount` is the session's total; Claude's
 * adapter sends `result.total_cost_usd` at each result, acp-agent.js): the reading at this turn's end less the one at
 * the previous turn's end (`baseline`). Not said when there is no reading, no baseline (a session whose earlier spend
 * is unknown), another currency, or a reading below the baseline (the agent's count started again: a new process).
 * Either way the reading becomes the next baseline.
 */
export function turnCost(baseline: Money | 0 | undefined, reading: Money | undefined): { cost?: Money; baseline: Money | 0 | undefined } {
  if (!reading) return { baseline };
  // A new session: nothing spent yet, in whatever currency comes.
  if (baseline === 0) return { cost: reading, baseline: reading };
  if (!baseline || baseline.currency !== reading.currency || reading.amount < baseline.amount) return { baseline: reading };
  return { cost: { amount: subtract(reading.amount, baseline.amount), currency: reading.currency }, baseline: reading };
}

/** Sums per currency, in the order the currencies first came; amounts that are not sane are left out. */
export function sumMoney(list: readonly (Money | undefined)[]): Money[] {
  const by = new Map<string, Money>();
  for (const m of list) {
    const sane = readMoney(m);
    if (!sane) continue;
    const known = by.get(sane.currency);
    by.set(sane.currency, known ? addMoney(known, sane) : sane);
  }
  return [...by.values()];
}

/**
 * Where Claude Code compacts a chat, in tokens of context: its window less 20,000 kept for the summary's output less
 * a 13,000 buffer (the bundled CLI's auto-compact threshold, `effective window - 13000`); it warns 20,000 before that,
 * and so does the meter. Undefined for a window too small for those margins to mean anything.
 */
export function compactionPoint(size: number): { compactsAt: number; warnAt: number } | undefined {
  const compactsAt = size - 20_000 - 13_000;
  const warnAt = compactsAt - 20_000;
  if (!isTokenCount(size) || warnAt < size / 2) return undefined;
  return { compactsAt, warnAt };
}

/** What Claude says of a usage limit (its SDK's SDKRateLimitInfo, sent as `_meta["_claude/rateLimit"]`). */
export interface LimitInfo {
  status: 'allowed_warning' | 'rejected';
  /** five_hour, seven_day, … (unknown kinds are kept as a plain word). */
  kind?: string;
  /** When the window resets, epoch ms. */
  resetsAt?: number;
  /** How much of the window is used, 0–100. */
  percent?: number;
}

const LIMIT_KIND = /^[a-z][a-z0-9_]{0,40}$/u;
const DAY_MS = 86_400_000;

/**
 * A rate-limit info worth telling the user (a warning or a refusal; `allowed` says nothing); undefined for anything
 * else or malformed. `resetsAt` is Claude's epoch seconds (milliseconds accepted), kept only within a year of `now`.
 */
export function readLimit(x: unknown, now: number): LimitInfo | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const r = x as Record<string, unknown>;
  if (r.status !== 'allowed_warning' && r.status !== 'rejected') return undefined;
  const out: LimitInfo = { status: r.status };
  if (typeof r.rateLimitType === 'string' && LIMIT_KIND.test(r.rateLimitType)) out.kind = r.rateLimitType;
  if (typeof r.resetsAt === 'number' && Number.isFinite(r.resetsAt) && r.resetsAt > 0) {
    const ms = r.resetsAt < 1e11 ? r.resetsAt * 1000 : r.resetsAt;
    if (Math.abs(ms - now) <= 366 * DAY_MS) out.resetsAt = ms;
  }
  // Claude sends utilization as a fraction (0–1); a percentage is taken as it is.
  if (typeof r.utilization === 'number' && Number.isFinite(r.utilization) && r.utilization >= 0 && r.utilization <= 100) {
    out.percent = Math.round(r.utilization <= 1 ? r.utilization * 100 : r.utilization);
  }
  return out;
}

/** The same limit said again (another request in the same window) is not a new notice. */
export function limitKey(l: LimitInfo): string {
  return `${l.status}:${l.kind ?? ''}:${l.resetsAt ?? ''}`;
}
