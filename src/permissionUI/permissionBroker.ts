// The pending approvals (acpClient/approval.ts: permission requests and form elicitations) as the surfaces see them, by key,
// with what each surface shows of one (its presentation or parsed form). It holds no state of its own about a
// request: pending, answered, cancelled and dismissed are the Approval's, and the broker follows them. Surfaces
// (QuickPick, modal, the chat's inline card) answer through it; the Approval alone decides whether an answer still
// counts. The first accepted answer closes every other surface; dismissing one leaves the request pending. No
// `vscode` import, so it is unit-tested.
import type { CreateElicitationResponse } from '@agentclientprotocol/sdk';
import { Emitter, type Event } from '../acpClient/events';
import type { PendingElicitation, PendingPermission } from '../acpClient/hooks';
import type { Logger } from '../acpClient/logger';
import type { AnswerResult } from '../acpClient/pendingRequests';
import { parseElicitationForm, validateElicitationContent, type FormParse } from './elicitationForm';
import { buildPermissionPresentation, type PermissionPresentation, type PresentationContext } from './permissionPresentation';

export type { AnswerResult };

export interface PermissionPrompt {
  type: 'permission';
  key: string;
  sessionId: string;
  request: PendingPermission;
  presentation: PermissionPresentation;
}

export interface ElicitationPrompt {
  type: 'elicitation';
  key: string;
  sessionId?: string;
  request: PendingElicitation;
  form: FormParse;
}

export type Prompt = PermissionPrompt | ElicitationPrompt;

export interface PromptSettled {
  key: string;
  type: Prompt['type'];
  /** `answered`: a surface answered it; `cancelled`: its signal aborted (reason from the core). */
  outcome: 'answered' | 'cancelled';
  reason?: string;
}

export interface PermissionBrokerOptions {
  logger: Logger;
  /** Workspace folders for location labels, read when a request arrives. */
  presentationContext?: () => PresentationContext;
  /** How many ended requests are remembered, so a late answer still reaches the core (which records it expired). */
  endedMemory?: number;
}

interface Live {
  prompt: Prompt;
  detach: () => void;
}

export class PermissionBroker {
  private readonly live = new Map<string, Live>();
  private readonly ended = new Map<string, Prompt>();
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

  /** The core's `ClientHooks.requestPermission`: holds the request for the surfaces until it is answered or ends. */
  requestPermission(request: PendingPermission): void {
    if (this.live.has(request.key)) throw new Error(`A permission request with key ${request.key} is already pending.`);
    let presentation: PermissionPresentation;
    try {
      presentation = buildPermissionPresentation(
        { params: request.params, toolCall: request.toolCall, subagent: request.subagent },
        this.presentationContext(),
      );
    } catch (err) {
      // The presenter is written not to throw on agent data; if it does, the request must still reach the user.
      this.logger.error(`[broker] could not build the presentation of ${request.key}`, err);
      presentation = buildPermissionPresentation({
        params: { sessionId: request.sessionId, toolCall: { toolCallId: '' }, options: request.params.options ?? [] },
        subagent: request.subagent,
      });
    }
    this.hold({ type: 'permission', key: request.key, sessionId: request.sessionId, request, presentation });
  }

  /** The core's `ClientHooks.createElicitation`. */
  createElicitation(request: PendingElicitation): void {
    if (this.live.has(request.key)) throw new Error(`An elicitation with key ${request.key} is already pending.`);
    this.hold({ type: 'elicitation', key: request.key, sessionId: request.sessionId, request, form: parseElicitationForm(request.params) });
  }

  /** Answer a permission request; the core refuses an option it did not offer (the request stays pending). */
  answer(key: string, optionId: string): AnswerResult {
    const prompt = this.find(key, 'permission');
    return prompt ? this.late(prompt, prompt.request.answer(optionId)) : 'unknown';
  }

  /** Answer a form elicitation; content that does not fit the form is refused (the request stays pending). */
  answerElicitation(key: string, response: CreateElicitationResponse): AnswerResult {
    const prompt = this.find(key, 'elicitation');
    if (!prompt) return 'unknown';
    const refused = checkElicitationAnswer(prompt.form, response);
    return refused ? { refused } : this.late(prompt, prompt.request.answer(response));
  }

