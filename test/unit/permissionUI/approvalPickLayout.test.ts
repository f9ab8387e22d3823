import { describe, expect, it } from 'vitest';
import { broaderNextToDefault, layOutApprovalPick, type PickRow } from '../../../src/permissionUI/approvalPickLayout';
import { buildPermissionPresentation } from '../../../src/permissionUI/permissionPresentation';

type Opt = { optionId: string; kind: string };
const KINDS = ['allow_once', 'reject_once', 'allow_always', 'reject_always'] as const;

/** Every request of up to one option per kind, in every agent order of the adapter's two (approvals first or declines first). */
function requests(): { options: Opt[]; defaultToNo: boolean }[] {
  const out: { options: Opt[]; defaultToNo: boolean }[] = [];
  for (let mask = 1; mask < 16; mask++) {
    const options = KINDS.filter((_, i) => mask & (1 << i)).map((kind) => ({ optionId: kind, kind }));
    for (const defaultToNo of [false, true]) out.push({ options, defaultToNo });
  }
  return out;
}

function presented(options: Opt[], defaultToNo: boolean) {
  return buildPermissionPresentation({
    params: {
      sessionId: 's',
      toolCall: { toolCallId: 't' },
      options: options.map((o) => ({ ...o, name: o.kind, kind: o.kind as 'allow_once' })),
      _meta: defaultToNo ? { permission: { version: 1, title: 'x', defaultToNo: true } } : undefined,
    },
  });
}

const answers = (rows: PickRow<Opt>[]) => rows.flatMap((r) => (r.row === 'option' ? [r.option.kind] : []));

describe('the approval QuickPick layout', () => {
  it('lists the answers allow once, deny, then the broader ones, and leads with allow once', () => {
    for (const { options, defaultToNo } of requests()) {
      const p = presented(options, defaultToNo);
      for (const hasDetails of [false, true]) {
        const rows = layOutApprovalPick(p.options, p.defaultOptionId, hasDetails);
        const kinds = answers(rows);
        expect(kinds).toEqual(KINDS.filter((k) => kinds.includes(k)));
        if (kinds.includes('allow_once')) expect(rows[0]).toMatchObject({ row: 'option', option: { kind: 'allow_once' } });
        // "Answer later" is always offered, once.
        expect(rows.filter((r) => r.row === 'later')).toHaveLength(1);
      }
    }
  });

  it('puts no broader grant one arrow key (wrapping) from the default, whenever one of the two one-time answers is offered', () => {
    let checked = 0;
    for (const { options, defaultToNo } of requests()) {
      const p = presented(options, defaultToNo);
      const oneTime = options.filter((o) => o.kind === 'allow_once' || o.kind === 'reject_once').length;
      for (const hasDetails of [false, true]) {
        const rows = layOutApprovalPick(p.options, p.defaultOptionId, hasDetails);
        // With no one-time answer the default is a broader one itself; with one, and nothing else to show, one
        // "Answer later" row cannot guard both of its sides.
        if (oneTime === 0 || (oneTime === 1 && !hasDetails && options.length > 1)) continue;
        expect(broaderNextToDefault(rows, p.defaultOptionId), JSON.stringify({ options, defaultToNo, hasDetails, rows })).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('with both one-time answers, ↓ from allow once is deny and ↑ wraps to a row that does not answer', () => {
    const p = presented(
      [
        { optionId: 'a', kind: 'allow_once' },
        { optionId: 'g', kind: 'allow_always' },
        { optionId: 'r', kind: 'reject_once' },
      ],
      false,
    );
    const rows = layOutApprovalPick(p.options, p.defaultOptionId, false);
    expect(rows.map((r) => (r.row === 'option' ? r.option.optionId : r.row === 'heading' ? `-${r.heading}-` : r.row))).toEqual([
      'a',
      'r',
      '-broader-',
      'g',
      '-more-',
      'later',
    ]);
  });

  it('when the agent asks to default to deny, the broader grants move below the rows that do not answer', () => {
    const p = presented(
      [
        { optionId: 'r', kind: 'reject_once' },
        { optionId: 'a', kind: 'allow_once' },
        { optionId: 'g', kind: 'allow_always' },
      ],
      true,
    );
    expect(p.defaultOptionId).toBe('r');
    const rows = layOutApprovalPick(p.options, p.defaultOptionId, false);
    expect(rows.map((r) => (r.row === 'option' ? r.option.optionId : r.row === 'heading' ? `-${r.heading}-` : r.row))).toEqual([
      'a',
      'r',
      '-more-',
      'later',
      '-broader-',
      'g',
    ]);
  });

  it('the check itself sees a broader grant next to the default, across the wrap too', () => {
    const opt = (optionId: string, kind: string): PickRow<Opt> => ({ row: 'option', option: { optionId, kind } });
    expect(broaderNextToDefault([opt('a', 'allow_once'), opt('g', 'allow_always')], 'a')).toBe(true);
    expect(broaderNextToDefault([opt('a', 'allow_once'), opt('r', 'reject_once'), opt('g', 'allow_always')], 'a')).toBe(true);
    expect(broaderNextToDefault([opt('a', 'allow_once'), opt('r', 'reject_once'), opt('g', 'allow_always'), { row: 'later' }], 'a')).toBe(false);
  });
});
