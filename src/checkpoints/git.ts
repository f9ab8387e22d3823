// Runs git for the extension (turn snapshots, chats' worktrees, Add Context's changes): never through a shell, the
// program found outside the repository, and with nothing the repository configures allowed to run behind the user's
// back: no hooks, no fsmonitor, and no filter drivers (the agent can write .git/config and .gitattributes).
import { execFile } from 'node:child_process';
import { devNull } from 'node:os';

export interface GitRun {
  maxBuffer?: number;
  /** Written to git's stdin. */
  input?: string | Buffer;
  /** Extra environment (GIT_INDEX_FILE for a scratch index). */
  env?: Record<string, string>;
}

/**
 * Runs git in `cwd`; resolves with stdout, rejects with git's stderr (the exit code on the error's `code`). No hooks
 * (`stash create` runs post-index-change, `worktree add` post-checkout), no fsmonitor, no filter driver (filterOverrides),
 * no prompt for credentials, and no optional index refresh (and its lock) while the user's own git tools may be running.
 */
export function runGit(program: string, cwd: string, args: string[], opts: GitRun = {}): Promise<string> {
  return runGitRaw(program, cwd, args, opts).then((out) => out.toString('utf8'));
}

/** runGit, with stdout as bytes (file contents). */
export async function runGitRaw(program: string, cwd: string, args: string[], opts: GitRun = {}): Promise<Buffer> {
  // Looked up on every call, not cached: a driver configured since the last call must be off too.
  const filtersOff = await filterOverrides(program, cwd, opts.env);
  return execGit(program, cwd, [...filtersOff, ...args], opts);
}

function execGit(program: string, cwd: string, args: string[], opts: GitRun): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      program,
      ['-c', 'core.fsmonitor=false', '-c', `core.hooksPath=${devNull}`, ...args],
      {
        cwd,
        maxBuffer: opts.maxBuffer ?? 1024 * 1024,
        encoding: 'buffer',
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', ...opts.env },
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const failure = new Error(String(stderr?.toString('utf8') || err.message).trim()) as Error & { code?: unknown };
        failure.code = (err as { code?: unknown }).code;
        reject(failure);
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}

/**
 * `-c` options that turn off every filter driver git's configuration in `cwd` names (`filter.<driver>.clean`,
 * `.smudge` and `.process` run a command on each file `.gitattributes` assigns them to). Git then reads and writes
 * the files' bytes as they are, which is also what a revert or an apply writes back.
 */
async function filterOverrides(program: string, cwd: string, env?: Record<string, string>): Promise<string[]> {
  const names = await execGit(program, cwd, ['config', '--name-only', '-z', '--get-regexp', '^filter\\.'], { env, maxBuffer: 1024 * 1024 }).then(
    (out) => out.toString('utf8'),
    (err: unknown) => {
      // 1: no such key. Anything else: the drivers are not known, so git is not run.
      if ((err as { code?: unknown }).code === 1) return '';
      throw err;
    },
  );
  const drivers = new Set<string>();
  for (const key of names.split('\0').filter(Boolean)) {
    const cut = key.lastIndexOf('.');
    if (cut > 'filter'.length) drivers.add(key.slice('filter.'.length, cut)); // `filter.x` alone names no driver
  }
  return [...drivers].flatMap((d) => {
    // `-c` splits at the first `=`: such a driver's options cannot be written, and it would run.
    if (d.includes('=')) throw new Error(`git's configuration names a filter driver that cannot be turned off: ${JSON.stringify(d)}`);
    return ['-c', `filter.${d}.clean=`, '-c', `filter.${d}.smudge=`, '-c', `filter.${d}.process=`, '-c', `filter.${d}.required=false`];
  });
}
