// The one place that words errors for the user: what happened, how serious it is, and what the user can do about it
// (action ids; the host maps each id to a VS Code command in one table). Pure: no vscode, no I/O.
import { basename } from 'node:path';
import { AUTH_REQUIRED, AgentExitedError, AgentRegistryError, AgentStartError, AnswerNotUsedError, InstallError, LocationRefusedError, SettingsProblemError, WorktreeError, errorMessage, type InstallProblem, type InstallSubject } from '../acpClient/errors';
import { summarizeKinds, type ProjectSetting } from '../agents/claudeCode/projectSettings';

/** What the user can do about an error. Add an id here and its label and command in the host's table. */
export type UserAction =
  | 'openFolder'
  | 'showLog'
  | 'restart'
  | 'signIn'
  | 'setApiKey'
  | 'manageTrust'
  | 'openSettings'
  | 'downloadClaudeCode'
  | 'locateClaudeCode'
  | 'useClaudeOnPath'
  | 'undoRestore'
  | 'showMcpServers'
  | 'manageWorktrees';

export type Severity = 'error' | 'warning' | 'info';

export { AUTH_REQUIRED };

export interface UserError {
  /** One line: what happened and what to do. */
  message: string;
  /** What the user may want to read before acting (the agent's last output, the API's own words): behind "Show details". */
  details?: string;
  severity: Severity;
  actions: UserAction[];
  /** With 'useClaudeOnPath': the `claude` found on PATH that its button sets, and the button's label. */
  claudeOnPath?: { path: string; label: string };
  /** The same prompt may well work if sent again later (the model API was busy): the chat offers to send it again. */
  retryable?: boolean;
}

/** Claude Code's refusal to bypass approvals as root, as the adapter relays it. */
const BYPASS_REFUSAL = /dangerously-skip-permissions cannot be used with root/i;

const STDERR_IN_DETAILS = 600;

/**
 * Words `err` for the user. `what` names the failed operation ("Sending the prompt") for errors that carry no cause
 * of their own.
 */
export function describeError(err: unknown, what?: string): UserError {
  if (err instanceof AgentStartError) return describeStartError(err);
  if (err instanceof AgentRegistryError) return describeRegistryError(err);
  if (err instanceof InstallError) return describeInstallError(err, what);
  if (err instanceof SettingsProblemError) {
    const more = err.problems.length > 1 ? ` (and ${err.problems.length - 1} more; see the log)` : '';
    return { message: `${err.problems[0] ?? err.message}${more}`, severity: 'warning', actions: ['openSettings'] };
  }
  if (err instanceof WorktreeError) return describeWorktreeError(err, what);
  if (err instanceof LocationRefusedError) return { message: `Cannot open ${err.label}. ${err.reason}`, severity: 'error', actions: [] };
  if (err instanceof AnswerNotUsedError) {
    return err.why === 'expired'
      ? { message: 'That request had already ended; your answer was not used.', severity: 'info', actions: [] }
      : { message: `Your answer was not used: ${err.message}`, severity: 'error', actions: ['showLog'] };
  }
  const code = requestErrorCode(err);
  const text = errorMessage(err);
  if (code === AUTH_REQUIRED) {
    // A first step, not a failure: said as what to do, in the neutral colour.
    return { message: 'Sign in to use the agent, with your Claude subscription or an API key.', severity: 'info', actions: ['signIn', 'setApiKey'] };
  }
  if (BYPASS_REFUSAL.test(text)) {
    return {
      message:
        'Claude Code refuses to skip approvals when it runs as root. Pick another mode, or remove IS_SANDBOX from ' +
        'acpChat.agent.env if you set it there.',
      severity: 'error',
      actions: ['openSettings', 'restart'],
    };
  }
  if (err instanceof AgentExitedError) {
    // The transcript stays; a restart loads the conversation into the new agent.
    const message = err.exit ? `The agent ${howExited(err.exit)}. Restart to continue this conversation.` : firstLine(text);
    return { message, ...lastOutput(err.exit?.stderrTail), severity: 'error', actions: ['restart', 'showLog'] };
  }
  const model = modelFailure(err);
  if (model) return model;
  if (code !== undefined) {
    // The agent's own words go behind "Show details": a failed turn's marker in the transcript already shows their
    // first line, and the model API's message often repeats in the agent's reply above it.
    return { message: `${what ?? 'A request to the agent'} failed: the agent returned an error.`, details: text.trim(), severity: 'error', actions: ['showLog'] };
  }
  // A message of several lines (a stack, a log) shows its first; the whole is behind "Show details".
  const line = firstLine(text);
  const more = line !== text.trim() ? { details: text.trim() } : {};
  return { message: what ? `${what} failed: ${line}` : line, ...more, severity: 'error', actions: ['showLog'] };
}

