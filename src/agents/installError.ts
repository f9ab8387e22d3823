// The error of installing a program, shared by the Claude Code download (claudeCode/) and the ACP Registry's agents
// (registry/): the facts of what went wrong, and below them the words that say them (one sentence from the facts,
// and what the user can do).
import { l10n } from '../contributions/l10n';
import { firstLine, type DescribedError, type UserError } from '../feedback/userErrors';

/**
 * What went wrong installing a program (Claude Code from the npm registry, an agent from the ACP Registry), as facts;
 * the words are below.
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

/** Installing Claude Code or a registry agent failed; nothing of it was left behind. Worded below. */
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

/**
 * Installing Claude Code or a registry agent failed: nothing of it was kept. The Claude Code download names the npm
 * registry it used; an agent's install names the host and ends "Nothing was installed."
 */
export function describeInstallError(err: InstallError, what?: string): UserError {
  const { subject, problem } = err;
  const text = installSentence(subject, problem);
  if (subject.kind === 'claudeCode') {
    if (problem.kind === 'cancelled') return { message: text, severity: 'info', actions: [] };
    return { message: what ? l10n.t('{0} failed: {1}', what, text) : text, severity: 'error', actions: ['showLog'] };
  }
  const nothing = l10n.t(' Nothing was installed.');
  switch (err.reason) {
    case 'offline':
      return {
        message: l10n.t('{0} This machine seems to be offline: connect and try again, or set http.proxy if you are behind a proxy.{1}', text, nothing),
        severity: 'error',
        actions: ['showLog'],
      };
    case 'corrupt':
      return {
        message: l10n.t('The downloaded agent is damaged or incomplete, so it was deleted. {0}{1}', text, nothing),
        severity: 'error',
        actions: ['showLog'],
      };
    case 'cancelled':
      return { message: l10n.t('Installing the agent was cancelled.{0}', nothing), severity: 'info', actions: [] };
    default:
      return { message: text + nothing, severity: 'error', actions: err.reason === 'http' ? ['openSettings', 'showLog'] : ['showLog'] };
  }
}

function mebibytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? l10n.t('{0} MB', Math.round(bytes / (1024 * 1024))) : l10n.t('{0} bytes', bytes);
}

