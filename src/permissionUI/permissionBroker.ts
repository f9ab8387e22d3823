// Holds every pending permission request and form elicitation by key, independent of any UI. Surfaces (QuickPick,
// modal, the chat's inline card) subscribe and answer through it: the first answer wins and every other surface is
// told to close; dismissing a surface leaves the request pending. No `vscode` import, so it is unit-tested in Node.
import type { CreateElicitationResponse } from '@agentclientprotocol/sdk';
import { Emitter, type Event } from '../acpClient/events';
import type { PendingElicitation, PendingPermission } from '../acpClient/hooks';
import type { Logger } from '../acpClient/logger';
import { parseElicitationForm, validateElicitationContent, type FormParse } from './elicitationForm';
import { buildPermissionPresentation, type PermissionPresentation, type PresentationContext } from './permissionPresentation';

export interface PermissionPrompt {
  type: 'permission';
  key: string;
  sessionId: string;
  request: PendingPermission;
  presentation: PermissionPresentation;
  /** The user closed a surface without answering; cleared when the prompt is shown again. */
  dismissed: boolean;
}

export interface ElicitationPrompt {
  type: 'elicitation';
  key: string;
  sessionId?: string;
  request: PendingElicitation;
  form: FormParse;
  dismissed: boolean;
}

export type Prompt = PermissionPrompt | ElicitationPrompt;

export interface PromptSettled {
  key: string;
  type: Prompt['type'];
  /** `answered`: a surface answered it; `cancelled`: its signal aborted (reason from the core). */
  outcome: 'answered' | 'cancelled';
  reason?: string;
}

/**
 * `accepted`: this answer settled the request. `too-late`: it was already answered or cancelled; the answer was
 * discarded (for a cancelled request the core still receives it and records it as expired). `unknown`: no such key.
 */
export type AnswerResult = 'accepted' | 'too-late' | 'unknown';

/** An answer the request did not offer (the request stays pending). */
export class PromptAnswerError extends Error {
  override name = 'PromptAnswerError';
}

export interface PermissionBrokerOptions {
  logger: Logger;
  /** Workspace folders for location labels, read when a request arrives. */
  presentationContext?: () => PresentationContext;
  /** How many ended requests are remembered to recognise (and discard) late answers. */
  endedMemory?: number;
}

interface Live {
  prompt: Prompt;
  resolve: (value: never) => void;
  /** Throws PromptAnswerError when the answer was not offered / does not fit the form. */
  validate: (answer: string | CreateElicitationResponse) => void;
  detach: () => void;
}

interface Ended {
  type: Prompt['type'];
  /** Set for cancelled requests: a late answer still goes to the core, which records it as expired. */
  deliverLate?: (answer: string | CreateElicitationResponse) => void;
  validate: (answer: string | CreateElicitationResponse) => void;
}

export class PermissionBroker {
  private readonly live = new Map<string, Live>();
  private readonly ended = new Map<string, Ended>();
  private readonly endedMemory: number;
  private readonly logger: Logger;
  private readonly presentationContext: () => PresentationContext;

  private readonly addedEmitter: Emitter<Prompt>;
  private readonly settledEmitter: Emitter<PromptSettled>;
  private readonly countEmitter: Emitter<number>;
  private readonly showEmitter: Emitter<Prompt>;
  private readonly dismissedEmitter: Emitter<Prompt>;

  /** A request arrived; surfaces present it. */
  readonly onDidAdd: Event<Prompt>;
  /** A request ended (answered or cancelled); every surface showing it closes. */
  readonly onDidSettle: Event<PromptSettled>;
  /** The number of pending requests (permissions + elicitations) changed. */
  readonly onDidChangeCount: Event<number>;
  /** `show()` asked for a prompt to be presented again. */
  readonly onDidRequestShow: Event<Prompt>;
  /** A surface was closed without an answer; the request stays pending. */
  readonly onDidDismiss: Event<Prompt>;

