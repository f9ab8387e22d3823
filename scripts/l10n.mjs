#!/usr/bin/env node
// The extension host's user-facing strings come from VS Code's l10n (`vscode.l10n.t`, or in modules that import no
// `vscode` the `l10n.t` of src/contributions/l10n.ts, which the host points at `vscode.l10n.t`), so a translation
// (l10n/bundle.l10n.<locale>.json) can replace them. This script finds, with the TypeScript parser:
// - a plain literal where VS Code shows text: show*Message's message, items and detail; quick pick and input box
//   fields (title, placeholder, prompt, validation messages), QuickPickItem/TreeItem/MessageItem fields (label,
//   description, detail, tooltip), progress titles and messages, status bar text/tooltip/name, TreeItem and
//   MarkdownString content, terminal, output channel and panel names, dialogs' labels; this extension's own
//   channels (the presenter's showMessage, a feature's `say`, the `what` a failure names, a notice's `message`); and
//   every sentence of the wording modules (src/feedback/userErrors.ts, the wording of the errors every feature meets;
//   each feature's own, named …Wording.ts, and its error kinds that word themselves, named …Error.ts; and the models
//   of approvals, forms, rules and the history: WORDING_MODULES). A `+` chain or template is one message, its
//   values {0}, {1}…;
// - an l10n.t whose message is not a literal (the bundle could not hold it), or that runs as its module loads (before
//   activation: VS Code reads the extension's bundle as it activates, and src/contributions/l10n.ts is VS Code's
//   from activate() on);
// - l10n/bundle.l10n.json out of step with the l10n.t calls (a key missing, or one nothing uses).
// Not text: a literal with no letters once codicons ($(sync~spin)) are taken out; an Error naming itself
// (`this.name = …`); what the agent or a client reads, not a person (an MCP tool's or a JSON schema's description, an
// HTTP or JSON-RPC answer's message). Anything else a person never reads is marked on its line, or the line above,
// with `// l10n-ignore: <why>`.
// `node scripts/l10n.mjs` checks (scripts/build.mjs runs it); `node scripts/l10n.mjs --write` regenerates the bundle
// (`npm run l10n:bundle`).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { checkGlossary } from './glossary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = 'l10n/bundle.l10n.json';
/**
 * The webview page words its own text with its own l10n.t (src/webview/page/l10n.ts), whose messages share the bundle:
 * the host gives the page VS Code's loaded bundle. Its text sits in other places than the host's: the children and
 * labels of the DOM it builds. The protocol's modules carry data, not words.
 */
const OUT_OF_SCOPE = /^src\/webview\/protocol\//;
const PAGE = /^src\/webview\/page\//;
/** The page's DOM helpers (src/webview/page/dom.ts) and the DOM's own calls: the arguments, from the index, shown as text. */
const PAGE_SHOWN_FROM = new Map([
  ['h', 2],
  ['append', 1],
  ['setChildren', 1],
  ['createTextNode', 0],
  ['say', 0],
]);
/** The page's attributes and DOM properties a person reads or hears. */
const PAGE_SHOWN_ATTRIBUTE = new Set([
  'aria-label',
  'ariaLabel',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'textContent',
  'innerText',
]);
/** The page's modules that word things for people (every sentence in them is text). */
const PAGE_WORDING_MODULES = ['src/webview/page/labels.ts', 'src/webview/page/workingLine.ts'];
/**
 * The modules that word things for people: every sentence in them is user text. A feature words its notices in a
 * module named …Wording.ts and its errors in their own modules, named …Error.ts (a line only the log reads is marked).
 */
const WORDING_MODULE_NAME = /(Wording|Error)\.ts$/;
const WORDING_MODULES = [
  'src/feedback/userErrors.ts',
  'src/permissionUI/approvalQuestion.ts',
  'src/permissionUI/permissionPresentation.ts',
  'src/permissionUI/elicitationForm.ts',
  'src/grants/claudeRules.ts',
  'src/grants/ruleSyntax.ts',
  'src/chat/sessionHistory.ts',
];

