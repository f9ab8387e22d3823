// Polite screen-reader announcements of streamed agent text. Re-rendered markdown would be re-read from the start,
// so only the new text is announced, in whole sentences, into a visually hidden aria-live="polite" region.
import { h } from './dom';

export class Announcer {
  readonly node = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'false', 'data-testid': 'live-region' });
  private entryId = '';
  private announced = 0;

  /** Feeds the full text of an agent message so far; announces complete sentences not yet announced. */
  agentText(entryId: string, text: string, final = false): void {
    if (entryId !== this.entryId) {
      this.entryId = entryId;
      this.announced = 0;
    }
    const fresh = text.slice(this.announced);
    const end = final ? fresh.length : lastSentenceEnd(fresh);
    if (end <= 0) return;
    this.say(fresh.slice(0, end).trim());
    this.announced += end;
  }

  /** Flushes the rest of the current message (turn ended). */
  flush(text: string | undefined): void {
    if (text !== undefined) this.agentText(this.entryId, text, true);
  }

  say(text: string): void {
    if (!text) return;
    // One child per announcement; old ones are dropped so the region stays small.
    this.node.append(h('p', {}, text));
    while (this.node.childNodes.length > 3) this.node.firstChild?.remove();
  }

  get currentEntryId(): string {
    return this.entryId;
  }
}

function lastSentenceEnd(s: string): number {
  const m = /[\s\S]*[.!?:\n](\s|$)/.exec(s);
  return m ? m[0].length : 0;
}
