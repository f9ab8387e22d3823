// A subagent's lane: a header (its name, its task or, folded once finished, its reply's first line, its state in words,
// its model, how long it ran, Stop) and a body where the transcript view mounts the lane's entries with the same views
// the main flow uses. Whether it is open is the transcript's (transcriptLanes.ts): folded, its body holds nothing.
// Running, its body starts with one quiet row, "N earlier steps", above its latest steps (laneWindow.ts).
import type { SubagentLane, TranscriptEntry } from '../protocol/protocol';
import { button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';
import { firstLine, laneActive, laneElapsed, laneFinished, laneName, laneShownState, laneStateLabel, laneStoppable } from './laneState';
import type { EntryOf, EntryView } from './messageViews';
import { countText } from './toolGroups';
import { elapsed } from './workingLine';

/** The elapsed time is read in whole seconds: a running lane's time changes once a second. */
const TICK_MS = 1000;

/** Ticks the elapsed time of the running lanes on the page, with one timer for them all. */
export class LaneClock {
  private readonly views = new Set<LaneView>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(readonly now: () => number = Date.now) {}

  watch(view: LaneView, running: boolean): void {
    if (!running) return this.unwatch(view);
    this.views.add(view);
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
  }

  unwatch(view: LaneView): void {
    this.views.delete(view);
    if (this.views.size === 0) this.stop();
  }

  clear(): void {
    this.views.clear();
    this.stop();
  }

  private tick(): void {
    const now = this.now();
    for (const v of this.views) {
      // A lane out of the page (its turn windowed out) is brought up to date when it is rendered again.
      if (v.node.isConnected) v.tick(now);
    }
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

let nextId = 0;

export class LaneView implements EntryView {
  readonly node: HTMLElement;
  /** The lane's entries, mounted here by the transcript view while the lane is open. */
  readonly body = h('div', { class: 'lane-body', 'data-testid': 'lane-body' });
  /** What find shows for the lane itself: its header. */
  readonly head: HTMLElement;
  private readonly chevron = h('span', { class: 'lane-chevron' });
  private readonly title = h('span', { class: 'lane-title', 'data-testid': 'lane-title' });
  private readonly gist = h('span', { class: 'lane-gist', 'data-testid': 'lane-gist' });
  // Named by what it shows; aria-expanded says whether the lane's entries are shown, the state describes it.
  private readonly toggle = h('button', { type: 'button', class: 'lane-toggle', 'data-testid': 'lane-toggle', 'aria-expanded': 'true' });
  private readonly state = h('span', { class: 'lane-state', 'data-testid': 'lane-state', id: `lane-state-${nextId++}` });
  private readonly model = h('span', { class: 'lane-model', 'data-testid': 'lane-model' });
  private readonly time = h('span', { class: 'lane-time', 'data-testid': 'lane-time' });
  private readonly stop = button(l10n.t('Stop this subagent'), { class: 'text-btn lane-stop', 'data-testid': 'lane-stop' }, icon('debug-stop'), l10n.t('Stop'));
  private lane: SubagentLane | undefined;
  private open = true;
  private key = '';
  /** The "N earlier steps" row, made the first time there are some. */
  private earlier: { row: HTMLButtonElement; chevron: HTMLElement; label: HTMLElement } | undefined;

  constructor(
    private readonly clock: LaneClock,
    onToggle: () => void,
    onStop: (sessionId: string) => void,
    private readonly onEarlier: () => void,
  ) {
    this.toggle.setAttribute('aria-describedby', this.state.id);
    this.toggle.append(this.chevron, icon('hubot', 'lane-icon'), this.title, this.gist);
    this.head = h('div', { class: 'lane-head' }, this.toggle, h('span', { class: 'lane-meta' }, this.state, this.model, this.time), this.stop);
    // A group named by the subagent, so a screen reader entering its entries hears whose they are.
    this.node = h('div', { class: 'entry lane', role: 'group', 'data-testid': 'lane' }, this.head, this.body);
    this.toggle.addEventListener('click', () => onToggle());
    this.stop.addEventListener('click', () => {
      if (!this.lane || !laneStoppable(this.lane)) return;
      // Until the lane's next state: one click stops it once.
      this.stop.disabled = true;
      onStop(this.lane.sessionId);
    });
  }

  update(e: TranscriptEntry): void {
    const lane = (e as EntryOf<'subagent'>).subagent;
    const before = this.lane;
    this.lane = lane;
    this.node.dataset.lane = lane.sessionId;
    const shown = laneShownState(lane);
    this.node.dataset.state = shown;
    this.title.textContent = laneName(lane);
    this.node.setAttribute('aria-label', laneName(lane));
    // Its state's icon and word built again only when the state changes (the entry comes again with each lane update).
    if (before === undefined || laneShownState(before) !== shown) {
      const { label, icon: glyph, detail } = laneStateLabel(shown);
      setChildren(this.state, icon(glyph), h('span', { class: 'lane-state-label' }, label));
      this.state.title = detail ?? label;
    }
    this.model.textContent = lane.model ?? '';
    this.model.hidden = !lane.model;
    this.model.title = lane.model ? l10n.t('Model: {0}', lane.model) : '';
    this.stop.hidden = !laneStoppable(lane);
    if (!before || before.state !== lane.state || before.cancellable !== lane.cancellable) this.stop.disabled = false;
    this.renderGist();
    this.tick(this.clock.now());
    this.clock.watch(this, laneActive(lane));
  }

  /** Open (its entries shown) or folded; the transcript view fills or empties the body. */
  setOpen(open: boolean): void {
    this.open = open;
    this.body.hidden = !open;
    this.node.classList.toggle('folded', !open);
    this.toggle.setAttribute('aria-expanded', String(open));
    this.toggle.title = this.tooltip();
    setChildren(this.chevron, icon(open ? 'chevron-down' : 'chevron-right'));
    this.renderGist();
  }

  /**
   * The row above the lane's latest steps: how many came before them, and whether they are shown (`expanded`); none
   * when `count` is 0. It stays the body's first child.
   */
  setEarlier(count: number, expanded: boolean): void {
    if (count === 0) {
      this.earlier?.row.remove();
      return;
    }
    const e = (this.earlier ??= this.earlierRow());
    if (this.body.firstChild !== e.row) this.body.insertBefore(e.row, this.body.firstChild);
    // A new step changes only the count's text.
    const n = countText(count);
    const label = count === 1 ? l10n.t('{0} earlier step', n) : l10n.t('{0} earlier steps', n);
    if (e.label.textContent !== label) e.label.textContent = label;
    if (e.row.getAttribute('aria-expanded') === String(expanded) && e.chevron.firstChild) return;
    e.row.setAttribute('aria-expanded', String(expanded));
    e.row.title = expanded ? l10n.t('Show only the latest steps') : l10n.t('Show every step');
    setChildren(e.chevron, icon(expanded ? 'chevron-down' : 'chevron-right'));
  }

  private earlierRow(): { row: HTMLButtonElement; chevron: HTMLElement; label: HTMLElement } {
    const chevron = h('span', { class: 'lane-chevron' });
    const label = h('span', { class: 'lane-earlier-label', 'data-testid': 'lane-earlier-label' });
    const row = h('button', { type: 'button', class: 'lane-earlier', 'data-testid': 'lane-earlier', 'aria-expanded': 'false' }, chevron, label);
    row.addEventListener('click', () => this.onEarlier());
    return { row, chevron, label };
  }

  /** The lane is out of the page for good (unmounted): its time stops ticking. */
  dispose(): void {
    this.clock.unwatch(this);
  }

  tick(now: number): void {
    const ms = this.lane && laneElapsed(this.lane, now);
    const shown = ms === undefined ? '' : elapsed(ms);
    if (this.time.textContent !== shown) this.time.textContent = shown;
    this.time.hidden = shown === '';
  }

  /** Its task; folded once finished, its reply's first line (the task stays in the tooltip). */
  private renderGist(): void {
    const lane = this.lane;
    if (!lane) return;
    const reply = !this.open && laneFinished(lane) ? firstLine(lane.reply) : '';
    const text = reply || firstLine(lane.description);
    const key = JSON.stringify([text, reply !== '', lane.description, this.open]);
    if (key === this.key) return;
    this.key = key;
    this.gist.textContent = text;
    this.gist.hidden = text === '';
    this.gist.dataset.shows = reply ? 'reply' : 'task';
    this.toggle.title = this.tooltip();
  }

  private tooltip(): string {
    const lane = this.lane;
    const what = this.open ? l10n.t('Fold this subagent') : l10n.t("Show this subagent's work");
    return lane?.description ? `${lane.description}\n\n${what}` : what;
  }
}