/** Calls whose every string argument is shown: the notifications and modal dialogs (message, then buttons). */
const SHOW_MESSAGE = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage']);
/** Calls whose argument at the index is shown as text. */
const SHOWN_ARGUMENT = new Map([
  ['createOutputChannel', 0],
  // This extension's own ways to show text: the presenter's message, a feature's `say`, the operation a failure
  // names ("Sending the prompt failed: …"), a question before opening a file outside the workspace.
  ['showMessage', 0],
  ['say', 0],
  ['report', 1],
  ['reporting', 0],
  ['inActiveChat', 0],
  ['act', 0],
  ['attempt', 0],
  ['withCancel', 0],
  ['confirmOutsideWorkspace', 1],
  ['setStatusBarMessage', 0],
  ['appendMarkdown', 0],
  ['appendText', 0],
  ['createWebviewPanel', 1],
]);
/** Commands whose argument at the index is an editor's title: executeCommand('vscode.diff', left, right, title). */
const EDITOR_TITLE_ARGUMENT = new Map([
  ['vscode.diff', 3],
  ['vscode.changes', 1],
]);
/** Constructors whose argument at the index is shown as text. */
const SHOWN_CONSTRUCTOR = new Map([
  ['TreeItem', 0],
  ['MarkdownString', 0],
]);
/** Fields shown as text, in an object literal or assigned (`item.tooltip = …`). */
const SHOWN_FIELD = new Set([
  'label',
  'description',
  'detail',
  'tooltip',
  'title',
  'placeHolder',
  'placeholder',
  'prompt',
  'validationMessage',
  'saveLabel',
  'openLabel',
  'message',
  'what',
  'reason',
  'problem',
]);
/** Fields that hold either words for people or a code the wording is chosen by ('not-a-file', 'both-changed'). */
const CODED_FIELD = new Set(['reason', 'problem']);
/** A code: a lower-case word or words joined by hyphens, never shown as it is. */
function isCode(node) {
  if (ts.isConditionalExpression(node)) return isCode(node.whenTrue) && isCode(node.whenFalse);
  return ts.isStringLiteral(node) && /^[a-z]+(-[a-z]+)*$/.test(node.text);
}
/** Fields shown as text only when assigned (`statusItem.text = …`): as object fields these names mean much else. */
const SHOWN_ASSIGNED = new Set(['text', 'name']);
/** Calls whose options object's field is shown: a terminal's name on its tab. */
const NAMED_OPTIONS = new Map([['createTerminal', new Set(['name'])]]);

/** True for text: a letter is left once codicons are taken out. */
export function isText(s) {
  return /\p{L}/u.test(s.replace(/\$\([a-z0-9~-]+\)/gi, ''));
}

/** The literal text of a string or template (its substitutions as {0}, {1}…), or undefined for other expressions. */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s, i) => `{${i}}${s.literal.text}`).join('');
  return undefined;
}

function isL10nCall(node) {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't' && ['l10n', 'vscode.l10n'].includes(callee.expression.getText());
}

function calleeName(expr) {
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  if (ts.isIdentifier(expr)) return expr.text;
  return undefined;
}

/**
 * The plain literals shown to people in one source file, and its l10n.t messages.
 * A problem's `start`, `end` and `args` (the source of its values) say what an l10n.t call in its place would take.
 * @returns {{ problems: Array<{ line: number, text: string, why: string, start?: number, end?: number, args?: string[] }>, messages: Array<{ key: string, message: string, comment?: string[] }> }}
 */
