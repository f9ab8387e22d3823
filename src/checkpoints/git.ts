// Runs git for the extension's own records (turn snapshots, chats' worktrees): never through a shell, the program
// found outside the repository, and with nothing the repository configures allowed to run behind the user's back.
import { execFile } from 'node:child_process';
import { devNull } from 'node:os';

export interface GitRun {
  /** Extra `-c` options (filterOverrides). */
  overrides?: readonly string[];
  maxBuffer?: number;
  /** Written to git's stdin. */
  input?: string | Buffer;
  /** Extra environment (GIT_INDEX_FILE for a scratch index). */
  env?: Record<string, string>;
}

/**
 * Runs git in `cwd`; resolves with stdout, rejects with git's stderr (the exit code on the error's `code`). No hooks
 * (`stash create` runs post-index-change, `worktree add` post-checkout), no fsmonitor, no prompt for credentials, and
 * no optional index refresh (and its lock) while the user's own git tools may be running.
 */
export function runGit(program: string, cwd: string, args: string[], opts: GitRun = {}): Promise<string> {
  return runGitRaw(program, cwd, args, opts).then((out) => out.toString('utf8'));
}

/** runGit, with stdout as bytes (file contents). */
export function runGitRaw(program: string, cwd: string, args: string[], opts: GitRun = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      program,
      ['-c', 'core.fsmonitor=false', '-c', `core.hooksPath=${devNull}`, ...(opts.overrides ?? []), ...args],
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
 * `-c` options that turn off every filter driver git's configuration names (`filter.<driver>.clean` and the rest
 * run a command on each file `.gitattributes` assigns them to). What is recorded then holds the files' bytes as they
 * are on disk, which is what a revert or an apply writes back.
 */
export async function filterOverrides(program: string, root: string): Promise<string[]> {
  const names = await runGit(program, root, ['config', '--name-only', '-z', '--get-regexp', '^filter\\.']).catch(() => '');
  const drivers = new Set(
    names
      .split('\0')
      .filter(Boolean)
      .map((key) => key.slice('filter.'.length, key.lastIndexOf('.'))),
  );
  return [...drivers].flatMap((d) => [
    '-c',
    `filter.${d}.clean=`,
    '-c',
    `filter.${d}.smudge=`,
    '-c',
    `filter.${d}.process=`,
    '-c',
    `filter.${d}.required=false`,
  ]);
}
