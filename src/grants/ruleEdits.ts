// One rule added to or removed from a settings file's text, every other byte kept: the edits are made on the offsets
// of jsonc-parser's tree rather than with its `modify`, which reformats around the edit (a one-line array becomes
// several) and, in 3.3.1, breaks a one-line array whose last element it removes. A file Claude Code would not read
// (claudeRules.ts) is never edited: an edit would not make it count. Pure (no `vscode`, no Node).
import type { Node } from 'jsonc-parser/lib/esm/main.js';
import { childOf, readSettings, type Behaviour } from './claudeRules';

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