/** The agent started without the folder's own Claude settings (the user declined them): what that leaves out. */
export function describeProjectSettingsLeftOut(leftOut: readonly ProjectSetting[]): string {
  const all = [...new Set(leftOut.map((s) => s.file))];
  // Commands, skills and agents can be many files: the first two are named, the rest counted.
  const files = all.length <= 2 ? all.join(' and ') : `${all.slice(0, 2).join(', ')} and ${all.length - 2} more file${all.length === 3 ? '' : 's'}`;
  return `Claude Code started without this folder's Claude settings (${files}): their ${summarizeKinds(leftOut)} do not apply, nor do "always allow" answers kept there. Your own settings do.`;
}

/** The user's MCP servers (or the editor tools) that the agent's sessions do not get, each sentence naming its source. */
export function describeMcpServersLeftOut(problems: readonly string[]): string {
  const [first, ...rest] = problems;
  return rest.length ? `${first} (and ${rest.length} more about MCP servers: ACP Chat: Show MCP Servers lists them all.)` : first!;
}

/** A diff the chat still shows but whose tool call the session no longer holds (e.g. after a new session). */
export const DIFF_UNAVAILABLE: UserError = { message: 'That diff is no longer available.', severity: 'warning', actions: [] };

/** Allow, Allow Always or Deny run on a diff that answers no approval with that choice (an ended one is "expired"). */
export const DIFF_NOT_ASKING: UserError = { message: 'This diff is not waiting for that answer.', severity: 'info', actions: [] };

/** Files a revert refused (changed since the agent wrote them, content before the turn unknown), each with why. */
export function describeRevertRefusals(refused: readonly { path: string; reason: string }[]): UserError | undefined {
  if (!refused.length) return undefined;
  const parts = refused.map((r) => `${basename(r.path)}: ${r.reason}`);
  return { message: `Not reverted — ${parts.join('; ')}.`, severity: 'warning', actions: [] };
}

/** The words of going back to before a prompt (the Go Back picker, the restore's question). */
export const GO_BACK = {
  title: 'Go Back to Before This Prompt',
  placeholder: 'Restore the code, rewind the conversation, or both',
  placeholderNoCode: 'No file changes are recorded from this prompt on: the conversation can be rewound',
  restoreCode: 'Restore code to before this prompt',
  restoreCodeDetail: 'Put back every file this turn and the later ones changed (a preview first); files changed since are left alone',
  rewind: 'Rewind the conversation to here',
  rewindDetail: 'Continue from just before this message, which goes back in the composer; this conversation stays in the history',
  both: 'Both',
  bothDetail: 'Restore the code, then rewind the conversation',
  restoreButton: 'Restore',
  confirmRestore: (n: number) => `Restore ${n} file${n === 1 ? '' : 's'} to as ${n === 1 ? 'it was' : 'they were'} before this prompt? The diff shows what changes.`,
} as const;

/** The words of the agent's changes under review in the editor. */
export const REVIEW = {
  keepLens: '$(check) Keep',
  undoLens: '$(discard) Undo',
  undoEditedLens: '$(discard) Undo (you changed it)',
  keepTooltip: 'Keep this change as the agent wrote it',
  undoTooltip: 'Put these lines back as they were before the agent changed them',
  editedByYou: 'You changed lines of this change since the agent wrote them: Undo leaves it as it is. Edit it by hand, or Keep it.',
  gone: 'That change is no longer under review.',
  notApplied: 'VS Code did not apply the undo.',
  someEdited: (n: number) => `${n} change${n === 1 ? '' : 's'} you edited since the agent wrote ${n === 1 ? 'it was' : 'them were'} left as ${n === 1 ? 'it is' : 'they are'}.`,
  removedInline: (n: number) => `− ${n} line${n === 1 ? '' : 's'} removed`,
  removedHover: (n: number) => `The agent removed ${n} line${n === 1 ? '' : 's'} here:`,
} as const;

