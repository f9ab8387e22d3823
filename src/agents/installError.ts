// The error of installing a program, shared by the Claude Code download (claudeCode/) and the ACP Registry's agents
// (registry/): the facts of what went wrong; installWording.ts says them.
import type { DescribedError, UserError } from '../feedback/userErrors';
import { describeInstallError } from './installWording';

/**
 * What went wrong installing a program (Claude Code from the npm registry, an agent from the ACP Registry), as facts;
 * installWording.ts words them.
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

/** Installing Claude Code or a registry agent failed; nothing of it was left behind. installWording.ts words it. */
export class InstallError extends Error implements DescribedError {
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

  describe(what?: string): UserError {
    return describeInstallError(this, what);
  }
}
