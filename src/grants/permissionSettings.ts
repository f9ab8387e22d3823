// Claude Code's permission settings as text: read the rules of one settings file, edit one rule in it (every other
// byte kept), check a rule's syntax, and where each scope's file lives. Pure, and reachable from the chat's page (the
// types of grantEffect.ts): no `vscode`, no Node, nothing of the host; so its words (why a file or a rule would not be
// read) are here rather than in feedback/userErrors.ts.
//
// Claude Code reads its settings files as strict JSON: a file with a comment or a trailing comma is not read at all,
// all its rules dropped without a word (checked with the bundled Claude Code: an allow rule in such a file still asks;
// the SDK's `resolveSettings` leaves the file out; the CLI refuses to update one: "Invalid JSON syntax in settings
// file"). So such a file is reported as not read, and never edited: an edit would not make it count.
// jsonc-parser (its ES module build: the CommonJS one hides its own requires from the bundler) gives the tree with each
// value's offsets; the edits are made here, on those offsets, rather than with its `modify`, which reformats around
// the edit (a one-line array becomes several) and, in 3.3.1, breaks a one-line array whose last element it removes.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { l10n } from '../contributions/l10n';

export type Scope = 'user' | 'project' | 'local';
export type Behaviour = 'allow' | 'ask' | 'deny';
export interface Rule {
  scope: Scope;
  behaviour: Behaviour;
  rule: string;
}
export type ParsedSettings = { ok: true; rules: Rule[]; additionalDirectories: string[]; defaultMode?: string } | { ok: false; error: string };

/** A settings file as Claude Code would not read it, in words. */
export const FILE_ERRORS = {
  notJson: (problem: string, line: number, column: number) => l10n.t('Claude Code ignores the whole file: {0} at line {1}, column {2}.', problem, line, column),
  syntax: {
    get InvalidCommentToken() {
      return l10n.t('a comment, which JSON does not allow');
    },
    get UnexpectedEndOfComment() {
      return l10n.t('an unfinished comment');
    },
    get PropertyNameExpected() {
      return l10n.t('a trailing comma or a missing property name');
    },
    get ValueExpected() {
      return l10n.t('a trailing comma or a missing value');
    },
    get CommaExpected() {
      return l10n.t('a missing comma');
    },
    get ColonExpected() {
      return l10n.t('a missing colon');
    },
    get CloseBraceExpected() {
      return l10n.t('a missing }');
    },
    get CloseBracketExpected() {
      return l10n.t('a missing ]');
    },
    get EndOfFileExpected() {
      return l10n.t('text after the end');
    },
    get UnexpectedEndOfString() {
      return l10n.t('an unfinished string');
    },
    get InvalidSymbol() {
      return l10n.t('something that is not JSON');
    },
    get other() {
      return l10n.t('something that is not JSON');
    },
  } as Record<string, string> & { other: string },
  get notObject() {
    return l10n.t('Claude Code ignores the whole file: it does not hold a JSON object.');
  },
  duplicateKey: (key: string) => l10n.t('"{0}" is listed twice: Claude Code reads only the last, so edits here could miss. Fix it by hand.', key),
  get permissionsNotObject() {
    return l10n.t('Claude Code ignores the whole file: "permissions" is not an object.');
  },
  notStrings: (what: string) => l10n.t('Claude Code ignores the whole file: {0} is not a list of strings.', what),
  get modeNotString() {
    return l10n.t('Claude Code ignores the whole file: permissions.defaultMode is not a string.');
  },
} as const;

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

export const SCOPES: readonly Scope[] = ['local', 'project', 'user'];
export const BEHAVIOURS: readonly Behaviour[] = ['allow', 'ask', 'deny'];

/** A file that parsed into the shape Claude Code reads: its tree, to find and edit the rules. */
type Read = { ok: true; root: Node | undefined; settings: ParsedSettings & { ok: true } } | { ok: false; error: string };