export function scanSource(text, file) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = text.split('\n');
  // The mark stands on the line, or on the line before it (before a property's name when its value wraps to the next line).
  const marked = (line) => /^\s*\/\/ l10n-ignore: \S/.test(lines[line] ?? '');
  const ignored = (line) => /\/\/ l10n-ignore: \S/.test(lines[line] ?? '') || marked(line - 1) || (/:\s*$/.test(lines[line - 1] ?? '') && marked(line - 2));
  const problems = [];
  const messages = [];
  const seen = new Set();
  const lineOf = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;

  /** Flags the literals `node` shows: the node itself, or the branches of a ?:, ||, ?? or + that yields it. */
  const shown = (node, why) => {
    if (!node) return;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return shown(node.expression, why);
    if (ts.isConditionalExpression(node)) return (shown(node.whenTrue, why), shown(node.whenFalse, why));
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)) {
      return (shown(node.left, why), shown(node.right, why));
    }
    if (ts.isArrayLiteralExpression(node)) return node.elements.forEach((e) => shown(e, why));
    if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return shown(node.body, why);
    // A sentence put together with + is one message: its other parts become {0}, {1}…
    const parts = ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken ? concatenation(node) : [node];
    if (parts.length > 1 && !parts.some((p) => literalText(p) !== undefined)) return;
    const args = [];
    let t = '';
    for (const p of parts) {
      const lit = literalText(p);
      if (lit === undefined) {
        t += `{${args.length}}`;
        args.push(p.getText(sf));
      } else if (ts.isTemplateExpression(p)) {
        t += p.head.text + p.templateSpans.map((s) => `{${args.push(s.expression.getText(sf)) - 1}}${s.literal.text}`).join('');
      } else t += lit;
    }
    if (parts.length === 1 && literalText(node) === undefined) return;
    if (!isText(t) || seen.has(node.pos)) return;
    const line = lineOf(node);
    if (ignored(line)) return;
    seen.add(node.pos);
    problems.push({ line: line + 1, text: t, why, start: node.getStart(sf), end: node.getEnd(), args });
  };

  const page = PAGE.test(file.replace(/\\/g, '/'));
  const pageSinks = (node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name && PAGE_SHOWN_FROM.has(name)) node.arguments.slice(PAGE_SHOWN_FROM.get(name)).forEach((a) => shown(a, name));
      // button(label, attrs, ...children): its label is its name and its tooltip.
      if (name === 'button') [node.arguments[0], ...node.arguments.slice(2)].forEach((a) => shown(a, name));
      const attribute = name === 'setAttribute' && node.arguments[0] && literalText(node.arguments[0]);
      if (attribute && PAGE_SHOWN_ATTRIBUTE.has(attribute)) shown(node.arguments[1], `setAttribute ${attribute}`);
    }
    if (ts.isPropertyAssignment(node)) {
      const name = ts.isStringLiteral(node.name) ? node.name.text : node.name.getText();
      if (PAGE_SHOWN_ATTRIBUTE.has(name) && !SHOWN_FIELD.has(name)) shown(node.initializer, name);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)) {
      const name = node.left.name.text;
      if (PAGE_SHOWN_ATTRIBUTE.has(name) && !SHOWN_FIELD.has(name)) shown(node.right, `.${name} =`);
    }
  };

  const visit = (node) => {
    if (page) pageSinks(node);
    if (isL10nCall(node)) {
      const [first] = node.arguments;
      const msg = first && literalText(first);
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) messages.push({ key: msg, message: msg, line: lineOf(node) + 1 });
      else if (first && ts.isObjectLiteralExpression(first)) {
        const prop = (name) => first.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === name)?.initializer;
        const m = prop('message');
        const c = prop('comment');
        const comment = c && ts.isArrayLiteralExpression(c) ? c.elements.map(literalText) : c ? [literalText(c)] : undefined;
        if (m && (ts.isStringLiteral(m) || ts.isNoSubstitutionTemplateLiteral(m)) && !comment?.includes(undefined)) {
          const line = lineOf(node) + 1;
          messages.push(comment ? { key: `${m.text}/${comment.join('')}`, message: m.text, comment, line } : { key: m.text, message: m.text, line });
        } else problems.push({ line: lineOf(node) + 1, text: node.getText(sf).slice(0, 80), why: 'l10n.t needs a literal message (and comment)' });
      } else problems.push({ line: lineOf(node) + 1, text: node.getText(sf).slice(0, 80), why: 'l10n.t needs a literal message' });
      // The bundle is read as the extension activates, and the shared module's l10n.t is VS Code's only from then on.
      if (atModuleLoad(node))
        problems.push({
          line: lineOf(node) + 1,
          text: node.getText(sf).slice(0, 80),
          why: 'l10n.t runs when the module loads, before activation: call it in a function',
        });
      // Its arguments are values put into the message, not text of their own.
      return;
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name && SHOW_MESSAGE.has(name)) {
        for (const a of node.arguments) {
          if (ts.isObjectLiteralExpression(a)) continue; // options ({ modal, detail }) and items ({ title }): fields below
          shown(a, name);
        }
      }
      if (name && SHOWN_ARGUMENT.has(name)) shown(node.arguments[SHOWN_ARGUMENT.get(name)], name);
      if (name === 'showQuickPick') shown(node.arguments[0], name);
      // The titles of VS Code's diff and multi-file diff editors.
      const command = name === 'executeCommand' && node.arguments[0] && literalText(node.arguments[0]);
      if (command && EDITOR_TITLE_ARGUMENT.has(command)) shown(node.arguments[EDITOR_TITLE_ARGUMENT.get(command)], command);
      if (name && NAMED_OPTIONS.has(name)) {
        for (const a of node.arguments) {
          if (!ts.isObjectLiteralExpression(a)) continue;
          for (const p of a.properties)
            if (ts.isPropertyAssignment(p) && NAMED_OPTIONS.get(name).has(p.name.getText())) shown(p.initializer, `${name} ${p.name.getText()}`);
        }
      }
    }
    if (ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      if (name && SHOWN_CONSTRUCTOR.has(name)) shown(node.arguments?.[SHOWN_CONSTRUCTOR.get(name)], `new ${name}`);
    }
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const name = node.name.getText();
      if (SHOWN_FIELD.has(name) && ts.isPropertyAssignment(node) && !forTheModel(node) && !(CODED_FIELD.has(name) && isCode(node.initializer)))
        shown(node.initializer, name);
      // An input box's check: the messages it returns.
      if (name === 'validateInput' && ts.isPropertyAssignment(node)) returnsOf(node.initializer).forEach((r) => shown(r, 'validateInput'));
    }
    if (ts.isMethodDeclaration(node) && node.name.getText() === 'validateInput') returnsOf(node).forEach((r) => shown(r, 'validateInput'));
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)) {
      const name = node.left.name.text;
      // `this.name = …` is an Error subclass naming itself.
      const errorName = name === 'name' && node.left.expression.kind === ts.SyntaxKind.ThisKeyword;
      if ((SHOWN_FIELD.has(name) || SHOWN_ASSIGNED.has(name)) && !errorName) shown(node.right, `.${name} =`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);

  if (WORDING_MODULE_NAME.test(file) || [...WORDING_MODULES, ...PAGE_WORDING_MODULES].some((m) => file.replace(/\\/g, '/').endsWith(m))) {
    // Every sentence here is user wording: a literal with a letter and a space, outside imports and l10n.t.
    const sentences = (node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || isL10nCall(node) || ts.isRegularExpressionLiteral(node)) return;
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        const parts = concatenation(node);
        if (parts.some((p) => literalText(p) !== undefined && /\s/.test(literalText(p).trim()) && isText(literalText(p)))) return shown(node, 'wording module');
      }
      const t = literalText(node);
      if (t !== undefined && isText(t) && /\s/.test(t.trim())) shown(node, 'wording module');
      if (ts.isTemplateExpression(node)) return;
      ts.forEachChild(node, sentences);
    };
    sentences(sf);
  }
  problems.sort((a, b) => a.line - b.line);
  return { problems, messages };
}

