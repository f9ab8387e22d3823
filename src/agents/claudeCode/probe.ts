// Runs `<path> --version` to prove a Claude Code binary runs here (right platform, right C library, executable).
// Spawned directly, never through a shell.
import { execFile } from 'node:child_process';
import type { ProbeResult } from './resolveClaudeCode';
import { l10n } from '../../contributions/l10n';

const PROBE_TIMEOUT_MS = 20_000;

export function probeClaudeCode(path: string, env?: NodeJS.ProcessEnv): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: PROBE_TIMEOUT_MS, env, windowsHide: true }, (err, stdout) => {
      if (!err) {
        const version = stdout.trim().split('\n')[0]?.trim();
        resolve(version ? { ok: true, version } : { ok: false, missing: false, problem: l10n.t('printed no version') });
        return;
      }
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') resolve({ ok: false, missing: true, problem: l10n.t('does not exist') });
      else if (code === 'EACCES') resolve({ ok: false, missing: false, problem: l10n.t('is not executable') });
      else if (err.killed) resolve({ ok: false, missing: false, problem: l10n.t('did not answer --version within {0} s', PROBE_TIMEOUT_MS / 1000) });
      else
        resolve({
          ok: false,
          missing: false,
          problem: l10n.t('failed to run --version ({0})', typeof code === 'number' ? l10n.t('exit code {0}', code) : (code ?? err.message)),
        });
    }).stdin?.end();
  });
}
