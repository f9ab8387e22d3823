#!/usr/bin/env node
// `npm run package`: builds the bundles, checks what would go into the VSIX (scripts/vsixContents.mjs), packages one
// universal VSIX (no --target: nothing in it is platform-specific; Claude Code is resolved or downloaded on the user's
// machine) and prints its size and the sizes of the bundles.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forbiddenFiles, listVsixFiles, vsceLinkArgs } from './vsixContents.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_BYTES = 10 * 1024 * 1024;

execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
const problems = forbiddenFiles(root, listVsixFiles(root));
if (problems.length) {
  for (const p of problems) console.error(`not for the VSIX: ${p.file} (${p.why.join(', ')})`);
  process.exit(1);
}
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, `${name}-${version}.vsix`);
execFileSync(process.execPath, [join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--out', out, ...vsceLinkArgs(root)], { cwd: root, stdio: 'inherit' });

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const vsix = statSync(out).size;
console.log(`\nVSIX              ${mb(vsix)}  ${out}${vsix > GOAL_BYTES ? `  (over the ${mb(GOAL_BYTES)} goal)` : ''}`);
console.log(`extension bundle  ${kb(statSync(join(root, 'dist/extension.js')).size)}  dist/extension.js`);
console.log(`webview bundle    ${kb(statSync(join(root, 'dist/webview/main.js')).size)}  dist/webview/main.js`);
console.log(`adapter bundle    ${kb(statSync(join(root, 'dist/agent/claude-agent-acp.mjs')).size)}  dist/agent/claude-agent-acp.mjs`);
