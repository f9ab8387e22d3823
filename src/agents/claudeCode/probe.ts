// Runs `<path> --version` to prove a Claude Code binary runs here (right platform, right C library, executable).
// Spawned directly, never through a shell.
import { execFile } from 'node:child_process';
import type { ProbeResult } from './resolveClaudeCode';

const PROBE_TIMEOUT_MS = 20_000;

export function probeClaudeCode(path: string, env?: NodeJS.ProcessEnv): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: PROBE_TIMEOUT_MS, env, windowsHide: true }, (err, stdout) => {
      if (!err) {
        const version = stdout.trim().split('\n')[0]?.trim();
        resolve(version ? { ok: true, version } : { ok: false, missing: false, problem: 'printed no version' });
        return;
      }
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') resolve({ ok: false, missing: true, problem: 'does not exist' });
      else if (code === 'EACCES') resolve({ ok: false, missing: false, problem: 'is not executable' });
      else if (err.killed) resolve({ ok: false, missing: false, problem: `did not answer --version within ${PROBE_TIMEOUT_MS / 1000} s` });
      else resolve({ ok: false, missing: false, problem: `failed to run --version (${typeof code === 'number' ? `exit code ${code}` : (code ?? err.message)})` });
    }).stdin?.end();
  });
}
