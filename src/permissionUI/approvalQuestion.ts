// What an approval asks, in the user's words: the question for the kind of call ("Run this command?") and what it is
// about, whole (the command, the path, the URL). Pure, with no Node: the VS Code prompts get it through
// permissionPresentation.ts and the chat's card through the protocol, so every surface asks the same question.
// Decided from the tool call's name, kind and input only, never from an option's kind or label.
import { toDisplayText, toVerbatimText } from '../acpClient/displayText';
import { isRecord, optionalString } from '../acpClient/guards';
import { mcpToolName } from '../acpClient/mcpToolName';
import { l10n } from '../contributions/l10n';

/** The words of an approval, on every surface. */
export const APPROVAL = {
  get runCommand() {
    return l10n.t('Run this command?');
  },
  get createFile() {
    return l10n.t('Create this file?');
  },
  get writeFile() {
    return l10n.t('Write this file?');
  },
  get editFile() {
    return l10n.t('Edit this file?');
  },
  get deleteFile() {
    return l10n.t('Delete this file?');
  },
  get moveFile() {
    return l10n.t('Move this file?');
  },
  get readFile() {
    return l10n.t('Read this file?');
  },
  get fetchUrl() {
    return l10n.t('Fetch this URL?');
  },
  get searchWeb() {
    return l10n.t('Search the web?');
  },
  get readyToCode() {
    return l10n.t('Ready to code?');
  },
  useTool: (tool: string) => l10n.t('Use {0}?', tool),
  useMcpTool: (tool: string, server: string) => l10n.t('Use {0} from the MCP server {1}?', tool, server),
  get anyCall() {
    return l10n.t('Allow this tool call?');
  },
  /** The title of a request with nothing to go on. */
  get fallbackTitle() {
    return l10n.t('Permission requested');
  },
  /** The QuickPick's items that act without answering, and their heading. */
  get moreAbout() {
    return l10n.t('More about this request');
  },
  /** The heading over the answers that reach past this one call. */
  get broaderAnswers() {
    return l10n.t("Don't ask again");
  },
  /** The QuickPick's row that closes it without answering. */
  get answerLater() {
    return l10n.t('Answer later (the request waits in the chat)');
  },
  get showPlan() {
    return l10n.t('Show the plan');
  },
  get showChanges() {
    return l10n.t('Show the changes');
  },
  openLocation: (label: string) => l10n.t('Open {0}', label),
  get pickPlaceholder() {
    return l10n.t('Pick an answer (Esc closes this; the request keeps waiting in the chat)');
  },
  /** The modal's button that shows the plan, diff or file and then asks again. */
  get showDetails() {
    return l10n.t('Show Details…');
  },
  /** VS Code's modal always has a Cancel button: what it does. */
  get modalCancel() {
    return l10n.t('Cancel closes this dialog; the request keeps waiting in the chat.');
  },
} as const;

/** Bounds the prose subjects (URL, query, title); commands and paths are shown whole. */
export const SUBJECT_MAX = 2_000;

/** How the subject is shown: a command and a path as code, wrapped, never cut. */
export type SubjectForm = 'command' | 'path' | 'url' | 'text';

export interface ApprovalQuestion {
  question: string;
  /** What the question is about, whole, as it is shown. */
  subject?: string;
  subjectForm?: SubjectForm;
  /** The path itself when the subject is one: each surface shows it relative to the folders it knows. */
  subjectPath?: string;
}

/** The tool call as either side holds it (the request's `toolCall`, or the transcript's merged state). */
export interface QuestionSource {
  name?: unknown;
  kind?: unknown;
  title?: unknown;
  rawInput?: unknown;
  content?: unknown;
  locations?: unknown;
  _meta?: unknown;
}

const SHELL_TOOLS = new Set(['Bash', 'PowerShell']);
const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
const EXIT_PLAN_TOOL = 'ExitPlanMode';
const EXIT_PLAN_OPTION_PREFIX = 'exit-plan-';