/** The words of what an "always" answer did, on its approval's card. */
export const GRANT_EFFECT = {
  where: { local: 'this project, only you', project: 'this project, shared with everyone who clones it', user: 'all your projects' } as Record<'user' | 'project' | 'local', string>,
  added: (rule: string, file: string, where: string) => `Added ${rule} to ${file} (${where}).`,
  sessionOnly: 'No settings file changed: this grant lasts for this conversation only.',
  undone: 'Taken back.',
  nothingToUndo: 'That grant is not in a settings file, or was already taken back.',
  undoFailed: (rule: string, path: string) => `${rule} could not be removed from ${path}: the file changed or no longer parses. It was left as it is.`,
} as const;

/**
 * The words of the Permissions view (grants/permissionsView.ts): Claude Code's rules in its three settings files, this
 * conversation's grants, and adding and removing a rule. (Why a rule or a file would not be read is worded by
 * grants/permissionSettings.ts, which the chat's page reaches and so imports nothing of the host.)
 */
export const GRANTS = {
  groups: {
    session: 'This conversation',
    local: 'Local — only you in this project (.claude/settings.local.json)',
    project: 'Project — shared with the repository (.claude/settings.json)',
    user: (file: string) => `User — all your projects (${file})`,
  },
  scopePick: {
    local: { label: 'Local', detail: 'Only you, in this project (.claude/settings.local.json, which git ignores)' },
    project: { label: 'Project', detail: 'Everyone who clones the repository (.claude/settings.json, committed with it)' },
    user: { label: 'User', detail: 'You, in all your projects' },
  },
  behaviours: { allow: 'Allow', ask: 'Ask', deny: 'Deny' },
  behaviourDetail: {
    allow: 'Claude Code does it without asking',
    ask: 'Claude Code asks every time, even when an allow rule matches',
    deny: 'Claude Code never does it',
  },
  /** Found in the bundled Claude Code: it watches its settings files and re-reads them in running sessions. */
  appliesAt: 'Claude Code applies a change to these files within about a second, in running conversations too.',
  session: {
    description: 'until the conversation ends',
    tooltip: 'Kept by the agent for this conversation only, in no file. A new session starts without them.',
    answered: (time: string) => `answered at ${time}`,
  },
  ruleCount: (n: number) => (n ? `${n} rule${n === 1 ? '' : 's'}` : 'none'),
  fromRepository: 'from the repository',
  fromRepositoryTooltip: 'This comes with the repository, not from you: it lets Claude Code do more without asking.',
  /** Claude Code gates the repository's grants: found in the bundled Claude Code and checked with it. */
  notApplied: 'not applied: folder not trusted in Claude Code',
  notAppliedTooltip:
    "Claude Code applies a repository's allow rules and extra directories only in a folder you trusted in Claude Code itself " +
    '(its trust question, asked when you run claude there). Until then the calls they cover ask.',
  additionalDirectory: (dir: string) => `Also works in ${dir}`,
  defaultMode: (mode: string) => `Starts in mode ${mode}`,
  noFile: 'no file',
  noFolder: 'Open a folder to see the permissions Claude Code works with there.',
  unreadable: 'Claude Code cannot read this file',
  refused: {
    symlink: 'It is a symbolic link: ACP Chat neither reads nor writes it.',
    notFile: 'It is not a regular file.',
    tooLarge: (limit: string) => `It is larger than ${limit}: not read here.`,
    unreadable: (code: string) => `It could not be read (${code}).`,
  },
  readOnlyUntrusted: 'Restricted Mode: rules can be read here, not changed. Trust this workspace to change them.',
  remove: {
    question: (behaviour: string, rule: string, file: string) => `Remove the ${behaviour} rule ${rule} from ${file}?`,
    detail: 'Only this rule is removed; the rest of the file stays as it is. Claude Code applies the change within about a second.',
    button: 'Remove',
  },
  add: {
    scopeTitle: 'Add Rule (1/3): Which File',
    behaviourTitle: 'Add Rule (2/3): Allow, Ask or Deny',
    ruleTitle: (behaviour: string, file: string) => `Add Rule (3/3): ${behaviour} in ${file}`,
    rulePrompt: 'Tool or Tool(specifier): Bash(npm test:*), Read(./src/**), WebFetch(domain:example.com), mcp__server__tool',
    projectAllowWarning: 'Everyone who clones the repository gets this rule (once they trust the folder in Claude Code).',
  },
  openPick: 'Open Settings File',
  outcome: {
    removed: (rule: string, file: string) => `Removed ${rule} from ${file}.`,
    added: (rule: string, file: string) => `Added ${rule} to ${file}.`,
    alreadyThere: (rule: string, file: string) => `${rule} is already in ${file}.`,
    gone: (rule: string, file: string) => `${rule} is no longer in ${file}: nothing was removed.`,
    malformed: (file: string, error: string) => `${file} was left as it is: ${error}`,
    refused: (file: string, why: string) => `${file} was left as it is. ${why}`,
    changed: (file: string) => `${file} changed while it was being edited: it was left as it is. Try again.`,
    writeFailed: (file: string, code: string) => `${file} could not be written (${code}); it was left as it is.`,
    untrusted: 'Restricted Mode: Claude Code settings are not changed from an untrusted workspace.',
    noFolder: 'Open a folder first: its Claude Code settings live in it.',
  },
} as const;

