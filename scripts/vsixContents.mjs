// What goes into the VSIX, and what must not: `vsce ls` lists the files `vsce package` would pack (the manifest's
// production dependencies, of which there are none, less .vscodeignore); `forbiddenFiles` names each one that is an
// executable binary, a test, a source file, a source map, a file under node_modules (the bundles carry the
// dependencies) or a development-only dependency. Used by `npm run package` and by the unit suite.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

const VSCE = ['node_modules', '@vscode', 'vsce', 'vsce'];

/** The files `vsce package` would put in the VSIX, relative to `root`. */
export function listVsixFiles(root) {
  const out = execFileSync(process.execPath, [join(root, ...VSCE), 'ls'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

// Executable formats: ELF, PE ("MZ"), Mach-O (both byte orders, 32/64-bit) and fat Mach-O.
const MAGIC = [
  [0x7f, 0x45, 0x4c, 0x46],
  [0x4d, 0x5a],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
];
const BINARY_EXT = /\.(node|exe|dll|so|dylib|wasm)$/i;

function isExecutableBinary(file) {
  if (BINARY_EXT.test(file)) return true;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const n = readSync(fd, head, 0, 4, 0);
    return MAGIC.some((m) => m.length <= n && m.every((b, i) => head[i] === b));
  } finally {
    closeSync(fd);
  }
}

/** The npm package a path under node_modules/ belongs to (the innermost one), or undefined. */
function packageDir(path) {
  const parts = path.split('/');
  let dir;
  for (let i = 0; i < parts.length - 1; i++) {
    if (parts[i] !== 'node_modules') continue;
    const scoped = parts[i + 1]?.startsWith('@');
    const end = i + (scoped ? 3 : 2);
    if (end <= parts.length - 1) dir = parts.slice(0, end).join('/');
  }
  return dir;
}

/**
 * Each listed file that must not ship, with why. `lock` is package-lock.json (v3): a package npm marks `dev: true`
 * is needed only to develop this extension.
 */
export function forbiddenFiles(root, files) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const problems = [];
  for (const f of files) {
    const why = [];
    if (/\.map$/i.test(f)) why.push('source map');
    // The bundles carry what runs (scripts/build.mjs); a dependency's own files do not ship.
    if (f.startsWith('node_modules/')) why.push('node_modules');
    if (/\.(ts|tsx|mts|cts)$/i.test(f) || f.startsWith('src/')) why.push('source');
    if (/(^|\/)(tests?|__tests__|spec)\//i.test(f) || /\.(test|spec)\.[cm]?[jt]sx?$/i.test(f)) why.push('test');
    const pkg = packageDir(f);
    if (pkg && lock.packages?.[pkg]?.dev) why.push(`dev dependency (${pkg})`);
    if (isExecutableBinary(join(root, f))) why.push('executable binary');
    if (why.length) problems.push({ file: f, why });
  }
  return problems;
}