/** The question an approval of `call` asks. `optionIds`: the request's options (ExitPlanMode is known by them too). */
export function buildApprovalQuestion(call: QuestionSource, optionIds: readonly string[] = []): ApprovalQuestion {
  const name = nonBlank(optionalString(call.name)) ?? claudeToolName(call._meta);
  const kind = optionalString(call.kind);
  const input = isRecord(call.rawInput) ? call.rawInput : {};
  const title = nonBlank(optionalString(call.title));
  const diffs = (Array.isArray(call.content) ? call.content : []).filter(
    (c): c is { path: string; oldText?: unknown } => isRecord(c) && c.type === 'diff' && typeof c.path === 'string',
  );
  const firstLocation = (Array.isArray(call.locations) ? call.locations : [])
    .map((l) => (isRecord(l) ? nonBlank(optionalString(l.path)) : undefined))
    .find((p) => p);
  const path =
    nonBlank(optionalString(input.file_path) ?? optionalString(input.notebook_path) ?? optionalString(input.path)) ?? diffs[0]?.path ?? firstLocation;
  const asPath = (question: string): ApprovalQuestion =>
    path ? { question, subject: toVerbatimText(path), subjectForm: 'path', subjectPath: path } : withTitle(question, title);

  if (name === EXIT_PLAN_TOOL || optionIds.some((id) => id.startsWith(EXIT_PLAN_OPTION_PREFIX))) return { question: APPROVAL.readyToCode };
  if ((name !== undefined && SHELL_TOOLS.has(name)) || kind === 'execute') {
    const command = nonBlank(optionalString(input.command)) ?? title;
    return command ? { question: APPROVAL.runCommand, subject: toVerbatimText(command), subjectForm: 'command' } : { question: APPROVAL.runCommand };
  }
  if ((name !== undefined && EDIT_TOOLS.has(name)) || kind === 'edit') {
    // Claude's Write is asked before it runs, with no old text whether or not the file exists (the adapter's
    // file-edit reporter): it writes the file, created or replaced. Any other diff without old text is a new file.
    if (name === 'Write') return asPath(APPROVAL.writeFile);
    const creates = diffs.length > 0 && diffs.every((d) => d.oldText === null || d.oldText === undefined);
    return asPath(creates ? APPROVAL.createFile : APPROVAL.editFile);
  }
  if (kind === 'delete') return asPath(APPROVAL.deleteFile);
  if (kind === 'move') return asPath(APPROVAL.moveFile);
  const url = nonBlank(optionalString(input.url));
  if (url && (name === 'WebFetch' || kind === 'fetch')) return { question: APPROVAL.fetchUrl, subject: toDisplayText(url, SUBJECT_MAX), subjectForm: 'url' };
  if (name === 'WebSearch') return withTitle(APPROVAL.searchWeb, nonBlank(optionalString(input.query)) ?? title);
  if (name === 'Read' || kind === 'read') return asPath(APPROVAL.readFile);
  const mcp = mcpToolName(name);
  if (mcp) {
    // What the user judges is the input the server gets.
    const given = Object.keys(input).length ? JSON.stringify(input) : undefined;
    return withTitle(APPROVAL.useMcpTool(toDisplayText(mcp.tool, 100), toDisplayText(mcp.server, 100)), given);
  }
  const tool = name ? toDisplayText(name, 100) : '';
  if (!tool) return withTitle(APPROVAL.anyCall, title);
  return withTitle(APPROVAL.useTool(tool), title === name ? undefined : title);
}

function withTitle(question: string, text: string | undefined): ApprovalQuestion {
  const subject = text === undefined ? '' : toDisplayText(text, SUBJECT_MAX);
  return subject ? { question, subject, subjectForm: 'text' } : { question };
}

function claudeToolName(meta: unknown): string | undefined {
  return isRecord(meta) && isRecord(meta.claudeCode) ? nonBlank(optionalString(meta.claudeCode.toolName)) : undefined;
}

function nonBlank(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}
