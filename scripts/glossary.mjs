// The chat's one vocabulary (docs/glossary.md): the words it retired, and where a string a person reads uses one.
// scripts/l10n.mjs runs it over the host's l10n messages and the manifest's strings; the page's text is read here, from
// the string literals of src/webview/page/ that read as text (an id, a class name or a test id is one lowercase token
// and is left alone). A line of ours that must name a retired word is marked `// glossary-ignore: <why>`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const GLOSSARY = 'docs/glossary.md';
const PAGE = 'src/webview/page';

/** The retired words: the list items under "## Retired words". */
export function retiredWords(markdown) {
  const section = markdown.split(/^## /mu).find((s) => s.startsWith('Retired words'));
  if (!section) throw new Error(`${GLOSSARY} has no "## Retired words" list`);
  return section
    .split('\n')
    .map((l) => /^- (.+?)\s*$/u.exec(l)?.[1])
    .filter(Boolean);
}

/** The first retired word `text` uses (a whole word, any case, with its plural and -d, -ed, -ing forms), if any. */
export function retiredIn(text, words) {
  for (const word of words) {
    const pattern = word
      .split(/\s+/u)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
      .join('\\s+');
    if (new RegExp(`(?<![\\p{L}\\p{N}_-])${pattern}(?:s|es|d|ed|ing)?(?![\\p{L}\\p{N}_-])`, 'iu').test(text)) return word;
  }
  return undefined;
}

/** The page's string literals that read as text, with their lines (an id-like token is not text). */
export function pageTexts(source, file) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = source.split('\n');
  const ignored = (line) => /\/\/ glossary-ignore: \S/u.test(lines[line] ?? '') || /^\s*\/\/ glossary-ignore: \S/u.test(lines[line - 1] ?? '');
  const out = [];
  const visit = (node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = node.text;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      if (!/^[a-z0-9_.:/#@[\]=*-]*$/u.test(text) && !ts.isImportDeclaration(node.parent) && !ignored(line)) out.push({ line: line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function pageSources(base, dir = join(base, PAGE)) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return pageSources(base, path);
    return d.name.endsWith('.ts') ? [relative(base, path).replace(/\\/g, '/')] : [];
  });
}

/**
 * The strings that use a retired word: `strings` ({ file, line, text }: the host's messages, the manifest's) and the
 * page's text under `dir`. Empty when `dir` has no glossary (a checker test's tree).
 */
export function checkGlossary(dir, strings) {
  let words;
  try {
    words = retiredWords(readFileSync(join(dir, GLOSSARY), 'utf8'));
  } catch (err) {
    if (err?.code === 'ENOENT') return [];
    throw err;
  }
  const page = (() => {
    try {
      return pageSources(dir).flatMap((file) => pageTexts(readFileSync(join(dir, file), 'utf8'), file).map((t) => ({ ...t, file })));
    } catch (err) {
      if (err?.code === 'ENOENT') return [];
      throw err;
    }
  })();
  return [...strings, ...page].flatMap((s) => {
    const word = retiredIn(s.text, words);
    return word ? [{ file: s.file, line: s.line, text: s.text, why: `uses "${word}", a word ${GLOSSARY} retired (it names the word to use)` }] : [];
  });
}
