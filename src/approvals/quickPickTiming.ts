// The permission QuickPick's waits (quickPickSlot.ts), apart from the `vscode` module so the approval bench's runner
// can pace its requests and keys by them.

/** How long an answered QuickPick waits for the agent's next request before it closes. */
export const PICK_LINGER_MS = 150;

/** How long an answered QuickPick stays as it was before it greys: an agent that asks again within this time (or a
 *  request already queued) refills a pick that never greyed, sparing the workbench two updates of the pick, and the
 *  answer is still seen to be taken well inside the time a person notices. */
export const GREY_AFTER_MS = 50;

/** How long a refilled QuickPick ignores Enter: less than anyone takes to read a new request. */
export const REFILLED_DEAD_MS = 150;