  constructor(options: PermissionBrokerOptions) {
    this.logger = options.logger;
    this.presentationContext = options.presentationContext ?? (() => ({}));
    this.endedMemory = options.endedMemory ?? 200;
    const onError = (err: unknown) => this.logger.error('[broker] listener failed', err);
    this.addedEmitter = new Emitter(onError);
    this.settledEmitter = new Emitter(onError);
    this.countEmitter = new Emitter(onError);
    this.showEmitter = new Emitter(onError);
    this.dismissedEmitter = new Emitter(onError);
    this.onDidAdd = this.addedEmitter.event;
    this.onDidSettle = this.settledEmitter.event;
    this.onDidChangeCount = this.countEmitter.event;
    this.onDidRequestShow = this.showEmitter.event;
    this.onDidDismiss = this.dismissedEmitter.event;
  }

  get count(): number {
    return this.live.size;
  }

  /** Pending prompts in arrival order. */
  pending(): Prompt[] {
    return [...this.live.values()].map((l) => l.prompt);
  }

  get(key: string): Prompt | undefined {
    return this.live.get(key)?.prompt;
  }

  /** The core's `ClientHooks.requestPermission`: resolves with the chosen optionId; never for a dismissal. */
  requestPermission(request: PendingPermission): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      if (this.live.has(request.key)) {
        reject(new Error(`A permission request with key ${request.key} is already pending.`));
        return;
      }
      const offered = new Set((Array.isArray(request.params.options) ? request.params.options : []).map((o) => o.optionId));
      const validate = (answer: string | CreateElicitationResponse) => {
        if (typeof answer !== 'string' || !offered.has(answer)) {
          throw new PromptAnswerError(`Option ${JSON.stringify(answer)} was not offered for this request (offered: ${[...offered].join(', ')}).`);
        }
      };
      let presentation: PermissionPresentation;
      try {
        presentation = buildPermissionPresentation({ params: request.params, toolCall: request.toolCall }, this.presentationContext());
      } catch (err) {
        // The presenter is written not to throw on agent data; if it does, the request must still reach the user.
        this.logger.error(`[broker] could not build the presentation of ${request.key}`, err);
        presentation = buildPermissionPresentation({ params: { sessionId: request.sessionId, toolCall: { toolCallId: '' }, options: request.params.options ?? [] } });
      }
      const prompt: PermissionPrompt = { type: 'permission', key: request.key, sessionId: request.sessionId, request, presentation, dismissed: false };
      this.hold(prompt, request.signal, resolve as (v: never) => void, validate);
    });
  }

  /** The core's `ClientHooks.createElicitation`. */
  createElicitation(request: PendingElicitation): Promise<CreateElicitationResponse> {
    return new Promise<CreateElicitationResponse>((resolve, reject) => {
      if (this.live.has(request.key)) {
        reject(new Error(`An elicitation with key ${request.key} is already pending.`));
        return;
      }
      const form = parseElicitationForm(request.params);
      const validate = (answer: string | CreateElicitationResponse) => validateElicitationAnswer(form, answer);
      const prompt: ElicitationPrompt = { type: 'elicitation', key: request.key, sessionId: request.sessionId, request, form, dismissed: false };
      this.hold(prompt, request.signal, resolve as (v: never) => void, validate);
    });
  }

  /** Answer a permission request. Throws PromptAnswerError for an option that was not offered (stays pending). */
  answer(key: string, optionId: string): AnswerResult {
    return this.settleWith(key, 'permission', optionId);
  }

  /** Answer a form elicitation. Throws PromptAnswerError for content that does not fit the form (stays pending). */
  answerElicitation(key: string, response: CreateElicitationResponse): AnswerResult {
    return this.settleWith(key, 'elicitation', response);
  }

  /** A surface was closed without an answer. The request stays pending. */
  dismiss(key: string): void {
    const live = this.live.get(key);
    if (!live) return;
    live.prompt.dismissed = true;
    this.dismissedEmitter.fire(live.prompt);
  }

  /** Ask the surfaces to present `key` again. Returns the prompt, or undefined when nothing is pending. */
  show(key: string): Prompt | undefined {
    const live = this.live.get(key);
    if (!live) return undefined;
    live.prompt.dismissed = false;
    this.showEmitter.fire(live.prompt);
    return live.prompt;
  }

  /** The pending key after `after` in arrival order, wrapping around; the oldest when `after` is not pending. */
  nextKey(after?: string): string | undefined {
    const keys = [...this.live.keys()];
    if (keys.length === 0) return undefined;
    const index = after === undefined ? -1 : keys.indexOf(after);
    return keys[(index + 1) % keys.length];
  }

  /**
   * Stop holding requests (extension shutdown). Pending elicitations are answered `cancel` (the user did not
   * answer); pending permissions are left to the core, whose signals abort when the agent goes away — a
   * permission promise must never resolve for something the user did not choose.
   */
  dispose(): void {
    for (const { prompt, resolve, detach } of [...this.live.values()]) {
      detach();
      if (prompt.type === 'elicitation') (resolve as (v: CreateElicitationResponse) => void)({ action: 'cancel' });
    }
    this.live.clear();
    this.ended.clear();
    for (const e of [this.addedEmitter, this.settledEmitter, this.countEmitter, this.showEmitter, this.dismissedEmitter]) e.dispose();
  }

  private hold(prompt: Prompt, signal: AbortSignal, resolve: (v: never) => void, validate: Ended['validate']): void {
    if (signal.aborted) {
      this.logger.info(`[broker] ${prompt.type} ${prompt.key} was cancelled before it could be shown (${String(signal.reason)})`);
      this.remember(prompt.key, { type: prompt.type, validate, deliverLate: resolve as Ended['deliverLate'] });
      return;
    }
    const onAbort = () => this.cancel(prompt.key, String(signal.reason ?? 'cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    const detach = () => signal.removeEventListener('abort', onAbort);
    this.live.set(prompt.key, { prompt, resolve, validate, detach });
    this.logger.info(`[broker] ${prompt.type} ${prompt.key} pending`);
    this.addedEmitter.fire(prompt);
    this.countEmitter.fire(this.live.size);
  }

  private cancel(key: string, reason: string): void {
    const live = this.live.get(key);
    if (!live) return;
    this.drop(key);
    this.remember(key, { type: live.prompt.type, validate: live.validate, deliverLate: live.resolve as Ended['deliverLate'] });
    this.logger.info(`[broker] ${live.prompt.type} ${key} cancelled (${reason})`);
    this.settledEmitter.fire({ key, type: live.prompt.type, outcome: 'cancelled', reason });
    this.countEmitter.fire(this.live.size);
  }

  private settleWith(key: string, type: Prompt['type'], answer: string | CreateElicitationResponse): AnswerResult {
    const live = this.live.get(key);
    if (live && live.prompt.type === type) {
      live.validate(answer); // throws PromptAnswerError; the request stays pending
      this.drop(key);
      this.remember(key, { type, validate: live.validate });
      live.resolve(answer as never);
      const what = typeof answer === 'string' ? answer : answer.action;
      this.logger.info(`[broker] ${type} ${key} answered: ${what}`);
      this.settledEmitter.fire({ key, type, outcome: 'answered' });
      this.countEmitter.fire(this.live.size);
      return 'accepted';
    }
    const ended = this.ended.get(key);
    if (ended && ended.type === type) {
      ended.validate(answer);
      if (ended.deliverLate) {
        // The core answered the agent `cancelled` already; it records this one as expired.
        ended.deliverLate(answer);
        this.remember(key, { type, validate: ended.validate });
      }
      this.logger.info(`[broker] late answer to ${type} ${key} discarded`);
      return 'too-late';
    }
    this.logger.warn(`[broker] answer to unknown ${type} ${key} ignored`);
    return 'unknown';
  }

  private drop(key: string): void {
    this.live.get(key)?.detach();
    this.live.delete(key);
  }

  private remember(key: string, ended: Ended): void {
    this.ended.delete(key);
    this.ended.set(key, ended);
    while (this.ended.size > this.endedMemory) this.ended.delete(this.ended.keys().next().value!);
  }
}

function validateElicitationAnswer(form: FormParse, answer: string | CreateElicitationResponse): void {
  if (typeof answer !== 'object' || answer === null) throw new PromptAnswerError('An elicitation answer must be an object with an action.');
  switch (answer.action) {
    case 'decline':
    case 'cancel':
      return;
    case 'accept': {
      if (!form.ok) throw new PromptAnswerError(`This form cannot be accepted: ${form.error}`);
      const error = validateElicitationContent(form.form, (answer as { content?: unknown }).content);
      if (error) throw new PromptAnswerError(error);
      return;
    }
    default:
      throw new PromptAnswerError(`Unknown elicitation action ${JSON.stringify(answer.action)}.`);
  }
}