export const NOTHING_TO_UNDO = 'There is no code restore to undo in this chat.';

/** What a code restore did, checked on disk; `label` names a file for the user. */
export function describeRestore(
  outcome: { restored: readonly string[]; unchanged: readonly string[]; refused: readonly { path: string; reason: string }[]; unverified: readonly string[] },
  label: (path: string) => string,
  what: 'restore' | 'undo' = 'restore',
): UserError {
  const list = (paths: readonly string[]) => paths.map(label).join(', ');
  const parts: string[] = [];
  const n = outcome.restored.length;
  const files = `${n} file${n === 1 ? '' : 's'}`;
  if (n) parts.push(what === 'restore' ? `Restored ${files} to before the prompt: ${list(outcome.restored)}.` : `Put back ${files} as the agent left them: ${list(outcome.restored)}.`);
  else parts.push(what === 'restore' ? 'No file was restored.' : 'No file was put back.');
  if (outcome.unchanged.length) parts.push(`Already as before: ${list(outcome.unchanged)}.`);
  if (outcome.refused.length) parts.push(`Left alone: ${outcome.refused.map((r) => `${label(r.path)} (${r.reason})`).join('; ')}.`);
  if (outcome.unverified.length) parts.push(`Changed again right after the restore: ${list(outcome.unverified)}.`);
  const clean = !outcome.refused.length && !outcome.unverified.length;
  return { message: parts.join(' '), severity: clean ? 'info' : 'warning', actions: n && what === 'restore' ? ['undoRestore'] : [] };
}

/** Edit or rewind went on in another conversation than the user may expect: said, with why. */
export function describeGoBack(what: 'edit' | 'rewind', outcome: { kind: 'forked' } | { kind: 'new'; reason: 'first-prompt' | 'cannot-fork' }): UserError | undefined {
  if (outcome.kind === 'forked') return undefined;
  const verb = what === 'edit' ? 'Your edited prompt went to a new conversation' : 'A new conversation starts here';
  const why = outcome.reason === 'first-prompt' ? 'nothing came before that prompt' : 'this agent cannot continue from an earlier message';
  return { message: `${verb}: ${why}. The earlier conversation is in the history.`, severity: 'info', actions: [] };
}

/** A registry that cannot be read: nothing was installed. */
function describeRegistryError(err: AgentRegistryError): UserError {
  const message = err.reason === 'badJson' ? `The agent registry could not be read: ${firstLine(err.message)} Check acpChat.agentRegistry.url.` : firstLine(err.message);
  return { message: `${message} Nothing was installed.`, severity: 'error', actions: err.reason === 'badJson' ? ['openSettings', 'showLog'] : ['showLog'] };
}

/**
 * Installing Claude Code or a registry agent failed: nothing of it was kept. The Claude Code download names the npm
 * registry it used; an agent's install names the host and ends "Nothing was installed."
 */
