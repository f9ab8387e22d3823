#!/usr/bin/env node
// The conventions a tool enforces: ESLint (eslint.config.mjs: ESLint's and typescript-eslint's recommended rules) and
// Prettier's layout (.prettierrc.json) over the sources, tests and scripts. The build runs it and fails on what it
// finds; `--fix` lets both tools mend what they can.
import { ESLint } from 'eslint';
import { check, format, resolveConfig } from 'prettier';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The files Prettier lays out: what git knows of, by ending. */
export function formattedFiles() {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'src', 'test', 'scripts', '*.mjs', '*.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return [...new Set(listed.stdout.split('\n'))].filter((f) => /\.(ts|mts|mjs)$/.test(f) && !f.endsWith('.d.mts'));
}

/** Runs both checks; returns the problems as lines (empty: clean). */
export async function lint({ fix = false } = {}) {
  const problems = [];
  const eslint = new ESLint({ cwd: root, fix });
  const results = await eslint.lintFiles(['.']);
  if (fix) await ESLint.outputFixes(results);
  for (const r of results) {
    for (const m of r.messages) problems.push(`${r.filePath.slice(root.length + 1)}:${m.line}:${m.column}: ${m.message} (${m.ruleId ?? 'parse'})`);
  }
  for (const file of formattedFiles()) {
    const path = join(root, file);
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    const options = { ...(await resolveConfig(path)), filepath: path };
    if (await check(text, options)) continue;
    if (fix) writeFileSync(path, await format(text, options));
    else problems.push(`${file}: not laid out as Prettier lays it out (npm run lint -- --fix)`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await lint({ fix: process.argv.includes('--fix') });
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`lint: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('lint: clean');
}
