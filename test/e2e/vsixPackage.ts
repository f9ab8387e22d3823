// The VSIX as a user builds it, for the tests that run the packaged extension (vsix.e2e.test.ts, readmeTour.e2e.test.ts).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './harness';

const PACKAGE_SCRIPT = join(REPO_ROOT, 'scripts', 'package.mjs');

/** `npm run package` as a user runs it, with no repository (a local VSIX), written to `out`; resolves with its output. */
export function packageVsix(out: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.ACP_CHAT_REPOSITORY;
    execFile(
      process.execPath,
      [PACKAGE_SCRIPT, '--out', out],
      { cwd: REPO_ROOT, env, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (err) reject(new Error(`npm run package failed (${err.killed ? 'timed out' : `exit code ${err.code}`}):\n${output}`));
        else resolve(output);
      },
    ).stdin?.end(); // vsce asks questions on stdin in some cases: answer none, so it fails instead of waiting.
  });
}
