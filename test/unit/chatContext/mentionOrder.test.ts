import { describe, expect, it } from 'vitest';
import { ancestorFolders, matchingCategories, matchScore, parseMentionQuery, rankByName } from '../../../src/chatContext/mentionOrder';

describe('what @ offers, and in what order', () => {
  it('@#name asks for symbols only; anything else for everything', () => {
    expect(parseMentionQuery('#Release')).toEqual({ text: 'Release', symbolsOnly: true });
    expect(parseMentionQuery('#')).toEqual({ text: '', symbolsOnly: true });
    expect(parseMentionQuery('src')).toEqual({ text: 'src', symbolsOnly: false });
  });

  it('the categories: all for @ alone, else those a word of which the text starts', () => {
    expect(matchingCategories('')).toEqual(['problems', 'terminal', 'changes']);
    expect(matchingCategories('PRO')).toEqual(['problems']);
    expect(matchingCategories('err')).toEqual(['problems']);
    expect(matchingCategories('te')).toEqual(['terminal']);
    expect(matchingCategories('git')).toEqual(['changes']);
    expect(matchingCategories('d')).toEqual(['problems', 'changes']);
    expect(matchingCategories('src')).toEqual([]);
  });

  it('scores the name before the path: exact, start, inside, then the path only', () => {
    expect(['readme', 'readme.md', 'my-readme.md', 'x.md'].map((n) => matchScore('readme', n, `docs/readme/${n}`))).toEqual([0, 1, 2, 3]);
    expect(matchScore('zzz', 'a.ts', 'src/a.ts')).toBeUndefined();
  });

  it('ranks best match first, then the shorter path, then by path; drops what does not match; bounded', () => {
    const c = (path: string) => ({ name: path.slice(path.lastIndexOf('/') + 1), path });
    const ranked = rankByName('comp', [c('src/x/components'), c('lib/compiler.ts'), c('src/components'), c('other.ts'), c('compose/a.ts')], 10);
    expect(ranked.map((r) => r.path)).toEqual(['src/components', 'lib/compiler.ts', 'src/x/components', 'compose/a.ts']);
    expect(rankByName('comp', [c('a/comp1'), c('a/comp2'), c('a/comp3')], 2).map((r) => r.path)).toEqual(['a/comp1', 'a/comp2']);
  });

  it('a file lies in each of its folders, outermost first', () => {
    expect(ancestorFolders('src/components/a.ts')).toEqual(['src', 'src/components']);
    expect(ancestorFolders('a.ts')).toEqual([]);
  });
});
