#!/usr/bin/env node
// Compiles the extension-host mocha entry (test/host/index.ts) and host test files into one CommonJS file each.
// `vscode` is provided by the extension host and `mocha` is loaded from node_modules at run time (both external).
//   node test/testbed/buildHostTests.mjs                  -> test/host/**/*.test.ts into out/test/host/
//   node test/testbed/buildHostTests.mjs --smoke          -> the bed's own smoke tests into out/test/testbed-smoke/
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export const HOST_SUITES = {
  host: { testsDir: join(repo, 'test/host'), outDir: join(repo, 'out/test/host') },
  smoke: { testsDir: join(repo, 'test/testbed/smoke-extension/test'), outDir: join(repo, 'out/test/testbed-smoke') },
  // Run in a window with no folder open (runHostTests.mjs --no-folder).
  noFolder: { testsDir: join(repo, 'test/host-nofolder'), outDir: join(repo, 'out/test/host-nofolder') },
  // Run with workspace trust on, in a folder never trusted (runHostTests.mjs --untrusted).
  untrusted: { testsDir: join(repo, 'test/host-untrusted'), outDir: join(repo, 'out/test/host-untrusted') },
};

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findTests(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Builds one suite; returns the path of the compiled entry (extensionTestsPath). */
export async function buildHostTests({ testsDir, outDir }) {
  rmSync(outDir, { recursive: true, force: true });
  const tests = findTests(testsDir);
  const entryPoints = [
    { in: join(repo, 'test/host/index.ts'), out: 'index' },
    ...tests.map((t) => ({ in: t, out: relative(testsDir, t).replace(/\.ts$/, '') })),
  ];
  await esbuild.build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(outDir, 'index.js');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const suite = process.argv.includes('--smoke') ? HOST_SUITES.smoke : HOST_SUITES.host;
  const entry = await buildHostTests(suite);
  console.log(`built ${entry}`);
}
