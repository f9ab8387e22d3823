// Every wait in the approval surfaces, each for something a person would notice without it. There are no others:
// a surface shows a request as soon as it arrives and takes an answer as soon as it is given.

/**
 * How long an answered permission QuickPick stays open for the agent's next request. An agent often asks again right
 * after an answer (one approval after another in a turn); the pick is then refilled in place instead of closing and
 * opening again, which flickers over the editor.
 */
export const PICK_LINGER_MS = 150;

/**
 * How long a refilled QuickPick ignores Enter: a key pressed for the request before it must not answer a new request
 * the person has not yet seen (VS Code reports an accept by item position, and the positions now hold the new
 * request's options). Shorter than anyone takes to read a request.
 */
export const REFILLED_DEAD_MS = 150;

/**
 * How long the status-bar item and the view's badge keep showing after the last waiting request was answered, for the
 * agent's next one: back-to-back requests then leave them as they are instead of blinking off and on.
 */
export const COUNT_LINGER_MS = 300;