const SCHEMA_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);
/**
 * Fields no person reads: a `description` for the agent (an MCP tool's, beside its `inputSchema`, or a JSON schema's)
 * and the `message` of an HTTP or JSON-RPC answer (beside its `status` or `code`).
 */
function forTheModel(prop) {
  const name = prop.name.getText();
  if (!ts.isObjectLiteralExpression(prop.parent)) return false;
  const has = (field) => prop.parent.properties.find((p) => p.name?.getText() === field);
  if (name === 'description') {
    const type = has('type');
    return !!has('inputSchema') || (!!type && ts.isPropertyAssignment(type) && ts.isStringLiteral(type.initializer) && SCHEMA_TYPES.has(type.initializer.text));
  }
  if (name === 'message')
    return [has('status'), has('code')].some(
      (p) => (p && ts.isPropertyAssignment(p) && ts.isNumericLiteral(p.initializer)) || p?.initializer?.kind === ts.SyntaxKind.PrefixUnaryExpression,
    );
  return false;
}

/** True when `node` runs as its module loads: no function (or class member other than a static one) around it. */
function atModuleLoad(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n)) return false;
    if (
      (ts.isPropertyDeclaration(n) || ts.isClassStaticBlockDeclaration(n)) &&
      !ts.isClassStaticBlockDeclaration(n) &&
      !n.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
    )
      return false;
  }
  return true;
}

