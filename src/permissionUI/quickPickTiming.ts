// The permission QuickPick's two waits (quickPickSlot.ts), apart from the `vscode` module so the approval bench's
// runner can pace its requests and keys by them.

/** How long an answered QuickPick waits, greyed, for the agent's next request before it closes. */
export const PICK_LINGER_MS = 150;

/** How long a refilled QuickPick ignores Enter: less than anyone takes to read a new request. */
export const REFILLED_DEAD_MS = 150;
