// @vitest-environment jsdom
// Polite announcements of streamed text: whole sentences, each once, found in one pass however the text arrives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Announcer, lastSentenceEnd } from '../../../src/webview/page/announcer';

/** The sentence end as the announcer read it before (a regex that backtracked over a long run without one). */
const byRegex = (s: string) => /[\s\S]*[.!?:\n](\s|$)/.exec(s)?.[0].length ?? 0;

describe('lastSentenceEnd', () => {
  it('is the end of the last sentence with the blank after it, as the regex read it', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', ' ', '.', '!', ':', '\n', 'x.y', '?'), { maxLength: 40 }), (parts) => {
        const s = parts.join('');
        expect(Math.max(0, lastSentenceEnd(s))).toBe(byRegex(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Announcer', () => {
  const said = (a: Announcer) => [...a.node.childNodes].map((n) => n.textContent);

  it('announces each whole sentence once, however the text is split', () => {
    const text = 'First sentence. Second one!\nA list:\n- item\nLast words';
    for (const step of [1, 3, 7, text.length]) {
      const a = new Announcer();
      const heard: string[] = [];
      a.say = (t: string) => void (t && heard.push(t));
      for (let at = step; at < text.length + step; at += step) a.agentText('e1', text.slice(0, Math.min(at, text.length)));
      a.flush(text);
      // Every word once, in order, nothing else.
      expect(heard.join(' ').replace(/\s+/gu, ' ')).toBe('First sentence. Second one! A list: - item Last words');
      expect(heard.every((t) => /[.!?:\n]$|words$|item$/u.test(t))).toBe(true);
    }
  });

  it('starts again for another message, and keeps the region to three announcements', () => {
    const a = new Announcer();
    a.agentText('e1', 'One. ');
    a.agentText('e2', 'Two. ');
    a.agentText('e2', 'Two. Three. ');
    a.agentText('e2', 'Two. Three. Four. ');
    a.agentText('e2', 'Two. Three. Four. Five. ');
    expect(said(a)).toEqual(['Three.', 'Four.', 'Five.']);
  });
});
