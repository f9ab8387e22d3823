// The few typed errors acpClient throws. Messages are written for the user: what failed and what to do.

/** The agent could not be launched or did not complete `initialize`. */
export class AgentStartError extends Error {
  override name = 'AgentStartError';
}

/** The agent process exited (or its connection closed) while something was waiting on it. */
export class AgentExitedError extends Error {
  override name = 'AgentExitedError';
  constructor(message: string, readonly exit?: { code: number | null; signal: string | null; stderrTail: string }) {
    super(message);
  }
}

/** A method the agent did not advertise was called (e.g. session/load without `loadSession`). */
export class NotSupportedError extends Error {
  override name = 'NotSupportedError';
}

/** The text of anything thrown, for logs and messages. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
