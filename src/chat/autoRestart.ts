// Opt-in recovery from an agent that went away on its own: restart it (which reloads the conversation) after a
// growing delay, at most a few times in a window, so an agent that crashes at start-up does not loop forever.
import type { AgentExitedError } from '../acpClient/errors';
import type { Disposable } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';

export interface RestartBudget {
  /** Attempts allowed within `windowMs`. */
  max: number;
  windowMs: number;
  /** Delay before the first attempt in a window; doubled for each later one. */
  baseDelayMs: number;
}

export const DEFAULT_RESTART_BUDGET: RestartBudget = { max: 3, windowMs: 5 * 60_000, baseDelayMs: 1000 };

/** Pure bookkeeping of attempts: the delay before the next one, or undefined when the budget is spent. */
export class RestartPolicy {
  private attempts: number[] = [];

  constructor(private readonly budget: RestartBudget = DEFAULT_RESTART_BUDGET) {}

  next(now: number): number | undefined {
    this.attempts = this.attempts.filter((t) => now - t < this.budget.windowMs);
    if (this.attempts.length >= this.budget.max) return undefined;
    const delay = this.budget.baseDelayMs * 2 ** this.attempts.length;
    this.attempts.push(now);
    return delay;
  }
}

export interface AutoRestartOptions {
  enabled(): boolean;
  logger: Logger;
  policy?: RestartPolicy;
  now?: () => number;
  /** Timer injection for tests; returns a cancel function. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

/** What auto-restart watches and calls: the agent's exits, and the restart that continues the chats' conversations. */
export interface Restartable {
  onDidExitUnexpectedly(listener: (exit: AgentExitedError) => void): Disposable;
  restart(): Promise<unknown>;
}

/** Watches the agent and restarts it after an unexpected exit while `enabled()` says so. */
export function autoRestart(agent: Restartable, opts: AutoRestartOptions): Disposable {
  const policy = opts.policy ?? new RestartPolicy();
  const now = opts.now ?? Date.now;
  const schedule =
    opts.schedule ??
    ((fn, ms) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    });
  let cancelTimer: (() => void) | undefined;
  const sub = agent.onDidExitUnexpectedly(() => {
    if (!opts.enabled() || cancelTimer) return;
    const delay = policy.next(now());
    if (delay === undefined) {
      opts.logger.warn('[chat] the agent keeps exiting; not restarting it automatically again (use Restart)');
      return;
    }
    opts.logger.info(`[chat] restarting the agent in ${delay} ms`);
    cancelTimer = schedule(() => {
      cancelTimer = undefined;
      agent.restart().catch((err: unknown) => opts.logger.warn('[chat] automatic restart failed', err));
    }, delay);
  });
  return {
    dispose: () => {
      cancelTimer?.();
      sub.dispose();
    },
  };
}
