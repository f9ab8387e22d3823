// The repository a VSIX is published from is a fact of publishing, not of the code: package.json has no `repository`
// field, and `npm run package` takes one from `--repository <url>` or ACP_CHAT_REPOSITORY. This module holds the pure
// part: reading that choice, and what it changes in the staged copy that vsce packs (the manifest's `repository`, the
// Markdown files' relative links and images, vsce's flags). scripts/package.mjs does the file work.

export const REPOSITORY_ENV = 'ACP_CHAT_REPOSITORY';

// Hosts that are never a real repository (RFC 2606 and RFC 6761 names): a placeholder must not reach a manifest.
const PLACEHOLDER_HOST = /(^|\.)(invalid|example|test|localhost)$|(^|\.)example\.(com|net|org)$/i;

/**
 * The repository named by `--repository <url>` (or `--repository=<url>`) in `argv`, else by ACP_CHAT_REPOSITORY in
 * `env`; undefined when neither names one. The URL must be https (the README's images are served from it, and the
 * marketplace takes images over https only) and not a placeholder; a trailing `/` or `.git` is dropped.
 */
export function repositoryFrom(argv, env) {
  // `npm run package --repository <url>` (without `--`) hands the flag to npm, not to the script: npm sets
  // npm_config_repository and passes the URL on alone. Say so rather than build a local VSIX the caller did not ask for.
  if (env.npm_config_repository !== undefined) throw new Error('npm took --repository for itself: run `npm run package -- --repository <url>`');
  let raw;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--repository' || argv[i].startsWith('--repository=')) {
      raw = argv[i] === '--repository' ? argv[++i] : argv[i].slice('--repository='.length);
      if (!raw || raw.startsWith('--')) throw new Error('--repository needs a URL, e.g. --repository https://github.com/<owner>/acp-chat');
    } else {
      throw new Error(`unexpected argument: ${argv[i]} (the arguments are --repository <url> and --out <file>)`);
    }
  }
  raw ??= env[REPOSITORY_ENV];
  if (raw === undefined || raw.trim() === '') return undefined;
  let url;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:') throw new Error(`the repository must be an https URL: ${raw}`);
  if (PLACEHOLDER_HOST.test(url.hostname)) throw new Error(`not a repository anyone can reach (${url.hostname} is a placeholder name): ${raw}`);
  if (url.search || url.hash || url.username || url.password) throw new Error(`the repository URL must not carry a query, a fragment or credentials: ${raw}`);
  return url.href.replace(/\/+$/, '').replace(/\.git$/i, '');
}

/** The manifest as packed: `pkg` with `repository` set to the one given, or with no `repository` field at all. */
export function manifestFor(pkg, repository) {
  const { repository: _ignored, ...rest } = pkg;
  return repository === undefined ? rest : { ...rest, repository: { type: 'git', url: repository } };
}

/**
 * vsce's flags for a staged copy. With a repository, vsce rewrites the README's relative links and images against it:
 * it derives the URLs itself for GitHub and GitLab, any other host needs them spelled out (`<repository>/raw/HEAD/…`).
 * Without one, vsce would stop to ask about the missing field: the flag says it is meant.
 */
export function vsceArgsFor(repository) {
  if (repository === undefined) return ['--allow-missing-repository'];
  if (/^https:\/\/(github|gitlab)\.com\//i.test(repository)) return [];
  return ['--baseContentUrl', `${repository}/blob/HEAD`, '--baseImagesUrl', `${repository}/raw/HEAD`];
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** A link vsce would resolve against the repository: not absolute, not an anchor in the page, not protocol-relative. */
const isRelative = (target) => !SCHEME.test(target) && !target.startsWith('#') && !target.startsWith('//');

const IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const LINK = /\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;

/** `fn` applied to the parts of one line outside its code spans. */
function outsideCode(line, fn) {
  let out = '';
  let at = 0;
  for (const m of line.matchAll(CODE_SPAN)) {
    out += fn(line.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + fn(line.slice(at));
}

const cells = (row) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
const isSeparatorRow = (row) => cells(row).every((c) => /^:?-+:?$/.test(c));
const isEmptyRow = (row) => cells(row).every((c) => c === '');
const isTableRow = (line) => /^\s*\|/.test(line);

/**
 * A Markdown file (README or CHANGELOG) as the VSIX carries it. With a repository it is unchanged: vsce resolves its
 * relative links and images against that repository.
 *
 * Without one (a local VSIX) nothing in it may point at the repository, since there is none to point at, and vsce
 * refuses relative links it cannot resolve. The README's pictures are left out rather than embedded: the
 * screenshots are about 1 MB of PNG that a local VSIX (for trying a build, not for a listing) would carry as data URLs
 * in every install, and VS Code's extension page shows the text without them. So: an image with a relative source
 * goes (with its line, or the whole table when only pictures were in it); a relative link keeps its text and loses
 * its target; anchors in the page, absolute links and code are left as they are.
 */
export function markdownForVsix(text, repository) {
  if (repository !== undefined) return text;
  const lines = text.split('\n');
  const out = [];
  let fence;
  // After a picture's line or table is dropped, the blank line that followed it goes too, so no gap doubles.
  let dropBlank = false;
  const dropped = () => (dropBlank = out.length === 0 || out[out.length - 1].trim() === '');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence || fenceMark) {
      if (!fence) fence = fenceMark;
      else if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      dropBlank = false;
      out.push(line);
      continue;
    }
    if (dropBlank && line.trim() === '') continue;
    dropBlank = false;
    if (isTableRow(line)) {
      let end = i;
      while (end < lines.length && isTableRow(lines[end])) end++;
      const rows = tableForVsix(lines.slice(i, end));
      if (rows.length) out.push(...rows);
      else dropped();
      i = end - 1;
      continue;
    }
    const { text: kept, hadImage } = lineForVsix(line);
    if (hadImage && kept.trim() === '') dropped();
    else out.push(kept);
  }
  return out.join('\n');
}

/** One line outside code with its relative images removed and its relative links unlinked. */
function lineForVsix(line) {
  let hadImage = false;
  const text = outsideCode(line, (part) =>
    part
      .replace(IMAGE, (all, target) => (isRelative(target) ? ((hadImage = true), '') : all))
      .replace(HTML_IMAGE, (all, target) => (isRelative(target) ? ((hadImage = true), '') : all))
      .replace(LINK, (all, label, target) => (isRelative(target) ? label : all)),
  );
  return { text, hadImage };
}

/** A table's rows: a row left empty by its pictures goes, and the table goes when nothing but pictures was in it. */
function tableForVsix(rows) {
  const kept = [];
  for (const row of rows) {
    const { text, hadImage } = lineForVsix(row);
    if (hadImage && isEmptyRow(text)) continue;
    kept.push(text);
  }
  return kept.every((row) => isSeparatorRow(row) || isEmptyRow(row)) ? [] : kept;
}
