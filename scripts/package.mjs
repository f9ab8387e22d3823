#!/usr/bin/env node
// `npm run package [-- --repository <url>] [-- --out <file.vsix>]`: builds the bundles, checks what would go into the VSIX
// (scripts/vsixContents.mjs), packages one universal VSIX (no --target: nothing in it is platform-specific; Claude Code
// is resolved or downloaded on the user's machine) and prints its size and the sizes of the bundles.
//
// The repository is a fact of publishing (scripts/vsixRepository.mjs): given by --repository or ACP_CHAT_REPOSITORY,
// it is written into the VSIX's manifest and the README's links and images point into it (a publishable VSIX).
// Without one, the VSIX has no repository field and its README no picture or link into a repository (a local VSIX).
// Either way vsce packs a staged copy in a temporary folder, never the checkout's own package.json or README: an
// interrupted run leaves the working tree as it was.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forbiddenFiles, listVsixFiles } from './vsixContents.mjs';
import { manifestFor, markdownForVsix, repositoryFrom, REPOSITORY_ENV, vsceArgsFor } from './vsixRepository.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_BYTES = 10 * 1024 * 1024;

let repository;
let outArg;
try {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--out');
  if (at >= 0) {
    outArg = argv[at + 1];
    if (!outArg || outArg.startsWith('--')) throw new Error('--out needs a file name, e.g. --out acp-chat.vsix');
    argv.splice(at, 2);
  }
  repository = repositoryFrom(argv, process.env);
} catch (err) {
  console.error(`npm run package: ${err.message}`);
  process.exit(2);
}

execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
const files = listVsixFiles(root);
const problems = forbiddenFiles(root, files);
if (problems.length) {
  for (const p of problems) console.error(`not for the VSIX: ${p.file} (${p.why.join(', ')})`);
  process.exit(1);
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = outArg ? resolve(outArg) : join(root, `${pkg.name}-${pkg.version}.vsix`);

const stage = mkdtempSync(join(tmpdir(), 'acp-chat-vsix-'));
try {
  // The files vsce listed for the checkout, and its ignore file (so vsce finds one and packs exactly these).
  for (const f of [...files, '.vscodeignore']) {
    mkdirSync(dirname(join(stage, f)), { recursive: true });
    copyFileSync(join(root, f), join(stage, f));
  }
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifestFor(pkg, repository), null, 2)}\n`);
  for (const f of ['README.md', 'CHANGELOG.md']) {
    writeFileSync(join(stage, f), markdownForVsix(readFileSync(join(root, f), 'utf8'), repository));
  }
  // --no-dependencies: the extension has no production dependency (the bundles carry what runs), and the stage has
  // no node_modules for npm to list.
  execFileSync(process.execPath, [join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out, ...vsceArgsFor(repository)], {
    cwd: stage,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
} finally {
  rmSync(stage, { recursive: true, force: true });
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const vsix = statSync(out).size;
console.log(
  repository === undefined
    ? `\nlocal VSIX (no repository: the README's pictures and repository links left out; for a publishable one set ${REPOSITORY_ENV} or pass --repository <url>)`
    : `\npublishable VSIX for ${repository} (manifest repository and README links point there)`,
);
console.log(`VSIX              ${mb(vsix)}  ${out}${vsix > GOAL_BYTES ? `  (over the ${mb(GOAL_BYTES)} goal)` : ''}`);
console.log(`extension bundle  ${kb(statSync(join(root, 'dist/extension.js')).size)}  dist/extension.js`);
console.log(`webview bundle    ${kb(statSync(join(root, 'dist/webview/main.js')).size)}  dist/webview/main.js`);
console.log(`adapter bundle    ${kb(statSync(join(root, 'dist/agent/claude-agent-acp.mjs')).size)}  dist/agent/claude-agent-acp.mjs`);
