// The chat app: owns the view state, applies host messages to the views, and turns user actions into messages.
// It takes `post` and a root element, so tests drive it in jsdom without VS Code; main.ts wires the real API.
import type { SessionMeta } from '../protocol/protocol';
import {
  PROTOCOL_VERSION,
  type Attachment,
  type ComposerCapabilities,
  type ConnectionStatus,
  type HostToWebview,
  type GrantView,
  type TranscriptEntry,
  type WebviewToHost,
} from '../protocol/protocol';
import { blocksText, entryMarkdown, needsFolder, parseEntryAppends, shownPath } from '../protocol/protocol';
import { Announcer } from './announcer';
import { FollowToggleView } from './followToggleView';
import { AgentPickerView } from './agentPickerView';
import { Composer } from './composer';
import { h } from './dom';
import { EmptyStateView } from './emptyStateView';
import { EndFollower } from './endFollower';
import { ApprovalSignal } from './approvalSignal';
import { FindBar } from './findBar';
import { reportFocus } from './focusReport';
import { ElicitationsView } from './elicitationView';
import { FrameScheduler } from './frameScheduler';
import { HeaderView } from './headerView';
import { l10n } from './l10n';
import { WorktreeBarView } from './worktreeBarView';
import { NoticeView } from './noticeView';
import { renderMarkdown as defaultMarkdown, type MarkdownRenderer } from './markdown';
import { ConfigBar } from './configBar';
import { PageClicks } from './pageClicks';
import { PlanView } from './planView';
import { QueueView } from './queueView';
import { mergeMeta } from './sessionMeta';
import { TranscriptView } from './transcriptView';
import { TurnCards } from './turnCards';
import { WorkingRowView } from './workingRowView';
import type { ViewContext } from './viewContext';

export interface AppOptions {
  post: (msg: WebviewToHost) => void;
  root: HTMLElement;
  renderMarkdown?: MarkdownRenderer;
  /** Schedules deferred rendering; defaults to requestAnimationFrame. */
  requestFrame?: (cb: () => void) => void;
  /** The clock the frame's budget is read by; defaults to performance.now. */
  now?: () => number;
  copyText?: (text: string) => Promise<void>;
  /** Plays the approval chime (by default a short tone made with Web Audio). */
  chime?: () => void;
}

export class App {
  readonly transcript: TranscriptView;
  readonly composer: Composer;
  private readonly header: HeaderView;
  private readonly worktree: WorktreeBarView;
  private readonly plan = new PlanView();
  private readonly queue: QueueView;
  private readonly config: ConfigBar;
  private readonly elicitations: ElicitationsView;
  /** Each turn's changed-files card, at the end of its turn. */
  private readonly cards: TurnCards;
  /** What each durable answer did, by its permission's key. */
  private grants = new Map<string, GrantView>();
  private readonly followToggle: FollowToggleView;
  private readonly agentPicker: AgentPickerView;
  readonly notice: NoticeView;
  private readonly find: FindBar;
  private readonly empty: EmptyStateView;
  private readonly announcer = new Announcer();
  private readonly working = new WorkingRowView((text) => this.announcer.say(text));
  private readonly approvalSignal: ApprovalSignal;
  private readonly banner = h('div', { class: 'banner', role: 'alert', 'data-testid': 'banner' });
  private readonly clicks: PageClicks;
  private readonly scroller: HTMLElement;
  private readonly follow: EndFollower;
  private meta: SessionMeta | null = null;
  /** The chat's card is on screen: the one error surface. */
  private noticeShown = false;
  /** The notice is a set-up step (the empty chat's first prompts wait for it). */
  private setupShown = false;
  private status: ConnectionStatus = { state: 'idle' };
  private capabilities: ComposerCapabilities = { image: false, embeddedContext: false, steering: false };
  /** The chat's folders (the snapshot's): its paths are shown relative to them. */
  private folders: readonly string[] = [];
  private readonly frames: FrameScheduler;
  /** A resync was asked for and its snapshot has not come yet: later misfits are the same gap. */
  private resyncAsked = false;
  private readonly post: (msg: WebviewToHost) => void;
  private readonly copyText: (text: string) => Promise<void>;

