// The title bar of a diff opened for an approval: which option each of Allow, Allow Always and Deny answers with (by
// kind), and what the context keys say for the diff on screen.
import { describe, expect, it } from 'vitest';
import {
  approvalOfDiff,
  buildDiffApprovalContext,
  buildDiffChoices,
  DIFF_APPROVAL_CONTEXT,
  type DiffApprovalTarget,
} from '../../../src/review/diffApprovalChoices';

/** What the bundled Claude adapter offers for a Write (permissions/options/shared.ts), with and without the session rule. */
const WRITE = [
  { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
  { optionId: 'reject', name: 'No', kind: 'reject_once' },
];
const WRITE_WITH_SESSION_RULE = [
  { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
  { optionId: 'allow-with-updates', name: 'Yes, allow all edits during this session', kind: 'allow_always' },
  { optionId: 'reject', name: 'No', kind: 'reject_once' },
];

const context = (approval: boolean, always: boolean) => ({ [DIFF_APPROVAL_CONTEXT.approval]: approval, [DIFF_APPROVAL_CONTEXT.always]: always });

describe('buildDiffChoices', () => {
  it('picks the one option of each kind, whatever order the agent sent them in', () => {
    expect(buildDiffChoices(WRITE)).toEqual({ allow: 'allow-once', deny: 'reject' });
    expect(buildDiffChoices([...WRITE_WITH_SESSION_RULE].reverse())).toEqual({ allow: 'allow-once', allowAlways: 'allow-with-updates', deny: 'reject' });
  });

  it('Deny is the reject_once option, never reject_always', () => {
    expect(
      buildDiffChoices([
        { optionId: 'a', kind: 'allow_once' },
        { optionId: 'never', kind: 'reject_always' },
      ]),
    ).toEqual({ allow: 'a' });
    expect(
      buildDiffChoices([
        { optionId: 'never', kind: 'reject_always' },
        { optionId: 'no', kind: 'reject_once' },
      ]).deny,
    ).toBe('no');
  });

  it('a kind offered twice is no choice: the button could not say which of them it gives', () => {
    const skill = [
      { optionId: 'allow-once', kind: 'allow_once' },
      { optionId: 'allow-skill-exact', kind: 'allow_always' },
      { optionId: 'allow-skill-prefix', kind: 'allow_always' },
      { optionId: 'reject', kind: 'reject_once' },
    ];
    expect(buildDiffChoices(skill)).toEqual({ allow: 'allow-once', deny: 'reject' });
  });

  it('unknown kinds and no options give nothing', () => {
    expect(buildDiffChoices([{ optionId: 'x', kind: 'something_new' }])).toEqual({});
    expect(buildDiffChoices([])).toEqual({});
  });
});

describe('the context keys for the diff on screen', () => {
  const write: DiffApprovalTarget = { key: 's:1', choices: buildDiffChoices(WRITE) };
  const always: DiffApprovalTarget = { key: 's:2', choices: buildDiffChoices(WRITE_WITH_SESSION_RULE) };
  const opened = new Map<string, DiffApprovalTarget>([
    ['acp-chat-diff:/1/current/a.txt', write],
    ['acp-chat-diff:/1/proposed/a.txt', write],
    ['acp-chat-diff:/2/current/b.txt', always],
    ['acp-chat-diff:/2/proposed/b.txt', always],
  ]);
  const keysFor = (sides: string[], pending: string[]) => buildDiffApprovalContext(approvalOfDiff(sides, opened, (k) => pending.includes(k)));

  it('a diff opened for a pending request: Allow and Deny; Allow Always only when it is offered', () => {
    expect(keysFor(['acp-chat-diff:/1/current/a.txt', 'acp-chat-diff:/1/proposed/a.txt'], ['s:1', 's:2'])).toEqual(context(true, false));
    expect(keysFor(['acp-chat-diff:/2/current/b.txt', 'acp-chat-diff:/2/proposed/b.txt'], ['s:1', 's:2'])).toEqual(context(true, true));
  });

  it('either side names the request (the title bar passes the right side only)', () => {
    expect(approvalOfDiff(['acp-chat-diff:/2/proposed/b.txt'], opened, () => true)).toBe(always);
    expect(approvalOfDiff(['acp-chat-diff:/2/current/b.txt'], opened, () => true)).toBe(always);
  });

  it('nothing once its request was answered or cancelled, for another diff, or for no diff at all', () => {
    expect(keysFor(['acp-chat-diff:/2/current/b.txt', 'acp-chat-diff:/2/proposed/b.txt'], ['s:1'])).toEqual(context(false, false));
    expect(keysFor(['acp-chat-diff:/9/current/c.txt', 'acp-chat-diff:/9/proposed/c.txt'], ['s:1', 's:2'])).toEqual(context(false, false));
    expect(keysFor(['file:///work/a.txt', 'acp-chat-diff:/3/proposed/a.txt'], ['s:1', 's:2'])).toEqual(context(false, false));
    expect(keysFor([], ['s:1', 's:2'])).toEqual(context(false, false));
  });

  it('no actions for a request that does not offer both an allow_once and a reject_once option', () => {
    expect(buildDiffApprovalContext({ key: 'k', choices: { allow: 'a' } })).toEqual(context(false, false));
    expect(buildDiffApprovalContext({ key: 'k', choices: { allowAlways: 'aa', deny: 'r' } })).toEqual(context(false, false));
  });
});
