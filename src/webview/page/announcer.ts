// Polite screen-reader announcements of streamed agent text. Re-rendered markdown would be re-read from the start,
// so only the new text is announced, in whole sentences, into a visually hidden aria-live="polite" region.
import { h } from './dom';

export class Announcer {
  readonly node = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'false', 'data-testid': 'live-region' });
  private entryId = '';
  private announced = 0;
  /** How much of the message was looked at for a sentence end: each call reads only what came since. */
  private scanned = 0;

  /** Feeds the full text of an agent message so far; announces complete sentences not yet announced. */
  agentText(entryId: string, text: string, final = false): void {
    if (entryId !== this.entryId || text.length < this.scanned) {
      this.entryId = entryId;
      this.announced = 0;
      this.scanned = 0;
    }
    // A sentence end is known once the character after it is (or the text ends there): the last one read is read again.
    const end = final ? text.length : lastSentenceEnd(text, Math.max(this.announced, this.scanned - 1));
    this.scanned = text.length;
    if (end <= this.announced) return;
    this.say(text.slice(this.announced, end).trim());
    this.announced = end;
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

/**
 * Where the last sentence in `s` at or after `from` ends, with the blank after it: after `.`, `!`, `?`, `:` or a line
 * break that is followed by a blank or ends the text; -1 when there is none. One pass back from the end, so a long
 * run without one (a code block) costs its length once, not its length squared.
 */
export function lastSentenceEnd(s: string, from = 0): number {
  for (let i = s.length - 1; i >= from; i--) {
    if (!'.!?:\n'.includes(s[i]!)) continue;
    if (i + 1 === s.length) return i + 1;
    if (/\s/u.test(s[i + 1]!)) return i + 2;
  }
  return -1;
}
