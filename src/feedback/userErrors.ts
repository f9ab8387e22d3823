// The one place that words errors for the user: what happened, how serious it is, and what the user can do about it
// (action ids; the host maps each id to a VS Code command in one table). Pure: no vscode, no I/O. Every sentence goes
// through l10n.t of contributions/l10n.ts, which is VS Code's once the extension activates, so a translation reaches
// it; the tables' texts are getters, read when shown, never while modules load (scripts/l10n.mjs checks both).
import { basename } from 'node:path';
import {
  AUTH_REQUIRED,
  AgentExitedError,
  AgentRegistryError,
  AgentStartError,
  AnswerNotUsedError,
  InstallError,
  LocationRefusedError,
  SettingsProblemError,
  WorktreeError,
  errorMessage,
  type InstallProblem,
  type InstallSubject,
} from '../acpClient/errors';
import { summarizeKinds, type ProjectSetting } from '../agents/claudeCode/projectSettings';
import { l10n } from '../contributions/l10n';

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
    const more = err.problems.length > 1 ? l10n.t(' (and {0} more; see the log)', err.problems.length - 1) : '';
    return { message: `${err.problems[0] ?? err.message}${more}`, severity: 'warning', actions: ['openSettings'] };
  }
  if (err instanceof WorktreeError) return describeWorktreeError(err, what);
  if (err instanceof LocationRefusedError) return { message: l10n.t('Cannot open {0}. {1}', err.label, err.reason), severity: 'error', actions: [] };
  if (err instanceof AnswerNotUsedError) {
    return err.why === 'expired'
      ? { message: l10n.t('That request had already ended; your answer was not used.'), severity: 'info', actions: [] }
      : { message: l10n.t('Your answer was not used: {0}', err.message), severity: 'error', actions: ['showLog'] };
  }
  const code = requestErrorCode(err);
  const text = errorMessage(err);
  if (code === AUTH_REQUIRED) {
    // A first step, not a failure: said as what to do, in the neutral colour.
    return { message: l10n.t('Sign in to use the agent, with your Claude subscription or an API key.'), severity: 'info', actions: ['signIn', 'setApiKey'] };
  }
  if (BYPASS_REFUSAL.test(text)) {
    return {
      message: l10n.t(
        'Claude Code refuses to skip approvals when it runs as root. Pick another mode, or remove IS_SANDBOX from acpChat.agent.env if you set it there.',
      ),
      severity: 'error',
      actions: ['openSettings', 'restart'],
    };
  }
  if (err instanceof AgentExitedError) {
    // The transcript stays; a restart loads the conversation into the new agent.
    const message = err.exit ? l10n.t('The agent {0}. Restart to continue this conversation.', howExited(err.exit)) : firstLine(text);
    return { message, ...lastOutput(err.exit?.stderrTail), severity: 'error', actions: ['restart', 'showLog'] };
  }
  const model = modelFailure(err);
  if (model) return model;
  if (code !== undefined) {
    // The agent's own words go behind "Show details": a failed turn's marker in the transcript already shows their
    // first line, and the model API's message often repeats in the agent's reply above it.
    return {
      message: l10n.t('{0} failed: the agent returned an error.', what ?? 'A request to the agent'),
      details: text.trim(),
      severity: 'error',
      actions: ['showLog'],
    };
  }
  // A message of several lines (a stack, a log) shows its first; the whole is behind "Show details".
  const line = firstLine(text);
  const more = line !== text.trim() ? { details: text.trim() } : {};
  return { message: what ? l10n.t('{0} failed: {1}', what, line) : line, ...more, severity: 'error', actions: ['showLog'] };
}

/** The agent started without the folder's own Claude settings (the user declined them): what that leaves out. */
export function describeProjectSettingsLeftOut(leftOut: readonly ProjectSetting[]): string {
  const all = [...new Set(leftOut.map((s) => s.file))];
  // Commands, skills and agents can be many files: the first two are named, the rest counted.
  const files =
    all.length <= 2 ? all.join(' and ') : l10n.t('{0} and {1} more file{2}', all.slice(0, 2).join(', '), all.length - 2, all.length === 3 ? '' : 's');
  return l10n.t(
    'Claude Code started without this folder\'s Claude settings ({0}): their {1} do not apply, nor do "always allow" answers kept there. Your own settings do.',
    files,
    summarizeKinds(leftOut),
  );
}

