// What the chat and the approval prompts open in the editor: an agent-supplied location, a native diff of a proposed
// edit, the plan as a markdown preview. Failures are logged and shown; none escapes to the caller.
import * as vscode from 'vscode';
import { errorMessage } from '../acp/errors';
import type { Logger } from '../acp/logger';
import { toDisplayText } from './displayText';
import type { PresentedLocation } from './locationLinks';
import type { PresentedDiff } from './previewDocuments';
import { openLocation } from './locationOpener';
import { PreviewDocuments } from './previewDocuments';

export class EditorActions implements vscode.Disposable {
  private readonly previews: PreviewDocuments;

  constructor(private readonly logger: Logger) {
    this.previews = new PreviewDocuments(logger);
  }

  /**
   * Open a file at a 1-based line (the chat's location links; focus moves to the editor). False when it was not
   * opened: invalid, declined outside the workspace, or failed.
   */
  openLocation(path: unknown, line?: unknown): Promise<boolean> {
    return this.open(toDisplayText(String(path), 200), () => openLocation(path, line, { preserveFocus: false }));
  }

  /** A location from an approval prompt: checked when presented; focus stays on the prompt. */
  async openPresentedLocation(location: PresentedLocation): Promise<void> {
    if (location.invalid) {
      void vscode.window.showErrorMessage(`ACP Chat: cannot open ${location.label}. ${location.invalid}`);
      return;
    }
    await this.open(location.label, () => openLocation(location.path, location.line, { preserveFocus: true }));
  }

  /** Native diff of current vs proposed content; `applied` when the change is already on disk. */
  async showDiff(diff: PresentedDiff, opts: { applied?: boolean } = {}): Promise<void> {
    await this.attempt('show the diff', () => this.previews.showDiff(diff, opts));
  }

  /** Markdown preview of a plan (ExitPlanMode). */
  async showPlan(markdown: string): Promise<void> {
    await this.attempt('show the plan', () => this.previews.showPlan(markdown));
  }

  dispose(): void {
    this.previews.dispose();
  }

  private async open(label: string, op: () => Promise<boolean>): Promise<boolean> {
    return (await this.attempt(`open ${label}`, op)) ?? false;
  }

  private async attempt<T>(what: string, op: () => Promise<T>): Promise<T | undefined> {
    try {
      return await op();
    } catch (err) {
      this.logger.error(`[editor] could not ${what}`, err);
      void vscode.window.showErrorMessage(`ACP Chat: could not ${what}: ${errorMessage(err)}`);
      return undefined;
    }
  }
}
