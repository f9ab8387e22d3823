// The prompts sent from the composer, walked with ↑/↓ (↑ in an empty box, or while walking): the last MAX_HISTORY,
// a prompt sent twice in a row kept once.
const MAX_HISTORY = 100;

export class PromptHistory {
  private readonly sent: string[] = [];
  /** Position while walking the history; sent.length means "not walking". */
  private at = 0;

  /** A prompt was sent (blank text, with attachments only, is not kept): walking starts again from the end. */
  record(text: string): void {
    if (text.trim() !== '' && this.sent[this.sent.length - 1] !== text) {
      this.sent.push(text);
      if (this.sent.length > MAX_HISTORY) this.sent.shift();
    }
    this.at = this.sent.length;
  }

  /** ↑: the earlier prompt to show, or undefined when ↑ is not the history's (a draft in the box, none sent, or at the first). */
  up(empty: boolean): string | undefined {
    if (!(empty || this.at < this.sent.length) || this.sent.length === 0 || this.at === 0) return undefined;
    this.at--;
    return this.sent[this.at] ?? '';
  }

  /** ↓ while walking: the later prompt to show (past the last, an empty box), or undefined when not walking. */
  down(): string | undefined {
    if (this.at >= this.sent.length) return undefined;
    this.at++;
    return this.sent[this.at] ?? '';
  }
}
