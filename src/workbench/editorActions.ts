// What the chat and the approval prompts open in the editor: an agent-supplied location, a native diff of a proposed
// edit, the plan as a markdown preview. Failures are logged and reported through `onDidFail` (the presenter shows
// them); none escapes to the caller.
import * as vscode from 'vscode';
import { Emitter } from '../acpClient/events';
import type { Logger } from '../acpClient/logger';
import { toDisplayText } from '../acpClient/displayText';
import type { PresentedLocation } from './locationLinks';
import { LocationRefusedError } from './locationRefusedError';
import type { DiffSides, PresentedDiff } from './previewDocuments';
import { openLocation } from './locationOpener';
import type { AgentFolders } from './agentFolders';
import { PreviewDocuments } from './previewDocuments';

/** A diff the editor opened; `forApproval` is the key of the pending approval it was opened for, if any. */
export interface OpenedDiff extends DiffSides {
  forApproval?: string;
}

export class EditorActions implements vscode.Disposable {
  private readonly previews: PreviewDocuments;
  private readonly failEmitter = new Emitter<{ err: unknown; what: string }>();
  /** An action failed: what to tell the user. */
  readonly onDidFail = this.failEmitter.event;
  private readonly openedDiffEmitter = new Emitter<OpenedDiff>();
  /** A diff was opened (after its editor was shown). */
  readonly onDidOpenDiff = this.openedDiffEmitter.event;

  constructor(
    private readonly logger: Logger,
    private readonly folders: AgentFolders,
  ) {
    this.previews = new PreviewDocuments(logger, folders);
  }

  /**
   * Open a file at a 1-based line (the chat's location links; focus moves to the editor). False when it was not
   * opened: invalid, declined outside the workspace, or failed.
   */
  openLocation(path: unknown, line?: unknown): Promise<boolean> {
    return this.open(vscode.l10n.t('Opening {0}', toDisplayText(String(path), 200)), () =>
      openLocation(path, line, this.folders.paths(), { preserveFocus: false }),
    );
  }

  /** A location from an approval prompt: checked when presented; focus stays on the prompt. */
  async openPresentedLocation(location: PresentedLocation): Promise<void> {
    if (location.invalid) {
      this.failEmitter.fire({ err: new LocationRefusedError(location.label, location.invalid), what: vscode.l10n.t('Opening {0}', location.label) });
      return;
    }
    await this.open(vscode.l10n.t('Opening {0}', location.label), () =>
      openLocation(location.path, location.line, this.folders.paths(), { preserveFocus: true }),
    );
  }

  /**
   * Native diff of current vs proposed content; `applied` when the change is already on disk; `forApproval`: the key
   * of the pending approval it is opened for (its title bar then answers it: review/diffApprovals.ts); `askedBy`: the
   * subagent that asks, named in the title.
   */
  async showDiff(diff: PresentedDiff, { forApproval, ...opts }: { applied?: boolean; forApproval?: string; askedBy?: string } = {}): Promise<void> {
    const sides = await this.attempt(vscode.l10n.t('Showing the diff'), () => this.previews.showDiff(diff, opts));
    if (sides) this.openedDiffEmitter.fire({ ...sides, forApproval });
  }

  /** Markdown preview of a plan (ExitPlanMode). */
  async showPlan(markdown: string): Promise<void> {
    await this.attempt(vscode.l10n.t('Showing the plan'), () => this.previews.showPlan(markdown));
  }

  dispose(): void {
    this.previews.dispose();
    this.failEmitter.dispose();
    this.openedDiffEmitter.dispose();
  }

  private async open(what: string, op: () => Promise<boolean>): Promise<boolean> {
    return (await this.attempt(what, op)) ?? false;
  }

  private async attempt<T>(what: string, op: () => Promise<T>): Promise<T | undefined> {
    try {
      return await op();
    } catch (err) {
      this.logger.error(`[editor] ${what} failed`, err);
      this.failEmitter.fire({ err, what });
      return undefined;
    }
  }
}
