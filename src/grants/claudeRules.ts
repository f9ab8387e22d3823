// Claude Code's permission rules as its settings files hold them: the rules of one file read as Claude Code reads them,
// why a file would not be read, and what changed between two readings. Its siblings edit a rule in the text
// (ruleEdits.ts), check a rule's syntax (ruleSyntax.ts) and say where each scope's file lives (settingsPaths.ts). Pure,
// and reachable from the chat's page (the types of grantEffect.ts): no `vscode`, no Node, nothing of the host; so its
// words (why a file would not be read) are here, beside the rules they are about.
//
// Claude Code reads its settings files as strict JSON after dropping one leading byte-order mark: a file with a
// comment or a trailing comma is not read at all, all its rules dropped without a word (checked with the bundled
// Claude Code: an allow rule in such a file still asks; the SDK's `resolveSettings` leaves the file out; the CLI
// refuses to update one: "Invalid JSON syntax in settings file"; its parse is `JSON.parse(ls(e))` with
// `function ls(e){return e.startsWith("\uFEFF")?e.slice(1):e}`, see agents/claudeCode/claudeJson.ts). So such a
// file is reported as not read, and never edited: an edit would not make it count; a BOM'd file is read, and kept.
// jsonc-parser (its ES module build: the CommonJS one hides its own requires from the bundler) gives the tree with each
// value's offsets, which ruleEdits.ts edits on.
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

export const SCOPES: readonly Scope[] = ['local', 'project', 'user'];
export const BEHAVIOURS: readonly Behaviour[] = ['allow', 'ask', 'deny'];

/** A file that parsed into the shape Claude Code reads: its tree, to find and edit the rules. */
type Read = { ok: true; root: Node | undefined; settings: ParsedSettings & { ok: true } } | { ok: false; error: string };

/**
 * undefined text = the file does not exist: ok, no rules (so is an empty file, which Claude Code reads as `{}`). A file
 * that is not strict JSON (after one leading BOM), or whose `permissions` are not of the shape Claude Code reads, is
 * `{ ok: false, error }`.
 */
export function parsePermissionSettings(text: string | undefined, scope: Scope): ParsedSettings {
  const read = readSettings(text, scope);
  return read.ok ? read.settings : read;
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

/**
 * Parses `text` as Claude Code does (strict JSON after one leading BOM) and checks the shape of what it reads for
 * permissions. The tree's offsets are those of `text` itself, BOM included, so an edit made on them keeps the mark.
 */
export function readSettings(text: string | undefined, scope: Scope): Read {
  const empty = { ok: true as const, rules: [], additionalDirectories: [] };
  if (text === undefined || text.trim() === '') return { ok: true, root: undefined, settings: empty };
  const errors: ParseError[] = [];
  // jsonc-parser takes a BOM for a stray symbol: a space in its place reads the same and keeps every offset.
  const json = text.startsWith('\ufeff') ? ` ${text.slice(1)}` : text;
  const root = parseTree(json, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
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
export function childOf(node: Node | undefined, key: string): Node | undefined {
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

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** jsonc-parser's error code, in words. */
function syntaxProblem(code: string): string {
  const words = FILE_ERRORS.syntax;
  return words[code] ?? words.other;
}
