#!/usr/bin/env node
// `npm run screenshots`: retakes the README's pictures. Runs the README tour (test/e2e/readmeTour.e2e.test.ts: the
// VSIX installed into the VS Code test bed, each state the README and docs/usage.md show photographed into
// test-results/screenshots/tour/), then copies the pictures its list names (test/e2e/readmeTour.shots.json) into
// media/screenshots/, where they are committed. A deliberate step, not part of `npm test` (which runs the tour but
// copies nothing). `--copy-only` copies the last run's pictures without running the tour.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode } from './ensure-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tourDir = join(root, 'test-results', 'screenshots', 'tour');
const mediaDir = join(root, 'media', 'screenshots');
const { images } = JSON.parse(readFileSync(join(root, 'test', 'e2e', 'readmeTour.shots.json'), 'utf8'));

if (!process.argv.includes('--copy-only')) {
  const node = ensureNode().bin;
  const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` };
  for (const step of [
    [node, 'test/testbed/provision.mjs'],
    [node, 'node_modules/vitest/vitest.mjs', 'run', '--config', 'test/e2e/vitest.e2e.config.ts', 'test/e2e/readmeTour.e2e.test.ts'],
  ]) {
    const run = spawnSync(step[0], step.slice(1), { cwd: root, env, stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`npm run screenshots: ${step.slice(1).join(' ')} failed; media/screenshots/ left as it was`);
      process.exit(1);
    }
  }
}

const missing = images.filter((name) => !existsSync(join(tourDir, name)));
if (missing.length) {
  console.error(`npm run screenshots: the tour did not take ${missing.join(', ')} (in ${tourDir}); nothing copied`);
  process.exit(1);
}
for (const name of images) {
  copyFileSync(join(tourDir, name), join(mediaDir, name));
  console.log(`media/screenshots/${name}  ${(statSync(join(mediaDir, name)).size / 1024).toFixed(0)} KB`);
}
console.log(`${images.length} pictures copied from the tour; commit media/screenshots/ to keep them`);