function describeInstallError(err: InstallError, what?: string): UserError {
  const { subject, problem } = err;
  const text = installSentence(subject, problem);
  if (subject.kind === 'claudeCode') {
    if (problem.kind === 'cancelled') return { message: text, severity: 'info', actions: [] };
    return { message: what ? `${what} failed: ${text}` : text, severity: 'error', actions: ['showLog'] };
  }
  const nothing = ' Nothing was installed.';
  switch (err.reason) {
    case 'offline':
      return { message: `${text} This machine seems to be offline: connect and try again, or set http.proxy if you are behind a proxy.${nothing}`, severity: 'error', actions: ['showLog'] };
    case 'corrupt':
      return { message: `The downloaded agent is damaged or incomplete, so it was deleted. ${text}${nothing}`, severity: 'error', actions: ['showLog'] };
    case 'cancelled':
      return { message: `Installing the agent was cancelled.${nothing}`, severity: 'info', actions: [] };
    default:
      return { message: text + nothing, severity: 'error', actions: err.reason === 'http' ? ['openSettings', 'showLog'] : ['showLog'] };
  }
}

function mebibytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

/** One sentence for what went wrong, from the facts. */
function installSentence(subject: InstallSubject, problem: InstallProblem): string {
  const claude = subject.kind === 'claudeCode';
  const npm = `the npm registry at ${subject.source?.url ?? '?'}`;
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
          ? `Could not reach ${npm} through the proxy ${subject.proxy} (${problem.code}). Check VS Code's http.proxy setting.`
          : `Could not reach ${problem.host || host(undefined)} through the proxy ${subject.proxy}. Check VS Code's http.proxy setting.`;
      }
      return claude
        ? `Could not reach ${npm} (${problem.code}): this machine seems to be offline. Connect and try again, or set http.proxy if you are behind a proxy.`
        : `Could not reach ${problem.host || host(undefined)} for ${subject.what}.`;
    case 'proxyAuth':
      return `The proxy${subject.proxy ? ` ${subject.proxy}` : ''} asks for authentication (HTTP 407). Check VS Code's http.proxy settings.`;
    case 'httpStatus':
      if (!claude) return `${host(problem.url)} answered HTTP ${problem.status} for ${subject.what} (${problem.url}).`;
      if (problem.status === 404) return `${subject.what} is not on ${npm} (HTTP 404; registry from ${subject.source?.from}).`;
      if (problem.status === 401 || problem.status === 403) {
        return `The npm registry at ${subject.source?.url} refused the download (HTTP ${problem.status}; registry from ${subject.source?.from}). Check its credentials in your .npmrc.`;
      }
      return `The npm registry at ${subject.source?.url} answered HTTP ${problem.status} for ${problem.url}.`;
    case 'notJson':
      return claude ? `The npm registry at ${subject.source?.url} sent something that is not JSON for ${subject.what}.` : `${host(problem.url)} sent something that is not JSON for ${subject.what}.`;
    case 'badUrl':
      return claude ? `The registry URL ${problem.url} is not a valid URL. Check the registry in your npm configuration.` : `The URL ${problem.url} is not a valid URL.`;
    case 'tooManyRedirects':
      return `Too many redirects from ${problem.url}.`;
    case 'brokeOff':
      return `The download of ${subject.what} broke off after ${problem.received} of ${problem.total} bytes.${claude ? ' Try again.' : ''}`;
    case 'noTarball':
      return `The registry's document for ${subject.what} has no tarball URL (${problem.url}).`;
    case 'noIntegrity':
      return `The registry gives no sha512 integrity for ${subject.what}, so the download cannot be checked; nothing was downloaded.`;
    case 'integrityMismatch':
      return (
        `The downloaded Claude Code package does not match the sha512 recorded for it when ACP Chat was built (expected ${problem.expected.slice(0, 16)}…, got ` +
        `${problem.actual.slice(0, 16)}…). It was deleted. A registry mirror or proxy may have altered it; try again or ask its administrator.`
      );
    case 'notPinned':
      return `ACP Chat has no sha512 recorded for ${subject.what} (${problem.file} is missing or does not name it), so a download could not be checked; nothing was downloaded. Reinstall ACP Chat.`;
    case 'registryMismatch':
      return (
        `The npm registry at ${subject.source?.url ?? '?'} names a different sha512 for ${subject.what} than the one recorded when ACP Chat was built (recorded ` +
        `${problem.pinned.slice(0, 16)}…, registry ${problem.registry.slice(0, 16)}…), so it was not downloaded. It serves another package under this ` +
        `name and version; ask the registry's administrator, or download from another registry.`
      );
    case 'missingFile':
      return claude ? `The package ${subject.what} holds no ${problem.file}.` : `The archive of ${subject.what} holds no file ${problem.file} to run.`;
    case 'notRunnable':
      return `The downloaded Claude Code (${subject.what}) ${problem.problem} on this machine; it was deleted.`;
    case 'unpackFailed':
      return `The archive of ${subject.what} could not be unpacked: ${firstLine(problem.cause)}`;
    case 'archiveType':
      return `The archive of ${subject.what} is a ${problem.extension} file, which ACP Chat does not unpack yet (only .tar.gz, .tgz and plain executables).`;
    case 'noBuild':
      return `Claude Code is not built for this platform (${problem.platform}). Set acpChat.agent.path to another ACP agent.`;
    case 'disk':
      return `Could not write ${claude ? 'Claude Code' : 'the agent'} to ${problem.path} (${problem.code}).`;
    case 'cancelled':
      return claude ? 'The download of Claude Code was cancelled; nothing was kept.' : `Installing ${subject.what} was cancelled; nothing was kept.`;
    case 'insecure':
      return `${problem.url} is not an https address (plain http is taken only from this machine), so ${subject.what} was not downloaded from it.`;
    case 'tooLarge':
      return problem.part === 'download'
        ? `${subject.what} is larger than ${mebibytes(problem.limit)}, more than ACP Chat downloads; it was not kept.`
        : `${subject.what} unpacks to more than ${mebibytes(problem.limit)}, more than ACP Chat unpacks; it was deleted.`;
    case 'failed':
      return claude ? `The download of ${subject.what} failed: ${firstLine(problem.cause)}` : `Downloading ${subject.what} from ${host(undefined)} failed.`;
  }
}

