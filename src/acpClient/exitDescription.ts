// One place that turns an agent exit into words for logs, errors and `disconnectReason`.
import type { AgentExit } from './agentProcess';

const STDERR_IN_MESSAGE = 1200;

/** "exited with code 1" / "was killed by SIGTERM", plus the stderr tail when there is one. */
export function describeExit(exit: AgentExit): string {
  const how = exit.signal !== null ? `was stopped by ${exit.signal}` : exit.code !== null ? `exited with code ${exit.code}` : 'could not be started';
  const tail = exit.stderrTail.trim();
  return tail ? `The agent ${how}. Last output:\n${tail.slice(-STDERR_IN_MESSAGE)}` : `The agent ${how}.`;
}

/** How long a failed request waits for the process exit, so its error can say why the agent went away. */
export const EXIT_EXPLANATION_WAIT_MS = 1500;
