// A path is shown relative to the folder it is in, the deepest of them; one in no folder is shown whole and marked.
import { describe, expect, it } from 'vitest';
import { shownPath } from '../../../src/workbench/shownPath';

describe('shownPath', () => {
  it('is relative to the workspace folder or the worktree it is in', () => {
    expect(shownPath('/home/dana/shop/src/checkout.js', ['/home/dana/shop'])).toEqual({ text: 'src/checkout.js', inside: true });
    expect(shownPath('/home/dana/shop/src/a.js', ['/home/dana/shop/', '/tmp/wt'])).toEqual({ text: 'src/a.js', inside: true });
    expect(shownPath('/tmp/wt/b.js', ['/home/dana/shop', '/tmp/wt'])).toEqual({ text: 'b.js', inside: true });
    // A worktree inside the workspace: the deeper folder names it shorter.
    expect(shownPath('/ws/.wt/x/c.js', ['/ws', '/ws/.wt/x'])).toEqual({ text: 'c.js', inside: true });
  });

  it('is whole and marked outside every folder, a sibling with the same prefix and a climb out included', () => {
    expect(shownPath('/etc/hosts', ['/home/dana/shop'])).toEqual({ text: '/etc/hosts (outside workspace)', inside: false });
    expect(shownPath('/home/dana/shop2/a.js', ['/home/dana/shop'])).toEqual({ text: '/home/dana/shop2/a.js (outside workspace)', inside: false });
    expect(shownPath('/home/dana/shop/../x/a.js', ['/home/dana/shop']).inside).toBe(false);
    expect(shownPath('/home/dana/shop', ['/home/dana/shop']).inside).toBe(false);
    expect(shownPath('/a.js', []).inside).toBe(false);
  });

  it('reads a Windows path without regard to case or slash direction', () => {
    expect(shownPath('C:\\Users\\dana\\shop\\src\\a.ts', ['c:/users/dana/shop'])).toEqual({ text: 'src\\a.ts', inside: true });
  });
});