  /** A surface was closed without an answer. The request stays pending. */
  dismiss(key: string): void {
    const live = this.live.get(key);
    if (!live) return;
    live.prompt.request.dismissed = true;
    this.dismissedEmitter.fire(live.prompt);
  }

  /** Ask the surfaces to present `key` again. Returns the prompt, or undefined when nothing is pending. */
  show(key: string): Prompt | undefined {
    const live = this.live.get(key);
    if (!live) return undefined;
    live.prompt.request.dismissed = false;
    this.showEmitter.fire(live.prompt);
    return live.prompt;
  }

  /**
   * The pending key after `after` in arrival order, wrapping around; the oldest when `after` is not pending. With
   * `sessionId`, among that session's requests when it has any.
   */
  nextKey(after?: string, sessionId?: string): string | undefined {
    const all = [...this.live.keys()];
    const ofSession = sessionId === undefined ? [] : all.filter((k) => this.live.get(k)?.prompt.sessionId === sessionId);
    const keys = ofSession.length ? ofSession : all;
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
    for (const { prompt, detach } of [...this.live.values()]) {
      detach();
      if (prompt.type === 'elicitation') prompt.request.answer({ action: 'cancel' });
    }
    this.live.clear();
    this.ended.clear();
    for (const e of [this.addedEmitter, this.settledEmitter, this.countEmitter, this.showEmitter, this.dismissedEmitter]) e.dispose();
  }

  private hold(prompt: Prompt): void {
    const state = prompt.request.state;
    if (state.status !== 'pending') {
      this.logger.info(`[broker] ${prompt.type} ${prompt.key} ended before it could be shown (${state.status === 'cancelled' ? state.reason : state.status})`);
      this.remember(prompt);
      return;
    }
    const sub = prompt.request.onDidSettle((ended) =>
      this.onEnded(prompt, ended.status === 'cancelled' ? { outcome: 'cancelled', reason: ended.reason } : { outcome: 'answered' }),
    );
    this.live.set(prompt.key, { prompt, detach: () => sub.dispose() });
    this.logger.info(`[broker] ${prompt.type} ${prompt.key} pending`);
    this.addedEmitter.fire(prompt);
    this.countEmitter.fire(this.live.size);
  }

  /** The approval ended (answered through any surface, or cancelled): every surface showing it closes. */
  private onEnded(prompt: Prompt, how: Pick<PromptSettled, 'outcome' | 'reason'>): void {
    if (!this.live.has(prompt.key)) return;
    this.drop(prompt.key);
    this.remember(prompt);
    this.logger.info(`[broker] ${prompt.type} ${prompt.key} ${how.outcome}${how.reason ? ` (${how.reason})` : ''}`);
    this.settledEmitter.fire({ key: prompt.key, type: prompt.type, ...how });
    this.countEmitter.fire(this.live.size);
  }

  /** A live or recently ended prompt of `type` (a late answer to an ended one still goes to the core). */
  private find<T extends Prompt['type']>(key: string, type: T): Extract<Prompt, { type: T }> | undefined {
    const prompt = this.live.get(key)?.prompt ?? this.ended.get(key);
    if (prompt?.type === type) return prompt as Extract<Prompt, { type: T }>;
    this.logger.warn(`[broker] answer to unknown ${type} ${key} ignored`);
    return undefined;
  }

  private late(prompt: Prompt, result: AnswerResult): AnswerResult {
    if (result === 'expired') this.logger.info(`[broker] late answer to ${prompt.type} ${prompt.key} discarded`);
    return result;
  }

  private drop(key: string): void {
    this.live.get(key)?.detach();
    this.live.delete(key);
  }

  private remember(prompt: Prompt): void {
    this.ended.delete(prompt.key);
    this.ended.set(prompt.key, prompt);
    while (this.ended.size > this.endedMemory) this.ended.delete(this.ended.keys().next().value!);
  }
}

/** Why an elicitation answer cannot be sent, or undefined when it fits the form. */
function checkElicitationAnswer(form: FormParse, answer: CreateElicitationResponse): string | undefined {
  switch (answer.action) {
    case 'decline':
    case 'cancel':
      return undefined;
    case 'accept':
      if (!form.ok) return `This form cannot be accepted: ${form.error}`;
      return validateElicitationContent(form.form, answer.content);
    default:
      return `Unknown elicitation action ${JSON.stringify((answer as { action: unknown }).action)}.`;
  }
}