function describeStartError(err: AgentStartError): UserError {
  const { command, exit, timeoutMs } = err.details;
  switch (err.reason) {
    case 'no-folder':
      return { message: 'Open a folder to work with the agent.', severity: 'info', actions: ['openFolder'] };
    case 'untrusted':
      return {
        message: 'The agent does not run in Restricted Mode: it can edit files and run commands. Trust this workspace to use it.',
        severity: 'warning',
        actions: ['manageTrust'],
      };
    case 'node-too-old':
    case 'adapter-missing':
      return { message: err.message, severity: 'error', actions: ['openSettings'] };
    case 'not-found':
      return {
        message: `The agent program ${quote(command)} was not found. Check acpChat.agent.path.`,
        severity: 'error',
        actions: ['openSettings', 'showLog'],
      };
    case 'not-executable':
      return {
        message: `The agent program ${quote(command)} cannot be run (not executable). Check acpChat.agent.path or the file's permissions.`,
        severity: 'error',
        actions: ['openSettings', 'showLog'],
      };
    case 'exited':
      return {
        message: `The agent ${exit ? howExited(exit) : 'exited'} while starting.`,
        ...lastOutput(exit?.stderrTail),
        severity: 'error',
        actions: ['showLog', 'restart'],
      };
    case 'initialize-timeout':
      return {
        message: `The agent did not answer within ${Math.round((timeoutMs ?? 0) / 1000)} s and was stopped.`,
        severity: 'error',
        actions: ['showLog', 'restart', 'openSettings'],
      };
    case 'claude-code-missing':
      return describeClaudeCodeMissing(err.details);
    case 'refused':
      return { message: err.message, severity: 'error', actions: ['showLog', 'restart'] };
  }
}