/** The operands of a chain of +, in order. */
function concatenation(node) {
  if (ts.isParenthesizedExpression(node)) return concatenation(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return [...concatenation(node.left), ...concatenation(node.right)];
  return [node];
}

/** The values a function returns: its expression body, or its return statements (not those of nested functions). */
function returnsOf(fn) {
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isMethodDeclaration(fn))) return [];
  if (fn.body && !ts.isBlock(fn.body)) return [fn.body];
  const out = [];
  const walk = (n) => {
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    if (!ts.isFunctionLike(n)) ts.forEachChild(n, walk);
  };
  if (fn.body) ts.forEachChild(fn.body, walk);
  return out;
}

/** The bundle for these messages: key → English, or { message, comment } where a translator gets context. */
export function bundleOf(messages) {
  const bundle = {};
  for (const m of [...messages].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    bundle[m.key] = m.comment ? { message: m.message, comment: m.comment } : m.message;
  }
  return bundle;
}

/** The host's sources under `base`/src, relative to `base`. */
function hostSources(base, dir = join(base, 'src')) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return hostSources(base, path);
    const rel = relative(base, path).replace(/\\/g, '/');
    return rel.endsWith('.ts') && !rel.endsWith('.d.ts') && !OUT_OF_SCOPE.test(rel) ? [rel] : [];
  });
}

/** The manifest's fields VS Code shows to people, wherever they sit in package.json. */
const MANIFEST_SHOWN = new Set([
  'displayName',
  'description',
  'markdownDescription',
  'title',
  'name',
  'category',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'deprecationMessage',
  'markdownDeprecationMessage',
]);
/** Where such a field name means something else: the package's own id, a setting's `required` list, defaults. */
const MANIFEST_NOT_SHOWN = [/^name$/, /\.default(\.|$)/, /\.required(\.|$)/, /^contributes\.configuration\.properties\.[^.]+\.items\.properties\.[^.]+$/];

