// Answering an approval from the diff of its edit: a diff opened for a pending request (the chat card's Open diff, the
// QuickPick's Show diff, the modal's details) carries the request's own choices in its title bar. Which diff answers
// which request is kept here (each side's URI → the approval's key); the context keys follow the active tab and the
// broker's settle, so a diff whose request ended elsewhere loses its actions. An answer goes the one way every
// surface's does (PermissionController.answer → the Approval; the first answer wins).
import * as vscode from 'vscode';
import type { Event } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import type { PermissionController } from '../permissionUI/permissionController';
import type { OpenedDiff } from '../workbench/editorActions';
import {
  approvalOfDiff,
  buildDiffApprovalContext,
  buildDiffChoices,
  type DiffAnswer,
  type DiffApprovalContext,
  type DiffApprovalTarget,
} from './diffApprovalChoices';

/** Bounded: a long session opens many diffs; the oldest are forgotten (their requests long ended). */
const MAX_TRACKED_SIDES = 200;

export interface DiffApprovalsDeps {
  permissions: PermissionController;
  editor: { readonly onDidOpenDiff: Event<OpenedDiff> };
  logger: Logger;
}

export class DiffApprovals implements vscode.Disposable {
  /** Each side of a diff opened for an approval (URI string) → that approval; kept after it ends, for a late answer. */
  private readonly openedFor = new Map<string, DiffApprovalTarget>();
  private readonly disposables: vscode.Disposable[] = [];
  private context: DiffApprovalContext = buildDiffApprovalContext(undefined);
  private readonly permissions: PermissionController;
  private readonly logger: Logger;

  constructor({ permissions, editor, logger }: DiffApprovalsDeps) {
    this.permissions = permissions;
    this.logger = logger;
    this.disposables.push(editor.onDidOpenDiff((opened) => this.onOpened(opened)));
    vscode.window.tabGroups.onDidChangeTabs(this.update, this, this.disposables);
    vscode.window.tabGroups.onDidChangeTabGroups(this.update, this, this.disposables);
    this.disposables.push(permissions.broker.onDidSettle(() => this.update()));
  }

  /**
   * Answer the approval of a diff with `answer`'s option: the diff of `target` (the editor title's resource, when
   * clicked there), else the active tab. False when that diff answers no approval with that choice. An answer that
   * came too late or was refused is reported by the controller; an accepted one closes the request's diffs.
   */
  async answer(answer: DiffAnswer, target?: unknown): Promise<boolean> {
    const sides = target instanceof vscode.Uri ? [target.toString()] : activeDiffSides();
    // Ended approvals count here: the controller words a late answer ("had already ended") rather than "no approval".
    const approval = approvalOfDiff(sides, this.openedFor, () => true);
    const optionId = approval?.choices[answer];
    if (!approval || optionId === undefined) return false;
    if (answer === 'allowAlways' && !(await this.confirmBroader(approval.key, optionId))) return true;
    this.logger.info(`[diffApprovals] ${answer} for ${approval.key} from its diff`);
    if (this.permissions.answer(approval.key, optionId) === 'accepted') await this.closeDiffsOf(approval.key);
    return true;
  }

  /**
   * The title bar can only say "Yes, and Don't Ask Again…": the agent's own label of that answer, which says what it
   * stops asking about, is shown whole before a lasting rule is given.
   */
  private async confirmBroader(key: string, optionId: string): Promise<boolean> {
    const prompt = this.permissions.broker.get(key);
    const label = prompt?.type === 'permission' ? prompt.presentation.options.find((o) => o.optionId === optionId)?.label : undefined;
    // Ended meanwhile: the answer goes on to be worded as late.
    if (label === undefined) return true;
    const confirm = vscode.l10n.t("Yes, and Don't Ask Again");
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Answer "{0}"?', label),
      { modal: true, detail: vscode.l10n.t('This allows the change and gives the lasting permission the answer names.') },
      confirm,
    );
    return choice === confirm;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.openedFor.clear();
  }

  private onOpened(opened: OpenedDiff): void {
    const key = opened.forApproval;
    if (key === undefined) return;
    const prompt = this.permissions.broker.get(key);
    // Ended while the diff was opening: the diff is only a diff.
    if (prompt?.type !== 'permission') return;
    const target: DiffApprovalTarget = { key, choices: buildDiffChoices(prompt.presentation.options) };
    for (const side of [opened.original, opened.modified]) {
      this.openedFor.delete(side.toString());
      this.openedFor.set(side.toString(), target);
    }
    while (this.openedFor.size > MAX_TRACKED_SIDES) this.openedFor.delete(this.openedFor.keys().next().value!);
    // The tab may have become active before this diff was known.
    this.update();
  }

  /** Sets the context keys for the active tab, when they change. */
  private update(): void {
    const active = approvalOfDiff(activeDiffSides(), this.openedFor, (key) => this.permissions.broker.get(key) !== undefined);
    const next = buildDiffApprovalContext(active);
    for (const [name, value] of Object.entries(next) as [keyof DiffApprovalContext, boolean][]) {
      if (this.context[name] === value) continue;
      this.context = { ...this.context, [name]: value };
      vscode.commands
        .executeCommand('setContext', name, value)
        .then(undefined, (err: unknown) => this.logger.error(`[diffApprovals] setContext ${name} failed`, err));
    }
  }

  /** Closes every diff tab opened for `key` (in any group). */
  private async closeDiffsOf(key: string): Promise<void> {
    const sides = new Set([...this.openedFor].filter(([, t]) => t.key === key).map(([side]) => side));
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((tab) => diffSidesOf(tab).some((s) => sides.has(s)));
    if (tabs.length === 0) return;
    try {
      await vscode.window.tabGroups.close(tabs, true);
    } catch (err) {
      // The answer went through; a diff left open only lost its actions.
      this.logger.warn(`[diffApprovals] could not close the diff of ${key}`, err);
    }
  }
}

function activeDiffSides(): string[] {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  return tab ? diffSidesOf(tab) : [];
}

function diffSidesOf(tab: vscode.Tab): string[] {
  const input = tab.input;
  return input instanceof vscode.TabInputTextDiff ? [input.original.toString(), input.modified.toString()] : [];
}
