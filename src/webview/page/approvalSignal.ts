// Says that an approval needs the user, once per request, as VS Code's setting for it asks (the host sends it): an
// assertive announcement for screen readers ("Approval needed: Run this command?"), and a short chime. Requests the
// page already held when it loaded (a reload, a chat shown again) are not signalled again.
import { buildApprovalQuestion, type ApprovalSignalView, type ToolCallState, type TranscriptEntry } from '../protocol/protocol';
import { h } from './dom';
import { l10n } from './l10n';

export class ApprovalSignal {
  /** Its own assertive region: an approval interrupts what is being read (the agent's text is polite). */
  readonly node = h('div', { class: 'sr-only', 'aria-live': 'assertive', 'data-testid': 'approval-alert' });
  private settings: ApprovalSignalView = { sound: false, announce: true };
  private readonly seen = new Set<string>();

  constructor(
    private readonly chime: () => void = playChime,
    /** The tool call a request is about, for its question. */
    private readonly toolCallOf: (toolCallId: string) => ToolCallState | undefined = () => undefined,
  ) {}

  configure(settings: ApprovalSignalView): void {
    this.settings = settings;
  }

  /** Entries as they arrive; `replayed`: a snapshot, whose pending requests were signalled when they came. */
  entries(entries: readonly TranscriptEntry[], replayed = false): void {
    for (const e of entries) {
      if (e.kind !== 'permission' || e.permission.outcome.status !== 'pending' || this.seen.has(e.permission.key)) continue;
      this.seen.add(e.permission.key);
      if (replayed) continue;
      const p = e.permission;
      const call = this.toolCallOf(p.toolCallId);
      const { question } = buildApprovalQuestion(
        { ...call, title: call?.title || p.title },
        p.options.map((o) => o.optionId),
      );
      if (this.settings.announce) {
        this.node.append(h('p', {}, l10n.t('Approval needed: {0}', question)));
        while (this.node.childNodes.length > 2) this.node.firstChild?.remove();
      }
      if (this.settings.sound) this.chime();
    }
  }
}

/** Two short soft tones, made here (no sound file is shipped); silent where the page may not play sound. */
function playChime(): void {
  try {
    const audio = new AudioContext();
    const start = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      const t = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.11);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.12);
    }
    setTimeout(() => void audio.close().catch(() => undefined), 500);
  } catch {
    // No audio in this page: the announcement and the chat's card still say it.
  }
}
