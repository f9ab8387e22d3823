// What a folder's own Claude files would do once Claude Code starts there: settings entries that run commands, change
// where requests go, let tools run without asking or bring in plugins, and commands, skills and subagents whose front
// matter grants tools (frontMatterSettings.ts). A repository can carry these files; Claude Code applies them without
// asking when the adapter drives it, so the user is shown this list before the first start
// (agents/projectSettingsConsent.ts). Pure: the caller reads the files (agents/projectClaudeFiles.ts).
import { createHash } from 'node:crypto';
import { toVerbatimText } from '../../acpClient/displayText';
import { l10n } from '../../contributions/l10n';
import { readClaudeJson } from './claudeJson';
import { findFrontMatterSettings, toMarkdownRole } from './frontMatterSettings';
import type { ProjectSetting, ProjectSettingKind } from './projectSetting';

export type { ProjectSetting, ProjectSettingKind } from './projectSetting';

/** The two settings files Claude Code reads from the folder it works in, relative to it. */
export const PROJECT_SETTINGS_FILES = ['.claude/settings.json', '.claude/settings.local.json'] as const;
export type ProjectSettingsFile = (typeof PROJECT_SETTINGS_FILES)[number];

/** A file Claude Code may load that the reader did not read, and why (e.g. a link that leaves the folder). */
export interface UnreadFile {
  file: string;
  reason: string;
}

/** Settings whose value is a command Claude Code runs (its own docs name these "helpers"). */
const COMMAND_KEYS = ['apiKeyHelper', 'awsAuthRefresh', 'awsCredentialExport', 'otelHeadersHelper'] as const;
/** `additionalMarketplaces` is the CLI's alias for `extraKnownMarketplaces` (sdk.d.ts, `Settings`). */
const MARKETPLACE_KEYS = ['extraKnownMarketplaces', 'additionalMarketplaces'] as const;
/** Characters of one value shown before it is cut, and of the whole dialog detail. */
const MAX_SHOWN_VALUE = 2000;
const MAX_SHOWN_TOTAL = 12_000;

/**
 * The entries of concern in the folder's files (folder-relative path → text) and the files left unread. A settings
 * file this reader cannot read as a JSON object is named as not checked, never taken as empty: were Claude Code to
 * read it another way, what it sets would go unasked.
 */
export function findProjectSettings(files: Readonly<Record<string, string>>, unread: readonly UnreadFile[] = []): ProjectSetting[] {
  const found: ProjectSetting[] = [];
  for (const file of PROJECT_SETTINGS_FILES) {
    const text = files[file];
    if (text !== undefined) found.push(...findSettingsFileSettings(file, text));
  }
  for (const file of Object.keys(files).sort()) {
    const role = toMarkdownRole(file);
    if (role) found.push(...findFrontMatterSettings(file, role, files[file]));
  }
  for (const { file, reason } of unread) found.push({ file, kind: 'unread', key: 'not checked', value: reason, content: reason });
  return found;
}

/** Stable for the same entries: a remembered answer holds until what the files set changes, to the last character. */
export function fingerprint(settings: readonly ProjectSetting[]): string {
  return createHash('sha256')
    .update(JSON.stringify(settings.map((s) => [s.file, s.kind, s.key, s.content])))
    .digest('hex');
}

/**
 * The dialog's detail, grouped by file. Values are shown verbatim (a changed space or newline is a changed command),
 * with invisible characters made visible, continuation lines indented under their key, and any cut marked.
 */
export function describeProjectSettings(settings: readonly ProjectSetting[]): string {
  const lines: string[] = [];
  let length = 0;
  let shown = 0;
  let lastFile: string | undefined;
  for (const s of groupByFile(settings)) {
    const header = s.file === lastFile ? [] : [`${toShownLine(s.file)}:`];
    const line = `  ${s.kind === 'env' ? 'env' : toShownLine(s.key)}: ${toShownValue(s.value)}`;
    const size = [...header, line].join('\n').length + 1;
    if (shown && length + size > MAX_SHOWN_TOTAL) break;
    lines.push(...header, line);
    length += size;
    shown++;
    lastFile = s.file;
  }
  if (shown < settings.length) lines.push(`… and ${settings.length - shown} more entries, not shown here: open the folder's .claude files to read them.`);
  return lines.join('\n');
}