function describeClaudeCodeMissing(details: AgentStartError['details']): UserError {
  const broken = (details.claudeBroken ?? []).map((b) => ` ${b.source} points to ${b.path}, which ${b.problem}.`).join('');
  const found = details.claudeOnPath;
  const message =
    'Claude Code was not found. The Claude agent runs the Claude Code program, which is not part of this extension: ' +
    `download it, locate it, or set acpChat.claudeCode.path.${broken}` +
    (found ? ` A claude was found on PATH: ${found.path} (${found.version}).` : '');
  if (!found) return { message, severity: 'warning', actions: ['downloadClaudeCode', 'locateClaudeCode'] };
  // `--version` prints e.g. "2.1.318 (Claude Code)": the number alone on the button, the whole line in the message.
  const label = `Use claude ${found.version.split(/\s/)[0]}`;
  return { message, severity: 'warning', actions: ['downloadClaudeCode', 'useClaudeOnPath', 'locateClaudeCode'], claudeOnPath: { path: found.path, label } };
}

/**
 * A turn the model API refused after Claude Code's own retries. The adapter sends Claude Code's classification as
 * `data.errorKind` (only to clients that do not negotiate its JetBrains-only session-failure extension, i.e. to us).
 */
const MODEL_FAILURES: Record<string, string> = {
  rate_limit: 'Claude is rate limited: too many requests for now, and the retries ran out.',
  overloaded: 'Claude is overloaded right now, and the retries ran out.',
  // Claude Code reports a run of 529s that used up its retries as a server error too.
  server_error: 'The model API is failing or overloaded right now, and the retries ran out.',
};

/**
 * Claude Code's kinds of a model API error that sending the same prompt again would not fix (its
 * SDKAssistantMessageError). The adapter's own kinds (incomplete_tool_call, no_result, worker_shutdown) are not the API's.
 */
const MODEL_REFUSALS = new Set(['invalid_request', 'model_not_found', 'billing_error', 'unknown']);

function modelFailure(err: unknown): UserError | undefined {
  if (typeof err !== 'object' || err === null || !('data' in err)) return undefined;
  const data = (err as { data: unknown }).data;
  const kind = typeof data === 'object' && data !== null && 'errorKind' in data ? (data as { errorKind: unknown }).errorKind : undefined;
  if (typeof kind !== 'string') return undefined;
  const said = MODEL_FAILURES[kind];
  if (said) return { message: `${said} Wait a moment and send the prompt again.`, details: firstLine(errorMessage(err)), severity: 'warning', actions: ['showLog'], retryable: true };
  if (!MODEL_REFUSALS.has(kind)) return undefined;
  // The transcript's line of the failed turn already shows the API's words: the card says what became of the turn
  // and keeps the words behind "Show details".
  return { message: 'The model API answered with an error, so the turn stopped.', details: errorMessage(err).trim(), severity: 'error', actions: ['showLog'] };
}

