// The few typed errors the protocol client and the chat core throw. Messages are written for the log; userErrors.ts words them for the user.
import type { AgentExit } from './agentProcess';

/** Why the agent could not be started; userErrors.ts picks the wording and the actions from it. */
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
      /** 'claude-code-missing': a `claude` on PATH that runs (offered, never used without asking). */
      claudeOnPath?: { path: string; version: string };
      /** 'claude-code-missing': places that were set but do not run. */
      claudeBroken?: { source: string; path: string; problem: string }[];
    } = {},
  ) {
    super(message);
  }
}

/** The agent process exited (or its connection closed) while something was waiting on it. */
export class AgentExitedError extends Error {
  override name = 'AgentExitedError';
  constructor(message: string, readonly exit?: { code: number | null; signal: string | null; stderrTail: string }) {
    super(message);
  }
}

/** The extension is shutting down: nothing new starts. */
export class ShuttingDownError extends Error {
  override name = 'ShuttingDownError';
  constructor() {
    super('ACP Chat is shutting down.');
  }
}

/** Something needed the running agent and there is none (it exited, or was stopped). */
export class AgentNotRunningError extends Error {
  override name = 'AgentNotRunningError';
  constructor() {
    super('The agent is not running.');
  }
}

/** The chat was closed (its tab closed) while something was waiting on it. */
export class ChatClosedError extends Error {
  override name = 'ChatClosedError';
  constructor() {
    super('This chat was closed.');
  }
}

/** A location the agent named cannot be opened (relative, control characters, …); `reason` says which check failed. */
export class LocationRefusedError extends Error {
  override name = 'LocationRefusedError';
  constructor(
    readonly label: string,
    readonly reason: string,
  ) {
    super(`cannot open ${label}: ${reason}`);
  }
}

/** The user's answer to an approval was not used: the request had ended, or the answer was not one it offered. */
export class AnswerNotUsedError extends Error {
  override name = 'AnswerNotUsedError';
  constructor(
    readonly why: 'expired' | 'refused',
    detail = '',
  ) {
    super(why === 'expired' ? 'the request had already ended' : detail);
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

export type AgentInstallFailure = 'offline' | 'proxy' | 'http' | 'corrupt' | 'unsupported' | 'disk' | 'cancelled';

/** Installing an agent from the ACP Registry failed; nothing of it was left behind. userErrors.ts words it. */
export class AgentInstallError extends Error {
  override name = 'AgentInstallError';
  constructor(
    readonly reason: AgentInstallFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A registry that cannot be read at all. Its message is for the log; userErrors.ts words it. */
export class AgentRegistryError extends Error {
  override name = 'AgentRegistryError';
  constructor(
    readonly reason: 'badJson' | 'noPlatform' | 'unpinned',
    message: string,
  ) {
    super(message);
  }
}
