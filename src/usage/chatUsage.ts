// One chat's usage: the tokens and cost of each of its turns and their total, for the header's tooltip and the
// exported chat, and the limit notices the agent's figures carry, each said once where it came.
//
// Per turn: the tokens are the PromptResponse's `usage` (Claude's adapter sends the turn's own main-loop tally,
// acp-agent.js turnOutcome/sessionUsage, reset when the turn starts: resetTurnScratch); the cost is the difference of
// the session's cumulative cost (the `usage_update` that each `result` sends, `total_cost_usd`) between this turn's end
// and the previous one's, since ACP's PromptResponse carries no cost. A turn during which no cost came says "not
// reported". Spend between turns (Claude Code's own background results) falls to the next turn.
import type { Disposable } from '../acpClient/events';
import { Emitter } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { Session } from '../acpClient/session';
import type { TranscriptChange } from '../acpClient/transcript';
import type { Chat } from '../chat/chat';
import { compactionPoint, limitKey, readContext, readLimit, readMoney, readTurnTokens, turnCost, type Money } from './usageFigures';
import { totalsOf, type StoredChat, type StoredTurn } from './usageStore';
import { chatLine, compactionWarning, lastTurnLine, limitNotice, money, moneyList, tokensText, type TurnFigures } from './usageWording';
import { l10n } from '../contributions/l10n';

/** What the chat's header shows of its usage (the protocol's UsageView). */
export interface UsageLines {
  lines: string[];
  cost: string | null;
  warning: string | null;
}

export interface UsageRecorder {
  /** The kept record of `sessionId`, if any (its last cumulative reading and its turns). */
  find(sessionId: string): StoredChat | undefined;
  record(sessionId: string, turn: StoredTurn, reading: Money | undefined, title: string | undefined): void;
}

interface Turn extends TurnFigures {
  /** The turn-end entry it belongs to (where the exported chat says it). */
  entryId: string;
}

