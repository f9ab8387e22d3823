// The working row: from Send to the turn's end, one live line at the end of the running turn saying what the agent
// does now and for how long, so a turn that has not said its first words yet still shows that it runs. Screen readers
// hear "Working" once when a turn starts (the line itself is not a live region: it changes on every tool call).
import type { SessionMeta, TranscriptEntry } from '../protocol/protocol';
import { h, icon } from './dom';
import { l10n } from './l10n';
import { describeWork, elapsed } from './workingLine';

/** The elapsed time is read in whole seconds: the row changes once a second, never faster. */
const TICK_MS = 1000;

export class WorkingRowView {
  readonly node = h('div', { class: 'working-row', 'data-testid': 'working-row', hidden: true });
  private readonly text = h('span', { class: 'working-text', 'data-testid': 'working-text' });
  private readonly time = h('span', { class: 'working-time', 'data-testid': 'working-time' });
  private timer: ReturnType<typeof setInterval> | undefined;
  /** When the page saw this turn start, for a turn whose prompt is not in the transcript yet. */
  private seenAt = 0;
  private since = 0;
  /** The next update is the snapshot's: a turn running then started before the page saw it, no news to announce. */
  private fromSnapshot = false;

  constructor(
    private readonly say: (text: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.node.append(icon('loading', 'codicon-modifier-spin'), this.text, this.time);
  }

  update(turn: SessionMeta['turn'] | undefined, newestFirst: () => Iterable<TranscriptEntry>): void {
    const running = turn !== undefined && turn !== 'idle';
    const fromSnapshot = this.fromSnapshot;
    this.fromSnapshot = false;
    if (!running) return this.stop();
    if (this.node.hidden) {
      this.node.hidden = false;
      this.seenAt = this.now();
      if (!fromSnapshot) this.say(l10n.t('Working'));
    }
    const line = describeWork(turn, newestFirst());
    if (this.text.textContent !== line.text) this.text.textContent = line.text;
    this.since = line.since ?? this.seenAt;
    this.tick();
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
  }

  /** A snapshot replaces what the page showed: a turn it holds running is not one that starts now. */
  snapshot(): void {
    this.stop();
    this.fromSnapshot = true;
  }

  private tick(): void {
    const shown = elapsed(this.now() - this.since);
    if (this.time.textContent !== shown) this.time.textContent = shown;
  }

  private stop(): void {
    if (this.node.hidden) return;
    this.node.hidden = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
