#!/usr/bin/env node
// Type-checks the three programs: the extension host (Node, no DOM), the webview app (DOM, no Node), and the tests.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
let failed = false;
for (const project of ['src/tsconfig.json', 'src/webview/page/tsconfig.json', 'tsconfig.json']) {
  const r = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`typecheck: ${project} failed`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
