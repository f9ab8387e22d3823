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
  constructor(
    message: string,
    readonly exit?: { code: number | null; signal: string | null; stderrTail: string },
  ) {
    super(message);
  }
}

const UNAVAILABLE = {
  'shutting-down': 'ACP Chat is shutting down.',
  'agent-not-running': 'The agent is not running.',
  'chat-closed': 'This chat was closed.',
} as const;

/** What was asked for is gone: the extension is shutting down, the agent stopped, or the chat was closed. */
export class UnavailableError extends Error {
  override name = 'UnavailableError';
  constructor(readonly what: keyof typeof UNAVAILABLE) {
    super(UNAVAILABLE[what]);
  }
}

/** A setting holds entries that were ignored (each problem says which and why). */
export class SettingsProblemError extends Error {
  override name = 'SettingsProblemError';
  constructor(
    readonly setting: string,
    readonly problems: readonly string[],
  ) {
    super(`${setting}: ${problems.join('; ')}`);
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

/**
 * What went wrong installing a program (Claude Code from the npm registry, an agent from the ACP Registry), as facts;
 * feedback/userErrors.ts words them.
 */
export type InstallProblem =
  | { kind: 'unreachable'; host: string; code: string }
  | { kind: 'proxyAuth' }
  | { kind: 'httpStatus'; status: number; url: string }
  | { kind: 'notJson'; url: string }
  | { kind: 'badUrl'; url: string }
  | { kind: 'tooManyRedirects'; url: string }
  | { kind: 'brokeOff'; received: number; total: number }
  | { kind: 'noTarball'; url: string }
  | { kind: 'noIntegrity' }
  | { kind: 'integrityMismatch'; expected: string; actual: string }
  /** No sha512 recorded at build time for the package (`file`: the pins file that is missing or does not name it). */
  | { kind: 'notPinned'; file: string }
  /** The registry's document names another sha512 than the one recorded at build time (base64 digests). */
  | { kind: 'registryMismatch'; pinned: string; registry: string }
  | { kind: 'missingFile'; file: string }
  | { kind: 'notRunnable'; problem: string }
  | { kind: 'unpackFailed'; cause: string }
  | { kind: 'archiveType'; extension: string }
  | { kind: 'noBuild'; platform: string }
  | { kind: 'disk'; path: string; code: string }
  | { kind: 'cancelled' }
  | { kind: 'insecure'; url: string }
  | { kind: 'tooLarge'; part: 'download' | 'unpacked'; limit: number }
  | { kind: 'failed'; cause: string };

/** What was being installed, and from where. */
export interface InstallSubject {
  kind: 'claudeCode' | 'agent';
  /** `@anthropic-ai/claude-code-linux-x64@2.1.3`, `Tiny 1.0.2`. */
  what: string;
  /** Where it comes from: the npm registry (and which setting named it), or the ACP Registry. */
  source?: { url: string; from: string };
  proxy?: string;
}

export type InstallFailure = 'offline' | 'proxy' | 'http' | 'integrity' | 'corrupt' | 'unsupported' | 'notRunnable' | 'disk' | 'cancelled' | 'tooLarge';

/** Installing Claude Code or a registry agent failed; nothing of it was left behind. userErrors.ts words it. */
export class InstallError extends Error {
  override name = 'InstallError';
  constructor(
    readonly subject: InstallSubject,
    readonly problem: InstallProblem,
  ) {
    super(`${subject.what}: ${problem.kind} ${JSON.stringify({ ...problem, kind: undefined })}`);
  }

  /** The kind of failure: what the user can do about it differs by it. */
  get reason(): InstallFailure {
    switch (this.problem.kind) {
      case 'unreachable':
        return this.subject.proxy ? 'proxy' : 'offline';
      case 'proxyAuth':
        return 'proxy';
      case 'brokeOff':
        return 'offline';
      case 'noIntegrity':
      case 'integrityMismatch':
      case 'notPinned':
      case 'registryMismatch':
        return 'integrity';
      case 'unpackFailed':
        return 'corrupt';
      case 'missingFile':
        return this.subject.kind === 'agent' ? 'corrupt' : 'http';
      case 'notRunnable':
        return 'notRunnable';
      case 'archiveType':
      case 'noBuild':
        return 'unsupported';
      case 'disk':
        return 'disk';
      case 'cancelled':
        return 'cancelled';
      case 'tooLarge':
        return 'tooLarge';
      default:
        return 'http';
    }
  }
}

/** A registry that cannot be read at all. Its message is for the log; userErrors.ts words it. */
export class AgentRegistryError extends Error {
  override name = 'AgentRegistryError';
  constructor(
    readonly reason: 'badJson' | 'noPlatform' | 'unpinned' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

/** A chat's worktree cannot be made or used. Its message is for the log; userErrors.ts words it. */
export class WorktreeError extends Error {
  override name = 'WorktreeError';
  constructor(
    readonly reason: 'no-git' | 'not-a-repository' | 'no-commit' | 'untrusted' | 'no-folder' | 'missing' | 'turn-running',
    message: string,
  ) {
    super(message);
  }
}
