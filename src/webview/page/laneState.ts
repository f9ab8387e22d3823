// What a subagent's lane says about it: its name, its state in words and as a codicon, whether it runs (ticking, open,
// stoppable) or is finished (folded to its reply's first line), and what is announced when it finishes or needs the
// user. Pure: the lane's view (laneView.ts) renders it; the transcript view opens and folds lanes by it.
import type { SubagentLane } from '../protocol/protocol';
import { l10n } from './l10n';

const SPIN = 'loading codicon-modifier-spin'; // l10n-ignore: codicon classes

/** Each state a lane shows: `data-state` in the page (styles.css colours its icon). */
export type LaneShownState = 'running' | 'needs-you' | 'done' | 'failed' | 'stopped' | 'ended-with-turn' | 'unknown';

/** The lane's name: the subagent's title, or "Subagent". */
export function laneName(lane: SubagentLane): string {
  return lane.title?.trim() || l10n.t('Subagent');
}

/**
 * Which state the lane shows. A lane announced without a state yet (`unset`) runs: the agent launched it. Idle is
 * split by its stop reason: an error failed, a cancel stopped, the parent's turn ending closed it, the rest is done.
 */
export function laneShownState(lane: SubagentLane): LaneShownState {
  switch (lane.state) {
    case 'running':
    case 'unset':
      return 'running';
    case 'requires_action':
      return 'needs-you';
    case 'idle':
      if (lane.stopReason === 'error') return 'failed';
      if (lane.stopReason === 'cancelled') return 'stopped';
      if (lane.stopReason === 'ended-with-turn') return 'ended-with-turn';
      return 'done';
    default:
      return 'unknown';
  }
}

/** The state's word, its codicon, and (for some) what the word means, for the tooltip. */
export function laneStateLabel(state: LaneShownState): { label: string; icon: string; detail?: string } {
  switch (state) {
    case 'running':
      return { label: l10n.t('Running'), icon: SPIN };
    case 'needs-you':
      return { label: l10n.t('Needs you'), icon: 'bell-dot', detail: l10n.t('Its approval is in its lane') };
    case 'done':
      return { label: l10n.t('Done'), icon: 'pass' };
    case 'failed':
      return { label: l10n.t('Failed'), icon: 'error' };
    case 'stopped':
      return { label: l10n.t('Stopped'), icon: 'debug-stop' };
    case 'ended-with-turn':
      return { label: l10n.t('Ended with the turn'), icon: 'circle-slash', detail: l10n.t("The agent's turn ended while this subagent ran") };
    default:
      return { label: l10n.t('State unknown'), icon: 'question' };
  }
}

/** Still at work (running or waiting for the user): its lane is open, its time ticks, it can be stopped. */
export function laneActive(lane: SubagentLane): boolean {
  const s = laneShownState(lane);
  return s === 'running' || s === 'needs-you';
}

/** Finished: its lane folds to one line. */
export function laneFinished(lane: SubagentLane): boolean {
  return lane.state === 'idle';
}

/** The Stop button is offered: the agent can stop this one alone, and it is at work. */
export function laneStoppable(lane: SubagentLane): boolean {
  return lane.cancellable && laneActive(lane);
}

/** The first line of a text that has words (a reply's first line for the folded lane), trimmed. */
export function firstLine(text: string | undefined): string {
  if (!text) return '';
  for (const line of text.split('\n')) if (line.trim()) return line.trim();
  return '';
}

/** How long it ran (or runs, to `now`), in ms; undefined when it ended without saying when. */
export function laneElapsed(lane: SubagentLane, now: number): number | undefined {
  if (laneActive(lane)) return now - lane.startedAt;
  return lane.endedAt === undefined ? undefined : lane.endedAt - lane.startedAt;
}

/**
 * What a screen reader hears when a lane changes from `before` to `after`: that it needs the user, or that it
 * finished (and how); undefined for any other change.
 */
export function laneNews(before: SubagentLane, after: SubagentLane): string | undefined {
  const name = laneName(after);
  const now = laneShownState(after);
  if (now === 'needs-you' && laneShownState(before) !== 'needs-you') return l10n.t('{0} needs you', name);
  if (!laneFinished(after) || laneFinished(before)) return undefined;
  switch (now) {
    case 'failed':
      return l10n.t('{0} failed', name);
    case 'stopped':
      return l10n.t('{0} stopped', name);
    case 'ended-with-turn':
      return l10n.t('{0} ended with the turn', name);
    default:
      return l10n.t('{0} is done', name);
  }
}