/** The user's MCP servers (or the editor tools) that the agent's sessions do not get, each sentence naming its source. */
export function describeMcpServersLeftOut(problems: readonly string[]): string {
  const [first, ...rest] = problems;
  return rest.length ? l10n.t('{0} (and {1} more about MCP servers: ACP Chat: Show MCP Servers lists them all.)', first, rest.length) : first!;
}

/** A diff the chat still shows but whose tool call the session no longer holds (e.g. after a new session). */
export const DIFF_UNAVAILABLE: UserError = {
  get message() {
    return l10n.t('That diff is no longer available.');
  },
  severity: 'warning',
  actions: [],
};

/** Allow, Allow Always or Deny run on a diff that answers no approval with that choice (an ended one is "expired"). */
export const DIFF_NOT_ASKING: UserError = {
  get message() {
    return l10n.t('This diff is not waiting for that answer.');
  },
  severity: 'info',
  actions: [],
};

/** Files a revert refused (changed since the agent wrote them, content before the turn unknown), each with why. */
export function describeRevertRefusals(refused: readonly { path: string; reason: string }[]): UserError | undefined {
  if (!refused.length) return undefined;
  const parts = refused.map((r) => `${basename(r.path)}: ${r.reason}`);
  return { message: l10n.t('Not reverted — {0}.', parts.join('; ')), severity: 'warning', actions: [] };
}

/** The words of going back to before a prompt (the Go Back picker, the restore's question). */
export const GO_BACK = {
  get title() {
    return l10n.t('Go Back to Before This Prompt');
  },
  get placeholder() {
    return l10n.t('Restore the code, rewind the conversation, or both');
  },
  get placeholderNoCode() {
    return l10n.t('No file changes are recorded from this prompt on: the conversation can be rewound');
  },
  get restoreCode() {
    return l10n.t('Restore code to before this prompt');
  },
  get restoreCodeDetail() {
    return l10n.t('Put back every file this turn and the later ones changed (a preview first); files changed since are left alone');
  },
  get rewind() {
    return l10n.t('Rewind the conversation to here');
  },
  get rewindDetail() {
    return l10n.t('Continue from just before this message, which goes back in the composer; this conversation stays in the history');
  },
  both: 'Both',
  get bothDetail() {
    return l10n.t('Restore the code, then rewind the conversation');
  },
  restoreButton: 'Restore',
  confirmRestore: (n: number) =>
    l10n.t('Restore {0} file{1} to as {2} before this prompt? The diff shows what changes.', n, n === 1 ? '' : 's', n === 1 ? 'it was' : 'they were'),
} as const;

/** The words of the agent's changes under review in the editor. */
export const REVIEW = {
  get keepLens() {
    return l10n.t('$(check) Keep');
  },
  get undoLens() {
    return l10n.t('$(discard) Undo');
  },
  get undoEditedLens() {
    return l10n.t('$(discard) Undo (you changed it)');
  },
  get keepTooltip() {
    return l10n.t('Keep this change as the agent wrote it');
  },
  get undoTooltip() {
    return l10n.t('Put these lines back as they were before the agent changed them');
  },
  get editedByYou() {
    return l10n.t('You changed lines of this change since the agent wrote them: Undo leaves it as it is. Edit it by hand, or Keep it.');
  },
  get gone() {
    return l10n.t('That change is no longer under review.');
  },
  get notApplied() {
    return l10n.t('VS Code did not apply the undo.');
  },
  someEdited: (n: number) =>
    l10n.t(
      '{0} change{1} you edited since the agent wrote {2} left as {3}.',
      n,
      n === 1 ? '' : 's',
      n === 1 ? 'it was' : 'them were',
      n === 1 ? 'it is' : 'they are',
    ),
  removedInline: (n: number) => l10n.t('− {0} line{1} removed', n, n === 1 ? '' : 's'),
  removedHover: (n: number) => l10n.t('The agent removed {0} line{1} here:', n, n === 1 ? '' : 's'),
} as const;

