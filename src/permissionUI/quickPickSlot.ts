// One QuickPick that permission prompts borrow in turn. When a prompt ends the pick stays on screen for a moment,
// greyed (disabled: the answer was taken); a prompt that comes in that time is shown by refilling it: an
// agent asking again right after an answer (one approval after another in a turn) then costs VS Code an update of
// the pick it shows, not a new quick input laid out over the workbench (about 10 ms against 40–100 ms in the bench's
// workbench). A lease's listeners end with the lease, so nothing the user does to the pick afterwards reaches an
// ended prompt; and a refilled pick takes no answer for its first moments, which could only be a key meant for the
// prompt before it (VS Code reports an accept by item position, and the positions now hold the new prompt's options).
import * as vscode from 'vscode';
import { PICK_LINGER_MS, REFILLED_DEAD_MS } from './timings';

export interface QuickPickLease<T extends vscode.QuickPickItem> {
  readonly pick: vscode.QuickPick<T>;
  /** Listen to the pick for as long as the lease lasts. */
  listen(d: vscode.Disposable): void;
  /** Called when the user hides the pick during the lease (Escape, or another quick input took its place). */
  onHidden: (() => void) | undefined;
  /** True while an accept may still be a key meant for the prompt this pick showed before. */
  tooSoon(): boolean;
}

export class QuickPickSlot<T extends vscode.QuickPickItem> implements vscode.Disposable {
  private pick: vscode.QuickPick<T> | undefined;
  private lease: (QuickPickLease<T> & { subs: vscode.Disposable[] }) | undefined;
  private lingering: ReturnType<typeof setTimeout> | undefined;

  /** The pick for a new prompt: the lingering one refilled by the caller, or a new one. Ends any current lease. */
  take(): QuickPickLease<T> {
    this.endLease();
    this.stopLingering();
    let pick = this.pick;
    const refilledAt = pick ? Date.now() : undefined;
    if (!pick) {
      pick = this.pick = vscode.window.createQuickPick<T>();
      const own = pick;
      pick.onDidHide(() => {
        if (this.pick !== own) return;
        const lease = this.lease;
        this.drop();
        lease?.onHidden?.();
      });
    } else {
      if (pick.value) pick.value = '';
      if (!pick.enabled) pick.enabled = true;
    }
    const lease = {
      pick,
      subs: [] as vscode.Disposable[],
      onHidden: undefined,
      listen: (d: vscode.Disposable) => void lease.subs.push(d),
      tooSoon: () => refilledAt !== undefined && Date.now() - refilledAt < REFILLED_DEAD_MS,
    };
    this.lease = lease;
    return lease;
  }

  /** The prompt holding `lease` ended: the pick lingers, answered, for the next prompt, then hides. */
  release(lease: QuickPickLease<T>): void {
    if (this.lease !== lease || !this.pick) return;
    this.endLease();
    const pick = this.pick;
    // Greyed, not busy: VS Code's busy bar, animating while the pick closed, slowed a QuickPick shown right after it.
    pick.enabled = false;
    this.lingering = setTimeout(() => {
      this.lingering = undefined;
      this.drop();
    }, PICK_LINGER_MS);
  }

  /** Another kind of surface is opening: no pick lingers behind it. */
  hideLingering(): void {
    if (!this.lease) this.drop();
  }

  dispose(): void {
    this.endLease();
    this.drop();
  }

  private endLease(): void {
    if (!this.lease) return;
    for (const d of this.lease.subs.splice(0)) d.dispose();
    this.lease = undefined;
  }

  private stopLingering(): void {
    clearTimeout(this.lingering);
    this.lingering = undefined;
  }

  private drop(): void {
    this.stopLingering();
    this.endLease();
    const pick = this.pick;
    this.pick = undefined;
    pick?.dispose();
  }
}