/** The JSON-RPC code of an error the agent answered with (an SDK RequestError), if it is one. */
export function requestErrorCode(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  const code = (err as { code: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

function howExited(exit: { code: number | null; signal: string | null }): string {
  if (exit.signal) return `was stopped by ${exit.signal}`;
  return exit.code !== null ? `exited with code ${exit.code}` : 'exited';
}

/** The agent's last output (its end, where the cause usually is), as a notice's details. */
function lastOutput(stderrTail: string | undefined): { details?: string } {
  const tail = stderrTail?.trim();
  return tail ? { details: tail.slice(-STDERR_IN_DETAILS) } : {};
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

function quote(command: string | undefined): string {
  return command ? `"${command}"` : '';
}

/** The words of chats in their own git worktrees. */
export const WORKTREES = {
  branchPrompt: 'The new branch the chat works on (from the current HEAD)',
  folderPlaceholder: 'The folder whose repository the worktree is of',
  carryTitle: 'Your working tree has uncommitted changes',
  carry: 'Bring my uncommitted changes',
  carryDetail: 'Copy the tracked changes and untracked files into the worktree; your folder keeps them too',
  leave: 'Start from the last commit',
  leaveDetail: 'The worktree starts clean, at HEAD; your changes stay only in your folder',
  creating: (branch: string) => `Creating a worktree on ${branch}…`,
  notCarried: (paths: readonly string[]) => `Not copied into the worktree (not regular files): ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}.`,
  applied: (n: number) => (n === 0 ? 'Nothing to apply: your folder already has every change of the worktree.' : `Applied ${n} file${n === 1 ? '' : 's'} from the worktree to your folder (uncommitted).`),
  conflictsTitle: (n: number) => `${n} file${n === 1 ? '' : 's'} changed both in the worktree and in your folder`,
  conflictsPlaceholder: 'Pick the files to take the worktree\'s version of; the others keep yours (nothing is written for them)',
  conflictsLeft: (paths: readonly string[]) => `Not applied (changed in your folder too): ${paths.join(', ')}. Your copies are unchanged.`,
  discardButton: 'Discard Worktree',
  discardQuestion: (branch: string) => `Discard the worktree and delete the branch ${branch}?`,
  discardLoses: (files: readonly string[], commits: readonly string[]) =>
    [
      files.length ? `${files.length} changed file${files.length === 1 ? '' : 's'} not in your folder: ${files.slice(0, 8).join(', ')}${files.length > 8 ? ` and ${files.length - 8} more` : ''}.` : 'No file differs from where it started.',
      commits.length ? `${commits.length} commit${commits.length === 1 ? '' : 's'} on the branch: ${commits.slice(0, 5).join('; ')}${commits.length > 5 ? '; …' : ''}.` : '',
      'This cannot be undone.',
    ]
      .filter(Boolean)
      .join('\n'),
  discarded: (branch: string) => `Discarded the worktree and the branch ${branch}.`,
  missing: (branch: string) => `The worktree of ${branch} was deleted outside VS Code; its chat continues in your folder. Prune it in Manage Worktrees.`,
  pruneQuestion: (branch: string) => `Forget the worktree of ${branch}, whose folder is gone, and delete the branch?`,
  pruneButton: 'Prune',
  deleteWithChat: (branch: string) => `This conversation worked in the worktree of ${branch}. Discard the worktree too?`,
  none: 'No chat works in a worktree in this workspace.',
  noChanges: 'The worktree has no changes yet.',
} as const;

function describeWorktreeError(err: WorktreeError, what?: string): UserError {
  const message = {
    'no-git': 'git was not found on PATH, so the chat cannot get a worktree.',
    'not-a-repository': 'This folder is not in a git repository: a worktree is a second checkout of a repository. Start a chat in the folder instead.',
    'no-commit': 'The repository has no commit yet: a worktree starts from one. Commit first, then start the chat.',
    untrusted: 'A worktree runs git in this folder: trust the workspace first.',
    'no-folder': 'Open a folder first: a worktree is of a folder\'s repository.',
    missing: 'The worktree folder is gone (deleted outside VS Code).',
    'turn-running': 'Stop the running turn first: the agent is still working in the worktree.',
  }[err.reason];
  return { message: what && err.reason === 'missing' ? `${what} failed: ${message}` : message, severity: err.reason === 'untrusted' ? 'info' : 'error', actions: err.reason === 'untrusted' ? ['manageTrust'] : err.reason === 'missing' ? ['manageWorktrees'] : [] };
}

/** The words of Add Context (the composer's attach button). */
export const ADD_CONTEXT = {
  title: 'Add Context',
  placeholder: 'What to attach to the prompt',
  files: 'Files and Folders…',
  filesDetail: 'Files or folders of the workspace: the agent reads them itself',
  openLabel: 'Add to Chat',
  symbol: 'Symbol…',
  symbolDetail: 'A function, class or heading, found by VS Code’s symbol search: its lines are attached',
  symbolPlaceholder: 'Type a symbol’s name',
  problems: 'Problems',
  problemsDetail: 'The errors and warnings VS Code reports in the workspace',
  problemsName: (n: number) => `Problems (${n})`,
  noProblems: 'VS Code reports no problems in the workspace: nothing attached.',
  terminal: 'Terminal Output',
  terminalDetail: 'What the commands in the active terminal printed lately',
  terminalName: (name: string) => `Terminal: ${name}`,
  noTerminal: 'No terminal is open: nothing attached.',
  noTerminalOutput: (name: string) => `The terminal "${name}" has reported no output yet (VS Code's shell integration reports it): nothing attached.`,
  changes: 'Git Changes',
  changesDetail: 'What differs from the last commit in the workspace’s repositories (git diff HEAD)',
  changesName: 'Git changes',
  noChanges: 'No changes from the last commit (or no git repository): nothing attached.',
} as const;