/** The words of what an "always" answer did, on its approval's card. */
export const GRANT_EFFECT = {
  where: {
    get local() {
      return l10n.t('this project, only you');
    },
    get project() {
      return l10n.t('this project, shared with everyone who clones it');
    },
    get user() {
      return l10n.t('all your projects');
    },
  } as Record<'user' | 'project' | 'local', string>,
  added: (rule: string, file: string, where: string) => l10n.t('Added {0} to {1} ({2}).', rule, file, where),
  get sessionOnly() {
    return l10n.t('No settings file changed: this grant lasts for this conversation only.');
  },
  get undone() {
    return l10n.t('Taken back.');
  },
  get nothingToUndo() {
    return l10n.t('That grant is not in a settings file, or was already taken back.');
  },
  undoFailed: (rule: string, path: string) =>
    l10n.t('{0} could not be removed from {1}: the file changed or no longer parses. It was left as it is.', rule, path),
} as const;

/**
 * The words of the Permissions view (grants/permissionsView.ts): Claude Code's rules in its three settings files, this
 * conversation's grants, and adding and removing a rule. (Why a rule or a file would not be read is worded by
 * grants/permissionSettings.ts, which the chat's page reaches and so imports nothing of the host.)
 */
export const GRANTS = {
  groups: {
    get session() {
      return l10n.t('This conversation');
    },
    get local() {
      return l10n.t('Local — only you in this project (.claude/settings.local.json)');
    },
    get project() {
      return l10n.t('Project — shared with the repository (.claude/settings.json)');
    },
    user: (file: string) => l10n.t('User — all your projects ({0})', file),
  },
  scopePick: {
    local: {
      get label() {
        return l10n.t('Local');
      },
      get detail() {
        return l10n.t('Only you, in this project (.claude/settings.local.json, which git ignores)');
      },
    },
    project: {
      get label() {
        return l10n.t('Project');
      },
      get detail() {
        return l10n.t('Everyone who clones the repository (.claude/settings.json, committed with it)');
      },
    },
    user: {
      get label() {
        return l10n.t('User');
      },
      get detail() {
        return l10n.t('You, in all your projects');
      },
    },
  },
  behaviours: { allow: 'Allow', ask: 'Ask', deny: 'Deny' },
  behaviourDetail: {
    get allow() {
      return l10n.t('Claude Code does it without asking');
    },
    get ask() {
      return l10n.t('Claude Code asks every time, even when an allow rule matches');
    },
    get deny() {
      return l10n.t('Claude Code never does it');
    },
  },
  /** Found in the bundled Claude Code: it watches its settings files and re-reads them in running sessions. */
  get appliesAt() {
    return l10n.t('Claude Code applies a change to these files within about a second, in running conversations too.');
  },
  session: {
    get description() {
      return l10n.t('until the conversation ends');
    },
    get tooltip() {
      return l10n.t('Kept by the agent for this conversation only, in no file. A new session starts without them.');
    },
    answered: (time: string) => l10n.t('answered at {0}', time),
  },
  ruleCount: (n: number) => (n ? l10n.t('{0} rule{1}', n, n === 1 ? '' : 's') : 'none'),
  get fromRepository() {
    return l10n.t('from the repository');
  },
  get fromRepositoryTooltip() {
    return l10n.t('This comes with the repository, not from you: it lets Claude Code do more without asking.');
  },
  /** Claude Code gates the repository's grants: found in the bundled Claude Code and checked with it. */
  get notApplied() {
    return l10n.t('not applied: folder not trusted in Claude Code');
  },
  get notAppliedTooltip() {
    return l10n.t(
      "Claude Code applies a repository's allow rules and extra directories only in a folder you trusted in Claude Code itself (its trust question, asked when you run claude there). Until then the calls they cover ask.",
    );
  },
  additionalDirectory: (dir: string) => l10n.t('Also works in {0}', dir),
  defaultMode: (mode: string) => l10n.t('Starts in mode {0}', mode),
  get noFile() {
    return l10n.t('no file');
  },
  get noFolder() {
    return l10n.t('Open a folder to see the permissions Claude Code works with there.');
  },
  get unreadable() {
    return l10n.t('Claude Code cannot read this file');
  },
  refused: {
    get symlink() {
      return l10n.t('It is a symbolic link: ACP Chat neither reads nor writes it.');
    },
    get notFile() {
      return l10n.t('It is not a regular file.');
    },
    tooLarge: (limit: string) => l10n.t('It is larger than {0}: not read here.', limit),
    unreadable: (code: string) => l10n.t('It could not be read ({0}).', code),
  },
  get readOnlyUntrusted() {
    return l10n.t('Restricted Mode: rules can be read here, not changed. Trust this workspace to change them.');
  },
  remove: {
    question: (behaviour: string, rule: string, file: string) => l10n.t('Remove the {0} rule {1} from {2}?', behaviour, rule, file),
    get detail() {
      return l10n.t('Only this rule is removed; the rest of the file stays as it is. Claude Code applies the change within about a second.');
    },
    button: 'Remove',
  },
  add: {
    get scopeTitle() {
      return l10n.t('Add Rule (1/3): Which File');
    },
    get behaviourTitle() {
      return l10n.t('Add Rule (2/3): Allow, Ask or Deny');
    },
    ruleTitle: (behaviour: string, file: string) => l10n.t('Add Rule (3/3): {0} in {1}', behaviour, file),
    get rulePrompt() {
      return l10n.t('Tool or Tool(specifier): Bash(npm test:*), Read(./src/**), WebFetch(domain:example.com), mcp__server__tool');
    },
    get projectAllowWarning() {
      return l10n.t('Everyone who clones the repository gets this rule (once they trust the folder in Claude Code).');
    },
  },
  get openPick() {
    return l10n.t('Open Settings File');
  },
  outcome: {
    removed: (rule: string, file: string) => l10n.t('Removed {0} from {1}.', rule, file),
    added: (rule: string, file: string) => l10n.t('Added {0} to {1}.', rule, file),
    alreadyThere: (rule: string, file: string) => l10n.t('{0} is already in {1}.', rule, file),
    gone: (rule: string, file: string) => l10n.t('{0} is no longer in {1}: nothing was removed.', rule, file),
    malformed: (file: string, error: string) => l10n.t('{0} was left as it is: {1}', file, error),
    refused: (file: string, why: string) => l10n.t('{0} was left as it is. {1}', file, why),
    changed: (file: string) => l10n.t('{0} changed while it was being edited: it was left as it is. Try again.', file),
    writeFailed: (file: string, code: string) => l10n.t('{0} could not be written ({1}); it was left as it is.', file, code),
    get untrusted() {
      return l10n.t('Restricted Mode: Claude Code settings are not changed from an untrusted workspace.');
    },
    get noFolder() {
      return l10n.t('Open a folder first: its Claude Code settings live in it.');
    },
  },
} as const;