/** What is left out, in a few words for the chat (e.g. "hooks, environment variables and allow rules"). */
export function summarizeKinds(settings: readonly ProjectSetting[]): string {
  const kinds = [...new Set(settings.map((s) => s.kind))].map((k) => NOUNS[k]);
  return kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]}`;
}

const NOUNS: Record<ProjectSettingKind, string> = {
  hooks: 'hooks',
  command: 'helper commands',
  env: 'environment variables',
  allow: 'allow rules',
  mcp: 'MCP servers',
  plugins: 'plugins',
  shell: 'shell commands',
  unread: 'files that could not be checked',
};

/**
 * `permissions.allow` counts only in `settings.json`: `settings.local.json` is where Claude Code itself keeps the
 * user's own "always allow" answers, and asking the user about their own answers at every start would teach them to
 * click through the question.
 */
function findSettingsFileSettings(file: ProjectSettingsFile, text: string): ProjectSetting[] {
  const read = readSettingsText(text);
  if (!read.ok) return [{ file, kind: 'unread', key: 'not checked', value: read.reason, content: text }];
  const settings = read.settings;
  const found: ProjectSetting[] = [];
  const add = (kind: ProjectSettingKind, key: string, value: string, whole: unknown) =>
    found.push({ file, kind, key, value, content: JSON.stringify(whole) ?? '' });

  for (const [event, matchers] of Object.entries(asObject(settings.hooks) ?? {})) {
    for (const hook of hookEntries(matchers)) add('hooks', `hooks.${event}`, hook, matchers);
  }
  const statusLine = asObject(settings.statusLine);
  if (typeof statusLine?.command === 'string') add('command', 'statusLine', statusLine.command, statusLine);
  for (const key of COMMAND_KEYS) if (typeof settings[key] === 'string' && settings[key]) add('command', key, settings[key], settings[key]);
  for (const [name, value] of Object.entries(asObject(settings.env) ?? {})) add('env', `env.${name}`, `${name}=${String(value)}`, value);
  const permissions = asObject(settings.permissions);
  if (file === '.claude/settings.json') {
    const allow = strings(permissions?.allow);
    if (allow.length) add('allow', 'permissions.allow', allow.join(', '), permissions?.allow);
  }
  const dirs = strings(permissions?.additionalDirectories);
  if (dirs.length) add('allow', 'permissions.additionalDirectories', dirs.join(', '), permissions?.additionalDirectories);
  if (settings.enableAllProjectMcpServers === true) add('mcp', 'enableAllProjectMcpServers', 'every MCP server in .mcp.json', true);
  const enabled = strings(settings.enabledMcpjsonServers);
  if (enabled.length) add('mcp', 'enabledMcpjsonServers', enabled.join(', '), settings.enabledMcpjsonServers);
  // `false` only turns a plugin off; any other value (true, a version list, options) turns it on.
  const plugins = Object.entries(asObject(settings.enabledPlugins) ?? {}).filter(([, on]) => on !== false);
  if (plugins.length)
    add('plugins', 'enabledPlugins', plugins.map(([id, on]) => (on === true ? id : `${id} ${JSON.stringify(on)}`)).join(', '), settings.enabledPlugins);
  for (const key of MARKETPLACE_KEYS) {
    for (const [name, entry] of Object.entries(asObject(settings[key]) ?? {})) add('plugins', `${key}.${name}`, JSON.stringify(entry) ?? '', entry);
  }
  return found;
}

/** The entries with each file's together, files in the order they first appear. */
function groupByFile(settings: readonly ProjectSetting[]): ProjectSetting[] {
  const byFile = new Map<string, ProjectSetting[]>();
  for (const s of settings) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
  return [...byFile.values()].flat();
}

/** A key or a path on one line: newlines too are made visible. */
function toShownLine(text: string): string {
  return toVerbatimText(text).replace(/\r/gu, '\\u{d}').replace(/\n/gu, '\\u{a}');
}

/** A value cut at MAX_SHOWN_VALUE characters with the cut counted, invisible characters made visible, lines indented. */
function toShownValue(value: string): string {
  const chars = Array.from(value);
  const cut = chars.length > MAX_SHOWN_VALUE ? `… (${chars.length - MAX_SHOWN_VALUE} more characters)` : '';
  const kept = cut ? chars.slice(0, MAX_SHOWN_VALUE).join('') : value;
  return (
    kept
      .split('\n')
      .map((line) => toVerbatimText(line).replace(/\r/gu, '\\u{d}'))
      .join('\n      ') + cut
  );
}

/** A settings file's text read as Claude Code reads it (claudeJson.ts); why it is not checked when it cannot be. */
function readSettingsText(text: string): { ok: true; settings: Record<string, unknown> } | { ok: false; reason: string } {
  const read = readClaudeJson(text);
  if (read.ok) return { ok: true, settings: read.value };
  if (read.problem === 'not-object') return { ok: false, reason: l10n.t('JSON that is not an object, so what it sets was not checked') };
  const message = read.cause instanceof Error ? read.cause.message : String(read.cause);
  return { ok: false, reason: l10n.t('not read as JSON ({0}), so what it sets was not checked', message) };
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * `hooks.<Event>` is a list of `{ matcher, hooks: [...] }`: a command hook shows its command; any other kind (http,
 * prompt, agent, mcp_tool) shows its whole definition, since it too acts without asking.
 */
function hookEntries(matchers: unknown): string[] {
  if (!Array.isArray(matchers)) return [];
  return matchers.flatMap((m) => {
    const hooks = asObject(m)?.hooks;
    if (!Array.isArray(hooks)) return [];
    return hooks.flatMap((h) => {
      const command = asObject(h)?.command;
      if (typeof command === 'string') return command === '' ? [] : [command];
      return asObject(h) ? [JSON.stringify(h)] : [];
    });
  });
}
