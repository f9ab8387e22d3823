// What a folder's slash commands, skills and subagents grant through their front matter. The bundled CLI reads
// `allowed-tools` (tools a command or skill may use without asking while it is active) and `hooks` from commands and
// skills, and `tools`, `permissionMode`, `hooks` and `mcpServers` from subagents (plugin agents have the last three
// stripped, project agents keep them); a command's `` !`…` `` and ```` ```! ```` blocks run through the shell when it
// is invoked, pre-approved by its `allowed-tools` (@anthropic-ai/claude-agent-sdk-linux-x64/claude). Pure.
import { parseFrontMatter, toListText } from './frontMatter';
import type { ProjectSetting, ProjectSettingKind } from './projectSetting';

export type MarkdownRole = 'command' | 'skill' | 'agent';

/** Keys of concern, lower-cased: a Map, so a key such as `constructor` finds nothing. */
const KEYS: Record<MarkdownRole, ReadonlyMap<string, ProjectSettingKind>> = {
  command: new Map([
    ['allowed-tools', 'allow'],
    ['hooks', 'hooks'],
  ]),
  skill: new Map([
    ['allowed-tools', 'allow'],
    ['hooks', 'hooks'],
  ]),
  agent: new Map([
    ['tools', 'allow'],
    ['permissionmode', 'allow'],
    ['hooks', 'hooks'],
    ['mcpservers', 'mcp'],
  ]),
};

/** The CLI's own patterns for shell blocks in a command's body. */
const SHELL_BLOCK = /```!\s*\n?([\s\S]*?)\n?```/gu;
const SHELL_INLINE = /(?<=^|\s)!`([^`]+)`/gmu;

/** Which kind of Claude Code markdown file a folder-relative path is, if any. */
export function toMarkdownRole(file: string): MarkdownRole | undefined {
  if (!file.endsWith('.md')) return undefined;
  if (file.startsWith('.claude/commands/')) return 'command';
  if (/^\.claude\/skills\/[^/]+\/SKILL\.md$/u.test(file)) return 'skill';
  if (file.startsWith('.claude/agents/')) return 'agent';
  return undefined;
}

/**
 * The grants in one file. Each entry's fingerprint content is the file's whole text: the body is the prompt that
 * runs with those grants, so any change to a file that grants something asks again.
 */
export function findFrontMatterSettings(file: string, role: MarkdownRole, text: string): ProjectSetting[] {
  const front = parseFrontMatter(text);
  if (!front) return [];
  const found: ProjectSetting[] = [];
  const add = (kind: ProjectSettingKind, key: string, value: string) => found.push({ file, kind, key, value, content: text });
  for (const { key, value } of front.entries) {
    const kind = KEYS[role].get(key.toLowerCase().replace(/_/gu, '-'));
    const shown = toListText(value);
    if (kind && shown !== '') add(kind, key, shown);
  }
  if (role !== 'agent' && found.some((s) => s.kind === 'allow')) {
    const runs = [...front.body.matchAll(SHELL_BLOCK), ...front.body.matchAll(SHELL_INLINE)];
    for (const run of runs.sort((a, b) => a.index - b.index)) add('shell', 'runs', run[1].trim());
  }
  // A YAML reader might find a grant where this one found a line it cannot place: show the whole block too.
  if (front.unclear) add('unread', 'front matter (not understood)', front.block.trimEnd());
  return found;
}
