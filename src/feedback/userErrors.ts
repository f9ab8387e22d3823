// The wording of the errors every feature meets (the agent's process not starting or exiting, its answers to
// requests, the model API's refusals) and the generic fallbacks: what happened, how serious it is, and what the user can
// do about it (action ids; the host maps each id to a VS Code command in one table). A feature's own error kinds word
// themselves (DescribedError, in the feature's folder), so describeError stays the one entry point without this
// folder importing the features above it. Pure: no vscode, no I/O. Every sentence goes through l10n.t of
// contributions/l10n.ts, which is VS Code's once the extension activates, so a translation reaches it; the tables'
// texts are getters, read when shown, never while modules load (scripts/l10n.mjs checks both).
import { AUTH_REQUIRED, AgentExitedError, AgentStartError, errorMessage } from '../acpClient/errors';
import { l10n } from '../contributions/l10n';
import { modelApiError } from './modelApiErrors';

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
  | 'manageWorktrees'
  | 'openBilling'
  | 'subscriptionSignIn';

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

/**
 * An error kind that words itself: a feature's error classes implement it beside their wording, in the feature's
 * folder, and describeError asks them first. `what` names the failed operation, for errors that carry no cause of their own.
 */
export interface DescribedError {
  describe(what?: string): UserError;
}

function isDescribed(err: unknown): err is Error & DescribedError {
  return err instanceof Error && typeof (err as Partial<DescribedError>).describe === 'function';
}

/** Claude Code's refusal to bypass approvals as root, as the adapter relays it. */
const BYPASS_REFUSAL = /dangerously-skip-permissions cannot be used with root/i;

const STDERR_IN_DETAILS = 600;

/**
 * Words `err` for the user. `what` names the failed operation ("Sending the prompt") for errors that carry no cause
 * of their own.
 */
export function describeError(err: unknown, what?: string): UserError {
  if (isDescribed(err)) return err.describe(what);
  if (err instanceof AgentStartError) return describeStartError(err);
  const code = requestErrorCode(err);
  const text = errorMessage(err);
  if (code === AUTH_REQUIRED) {
    // A first step, not a failure: said as what to do, in the neutral colour. The agent's terminal sign-in methods
    // (signIn/terminalLogin.ts) open a terminal the user has to act in: said before they do.
    return {
      message: l10n.t(
        'Sign in to use the agent, with your Claude subscription or an API key. The Claude sign-in opens a terminal: follow the link it prints and sign in in your browser, then come back here; the chat continues when it is done.',
      ),
      severity: 'info',
      actions: ['signIn', 'setApiKey'],
    };
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
    const message = err.exit ? l10n.t('The agent {0}. Restart to continue this chat.', howExited(err.exit)) : firstLine(text);
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
    // ClaudeCodeNotFoundError (agents/claudeCode/) words itself: this reason alone has nothing more to say.
    case 'claude-code-missing':
    case 'refused':
      return { message: err.message, severity: 'error', actions: ['showLog', 'restart'] };
  }
}

/**
 * A turn the model API refused after Claude Code's own retries, that the same prompt may get past later (which error it
 * is: modelApiErrors.ts).
 */
const MODEL_FAILURES: Record<'rate_limit' | 'overloaded' | 'server_error', string> = {
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

function modelFailure(err: unknown): UserError | undefined {
  const kind = modelApiError(err);
  if (!kind) return undefined;
  // The transcript's line of the failed turn shows the API's words ("Credit balance is too low"): a card that says what
  // they mean and what fixes them does not repeat them behind "Show details". Retry and the log cannot fix these two.
  if (kind === 'credit')
    return {
      message: l10n.t(
        'Your Anthropic API account is out of credit, so the turn stopped. Sign in with your Claude subscription instead, or add credits on the billing page of the Anthropic Console.',
      ),
      severity: 'error',
      actions: ['subscriptionSignIn', 'openBilling'],
    };
  if (kind === 'authentication')
    return {
      message: l10n.t('The model API did not accept your sign-in or API key, so the turn stopped. Sign in again.'),
      severity: 'error',
      actions: ['signIn', 'setApiKey'],
    };
  if (kind !== 'refused')
    return {
      message: l10n.t('{0} Wait a moment and send the prompt again.', MODEL_FAILURES[kind]),
      details: firstLine(errorMessage(err)),
      severity: 'warning',
      actions: ['showLog'],
      retryable: true,
    };
  // The card says what became of the turn and keeps the API's words behind "Show details".
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

/** The first line of a message: a notice shows one line, the rest goes behind "Show details". */
export function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

function quote(command: string | undefined): string {
  return command ? `"${command}"` : '';
}