/** One sentence for what went wrong, from the facts. */
function installSentence(subject: InstallSubject, problem: InstallProblem): string {
  const claude = subject.kind === 'claudeCode';
  const npm = l10n.t('the npm registry at {0}', subject.source?.url ?? '?');
  const host = (url: string | undefined) => {
    try {
      return new URL(url ?? subject.source?.url ?? '').host;
    } catch {
      return url ?? '?';
    }
  };
  switch (problem.kind) {
    case 'unreachable':
      if (subject.proxy) {
        return claude
          ? l10n.t("Could not reach {0} through the proxy {1} ({2}). Check VS Code's http.proxy setting.", npm, subject.proxy, problem.code)
          : l10n.t("Could not reach {0} through the proxy {1}. Check VS Code's http.proxy setting.", problem.host || host(undefined), subject.proxy);
      }
      return claude
        ? l10n.t(
            'Could not reach {0} ({1}): this machine seems to be offline. Connect and try again, or set http.proxy if you are behind a proxy.',
            npm,
            problem.code,
          )
        : l10n.t('Could not reach {0} for {1}.', problem.host || host(undefined), subject.what);
    case 'proxyAuth':
      return l10n.t("The proxy{0} asks for authentication (HTTP 407). Check VS Code's http.proxy settings.", subject.proxy ? ` ${subject.proxy}` : '');
    case 'httpStatus':
      if (!claude) return l10n.t('{0} answered HTTP {1} for {2} ({3}).', host(problem.url), problem.status, subject.what, problem.url);
      if (problem.status === 404) return l10n.t('{0} is not on {1} (HTTP 404; registry from {2}).', subject.what, npm, String(subject.source?.from));
      if (problem.status === 401 || problem.status === 403) {
        return l10n.t(
          'The npm registry at {0} refused the download (HTTP {1}; registry from {2}). Check its credentials in your .npmrc.',
          String(subject.source?.url),
          problem.status,
          String(subject.source?.from),
        );
      }
      return l10n.t('The npm registry at {0} answered HTTP {1} for {2}.', String(subject.source?.url), problem.status, problem.url);
    case 'notJson':
      return claude
        ? l10n.t('The npm registry at {0} sent something that is not JSON for {1}.', String(subject.source?.url), subject.what)
        : l10n.t('{0} sent something that is not JSON for {1}.', host(problem.url), subject.what);
    case 'badUrl':
      return claude
        ? l10n.t('The registry URL {0} is not a valid URL. Check the registry in your npm configuration.', problem.url)
        : l10n.t('The URL {0} is not a valid URL.', problem.url);
    case 'tooManyRedirects':
      return l10n.t('Too many redirects from {0}.', problem.url);
    case 'brokeOff':
      return l10n.t('The download of {0} broke off after {1} of {2} bytes.{3}', subject.what, problem.received, problem.total, claude ? ' Try again.' : '');
    case 'noTarball':
      return l10n.t("The registry's document for {0} has no tarball URL ({1}).", subject.what, problem.url);
    case 'noIntegrity':
      return l10n.t('The registry gives no sha512 integrity for {0}, so the download cannot be checked; nothing was downloaded.', subject.what);
    case 'integrityMismatch':
      return l10n.t(
        'The downloaded Claude Code package does not match the sha512 recorded for it when ACP Chat was built (expected {0}…, got {1}…). It was deleted. A registry mirror or proxy may have altered it; try again or ask its administrator.',
        problem.expected.slice(0, 16),
        problem.actual.slice(0, 16),
      );
    case 'notPinned':
      return l10n.t(
        'ACP Chat has no sha512 recorded for {0} ({1} is missing or does not name it), so a download could not be checked; nothing was downloaded. Reinstall ACP Chat.',
        subject.what,
        problem.file,
      );
    case 'registryMismatch':
      return l10n.t(
        "The npm registry at {0} names a different sha512 for {1} than the one recorded when ACP Chat was built (recorded {2}…, registry {3}…), so it was not downloaded. It serves another package under this name and version; ask the registry's administrator, or download from another registry.",
        subject.source?.url ?? '?',
        subject.what,
        problem.pinned.slice(0, 16),
        problem.registry.slice(0, 16),
      );
    case 'missingFile':
      return claude
        ? l10n.t('The package {0} holds no {1}.', subject.what, problem.file)
        : l10n.t('The archive of {0} holds no file {1} to run.', subject.what, problem.file);
    case 'notRunnable':
      return l10n.t('The downloaded Claude Code ({0}) {1} on this machine; it was deleted.', subject.what, problem.problem);
    case 'unpackFailed':
      return l10n.t('The archive of {0} could not be unpacked: {1}', subject.what, firstLine(problem.cause));
    case 'archiveType':
      return l10n.t(
        'The archive of {0} is a {1} file, which ACP Chat does not unpack yet (only .tar.gz, .tgz and plain executables).',
        subject.what,
        problem.extension,
      );
    case 'noBuild':
      return l10n.t('Claude Code is not built for this platform ({0}). Set acpChat.agent.path to another ACP agent.', problem.platform);
    case 'disk':
      return l10n.t('Could not write {0} to {1} ({2}).', claude ? 'Claude Code' : 'the agent', problem.path, problem.code);
    case 'cancelled':
      return claude
        ? l10n.t('The download of Claude Code was cancelled; nothing was kept.')
        : l10n.t('Installing {0} was cancelled; nothing was kept.', subject.what);
    case 'insecure':
      return l10n.t('{0} is not an https address (plain http is taken only from this machine), so {1} was not downloaded from it.', problem.url, subject.what);
    case 'tooLarge':
      return problem.part === 'download'
        ? l10n.t('{0} is larger than {1}, more than ACP Chat downloads; it was not kept.', subject.what, mebibytes(problem.limit))
        : l10n.t('{0} unpacks to more than {1}, more than ACP Chat unpacks; it was deleted.', subject.what, mebibytes(problem.limit));
    case 'failed':
      return claude
        ? l10n.t('The download of {0} failed: {1}', subject.what, firstLine(problem.cause))
        : l10n.t('Downloading {0} from {1} failed.', subject.what, host(undefined));
  }
}
