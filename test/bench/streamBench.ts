// The end-to-end streaming figures: runs test/bench/vscode/streaming.test.ts in the real VS Code workbench (a vitest
// run of its own: a bed with the real adapter, the fake Messages API and Chromium) and reads what it measured. The
// extension host's CPU profile over one more long burst is kept as test-results/bench/host-profile.cpuprofile.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StreamFigure } from './vscode/streaming.test';
import { check } from './harness';

export type { StreamFigure };

export function streamBench(root: string, node: string): StreamFigure {
  const dir = mkdtempSync(join(tmpdir(), 'acp-bench-stream-out-'));
  try {
    const out = join(dir, 'stream.json');
    const run = spawnSync(node, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', join(root, 'test/bench/vscode/vitest.config.ts')], {
      cwd: root,
      env: { ...process.env, ACP_BENCH_STREAM_OUT: out, ACP_BENCH_HOST_PROFILE: join(root, 'test-results', 'bench', 'host-profile.cpuprofile') },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    check(run.status === 0, `the streaming run in VS Code passed:\n${run.stdout}\n${run.stderr}`);
    const figure = JSON.parse(readFileSync(out, 'utf8')) as StreamFigure;
    for (const c of figure.cases) check(c.wire.chunks > 0 && c.ours.endShown > c.wire.last, `the ${c.name} reply reached the wire and then the screen`);
    check(figure.bare.length > 0 && figure.bare.every((b) => b.chunks > 0), 'the bare client received the reply in every round');
    return figure;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