export const noRestoreToUndo = (): string => l10n.t('There is no code restore to undo in this chat.');

/** What a code restore did, checked on disk; `label` names a file for the user. */
export function describeRestore(
  outcome: { restored: readonly string[]; unchanged: readonly string[]; refused: readonly { path: string; reason: string }[]; unverified: readonly string[] },
  label: (path: string) => string,
  what: 'restore' | 'undo' = 'restore',
): UserError {
  const list = (paths: readonly string[]) => paths.map(label).join(', ');
  const parts: string[] = [];
  const n = outcome.restored.length;
  const files = l10n.t('{0} file{1}', n, n === 1 ? '' : 's');
  if (n)
    parts.push(
      what === 'restore'
        ? l10n.t('Restored {0} to before the prompt: {1}.', files, list(outcome.restored))
        : l10n.t('Put back {0} as the agent left them: {1}.', files, list(outcome.restored)),
    );
  else parts.push(what === 'restore' ? l10n.t('No file was restored.') : l10n.t('No file was put back.'));
  if (outcome.unchanged.length) parts.push(l10n.t('Already as before: {0}.', list(outcome.unchanged)));
  if (outcome.refused.length) parts.push(l10n.t('Left alone: {0}.', outcome.refused.map((r) => `${label(r.path)} (${r.reason})`).join('; ')));
  if (outcome.unverified.length) parts.push(l10n.t('Changed again right after the restore: {0}.', list(outcome.unverified)));
  const clean = !outcome.refused.length && !outcome.unverified.length;
  return { message: parts.join(' '), severity: clean ? 'info' : 'warning', actions: n && what === 'restore' ? ['undoRestore'] : [] };
}

