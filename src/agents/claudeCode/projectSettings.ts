// What a folder's own Claude settings (`.claude/settings.json`, `.claude/settings.local.json`) would do once Claude
// Code starts there: the entries that run commands, change where requests go, or let tools run without asking. A
// repository can carry these files; Claude Code applies them without asking when the adapter drives it, so the user
// is shown this list before the first start (agents/projectSettingsConsent.ts). Pure: the caller reads the files.
import { createHash } from 'node:crypto';
import { toDisplayText } from '../../acpClient/displayText';

/** The two files Claude Code reads from the folder it works in, relative to it. */
export const PROJECT_SETTINGS_FILES = ['.claude/settings.json', '.claude/settings.local.json'] as const;
export type ProjectSettingsFile = (typeof PROJECT_SETTINGS_FILES)[number];

export type ProjectSettingKind = 'hooks' | 'command' | 'env' | 'allow' | 'mcp';

/** One entry of concern: which file, what kind, and what it says (bounded, single-line, for a dialog). */
export interface ProjectSetting {
  file: ProjectSettingsFile;
  kind: ProjectSettingKind;
  /** The setting's key, e.g. `hooks.PreToolUse`, `apiKeyHelper`, `env.ANTHROPIC_BASE_URL`, `permissions.allow`. */
  key: string;
  /** What it runs or sets, as text to show. */
  value: string;
}

/** Settings whose value is a command Claude Code runs (its own docs name these "helpers"). */
const COMMAND_KEYS = ['apiKeyHelper', 'awsAuthRefresh', 'awsCredentialExport', 'otelHeadersHelper'] as const;
const MAX_VALUE = 120;

/**
 * The entries of concern in each file's text (undefined when the file is absent). Text that is not a JSON object
 * yields nothing: Claude Code does not apply it either.
 *
 * `permissions.allow` counts only in `settings.json`: `settings.local.json` is where Claude Code itself keeps the
 * user's own "always allow" answers, and asking the user about their own answers at every start would teach them to
 * click through the question.
 */
export function findProjectSettings(files: Partial<Record<ProjectSettingsFile, string>>): ProjectSetting[] {
  const found: ProjectSetting[] = [];
  for (const file of PROJECT_SETTINGS_FILES) {
    const text = files[file];
    if (text === undefined) continue;
    const settings = parseObject(text);
    if (!settings) continue;
    const add = (kind: ProjectSettingKind, key: string, value: unknown) =>
      found.push({ file, kind, key, value: toDisplayText(typeof value === 'string' ? value : JSON.stringify(value) ?? '', MAX_VALUE) });

    const hooks = asObject(settings.hooks);
    for (const [event, matchers] of Object.entries(hooks ?? {})) {
      const commands = hookCommands(matchers);
      if (commands.length) add('hooks', `hooks.${event}`, commands.join('; '));
    }
    const statusLine = asObject(settings.statusLine);
    if (typeof statusLine?.command === 'string') add('command', 'statusLine', statusLine.command);
    for (const key of COMMAND_KEYS) if (typeof settings[key] === 'string' && settings[key]) add('command', key, settings[key]);
    for (const [name, value] of Object.entries(asObject(settings.env) ?? {})) add('env', `env.${name}`, `${name}=${String(value)}`);
    const permissions = asObject(settings.permissions);
    if (file === '.claude/settings.json') {
      const allow = Array.isArray(permissions?.allow) ? permissions.allow.filter((r): r is string => typeof r === 'string') : [];
      if (allow.length) add('allow', 'permissions.allow', allow.join(', '));
    }
    const dirs = Array.isArray(permissions?.additionalDirectories) ? permissions.additionalDirectories.filter((d) => typeof d === 'string') : [];
    if (dirs.length) add('allow', 'permissions.additionalDirectories', dirs.join(', '));
    if (settings.enableAllProjectMcpServers === true) add('mcp', 'enableAllProjectMcpServers', 'every MCP server in .mcp.json');
    const enabled = Array.isArray(settings.enabledMcpjsonServers) ? settings.enabledMcpjsonServers.filter((s) => typeof s === 'string') : [];
    if (enabled.length) add('mcp', 'enabledMcpjsonServers', enabled.join(', '));
  }
  return found;
}

/** Stable for the same entries: a remembered answer holds until what the files set changes. */
export function fingerprint(settings: readonly ProjectSetting[]): string {
  return createHash('sha256').update(JSON.stringify(settings.map((s) => [s.file, s.key, s.value]))).digest('hex');
}

/** The dialog's detail: one line per entry, grouped by file. */
export function describeProjectSettings(settings: readonly ProjectSetting[]): string {
  const lines: string[] = [];
  for (const file of PROJECT_SETTINGS_FILES) {
    const mine = settings.filter((s) => s.file === file);
    if (!mine.length) continue;
    lines.push(`${file}:`);
    for (const s of mine) lines.push(s.kind === 'env' ? `  env: ${s.value}` : `  ${s.key}: ${s.value}`);
  }
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
};

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** `hooks.<Event>` is a list of `{ matcher, hooks: [{ type: "command", command }] }`. */
function hookCommands(matchers: unknown): string[] {
  if (!Array.isArray(matchers)) return [];
  return matchers.flatMap((m) => {
    const hooks = asObject(m)?.hooks;
    return Array.isArray(hooks) ? hooks.map((h) => asObject(h)?.command).filter((c): c is string => typeof c === 'string' && c !== '') : [];
  });
}