export class ChatUsage {
  private session: Session | undefined;
  private sessionSub: Disposable | undefined;
  private readonly chatSub: Disposable;
  private turns: Turn[] = [];
  /** The cumulative cost the next turn's is measured from; undefined: unknown (a session whose history we missed). */
  private baseline: Money | 0 | undefined;
  /** The latest cumulative cost the agent reported during the running turn. */
  private reading: Money | undefined;
  private readonly saidLimits = new Set<string>();
  private lastUsage: unknown;
  private readonly changed = new Emitter<void>();
  private readonly limits = new Emitter<string>();
  /** A limit the agent reported was said in the chat (its notice's title): the attention capability tells the user. */
  readonly onDidReportLimit = this.limits.event;
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly chat: Chat,
    private readonly recorder: UsageRecorder,
    private readonly logger: Logger,
    private readonly locale: () => string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.chatSub = chat.onDidChangeSession((s) => this.follow(s));
    this.follow(chat.session);
  }

  private follow(session: Session | undefined): void {
    if (session === this.session) return;
    this.sessionSub?.dispose();
    this.session = session;
    this.turns = [];
    this.reading = undefined;
    this.lastUsage = undefined;
    this.saidLimits.clear();
    const kept = session && this.recorder.find(session.id);
    // A session we have seen before goes on from its last reading; a new one (nothing in it yet) from zero; one whose
    // history we did not see (loaded from the agent's list) from its first reading, and that turn's cost is not said.
    this.baseline = kept?.reading ?? (session && !session.hasEntry('user') ? 0 : undefined);
    this.sessionSub = session?.onDidChange((changes) => this.onChanges(session, changes));
    if (session) this.readUsage(session);
    this.changed.fire();
  }

  private onChanges(session: Session, changes: readonly TranscriptChange[]): void {
    let any = false;
    for (const c of changes) {
      if (c.type === 'meta-changed' && c.keys.includes('usage')) any = this.readUsage(session) || any;
      else if (c.type === 'entry-added' && c.entry.kind === 'turn-end' && c.entry.lane === undefined) {
        this.endTurn(session, c.entry.id, c.entry.usage);
        any = true;
      }
    }
    if (any) this.changed.fire();
  }

  /** True when what the header shows may have changed. */
  private readUsage(session: Session): boolean {
    const usage = session.meta.usage;
    if (usage === this.lastUsage) return false;
    this.lastUsage = usage;
    const cost = readMoney(usage?.cost);
    if (cost) this.reading = cost;
    else if (usage?.cost) this.logger.warn(`[usage] ${session.id}: a cost that does not read was left out: ${JSON.stringify(usage.cost).slice(0, 200)}`);
    const limit = readLimit(usage?.rateLimit, this.now());
    if (limit && !this.saidLimits.has(limitKey(limit))) {
      this.saidLimits.add(limitKey(limit));
      const notice = limitNotice(limit, this.locale());
      // Not inside the session's own change listener: the notice is its next change.
      queueMicrotask(() => {
        if (this.session !== session) return;
        session.addNotice(notice.severity, notice.title, notice.description);
        this.limits.fire(notice.title);
      });
    }
    return true;
  }

  private endTurn(session: Session, entryId: string, usage: unknown): void {
    const tokens = readTurnTokens(usage);
    if (usage !== undefined && !tokens)
      this.logger.warn(`[usage] ${session.id}: turn tokens that do not read were left out: ${JSON.stringify(usage).slice(0, 200)}`);
    const reading = this.reading;
    this.reading = undefined;
    const next = turnCost(this.baseline, reading);
    this.baseline = next.baseline;
    const turn: Turn = { entryId, ...(tokens ? { tokens } : {}), ...(next.cost ? { cost: next.cost } : {}) };
    this.turns.push(turn);
    // What the e2e test compares the header with: the figures as the agent sent them.
    this.logger.info(
      `[usage] ${session.id}: turn ended; tokens ${JSON.stringify(usage ?? null)}, cumulative cost ${JSON.stringify(reading ?? null)}, turn cost ${JSON.stringify(next.cost ?? null)}`,
    );
    this.recorder.record(
      session.id,
      { at: this.now(), ...(tokens ? { tokens: tokens.total } : {}), ...(next.cost ? { cost: next.cost } : {}) },
      next.baseline || undefined,
      session.meta.title ?? undefined,
    );
  }

  /** The header's lines: the last turn, the chat's total, and the warning before compaction. */
  view(): UsageLines {
    const locale = this.locale();
    const lines: string[] = [];
    const last = this.turns.at(-1);
    if (last) lines.push(lastTurnLine(last, locale));
    const kept = this.session && this.recorder.find(this.session.id);
    const totals = kept?.turns.length ? totalsOf(kept.turns) : undefined;
    if (totals) lines.push(chatLine(totals, locale));
    const cost = totals?.cost.length ? moneyList(totals.cost, locale) : null;
    const context = readContext(this.session?.meta.usage);
    const point = context && compactionPoint(context.size);
    const warning = point && context.used >= point.warnAt ? compactionWarning(point.compactsAt, locale) : null;
    return { lines, cost, warning };
  }

  /** What the exported chat says after each turn's end, by its entry id, and its total. */
  exportNotes(): { byEntry: Map<string, string>; total?: string } {
    const locale = this.locale();
    const byEntry = new Map(
      this.turns.map((t) => [
        t.entryId,
        l10n.t('Usage: {0} · {1}', tokensText(t.tokens, locale), t.cost ? money(t.cost, locale) : l10n.t('cost not reported')),
      ]),
    );
    const kept = this.session && this.recorder.find(this.session.id);
    return { byEntry, ...(kept?.turns.length ? { total: chatLine(totalsOf(kept.turns), locale) } : {}) };
  }

  dispose(): void {
    this.sessionSub?.dispose();
    this.chatSub.dispose();
    this.changed.dispose();
    this.limits.dispose();
  }
}
