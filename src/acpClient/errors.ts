// The typed errors of the protocol client and the agent's process: it could not start, it exited, it does not support
// a method, it asks the user to sign in. Messages are written for the log; feedback/userErrors.ts words them for the
// user. Each feature's own error kinds live in its folder.
import type { AgentExit } from './agentProcess';

/** Why the agent could not be started; feedback/userErrors.ts picks the wording and the actions from it. */
export type StartFailureReason =
  | 'no-folder'
  | 'untrusted'
  | 'node-too-old'
  | 'adapter-missing'
  | 'not-found'
  | 'not-executable'
  | 'exited'
  | 'initialize-timeout'
  | 'claude-code-missing'
  | 'refused';

/** The agent could not be launched or did not complete `initialize`. */
export class AgentStartError extends Error {
  override name = 'AgentStartError';
  constructor(
    message: string,
    readonly reason: StartFailureReason = 'refused',
    readonly details: {
      command?: string;
      exit?: AgentExit;
      timeoutMs?: number;
    } = {},
  ) {
    super(message);
  }
}

/** The agent process exited (or its connection closed) while something was waiting on it. */
export class AgentExitedError extends Error {
  override name = 'AgentExitedError';
  constructor(
    message: string,
    readonly exit?: { code: number | null; signal: string | null; stderrTail: string },
  ) {
    super(message);
  }
}

/** A method the agent did not advertise was called (e.g. session/load without `loadSession`). */
export class NotSupportedError extends Error {
  override name = 'NotSupportedError';
}

/** ACP's "authentication required" error code (`RequestError.authRequired`). */
export const AUTH_REQUIRED = -32000;

/** The agent refused a request until the user signs in. */
export function isAuthRequired(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === AUTH_REQUIRED;
}

/** The text of anything thrown, for logs and messages. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