  constructor(private readonly opts: AppOptions) {
    this.post = opts.post;
    this.copyText = opts.copyText ?? ((t: string) => navigator.clipboard.writeText(t));
    this.frames = new FrameScheduler(opts.requestFrame ?? ((cb) => requestAnimationFrame(() => cb())), opts.now ?? (() => performance.now()), () => {
      this.transcript.layout(this.follow.following);
      this.follow.scroll();
    });
    const ctx: ViewContext = {
      post: this.post,
      renderMarkdown: opts.renderMarkdown ?? defaultMarkdown,
      requestRender: (v) => this.frames.request(v),
      overBudget: () => this.frames.overBudget(),
      copy: (entry) => this.copy(entry),
      grantFor: (key) => this.grants.get(key),
      shownPath: (path) => shownPath(path, this.folders),
    };
    this.header = new HeaderView(this.post);
    this.worktree = new WorktreeBarView(this.post);
    this.scroller = h('main', { class: 'scroller' });
    this.transcript = new TranscriptView(ctx, this.scroller);
    this.transcript.onAgentText = (id, text) => this.announcer.agentText(id, text);
    this.transcript.onLaneNews = (text) => this.announcer.say(text);
    this.cards = new TurnCards(this.post, this.transcript);
    this.approvalSignal = new ApprovalSignal(opts.chime, (id) => this.transcript.toolCallOf(id));
    this.elicitations = new ElicitationsView(this.post);
    this.followToggle = new FollowToggleView(this.post);
    this.header.addAction(this.followToggle.node);
    this.agentPicker = new AgentPickerView(this.post);
    this.header.addAction(this.agentPicker.node);
    this.queue = new QueueView(this.post);
    this.config = new ConfigBar(this.post);
    this.notice = new NoticeView(this.post);
    this.empty = new EmptyStateView(this.post);
    this.empty.onSuggest = (text) => {
      this.composer.prependText(text);
      this.composer.focus();
    };
    this.find = new FindBar({ entries: () => this.transcript.entries(), reveal: (id) => this.revealEntry(id) });
    this.composer = new Composer(this.post);
    this.composer.placeTools(this.config.node);
    this.composer.onSubmit = (text, attachments) => this.submit(text, attachments);
    this.scroller.append(this.empty.node, this.transcript.node, this.working.node, this.elicitations.node);
    this.banner.hidden = true;
    // Every part in a landmark (the header, the transcript's main, the composing region), so a screen reader's
    // landmark keys reach each.
    const bottom = h(
      'section',
      { class: 'chat-bottom', 'aria-label': l10n.t('Message the agent') },
      this.plan.node,
      this.notice.node,
      this.queue.node,
      this.composer.node,
      this.announcer.node,
      this.approvalSignal.node,
    );
    opts.root.replaceChildren(this.header.node, this.worktree.node, this.banner, this.find.node, this.scroller, bottom);
    // The turns near the viewport are mounted in the scroll event itself, so the frame that shows a scroll has them.
    this.follow = new EndFollower(this.scroller, (following) => this.transcript.layout(following));
    window.addEventListener('resize', () => this.frames.schedule());
    this.clicks = new PageClicks(this.post, this.copyText);
    opts.root.addEventListener('click', (e) => this.clicks.onClick(e));
    for (const event of ['mouseover', 'focusin']) opts.root.addEventListener(event, (e) => this.clicks.offerCopy(e.target));
    opts.root.addEventListener('keydown', (e) => {
      this.onFindKey(e);
      if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof Element && e.target.closest('[data-href]')) this.clicks.onClick(e);
    });
    this.render();
  }

  /** Tells the host the page is ready for a snapshot. */
  start(): void {
    reportFocus(this.post);
    // With nothing focused in the page, keys go to the document.
    document.addEventListener('keydown', (e) => this.onFindKey(e));
    this.post({ type: 'ready', v: PROTOCOL_VERSION });
  }

  /** Applies one message from the host. Unknown or malformed messages are ignored. */
  handleMessage(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null || typeof (raw as { type?: unknown }).type !== 'string') return;
    const msg = raw as HostToWebview;
    switch (msg.type) {
      case 'snapshot':
        if (msg.v !== PROTOCOL_VERSION) {
          this.showBanner(l10n.t('The chat view is out of date. Reload the window to continue.'));
          return;
        }
        this.meta = msg.snapshot?.meta ?? null;
        this.status = msg.status;
        this.capabilities = msg.capabilities;
        this.folders = Array.isArray(msg.folders) ? msg.folders : [];
        this.transcript.reset(msg.snapshot?.entries ?? []);
        this.working.snapshot();
        this.approvalSignal.entries(msg.snapshot?.entries ?? [], true);
        this.cards.place();
        this.elicitations.update(msg.elicitations);
        this.follow.following = true;
        this.resyncAsked = false;
        // At the end now, not in the frame: the old content's height is gone, and the scroll event the browser's clamp
        // sends before that frame would otherwise read "scrolled up" and stop following.
        this.follow.scroll();
        break;
      case 'patch': {
        const before = this.meta?.turn;
        if (Array.isArray(msg.entries)) {
          this.transcript.patch(msg.entries);
          this.approvalSignal.entries(msg.entries);
          // A new user message is a new turn: a card waiting for it (a reopened conversation's) goes in.
          if (msg.entries.some((e) => e.kind === 'user')) this.cards.place();
        }
        if (msg.appends !== undefined) this.applyAppends(msg.appends);
        if (msg.meta) this.meta = mergeMeta(this.meta, msg.meta);
        if (before !== undefined && before !== 'idle' && this.meta?.turn === 'idle') this.onTurnEnded();
        break;
      }
      case 'status':
        this.status = msg.status;
        if (msg.capabilities) this.capabilities = msg.capabilities;
        break;
      case 'elicitations':
        this.elicitations.update(msg.elicitations);
        break;
      case 'attach':
        this.composer.addAttachment(msg.attachment);
        this.composer.focus();
        return;
      case 'mentionCompletions':
        this.composer.showMentionCompletions(msg.requestId, msg.items);
        return;
      case 'focusComposer':
        this.composer.focus();
        return;
      case 'turns':
        this.cards.update(msg.turns);
        break;
      case 'grants':
        this.grants = new Map(msg.grants.map((g) => [g.key, g]));
        this.transcript.refreshPermissions();
        break;
      case 'draft':
        this.composer.prependText(msg.text);
        this.composer.focus();
        return;
      case 'followAgent':
        this.followToggle.update(msg.enabled);
        return;
      case 'usage':
        this.header.setUsage(msg.usage);
        return;
      case 'approvalSignal':
        this.approvalSignal.configure({ sound: msg.sound, announce: msg.announce });
        return;
      case 'agents':
        this.agentPicker.update(msg.agents, msg.selected);
        return;
      case 'worktree':
        this.worktree.update(msg.worktree);
        return;
      case 'notice':
        this.notice.update(msg.notice);
        this.noticeShown = msg.notice !== null;
        this.setupShown = msg.notice?.setup !== undefined;
        break;
      default: {
        // Every message type is handled above (the compiler checks); one from a newer host is ignored.
        const unknown: never = msg;
        void unknown;
        return;
      }
    }
    this.render();
  }

  /** Runs deferred renders now, then lays the transcript out for what they changed (tests; also each frame). */
  flushRenders(): void {
    this.frames.flush();
  }

  /** Applies validated appends; one that does not fit (a missed message) asks the host for a snapshot, once. */
  private applyAppends(raw: unknown): void {
    const parsed = parseEntryAppends(raw);
    const failed = !parsed.ok ? parsed.error : parsed.appends.find((a) => !this.transcript.append(a)) && 'an append does not fit the entry shown';
    if (!failed || this.resyncAsked) return;
    this.resyncAsked = true;
    this.post({ type: 'resync', reason: failed });
  }

  private render(): void {
    const running = this.meta !== null && this.meta.turn !== 'idle';
    this.header.update(this.meta, this.status, this.noticeShown);
    this.plan.update(this.meta?.plan ?? []);
    // Going back (edit, retry, rewind) waits for the running turn's end.
    this.opts.root.classList.toggle('turn-running', running);
    this.working.update(this.meta?.turn, () => this.transcript.newestFirst());
    this.config.update(this.meta);
    this.queue.update(this.meta?.queue ?? [], running, this.capabilities.steering);
    this.composer.setContext(this.meta?.availableCommands ?? [], this.capabilities, running);
    this.empty.update(this.status, this.transcript.size > 0, this.setupShown);
    // No folder: the welcome is the whole page; a prompt could not be sent.
    this.composer.node.hidden = needsFolder(this.status);
    // The frame lays out and follows the end once for every message since the last (not a forced layout per message).
    this.frames.schedule();
  }

  /** Always to the host: while a turn runs the session queues it (one queue, shown by QueueView). */
  private submit(text: string, attachments: Attachment[]): void {
    // The user sent something: the end of the conversation is where they look now, at once (before the echo).
    this.follow.following = true;
    this.transcript.layout(true);
    this.follow.scroll();
    this.post({ type: 'sendPrompt', text, attachments });
  }

  private copy(entry: TranscriptEntry): void {
    this.copyText(entryMarkdown(entry)).then(
      () => this.announcer.say(l10n.t('Copied as Markdown')),
      () => this.announcer.say(l10n.t('Could not copy')),
    );
  }

  private onTurnEnded(): void {
    const last = this.transcript.entry(this.announcer.currentEntryId);
    if (last && last.kind === 'agent') this.announcer.flush(blocksText(last.content));
  }

  private showBanner(text: string): void {
    this.banner.textContent = text;
    this.banner.hidden = false;
  }

  /** Ctrl+F (Cmd+F) opens find in the chat, which searches the whole conversation. */
  private onFindKey(e: KeyboardEvent): void {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') {
      e.preventDefault();
      this.find.open();
    }
  }

  /** Find's way to an entry: the view stops following the end, and the entry's turn is mounted and rendered. */
  private revealEntry(entryId: string): HTMLElement | undefined {
    this.follow.following = false;
    const node = this.transcript.reveal(entryId);
    this.flushRenders();
    return node;
  }
}