/**
 * undefined text = the file does not exist: ok, no rules (so is an empty file, which Claude Code reads as `{}`). A file
 * that is not strict JSON, or whose `permissions` are not of the shape Claude Code reads, is `{ ok: false, error }`.
 */
export function parsePermissionSettings(text: string | undefined, scope: Scope): ParsedSettings {
  const read = readSettings(text, scope);
  return read.ok ? read.settings : read;
}

/**
 * The file's new text with exactly that rule removed from permissions.<behaviour> (each time it is listed; every
 * other byte kept); undefined when the text does not parse or holds no such rule.
 */
export function removeRuleEdit(text: string, behaviour: Behaviour, rule: string): string | undefined {
  let current = text;
  for (;;) {
    const read = readSettings(current, 'local');
    if (!read.ok) return undefined;
    const list = read.root && childOf(childOf(read.root, 'permissions'), behaviour);
    const index = ruleIndexes(list, rule).at(-1);
    if (list === undefined || index === undefined) return current === text ? undefined : current;
    current = applyEdit(current, removeElement(list, index));
  }
}

/**
 * The new text with `rule` appended to permissions.<behaviour> (creating `permissions` and the array when absent; a
 * missing file is `{}`); undefined when the text does not parse; the text unchanged when the rule is already there.
 */
export function addRuleEdit(text: string | undefined, behaviour: Behaviour, rule: string): string | undefined {
  const base = text === undefined || text.trim() === '' ? '{}' : text;
  const read = readSettings(base, 'local');
  if (!read.ok || !read.root) return undefined;
  const style = styleOf(base);
  const permissions = childOf(read.root, 'permissions');
  const list = childOf(permissions, behaviour);
  if (list && ruleIndexes(list, rule).length) return base;
  const edit = list
    ? appendElement(base, list, JSON.stringify(rule))
    : permissions
      ? appendProperty(base, permissions, behaviour, [rule], style)
      : appendProperty(base, read.root, 'permissions', { [behaviour]: [rule] }, style);
  const edited = applyEdit(base, edit);
  // A file written anew ends with a newline, as editors write it.
  return base === text ? edited : `${edited}${style.eol}`;
}

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

/**
 * Claude Code's rule syntax: `Tool` or `Tool(specifier)` (e.g. `Bash(npm test:*)`, `Read(./src/**)`,
 * `WebFetch(domain:example.com)`, `mcp__server__tool`, `mcp__server`), with the known tool names. The error in words,
 * or undefined when valid.
 */
