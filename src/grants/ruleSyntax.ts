// Whether a rule typed for Claude Code is one it matches as meant (the Add Rule input's checks): its syntax, the tool
// names it knows, and why not, in words. Pure (no `vscode`, no Node), as claudeRules.ts is.
import { C0, codePointClass } from '../acpClient/controlChars';
import { l10n } from '../contributions/l10n';

/** Why Claude Code would not match a rule as meant (the Add Rule input's checks), in words. */
export const RULE_ERRORS = {
  get empty() {
    return l10n.t('Type a rule, such as Bash(npm test:*) or Read(./src/**).');
  },
  get spaces() {
    return l10n.t('Remove the spaces before or after the rule.');
  },
  get control() {
    return l10n.t('A rule is one line, with no control characters.');
  },
  get noTool() {
    return l10n.t('A rule starts with a tool name, such as Bash or Read.');
  },
  parentheses: (tool: string) => l10n.t('Put what the rule matches in parentheses at its end: {0}(…).', tool),
  emptySpecifier: (tool: string) => l10n.t('Put what the rule matches between the parentheses, or write just {0} for every use of it.', tool),
  toolCase: (typed: string, tool: string) => l10n.t('Tool names are case-sensitive: {0}, not {1}.', tool, typed),
  unknownTool: (name: string) => l10n.t('{0} is not a Claude Code tool. MCP tools are written mcp__server or mcp__server__tool.', name),
  mcp: (name: string) => l10n.t('{0} is not an MCP rule Claude Code reads: mcp__server or mcp__server__tool.', name),
  mcpServerSpecifier: (name: string) => l10n.t('A rule for a whole MCP server takes nothing in parentheses: {0}, or {1}__tool.', name, name),
  prefixNotAtEnd: (tool: string) => l10n.t(':* matches only at the end of a command: {0}(npm test:*).', tool),
  webFetch: (spec: string) => l10n.t('A WebFetch rule names a domain, as domain:example.com, not {0}.', spec),
} as const;

/** The tool names Claude Code's rules name (its built-in tools; MCP tools are `mcp__server` or `mcp__server__tool`). */
export const KNOWN_TOOLS: readonly string[] = [
  'Agent',
  'AskUserQuestion',
  'Bash',
  'BashOutput',
  'CronCreate',
  'CronDelete',
  'CronList',
  'Edit',
  'EnterPlanMode',
  'EnterWorktree',
  'ExitPlanMode',
  'ExitWorktree',
  'Glob',
  'Grep',
  'KillShell',
  'LS',
  'LSP',
  'ListMcpResourcesTool',
  'Monitor',
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'PowerShell',
  'Read',
  'ReadMcpResourceTool',
  'RemoteTrigger',
  'ScheduleWakeup',
  'SendMessage',
  'Skill',
  'Task',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'TeamCreate',
  'TeamDelete',
  'TodoWrite',
  'ToolSearch',
  'WebFetch',
  'WebSearch',
  'Workflow',
  'Write',
];

/** Tools whose rules take a shell command: `:*` (any continuation) works only at the end. */
const SHELL_TOOLS = new Set(['Bash', 'PowerShell']);
const MCP_NAME = /^mcp__[A-Za-z0-9_-]+?(?:__[A-Za-z0-9_*.-]+)?$/;
/** A rule is one line: no C0 control, no DEL. */
const CONTROL = new RegExp(codePointClass(C0, [0x7f, 0x7f]), 'u');

/**
 * Claude Code's rule syntax: `Tool` or `Tool(specifier)` (e.g. `Bash(npm test:*)`, `Read(./src/**)`,
 * `WebFetch(domain:example.com)`, `mcp__server__tool`, `mcp__server`), with the known tool names. The error in words,
 * or undefined when valid.
 */
export function validateRule(rule: string): string | undefined {
  const words = RULE_ERRORS;
  if (rule.trim() === '') return words.empty;
  if (rule !== rule.trim()) return words.spaces;
  if (CONTROL.test(rule)) return words.control;
  const open = rule.indexOf('(');
  const name = open < 0 ? rule : rule.slice(0, open);
  if (open >= 0 && !rule.endsWith(')')) return words.parentheses(name);
  const specifier = open < 0 ? undefined : rule.slice(open + 1, -1);
  if (name === '') return words.noTool;
  if (/\s/.test(name) || name.includes(')')) return words.parentheses(name.split(/[\s)]/)[0] ?? name);
  if (name.startsWith('mcp__')) {
    if (!MCP_NAME.test(name)) return words.mcp(name);
    if (specifier !== undefined && !name.slice(5).includes('__')) return words.mcpServerSpecifier(name);
  } else if (!KNOWN_TOOLS.includes(name)) {
    const sameLetters = KNOWN_TOOLS.find((t) => t.toLowerCase() === name.toLowerCase());
    return sameLetters ? words.toolCase(name, sameLetters) : words.unknownTool(name);
  }
  if (specifier === undefined) return undefined;
  if (specifier.trim() === '') return words.emptySpecifier(name);
  if (SHELL_TOOLS.has(name) && specifier.includes(':*') && !specifier.endsWith(':*')) return words.prefixNotAtEnd(name);
  if (name === 'WebFetch' && (!/^[A-Za-z_]+:\S/.test(specifier) || /^[A-Za-z]+:\/\//.test(specifier))) return words.webFetch(specifier);
  if (name === 'WebFetch' && specifier.startsWith('domain:') && /[/\s]/.test(specifier.slice('domain:'.length))) return words.webFetch(specifier);
  return undefined;
}
