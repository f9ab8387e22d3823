// What a permission prompt shows, computed from the request and the session's state of its tool call. Pure: every
// surface (QuickPick, modal, the inline card) renders this one model, so they cannot disagree. Nothing here infers
// scope, lifetime or effect from an option's kind or label (permission-extension.md, "Client requirements").
import type { PermissionOption, RequestPermissionRequest, ToolCallContent, ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';
import type { ToolCallState } from '../acpClient/transcript';
import { toDisplayText, toVerbatimText, truncate } from '../acpClient/displayText';
import { subagentName } from '../acpClient/subagentLanes';
import { OPTION_KIND_ICON, TOOL_KIND_ICON } from './kindIcons';
import { checkLocation, locationLabel, type PathFlavour } from '../workbench/locationLinks';
import { shownPath } from '../workbench/shownPath';
import { isRecord, optionalString } from '../acpClient/guards';
import { APPROVAL, buildApprovalQuestion, type SubjectForm } from './approvalQuestion';
import { inApprovalOrder, isBroaderAnswer } from './approvalOrder';

export { OPTION_KIND_ICON, TOOL_KIND_ICON } from './kindIcons';
export { APPROVAL, buildApprovalQuestion, type ApprovalQuestion, type SubjectForm } from './approvalQuestion';

export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 2_000;
export const SUMMARY_MAX = 1_000;
export const PLAN_MAX = 200_000;

/** Tools whose title is the shell command itself (the adapter keeps it uncompacted too). */
const SHELL_TOOLS = new Set(['Bash', 'PowerShell']);
const EXIT_PLAN_OPTION_PREFIX = 'exit-plan-';

export interface PresentedOption {
  optionId: string;
  /** `option.name`, verbatim (only invisible characters made visible). */
  label: string;
  kind: PermissionOption['kind'];
  icon: string;
}

import type { PresentedDiff } from '../workbench/previewDocuments';
import type { PresentedLocation } from '../workbench/locationLinks';
import { l10n } from '../contributions/l10n';

export type { PresentedDiff, PresentedLocation };

export interface PermissionPresentation {
  /** The operation's title (the adapter's hint, else the tool call's): what the status bar names. */
  title: string;
  /** What the approval asks, for this kind of call ("Run this command?"): the heading of every surface. */
  question: string;
  /** What the question is about, whole (the command, path or URL), shown below it. */
  subject?: string;
  subjectForm?: SubjectForm;
  /** The path itself when the subject is one (the subject shows it relative to the workspace). */
  subjectPath?: string;
  /** True when `title` is the shell command, shown verbatim. */
  titleIsCommand: boolean;
  description?: string;
  kind?: ToolKind;
  kindIcon: string;
  toolName?: string;
  /** The shell command, verbatim. */
  command?: string;
  url?: string;
  /** The tool call's own text content (Claude puts the Bash description there), compacted. */
  summary?: string;
  locations: PresentedLocation[];
  diffs: PresentedDiff[];
  /** ExitPlanMode: the plan markdown from `rawInput.plan`. */
  plan?: string;
  /** Options in the approval order (approvalOrder.ts): allow once, deny, then the broader answers. */
  options: PresentedOption[];
  /** The option Enter picks: the one-time deny when `defaultToNo`, else the agent's first one-time answer. */
  defaultOptionId?: string;
  defaultToNo: boolean;
  /** The subagent that asks (its name, or a word for one without a name); absent when the main agent asks. */
  askedBy?: string;
}

export interface PresentationInput {
  params: RequestPermissionRequest;
  /** The session's merged state of `params.toolCall.toolCallId`, from earlier `tool_call` updates. */
  toolCall?: ToolCallState;
  /** Set when a subagent asks (the Approval's `subagent`). */
  subagent?: { readonly title?: string };
}

export interface PresentationContext {
  workspaceFolders?: readonly string[];
  pathFlavour?: PathFlavour;
}

interface Hint {
  title?: string;
  description?: string;
  defaultToNo: boolean;
}

/** Build the presentation of one `session/request_permission`. Never throws on malformed agent data. */
export function buildPermissionPresentation(input: PresentationInput, context: PresentationContext = {}): PermissionPresentation {
  const { params } = input;
  const request = isRecord(params.toolCall) ? params.toolCall : undefined;
  const state = input.toolCall;
  const toolName = optionalString(request?.name) ?? optionalString(state?.name) ?? claudeToolName(request?._meta) ?? claudeToolName(state?._meta);
  const kind = toolKind(request?.kind) ?? toolKind(state?.kind);
  const rawInput = isRecord(request?.rawInput) ? request.rawInput : isRecord(state?.rawInput) ? state.rawInput : undefined;
  const content = arr<ToolCallContent>(request?.content) ?? state?.content ?? [];
  const locations = arr<ToolCallLocation>(request?.locations) ?? state?.locations ?? [];
  const options = arr<PermissionOption>(params.options)?.filter(isOption) ?? [];

  const hint = readHints(params);
  const isShell = (toolName !== undefined && SHELL_TOOLS.has(toolName)) || kind === 'execute';
  const rawTitle = hint.title ?? nonBlank(optionalString(request?.title)) ?? nonBlank(state?.title) ?? toolName;
  const title =
    rawTitle === undefined ? APPROVAL.fallbackTitle : isShell ? toVerbatimText(rawTitle) : toDisplayText(rawTitle, TITLE_MAX) || APPROVAL.fallbackTitle;
  // From the tool call alone (not the hint), as the chat's card asks it from the transcript's copy of the call.
  const asked = buildApprovalQuestion(
    { name: toolName, kind, title: nonBlank(optionalString(request?.title)) ?? nonBlank(state?.title), rawInput, content, locations },
    options.map((o) => o.optionId),
  );

  const command = isShell ? optionalString(rawInput?.command) : undefined;
  const url = optionalString(rawInput?.url);
  const summaryText = content
    .map((c) => (c.type === 'content' && c.content.type === 'text' ? c.content.text : undefined))
    .find((t): t is string => typeof t === 'string' && t.trim() !== '');
  const diffs = content
    .filter((c): c is Extract<ToolCallContent, { type: 'diff' }> => c.type === 'diff' && typeof c.path === 'string' && typeof c.newText === 'string')
    .map((d) => ({
      path: d.path,
      ...(context.workspaceFolders ? { shownPath: shownPath(d.path, context.workspaceFolders).text } : {}),
      oldText: typeof d.oldText === 'string' ? d.oldText : null,
      newText: d.newText,
    }));
  const isPlan = toolName === 'ExitPlanMode' || options.some((o) => o.optionId.startsWith(EXIT_PLAN_OPTION_PREFIX));
  // The plan is ExitPlanMode's input; where the request carries no input, the Claude adapter shows it as the call's
  // text (dist/tool-calls/reporters/interaction.js ExitPlanModeReporter: `display: [textContent(plan)]`).
  const plan = isPlan ? (nonBlank(optionalString(rawInput?.plan)) ?? nonBlank(summaryText)) : undefined;

  const grouped = inApprovalOrder(options);
  // The agent's order is its only way to say which answer it expects (permissions/options.js); a broader answer is
  // never the one Enter gives, so the default is the agent's first one-time answer.
  const oneTime = options.filter((o) => !isBroaderAnswer(o.kind));
  const defaultOption = (hint.defaultToNo ? oneTime.find((o) => isRejectKind(o.kind)) : undefined) ?? oneTime[0] ?? options[0];

  return {
    title,
    question: asked.question,
    // A path as the user knows it in the workspace, whole and marked where it is outside every folder.
    subject:
      asked.subjectPath !== undefined && context.workspaceFolders ? toVerbatimText(shownPath(asked.subjectPath, context.workspaceFolders).text) : asked.subject,
    subjectPath: asked.subjectPath,
    subjectForm: asked.subjectForm,
    titleIsCommand: isShell && rawTitle !== undefined,
    description: hint.description ? toDisplayText(hint.description, DESCRIPTION_MAX, false) || undefined : undefined,
    kind,
    kindIcon: kind ? TOOL_KIND_ICON[kind] : 'tools',
    toolName: toolName ? toDisplayText(toolName, 100) : undefined,
    command: command !== undefined ? toVerbatimText(command) : undefined,
    url: url ? toDisplayText(url, DESCRIPTION_MAX) : undefined,
    summary: summaryText ? toDisplayText(summaryText, SUMMARY_MAX, false) : undefined,
    locations: presentLocations(locations, diffs, context),
    diffs,
    plan: plan ? truncate(plan, PLAN_MAX) : undefined,
    options: grouped.map((o) => ({ optionId: o.optionId, label: toVerbatimText(o.name), kind: o.kind, icon: OPTION_KIND_ICON[o.kind] ?? 'question' })),
    defaultOptionId: defaultOption?.optionId,
    defaultToNo: hint.defaultToNo,
    askedBy: input.subagent ? subagentName(input.subagent.title) : undefined,
  };
}

/** The question as a surface's heading asks it: naming the subagent that asks, when one does. */
export function askedQuestion(p: PermissionPresentation): string {
  return p.askedBy === undefined ? p.question : l10n.t('{0} asks: {1}', p.askedBy, p.question);
}

export function isRejectKind(kind: string): boolean {
  return kind === 'reject_once' || kind === 'reject_always';
}

/** The QuickPick's title: the question, then what it is about (the subject in whole is also the modal's detail). */
export function buildPromptHeading(p: PermissionPresentation): string {
  return p.subject ? `${askedQuestion(p)} ${p.subject}` : askedQuestion(p);
}

/** What the question is about and what will happen, in plain lines. Commands stay verbatim. */
export function buildPromptDetail(p: PermissionPresentation): string {
  const lines: string[] = [];
  const diffPaths = new Set(p.diffs.map((d) => d.path));
  // The subject whole (the heading is the question alone), unless a diff's line below names that path already.
  const subjectInDiff = p.subjectForm === 'path' && p.diffs.some((d) => d.path === p.subjectPath);
  if (p.subject && !subjectInDiff) lines.push(p.subject);
  if (p.command !== undefined && p.command !== p.subject) lines.push(l10n.t('Command:\n{0}', p.command));
  if (p.url && p.url !== p.subject) lines.push(l10n.t('URL: {0}', p.url));
  for (const d of p.diffs) lines.push(describeDiff(d));
  // A location that is the subject is named already (one with a line still says where).
  const others = p.locations.filter((l) => !diffPaths.has(l.path) && !(l.path === p.subject && l.line === undefined)).map((l) => l.label);
  if (others.length) lines.push(`${others.length === 1 ? 'File' : 'Files'}: ${others.join(', ')}`);
  if (p.summary) lines.push(p.summary);
  if (p.description) lines.push(p.description);
  if (p.plan) lines.push(l10n.t('The plan is shown in a preview ("{0}").', APPROVAL.showDetails));
  return lines.join('\n\n');
}

/** The modal's detail: the prompt's detail, then what its Cancel button (VS Code always adds one) does. */
export function buildModalDetail(p: PermissionPresentation): string {
  return [buildPromptDetail(p), APPROVAL.modalCancel].filter((s) => s !== '').join('\n\n');
}

/** "Edit /a/b.ts: replaces 2 lines with 3 lines" / "Create /a/b.ts (4 lines)". */
export function describeDiff(d: PresentedDiff): string {
  const path = toDisplayText(d.shownPath ?? d.path, DESCRIPTION_MAX);
  const count = (s: string) => (s === '' ? 0 : s.replace(/\r?\n$/u, '').split(/\r?\n/u).length);
  const plural = (n: number) => l10n.t('{0} line{1}', n, n === 1 ? '' : 's');
  if (d.oldText === null) return l10n.t('Create {0} ({1})', path, plural(count(d.newText)));
  return l10n.t('Edit {0}: replaces {1} with {2}', path, plural(count(d.oldText)), plural(count(d.newText)));
}

function presentLocations(locations: ToolCallLocation[], diffs: PresentedDiff[], context: PresentationContext): PresentedLocation[] {
  const all: { path: unknown; line?: unknown }[] = [...locations];
  // A diff without a matching location still names a file worth opening.
  for (const d of diffs) if (!locations.some((l) => l?.path === d.path)) all.push({ path: d.path });
  const seen = new Set<string>();
  const out: PresentedLocation[] = [];
  for (const loc of all) {
    if (!isRecord(loc)) continue;
    const check = checkLocation(loc.path, loc.line, context.workspaceFolders ?? [], context.pathFlavour);
    const dedupe = `${String(loc.path)}:${String(loc.line ?? '')}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    if (check.ok) {
      out.push({ path: check.path, line: check.line, label: toDisplayText(locationLabel(check), DESCRIPTION_MAX), insideWorkspace: check.insideWorkspace });
    } else {
      const shown = typeof loc.path === 'string' ? toDisplayText(loc.path, DESCRIPTION_MAX) : l10n.t('(no path)');
      out.push({ path: typeof loc.path === 'string' ? loc.path : '', label: shown, insideWorkspace: false, invalid: check.reason });
    }
  }
  return out;
}

/** The hint sources in precedence order: `_meta.permission`, `_meta.jetbrains.air.permission`, ACP v2 top level. */
function readHints(params: RequestPermissionRequest): Hint {
  const meta = isRecord(params._meta) ? params._meta : undefined;
  const jetbrains = isRecord(meta?.jetbrains) ? meta.jetbrains : undefined;
  const air = isRecord(jetbrains?.air) ? jetbrains.air : undefined;
  const topLevel = params as unknown as Record<string, unknown>;
  const candidates = [
    versionOneHint(meta?.permission),
    versionOneHint(air?.permission),
    {
      title: nonBlank(optionalString(topLevel.title)),
      description: nonBlank(optionalString(topLevel.description)),
      defaultToNo: false,
    },
  ];
  const chosen = candidates.find((c) => c?.title !== undefined);
  return {
    title: chosen?.title,
    description: chosen?.description,
    defaultToNo: candidates.some((c) => c?.defaultToNo === true),
  };
}

/** A version-1 presentation record, or undefined for anything else (unknown versions are ignored, not guessed). */
function versionOneHint(value: unknown): Hint | undefined {
  if (!isRecord(value) || value.version !== 1) return undefined;
  return { title: nonBlank(optionalString(value.title)), description: nonBlank(optionalString(value.description)), defaultToNo: value.defaultToNo === true };
}

function claudeToolName(meta: unknown): string | undefined {
  return isRecord(meta) && isRecord(meta.claudeCode) ? optionalString(meta.claudeCode.toolName) : undefined;
}

function toolKind(value: unknown): ToolKind | undefined {
  return typeof value === 'string' && Object.hasOwn(TOOL_KIND_ICON, value) ? (value as ToolKind) : undefined;
}

function isOption(value: unknown): value is PermissionOption {
  return isRecord(value) && typeof value.optionId === 'string' && typeof value.name === 'string' && typeof value.kind === 'string';
}

function nonBlank(value: string | undefined | null): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function arr<T>(value: unknown): T[] | undefined {
  return Array.isArray(value) ? (value as T[]) : undefined;
}