export function validateRule(rule: string): string | undefined {
  const words = RULE_ERRORS;
  if (rule.trim() === '') return words.empty;
  if (rule !== rule.trim()) return words.spaces;
  if (/[\u0000-\u001f\u007f]/.test(rule)) return words.control;
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

/**
 * Where Claude Code reads each scope: user = <claudeConfigDir ?? home/.claude>/settings.json, project =
 * <workspace>/.claude/settings.json, local = <workspace>/.claude/settings.local.json.
 */
export function settingsFilePaths(opts: { workspace: string; claudeConfigDir?: string; home: string }): Record<Scope, string> {
  return {
    user: join(opts.claudeConfigDir || join(opts.home, '.claude'), 'settings.json'),
    project: join(opts.workspace, '.claude', 'settings.json'),
    local: join(opts.workspace, '.claude', 'settings.local.json'),
  };
}

/** Claude Code's own state file, which records the folders the user trusted in it: `.claude.json` in its config dir. */
export function claudeStateFile(opts: { claudeConfigDir?: string; home: string }): string {
  return opts.claudeConfigDir ? join(opts.claudeConfigDir, '.claude.json') : join(opts.home, '.claude.json');
}

/** `dir`/`names…`, with the separator `dir` is written with (a Windows path's backslash, else a slash): no `node:path` here. */
function join(dir: string, ...names: string[]): string {
  const sep = /^[A-Za-z]:[\\/]|^\\\\/.test(dir) || (dir.includes('\\') && !dir.includes('/')) ? '\\' : '/';
  const base = dir.length > 1 ? dir.replace(/[\\/]+$/, '') : dir;
  return [base === sep ? '' : base, ...names].join(sep);
}

/** What changed between two readings of the rules (a rule listed twice counts twice). */
export function diffRules(before: readonly Rule[], after: readonly Rule[]): { added: Rule[]; removed: Rule[] } {
  const key = (r: Rule) => `${r.scope}\u0000${r.behaviour}\u0000${r.rule}`;
  const minus = (a: readonly Rule[], b: readonly Rule[]) => {
    const left = new Map<string, number>();
    for (const r of b) left.set(key(r), (left.get(key(r)) ?? 0) + 1);
    return a.filter((r) => {
      const n = left.get(key(r)) ?? 0;
      if (n > 0) left.set(key(r), n - 1);
      return n === 0;
    });
  };
  return { added: minus(after, before), removed: minus(before, after) };
}

/** Parses `text` as Claude Code does (strict JSON) and checks the shape of what it reads for permissions. */
function readSettings(text: string | undefined, scope: Scope): Read {
  const empty = { ok: true as const, rules: [], additionalDirectories: [] };
  if (text === undefined || text.trim() === '') return { ok: true, root: undefined, settings: empty };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const words = FILE_ERRORS;
  const first = errors[0];
  if (first) {
    const { line, column } = lineColumn(text, first.offset);
    return { ok: false, error: words.notJson(syntaxProblem(printParseErrorCode(first.error)), line, column) };
  }
  if (!root || root.type !== 'object') return { ok: false, error: words.notObject };
  const duplicate = duplicateKey(root) ?? duplicateKey(childOf(root, 'permissions'));
  if (duplicate) return { ok: false, error: words.duplicateKey(duplicate) };
  const permissions = childOf(root, 'permissions');
  if (!permissions) return { ok: true, root, settings: empty };
  if (permissions.type !== 'object') return { ok: false, error: words.permissionsNotObject };
  const rules: Rule[] = [];
  for (const behaviour of BEHAVIOURS) {
    const list = childOf(permissions, behaviour);
    if (!list) continue;
    const strings = stringsOf(list);
    if (!strings) return { ok: false, error: words.notStrings(`permissions.${behaviour}`) };
    rules.push(...strings.map((rule) => ({ scope, behaviour, rule })));
  }
  const dirs = childOf(permissions, 'additionalDirectories');
  const additionalDirectories = dirs ? stringsOf(dirs) : [];
  if (!additionalDirectories) return { ok: false, error: words.notStrings('permissions.additionalDirectories') };
  const mode = childOf(permissions, 'defaultMode');
  if (mode && mode.type !== 'string') return { ok: false, error: words.modeNotString };
  return { ok: true, root, settings: { ok: true, rules, additionalDirectories, ...(mode ? { defaultMode: mode.value as string } : {}) } };
}

/** The value of `key` in an object node. */
function childOf(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== 'object') return undefined;
  return node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

/** A key listed twice in an object (Claude Code would take the last; an edit could land on the first). */
function duplicateKey(node: Node | undefined): string | undefined {
  if (node?.type !== 'object') return undefined;
  const seen = new Set<string>();
  for (const p of node.children ?? []) {
    const k = String(p.children?.[0]?.value);
    if (seen.has(k)) return k;
    seen.add(k);
  }
  return undefined;
}

/** The strings of an array node; undefined when it is not an array of strings. */
function stringsOf(node: Node): string[] | undefined {
  if (node.type !== 'array') return undefined;
  const items = node.children ?? [];
  return items.every((c) => c.type === 'string') ? items.map((c) => c.value as string) : undefined;
}

function ruleIndexes(list: Node | undefined, rule: string): number[] {
  return (list?.children ?? []).flatMap((c, i) => (c.type === 'string' && c.value === rule ? [i] : []));
}

/** Replaces `length` characters at `offset` with `content`: one edit, the rest of the text as it was. */
interface Edit {
  offset: number;
  length: number;
  content: string;
}

function applyEdit(text: string, e: Edit): string {
  return text.slice(0, e.offset) + e.content + text.slice(e.offset + e.length);
}

const end = (n: Node) => n.offset + n.length;

/** Removes element `i` of `list` with the comma and the space that separated it (the file is strict JSON: no comments). */
function removeElement(list: Node, i: number): Edit {
  const items = list.children ?? [];
  if (items.length === 1) return { offset: list.offset + 1, length: list.length - 2, content: '' };
  if (i < items.length - 1) return { offset: items[i]!.offset, length: items[i + 1]!.offset - items[i]!.offset, content: '' };
  return { offset: end(items[i - 1]!), length: end(items[i]!) - end(items[i - 1]!), content: '' };
}

/** Appends `json` to `list`, separated as its elements are. */
function appendElement(text: string, list: Node, json: string): Edit {
  const items = list.children ?? [];
  if (!items.length) return { offset: list.offset + 1, length: list.length - 2, content: json };
  return { offset: end(items.at(-1)!), length: 0, content: separatorBeforeLast(text, list) + json };
}

/** Appends `"key": value` to the object `obj`, laid out as its properties are (an empty one gets one per line). */
function appendProperty(text: string, obj: Node, key: string, value: unknown, style: Style): Edit {
  const props = obj.children ?? [];
  const last = props.at(-1);
  if (!last) {
    const indent = lineIndent(text, obj.offset);
    const inner = indent + style.unit;
    return {
      offset: obj.offset + 1,
      length: obj.length - 2,
      content: `${style.eol}${inner}${JSON.stringify(key)}: ${valueText(value, inner, style, true)}${style.eol}${indent}`,
    };
  }
  const sep = separatorBeforeLast(text, obj);
  const [k, v] = last.children ?? [];
  // Members one per line: the value too, unless its neighbour is a list or object written on one line.
  const oneLineNeighbour = v !== undefined && (v.type === 'array' || v.type === 'object') && !text.slice(v.offset, end(v)).includes('\n');
  const multiline = sep.includes('\n') && !oneLineNeighbour;
  const colon = k && v ? text.slice(end(k), v.offset) : ': ';
  return { offset: end(last), length: 0, content: `${sep}${JSON.stringify(key)}${colon}${valueText(value, lineIndent(text, last.offset), style, multiline)}` };
}

/** What separates the last two members of an array or object (with one member: the space after its bracket). */
function separatorBeforeLast(text: string, node: Node): string {
  const items = node.children ?? [];
  if (items.length >= 2) return text.slice(end(items.at(-2)!), items.at(-1)!.offset);
  const lead = text.slice(node.offset + 1, items[0]!.offset);
  return lead.includes('\n') ? `,${lead}` : ', ';
}

/** `value` as JSON: on one line, or one member per line indented from `indent` as the file indents. */
function valueText(value: unknown, indent: string, style: Style, multiline: boolean): string {
  if (!multiline) return JSON.stringify(value);
  return JSON.stringify(value, null, style.unit).split('\n').join(`${style.eol}${indent}`);
}

/** The white space that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

interface Style {
  /** One level of indentation. */
  unit: string;
  eol: string;
}

/** The file's own indentation and line ends, so that an addition looks written by whoever wrote the rest. */
function styleOf(text: string): Style {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = text.split(/\r?\n/).flatMap((l) => /^([ \t]+)\S/.exec(l)?.[1] ?? []);
  if (indents.some((i) => i.startsWith('\t'))) return { unit: '\t', eol };
  const widths = indents.map((i) => i.length);
  return { unit: ' '.repeat(widths.length ? Math.min(...widths) : 2), eol };
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** jsonc-parser's error code, in words. */
function syntaxProblem(code: string): string {
  const words = FILE_ERRORS.syntax;
  return words[code] ?? words.other;
}