/** The manifest's user-facing strings, each with its path in package.json ("contributes.commands.0.title"). */
export function manifestStrings(manifest) {
  const out = [];
  const walk = (value, path) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}.${i}`));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const p = path ? `${path}.${k}` : k;
        if (MANIFEST_NOT_SHOWN.some((re) => re.test(p))) continue;
        if (MANIFEST_SHOWN.has(k) && typeof v === 'string') out.push([p, v]);
        else if (MANIFEST_SHOWN.has(k) && Array.isArray(v) && v.every((x) => typeof x === 'string')) v.forEach((x, i) => out.push([`${p}.${i}`, x]));
        else walk(v, p);
      }
    }
  };
  walk(manifest, '');
  return out;
}

/**
 * The manifest against its English bundle (package.nls.json): a shown string that is not a %key%, a %key% the bundle
 * lacks, an entry nothing uses.
 */
export function checkManifest(dir = root) {
  // A tree without a manifest (a checker test's) has none to check.
  if (!existsSync(join(dir, 'package.json'))) return [];
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const nls = JSON.parse(readFileSync(join(dir, 'package.nls.json'), 'utf8'));
  const strings = manifestStrings(manifest);
  const problems = [];
  for (const [p, v] of strings) {
    if (!/^%[^%]+%$/.test(v))
      problems.push({
        file: 'package.json',
        line: p,
        text: v,
        why: 'a user-facing manifest string not taken from package.nls.json (write %key% and put the text there)',
      });
    else if (typeof nls[v.slice(1, -1)] !== 'string' || nls[v.slice(1, -1)] === '')
      problems.push({ file: 'package.nls.json', line: p, text: v, why: 'no text for this key' });
  }
  const used = new Set(strings.map(([, v]) => v.slice(1, -1)));
  for (const k of Object.keys(nls))
    if (!used.has(k)) problems.push({ file: 'package.nls.json', line: k, text: nls[k], why: 'nothing in package.json uses this entry' });
  return problems;
}

/** Checks the tree: the manifest, the host's shown literals, and the bundle against the l10n.t calls. */
export function checkTree(dir = root) {
  const problems = [...checkManifest(dir)];
  const messages = [];
  const shown = [];
  for (const file of hostSources(dir)) {
    const r = scanSource(readFileSync(join(dir, file), 'utf8'), file);
    problems.push(...r.problems.map((p) => ({ ...p, file })));
    messages.push(...r.messages);
    shown.push(...r.messages.map((m) => ({ file, line: m.line, text: m.message })));
  }
  // Every string a person reads speaks the glossary's words: the host's messages, the manifest's, the page's.
  if (existsSync(join(dir, 'package.nls.json')))
    for (const [key, text] of Object.entries(JSON.parse(readFileSync(join(dir, 'package.nls.json'), 'utf8'))))
      shown.push({ file: 'package.nls.json', line: key, text });
  problems.push(...checkGlossary(dir, shown));
  const expected = bundleOf(messages);
  let actual = {};
  try {
    actual = JSON.parse(readFileSync(join(dir, BUNDLE), 'utf8'));
  } catch {
    // Missing or unreadable: every key is missing.
  }
  const missing = Object.keys(expected).filter((k) => JSON.stringify(actual[k]) !== JSON.stringify(expected[k]));
  const stale = Object.keys(actual).filter((k) => !(k in expected));
  return { problems, expected, missing, stale };
}

/** Prints what `checkTree` found, with how to fix it; true when there is nothing to fix. */
export function printProblems({ problems, missing, stale }, { bundleWritten = false } = {}) {
  const bundleStale = !bundleWritten && (missing.length > 0 || stale.length > 0);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.why}: ${JSON.stringify(p.text)}`);
  const inManifest = problems.filter((p) => p.file.startsWith('package.')).length;
  if (inManifest) console.error(`l10n: ${inManifest} problem(s) in the manifest's strings (package.json, package.nls.json)`);
  if (problems.length > inManifest) {
    console.error(
      `l10n: ${problems.length - inManifest} user-facing string(s) not taken from l10n.t: wrap each in vscode.l10n.t('…', args) (in a module without vscode, l10n.t of src/contributions/l10n.ts), or mark a line that no person reads with // l10n-ignore: <why>`,
    );
  }
  if (bundleStale) {
    for (const k of missing) console.error(`${BUNDLE}: missing or different: ${JSON.stringify(k)}`);
    for (const k of stale) console.error(`${BUNDLE}: no l10n.t uses: ${JSON.stringify(k)}`);
    console.error(`l10n: ${BUNDLE} is out of date: run \`npm run l10n:bundle\``);
  }
  return problems.length === 0 && !bundleStale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = checkTree();
  const write = process.argv.includes('--write');
  if (write) {
    writeFileSync(join(root, BUNDLE), `${JSON.stringify(result.expected, null, 2)}\n`);
    console.log(`l10n: wrote ${BUNDLE} (${Object.keys(result.expected).length} strings)`);
  }
  process.exit(printProblems(result, { bundleWritten: write }) ? 0 : 1);
}
