// The sign-in QuickPick shows the agent's method names as text: a `$(icon)` in one stays visible as written.
import { describe, expect, it } from 'vitest';
import { methodItem } from '../../../src/signIn/methodItem';

/** What VS Code's QuickPick renders as an icon: `$(name)` not preceded by a backslash. */
const CODICON = /(?<!\\)\$\([A-Za-z0-9-]+(?:~[A-Za-z-]+)?\)/u;

describe('a sign-in method as a QuickPick item', () => {
  it('escapes icons in the name and description and keeps the words', () => {
    const item = methodItem({ id: 'x', name: '$(verified) Official login\u202e', description: 'Signs in $(lock) safely' });
    expect(item.label).not.toMatch(CODICON);
    expect(item.detail).not.toMatch(CODICON);
    expect(item.label).toBe('\\$(verified) Official login');
    expect(item.detail).toBe('Signs in \\$(lock) safely');
  });

  it('has no detail when the method has no description', () => {
    expect(methodItem({ id: 'x', name: 'Log in' })).toEqual({ label: 'Log in' });
  });
});
