// A plan the agent asks to start on, opened as a document the user comments on line by line (in place of the read-only
// preview). Send Feedback answers the question with the agent's "keep planning" answer and sends every comment on the
// plan as the next prompt, so the chat stays in plan mode and the agent revises; Approve Plan answers as the card's
// first answer does. The Claude adapter ends the turn on "keep planning" (dist/permissions/effects.js: the reject
// option denies ExitPlanMode with an interrupt), so the feedback is sent once that turn is over (the chat's queue holds
// back what waits behind a cancelled turn: the user stopped to think, which is not the case here).
import * as vscode from 'vscode';
import type { PermissionPrompt } from '../permissionUI/permissionBroker';
import type { PermissionController } from '../permissionUI/permissionController';
import { planFeedbackPrompt } from './reviewPrompt';
import { isPlanThread, type PlanThread, type ReviewStore } from './reviewStore';
import { REVIEW_COMMENTS } from './reviewCommentsWording';

export const PLAN_REVIEW_SCHEME = 'acp-chat-plan-review';

export interface PlanReviewDeps {
  store: ReviewStore;
  permissions: PermissionController;
  /** Sends the feedback to the chat of `sessionId` once its turn is over; false when no open chat holds it. */
  submitAfterTurn(sessionId: string, text: string): boolean;
  say(message: string): void;
}

interface OpenPlan {
  key: string;
  sessionId: string;
  text: string;
}

export class PlanReview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly plans = new Map<string, OpenPlan>();
  private counter = 0;
  private readonly subs: vscode.Disposable[];

  constructor(private readonly deps: PlanReviewDeps) {
    this.subs = [
      vscode.workspace.registerTextDocumentContentProvider(PLAN_REVIEW_SCHEME, this),
      deps.permissions.providePlanViewer((p) => this.open(p)),
      // Whatever surface asks (the chat's card alone too), the plan opens to be read and commented on.
      deps.permissions.broker.onDidAdd((p) => {
        if (p.type === 'permission' && p.presentation.plan) void this.open(p);
      }),
    ];
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.plans.get(uri.toString())?.text ?? '';
  }

  /** The plan's question behind a plan document, if `uri` is one. */
  planOf(uri: vscode.Uri): { key: string; sessionId: string } | undefined {
    const plan = this.plans.get(uri.toString());
    return plan && { key: plan.key, sessionId: plan.sessionId };
  }

  /** Opens the plan of `prompt` as a Markdown document, the keyboard left where it is. */
  async open(prompt: PermissionPrompt): Promise<void> {
    const existing = [...this.plans].find(([, p]) => p.key === prompt.key)?.[0];
    const uri = existing ? vscode.Uri.parse(existing) : vscode.Uri.from({ scheme: PLAN_REVIEW_SCHEME, path: `/${++this.counter}/plan.md` });
    if (!existing) this.plans.set(uri.toString(), { key: prompt.key, sessionId: prompt.sessionId, text: prompt.presentation.plan ?? '' });
    const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'markdown');
    // In the editor group in use (its title bar carries Send Feedback and Approve Plan), the keyboard left where it is.
    await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: true, viewColumn: vscode.ViewColumn.Active });
  }

  /** The plan document a command is for: the one it was given, else the active editor's. */
  private target(uri: unknown): string | undefined {
    const given = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
    return given && this.plans.has(given.toString()) ? given.toString() : undefined;
  }

  private pending(key: string): PermissionPrompt | undefined {
    const p = this.deps.permissions.broker.pending().find((x) => x.key === key);
    return p?.type === 'permission' ? p : undefined;
  }

  /** Keep planning, with every draft comment on the plan as the next prompt. */
  async sendFeedback(uri?: unknown): Promise<void> {
    const at = this.target(uri);
    const plan = at && this.plans.get(at);
    if (!plan) return;
    const drafts = this.deps.store.all().filter((t): t is PlanThread => isPlanThread(t) && t.planKey === plan.key && t.state === 'draft');
    if (drafts.length === 0) return this.deps.say(REVIEW_COMMENTS.noPlanComments());
    const prompt = this.pending(plan.key);
    const keepPlanning =
      prompt?.request.params.options.find((o) => o.kind === 'reject_once') ?? prompt?.request.params.options.find((o) => !o.kind.startsWith('allow'));
    if (!prompt || !keepPlanning) return this.deps.say(REVIEW_COMMENTS.noPlanQuestion());
    // The prompt is taken first (so no comment is lost when no chat can take it), then the answer ends the turn.
    if (!this.deps.submitAfterTurn(plan.sessionId, planFeedbackPrompt(drafts))) return;
    this.deps.store.update(...drafts.map((t) => ({ ...t, state: 'sent' as const })));
    this.deps.permissions.answer(plan.key, keepPlanning.optionId);
    await this.close(at);
  }

  /** Approves the plan as the card's first answer does ("Yes, manually approve edits": the one-time answer). */
  async approve(uri?: unknown): Promise<void> {
    const at = this.target(uri);
    const plan = at && this.plans.get(at);
    if (!plan) return;
    const prompt = this.pending(plan.key);
    const yes = prompt?.presentation.options.find((o) => o.kind === 'allow_once') ?? prompt?.presentation.options[0];
    if (!prompt || !yes) return this.deps.say(REVIEW_COMMENTS.noPlanQuestion());
    this.deps.permissions.answer(plan.key, yes.optionId);
    await this.close(at);
  }

  private async close(uri: string): Promise<void> {
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri);
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
  }

  dispose(): void {
    for (const s of this.subs.splice(0)) s.dispose();
    this.plans.clear();
  }
}
