// One chat's notice: the error or sign-in card it shows above its composer, and what goes with it (the prompt kept
// for after sign-in, the last start failure so a retry that fails the same way is not announced again). Each chat has
// its own; the presenter (feedback/userErrorPresenter.ts) decides what goes in it.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import { Emitter, type Event } from '../acpClient/events';

/** A button on a notice: an action id the host offered (it runs only what it offered), with the text to show. */
export interface NoticeButton {
  action: string;
  label: string;
  /** For a sign-in method: its id and the agent's description, shown verbatim. */
  methodId?: string;
  description?: string;
}

/**
 * The steps a first run goes through before the agent can answer, in order: the card of a step says where it is
 * (one card for the whole set-up, one primary action at a time); the last step, a first prompt, is the empty chat's.
 */
export const SETUP_STEPS = ['getClaudeCode', 'signIn'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** An error or sign-in card shown above the composer (worded by the error, or by feedback/userErrors.ts). */
export interface ChatNotice {
  id: number;
  severity: 'error' | 'warning' | 'info';
  /** One line. */
  message: string;
  /** Shown on request ("Show details"): the agent's last output, the API's own words. */
  details?: string;
  buttons: NoticeButton[];
  /** A kept prompt that can be sent once signed in: the card offers "send it when signed in". */
  keptPrompt?: string;
  /** The set-up step this card is (Claude Code missing, sign-in needed). */
  setup?: SetupStep;
}

/** Ids are unique across chats: a button press names the notice it came from. */
let nextId = 1;

export class ChatNotices {
  private notice: ChatNotice | null = null;
  private startFailure = false;
  private readonly changeEmitter = new Emitter<void>();
  /** Errors this chat already shows (one failure can reach it from the start and from the caller that awaited it). */
  readonly reported = new WeakSet<object>();
  /** The last start failure's wording: a retry that fails the same way is not announced again. */
  lastStartFailure: string | undefined;
  /** The prompt that failed for want of sign-in (or a busy model API), offered again. */
  keptPrompt: ContentBlock[] | undefined;
  /** The user asked for the kept prompt to be sent as soon as sign-in succeeds. */
  resendWhenSignedIn = false;
  readonly onDidChange: Event<void> = this.changeEmitter.event;

  get current(): ChatNotice | null {
    return this.notice;
  }

  /** The prompt kept after a sign-in failure, if any. */
  get pendingPrompt(): ContentBlock[] | undefined {
    return this.keptPrompt;
  }

  /** The notice on screen is a start failure (cleared once the agent runs). */
  get showsStartFailure(): boolean {
    return this.notice !== null && this.startFailure;
  }

  show(notice: Omit<ChatNotice, 'id'>, isStartFailure: boolean): ChatNotice {
    this.notice = { id: nextId++, ...notice };
    this.startFailure = isStartFailure;
    this.changeEmitter.fire();
    return this.notice;
  }

  clear(): void {
    if (!this.notice) return;
    this.notice = null;
    this.startFailure = false;
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}