/** Edit or rewind went on in another conversation than the user may expect: said, with why. */
export function describeGoBack(
  what: 'edit' | 'rewind',
  outcome: { kind: 'forked' } | { kind: 'new'; reason: 'first-prompt' | 'cannot-fork' },
): UserError | undefined {
  if (outcome.kind === 'forked') return undefined;
  const verb = what === 'edit' ? l10n.t('Your edited prompt went to a new conversation') : l10n.t('A new conversation starts here');
  const why = outcome.reason === 'first-prompt' ? l10n.t('nothing came before that prompt') : l10n.t('this agent cannot continue from an earlier message');
  return { message: l10n.t('{0}: {1}. The earlier conversation is in the history.', verb, why), severity: 'info', actions: [] };
}

/** A registry that cannot be read: nothing was installed. */
function describeRegistryError(err: AgentRegistryError): UserError {
  const message =
    err.reason === 'badJson'
      ? l10n.t('The agent registry could not be read: {0} Check acpChat.agentRegistry.url.', firstLine(err.message))
      : firstLine(err.message);
  return {
    message: l10n.t('{0} Nothing was installed.', message),
    severity: 'error',
    actions: err.reason === 'badJson' ? ['openSettings', 'showLog'] : ['showLog'],
  };
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

function describeStartError(err: AgentStartError): UserError {
  const { command, exit, timeoutMs } = err.details;
  switch (err.reason) {
    case 'no-folder':
      return { message: l10n.t('Open a folder to work with the agent.'), severity: 'info', actions: ['openFolder'] };
    case 'untrusted':
      return {
        message: l10n.t('The agent does not run in Restricted Mode: it can edit files and run commands. Trust this workspace to use it.'),
        severity: 'warning',
        actions: ['manageTrust'],
      };
    case 'node-too-old':
    case 'adapter-missing':
      return { message: err.message, severity: 'error', actions: ['openSettings'] };
    case 'not-found':
      return {
        message: l10n.t('The agent program {0} was not found. Check acpChat.agent.path.', quote(command)),
        severity: 'error',
        actions: ['openSettings', 'showLog'],
      };
    case 'not-executable':
      return {
        message: l10n.t("The agent program {0} cannot be run (not executable). Check acpChat.agent.path or the file's permissions.", quote(command)),
        severity: 'error',
        actions: ['openSettings', 'showLog'],
      };
    case 'exited':
      return {
        message: l10n.t('The agent {0} while starting.', exit ? howExited(exit) : 'exited'),
        ...lastOutput(exit?.stderrTail),
        severity: 'error',
        actions: ['showLog', 'restart'],
      };
    case 'initialize-timeout':
      return {
        message: l10n.t('The agent did not answer within {0} s and was stopped.', Math.round((timeoutMs ?? 0) / 1000)),
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
  const broken = (details.claudeBroken ?? []).map((b) => l10n.t(' {0} points to {1}, which {2}.', b.source, b.path, b.problem)).join('');
  const found = details.claudeOnPath;
  const message = l10n.t(
    'Claude Code was not found. The Claude agent runs the Claude Code program, which is not part of this extension: download it, locate it, or set acpChat.claudeCode.path.{0}{1}',
    broken,
    found ? ` A claude was found on PATH: ${found.path} (${found.version}).` : '',
  );
  if (!found) return { message, severity: 'warning', actions: ['downloadClaudeCode', 'locateClaudeCode'] };
  // `--version` prints e.g. "2.1.318 (Claude Code)": the number alone on the button, the whole line in the message.
  const label = l10n.t('Use claude {0}', found.version.split(/\s/)[0]);
  return { message, severity: 'warning', actions: ['downloadClaudeCode', 'useClaudeOnPath', 'locateClaudeCode'], claudeOnPath: { path: found.path, label } };
}

/**
 * A turn the model API refused after Claude Code's own retries. The adapter sends Claude Code's classification as
 * `data.errorKind` (only to clients that do not negotiate its JetBrains-only session-failure extension, i.e. to us).
 */
const MODEL_FAILURES: Record<string, string> = {
  get rate_limit() {
    return l10n.t('Claude is rate limited: too many requests for now, and the retries ran out.');
  },
  get overloaded() {
    return l10n.t('Claude is overloaded right now, and the retries ran out.');
  },
  // Claude Code reports a run of 529s that used up its retries as a server error too.
  get server_error() {
    return l10n.t('The model API is failing or overloaded right now, and the retries ran out.');
  },
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
  if (said)
    return {
      message: l10n.t('{0} Wait a moment and send the prompt again.', said),
      details: firstLine(errorMessage(err)),
      severity: 'warning',
      actions: ['showLog'],
      retryable: true,
    };
  if (!MODEL_REFUSALS.has(kind)) return undefined;
  // The transcript's line of the failed turn already shows the API's words: the card says what became of the turn
  // and keeps the words behind "Show details".
  return {
    message: l10n.t('The model API answered with an error, so the turn stopped.'),
    details: errorMessage(err).trim(),
    severity: 'error',
    actions: ['showLog'],
  };
}

/** The JSON-RPC code of an error the agent answered with (an SDK RequestError), if it is one. */
export function requestErrorCode(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  const code = (err as { code: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

function howExited(exit: { code: number | null; signal: string | null }): string {
  if (exit.signal) return l10n.t('was stopped by {0}', exit.signal);
  return exit.code !== null ? l10n.t('exited with code {0}', exit.code) : 'exited';
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
  get branchPrompt() {
    return l10n.t('The new branch the chat works on (from the current HEAD)');
  },
  get folderPlaceholder() {
    return l10n.t('The folder whose repository the worktree is of');
  },
  get carryTitle() {
    return l10n.t('Your working tree has uncommitted changes');
  },
  get carry() {
    return l10n.t('Bring my uncommitted changes');
  },
  get carryDetail() {
    return l10n.t('Copy the tracked changes and untracked files into the worktree; your folder keeps them too');
  },
  get leave() {
    return l10n.t('Start from the last commit');
  },
  get leaveDetail() {
    return l10n.t('The worktree starts clean, at HEAD; your changes stay only in your folder');
  },
  creating: (branch: string) => l10n.t('Creating a worktree on {0}…', branch),
  notCarried: (paths: readonly string[]) =>
    l10n.t('Not copied into the worktree (not regular files): {0}{1}.', paths.slice(0, 3).join(', '), paths.length > 3 ? ` and ${paths.length - 3} more` : ''),
  applied: (n: number) =>
    n === 0
      ? l10n.t('Nothing to apply: your folder already has every change of the worktree.')
      : l10n.t('Applied {0} file{1} from the worktree to your folder (uncommitted).', n, n === 1 ? '' : 's'),
  conflictsTitle: (n: number) => l10n.t('{0} file{1} changed both in the worktree and in your folder', n, n === 1 ? '' : 's'),
  get conflictsPlaceholder() {
    return l10n.t("Pick the files to take the worktree's version of; the others keep yours (nothing is written for them)");
  },
  conflictsLeft: (paths: readonly string[]) => l10n.t('Not applied (changed in your folder too): {0}. Your copies are unchanged.', paths.join(', ')),
  get discardButton() {
    return l10n.t('Discard Worktree');
  },
  discardQuestion: (branch: string) => l10n.t('Discard the worktree and delete the branch {0}?', branch),
  discardLoses: (files: readonly string[], commits: readonly string[]) =>
    [
      files.length
        ? l10n.t(
            '{0} changed file{1} not in your folder: {2}{3}.',
            files.length,
            files.length === 1 ? '' : 's',
            files.slice(0, 8).join(', '),
            files.length > 8 ? ` and ${files.length - 8} more` : '',
          )
        : l10n.t('No file differs from where it started.'),
      commits.length
        ? l10n.t(
            '{0} commit{1} on the branch: {2}{3}.',
            commits.length,
            commits.length === 1 ? '' : 's',
            commits.slice(0, 5).join('; '),
            commits.length > 5 ? '; …' : '',
          )
        : '',
      l10n.t('This cannot be undone.'),
    ]
      .filter(Boolean)
      .join('\n'),
  discarded: (branch: string) => l10n.t('Discarded the worktree and the branch {0}.', branch),
  missing: (branch: string) =>
    l10n.t('The worktree of {0} was deleted outside VS Code; its chat continues in your folder. Prune it in Manage Worktrees.', branch),
  pruneQuestion: (branch: string) => l10n.t('Forget the worktree of {0}, whose folder is gone, and delete the branch?', branch),
  pruneButton: 'Prune',
  deleteWithChat: (branch: string) => l10n.t('This conversation worked in the worktree of {0}. Discard the worktree too?', branch),
  get none() {
    return l10n.t('No chat works in a worktree in this workspace.');
  },
  get noChanges() {
    return l10n.t('The worktree has no changes yet.');
  },
} as const;

function describeWorktreeError(err: WorktreeError, what?: string): UserError {
  const message = {
    'no-git': l10n.t('git was not found on PATH, so the chat cannot get a worktree.'),
    'not-a-repository': l10n.t('This folder is not in a git repository: a worktree is a second checkout of a repository. Start a chat in the folder instead.'),
    'no-commit': l10n.t('The repository has no commit yet: a worktree starts from one. Commit first, then start the chat.'),
    untrusted: l10n.t('A worktree runs git in this folder: trust the workspace first.'),
    'no-folder': l10n.t("Open a folder first: a worktree is of a folder's repository."),
    missing: l10n.t('The worktree folder is gone (deleted outside VS Code).'),
    'turn-running': l10n.t('Stop the running turn first: the agent is still working in the worktree.'),
  }[err.reason];
  return {
    message: what && err.reason === 'missing' ? l10n.t('{0} failed: {1}', what, message) : message,
    severity: err.reason === 'untrusted' ? 'info' : 'error',
    actions: err.reason === 'untrusted' ? ['manageTrust'] : err.reason === 'missing' ? ['manageWorktrees'] : [],
  };
}

/** The words of Add Context (the composer's attach button). */
export const ADD_CONTEXT = {
  get title() {
    return l10n.t('Add Context');
  },
  get placeholder() {
    return l10n.t('What to attach to the prompt');
  },
  get files() {
    return l10n.t('Files and Folders…');
  },
  get filesDetail() {
    return l10n.t('Files or folders of the workspace: the agent reads them itself');
  },
  get openLabel() {
    return l10n.t('Add to Chat');
  },
  symbol: 'Symbol…',
  get symbolDetail() {
    return l10n.t('A function, class or heading, found by VS Code’s symbol search: its lines are attached');
  },
  get symbolPlaceholder() {
    return l10n.t('Type a symbol’s name');
  },
  problems: 'Problems',
  get problemsDetail() {
    return l10n.t('The errors and warnings VS Code reports in the workspace');
  },
  problemsName: (n: number) => l10n.t('Problems ({0})', n),
  get noProblems() {
    return l10n.t('VS Code reports no problems in the workspace: nothing attached.');
  },
  get terminal() {
    return l10n.t('Terminal Output');
  },
  get terminalDetail() {
    return l10n.t('What the commands in the active terminal printed lately');
  },
  terminalName: (name: string) => l10n.t('Terminal: {0}', name),
  get noTerminal() {
    return l10n.t('No terminal is open: nothing attached.');
  },
  noTerminalOutput: (name: string) =>
    l10n.t('The terminal "{0}" has reported no output yet (VS Code\'s shell integration reports it): nothing attached.', name),
  get changes() {
    return l10n.t('Git Changes');
  },
  get changesDetail() {
    return l10n.t('What differs from the last commit in the workspace’s repositories (git diff HEAD)');
  },
  get changesName() {
    return l10n.t('Git changes');
  },
  get noChanges() {
    return l10n.t('No changes from the last commit (or no git repository): nothing attached.');
  },
} as const;

/** Why something dropped on the chat's composer (or offered by `@`) was not attached. */
export type DropRefusal = 'outside' | 'not-a-file' | 'missing';

// Worded when asked, not while the module loads (the translator is handed over at activation).
const dropWhy = (why: DropRefusal): string =>
  why === 'outside' ? l10n.t('outside the workspace folders') : why === 'missing' ? l10n.t('not found') : l10n.t('not a file or folder on this machine');

/** Dropped files and folders that were not attached: each with why (the first few named), and what can be. */
export function dropNotAttached(refused: readonly { name: string; why: DropRefusal }[]): string {
  const named = refused.slice(0, 3).map((r) => `${r.name} (${dropWhy(r.why)})`);
  const more = refused.length > 3 ? l10n.t(' and {0} more', refused.length - 3) : '';
  return l10n.t('Not added to the chat: {0}{1}. Only files and folders inside the workspace folders can be attached.', named.join(', '), more);
}
