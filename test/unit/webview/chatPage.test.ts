// A chat's page as its parts make it up: every member from exactly one part; a member left out or given twice is a
// wiring error said when the page is bound, not a page that fails later on a click.
import { describe, expect, it } from 'vitest';
import { composeChatPage, type ChatActions, type ChatPagePart, type ChatSource } from '../../../src/webview/host/chatPage';

const noop = () => undefined;

/** Stand-ins for every member: what matters here is which part gives each. */
function everything(): { source: Record<keyof ChatSource, unknown>; actions: Record<keyof ChatActions, unknown> } {
  const source = {} as Record<keyof ChatSource, unknown>;
  const actions = {} as Record<keyof ChatActions, unknown>;
  // The members as the contract names them: a part that is short of one fails below.
  const full = composeChatPageMembers();
  for (const name of full.source) source[name] = noop;
  for (const name of full.actions) actions[name] = noop;
  return { source, actions };
}

/** The members the composer asks for, read from its own error on an empty page. */
function composeChatPageMembers(): { source: (keyof ChatSource)[]; actions: (keyof ChatActions)[] } {
  const lacks = (parts: ChatPagePart[]) => {
    try {
      composeChatPage(parts);
      return [];
    } catch (err) {
      return (/lacks (.*)$/.exec((err as Error).message)?.[1] ?? '').split(', ');
    }
  };
  const source = lacks([]) as (keyof ChatSource)[];
  const allSource = Object.fromEntries(source.map((n) => [n, noop])) as unknown as Partial<ChatSource>;
  const actions = lacks([{ source: allSource }]) as (keyof ChatActions)[];
  return { source, actions };
}

describe('composeChatPage', () => {
  it('takes each member from the part that gives it', () => {
    const { source, actions } = everything();
    const getTurns = () => ({ changes: [], superseded: [] });
    const { getTurns: _left, ...rest } = source;
    const page = composeChatPage([{ source: rest as Partial<ChatSource>, actions: actions as Partial<ChatActions> }, { source: { getTurns } }]);
    expect(page.source.getTurns).toBe(getTurns);
    expect(Object.keys(page.source).length).toBe(Object.keys(source).length);
    expect(Object.keys(page.actions).length).toBe(Object.keys(actions).length);
  });

  it('says which members no part gives', () => {
    const { source, actions } = everything();
    const { goBack: _goBack, undoGrant: _undoGrant, ...rest } = actions;
    expect(() => composeChatPage([{ source: source as Partial<ChatSource>, actions: rest as Partial<ChatActions> }])).toThrow(
      "The chat's page lacks goBack, undoGrant",
    );
  });

  it('refuses a member two parts give', () => {
    const { source, actions } = everything();
    const parts: ChatPagePart[] = [
      { source: source as Partial<ChatSource>, actions: actions as Partial<ChatActions> },
      { actions: { goBack: async () => undefined } },
    ];
    expect(() => composeChatPage(parts)).toThrow("The chat's page has goBack twice");
  });

  it('names every member of the contract when nothing gives them', () => {
    const { source, actions } = composeChatPageMembers();
    expect(source).toContain('getSnapshot');
    expect(source).toContain('onDidChangeWorktree');
    expect(actions).toContain('sendPrompt');
    expect(actions).toContain('worktreeAction');
    expect(actions).toContain('cancelSubagent');
    expect(source.length).toBe(27);
    expect(actions.length).toBe(33);
  });
});
