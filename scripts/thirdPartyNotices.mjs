// The third-party notices of what the bundles carry: every npm package esbuild put into a bundle (read from the
// builds' metafiles) and the files copied beside them, each with its version, its licence as its package.json names
// it, and the text of its licence and notice files. Bundling drops the packages' own folders (and with them their
// LICENSE files), so the notices travel in the VSIX as this one file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package a bundled input path belongs to (the innermost node_modules/<name>), or undefined for our own files. */
export function packageOf(inputPath) {
  const at = inputPath.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const parts = inputPath.slice(at + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** One package's entry: heading, licence name, and its licence and notice texts as the package ships them. */
function entry(root, name) {
  const dir = join(root, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licence = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'unknown');
  const files = readdirSync(dir)
    .filter((f) => LICENCE_FILE.test(f))
    .sort();
  const texts = files.map((f) => `--- ${f} ---\n${readFileSync(join(dir, f), 'utf8').trim()}`);
  return [`${name} ${manifest.version} (${licence})`, ...(texts.length ? texts : ['(the package ships no licence file)'])].join('\n\n');
}

/**
 * The notices text for `metafiles` (esbuild's, one per build) plus `copied` package names (files copied as they are).
 * Throws when a bundled package has no package.json where npm put it: the notices must not silently miss one.
 */
export function thirdPartyNotices(root, metafiles, copied = []) {
  const names = new Set(copied);
  for (const meta of metafiles)
    for (const input of Object.keys(meta.inputs)) {
      const name = packageOf(input);
      if (name) names.add(name);
    }
  const missing = [...names].filter((n) => !existsSync(join(root, 'node_modules', n, 'package.json')));
  if (missing.length) throw new Error(`third-party notices: no package.json for ${missing.join(', ')}`);
  const sorted = [...names].sort();
  const header = `ACP Chat bundles the following third-party software. Each is listed with its version, its licence and the licence and notice texts it ships.\n\n${sorted.map((n) => `- ${n}`).join('\n')}`;
  return `${[header, ...sorted.map((n) => entry(root, n))].join('\n\n========================================================================\n\n')}\n`;
}
