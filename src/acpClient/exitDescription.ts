// One place that turns an agent exit into words for logs, errors and `disconnectReason`.
import type { AgentExit } from './agentProcess';

const STDERR_IN_MESSAGE = 1200;

/**
 * What the chat says when the agent went away on its own. (Kept apart so the one module that words errors for users
 * can take it over.)
 */
export function unexpectedExitMessage(exit: AgentExit): string {
  return `${describeExit(exit)}\nRestart to continue this conversation.`;
}

/** "exited with code 1" / "was killed by SIGTERM", plus the stderr tail when there is one. */
export function describeExit(exit: AgentExit): string {
  const how =
    exit.signal !== null
      ? `was stopped by ${exit.signal}`
      : exit.code !== null
        ? `exited with code ${exit.code}`
        : 'could not be started';
  const tail = exit.stderrTail.trim();
  return tail ? `The agent ${how}. Last output:\n${tail.slice(-STDERR_IN_MESSAGE)}` : `The agent ${how}.`;
}

/** How long a failed request waits for the process exit, so its error can say why the agent went away. */
export const EXIT_EXPLANATION_WAIT_MS = 1500;
