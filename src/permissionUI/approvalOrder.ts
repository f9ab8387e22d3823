// The one order of an approval's answers on every surface (the chat's card, the QuickPick, the modal, the diff
// editor's title bar): allow once, deny, then the broader grants and refusals, the agent's order kept within a kind.
// The two one-time answers lead so that neither a long label nor a key or two from the default makes a lasting rule.
// Pure, with no Node: the page gets it through the protocol.

const RANK: Record<string, number> = { allow_once: 0, reject_once: 1, allow_always: 2, reject_always: 3 };

/** A kind this client does not know sorts last. */
function rank(kind: string): number {
  return RANK[kind] ?? 4;
}

/** The options in the approval order (stable within a kind). */
export function inApprovalOrder<T extends { kind: string }>(options: readonly T[]): T[] {
  return options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o.kind) - rank(b.o.kind) || a.i - b.i)
    .map(({ o }) => o);
}

/** Whether an answer of this kind reaches past this one call (a rule, a mode, or a kind nobody knows yet). */
export function isBroaderAnswer(kind: string): boolean {
  return kind !== 'allow_once' && kind !== 'reject_once';
}
