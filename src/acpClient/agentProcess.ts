// Owns the agent child process: spawn without a shell, drain stderr into a bounded tail, report exit exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@agentclientprotocol/sdk';
import type { Logger } from './logger';

/** What to spawn for the agent: a program by path, its arguments and its whole environment (agents/agentLaunch.ts decides). */
export interface AgentLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The `_meta` every session/new, load, resume and fork carries (the Claude adapter reads `claudeCode.options`). */
  sessionMeta?: Record<string, unknown>;
  /** The MCP servers every session request carries (the editor's own tools and the user's servers). */
  mcpServers?: McpServer[];
}

export interface AgentExit {
  code: number | null;
  signal: string | null;
  stderrTail: string;
  /** The spawn error's code (ENOENT, EACCES, …) when the program could not be started at all. */
  spawnError?: string;
}

/** What AcpClient needs from a process; AgentProcess implements it, tests may pass in-memory streams. */
export interface AgentProcessLike {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly exited: Promise<AgentExit>;
  stderrTail(): string;
  kill(): void;
}

const STDERR_TAIL_CHARS = 4096;
/** After SIGTERM, how long the agent (and then what it left in its group) gets to exit before SIGKILL. */
export const KILL_GRACE_MS = 3000;

export class AgentProcess implements AgentProcessLike {
  readonly exited: Promise<AgentExit>;
  private tail = '';
  private hasExited = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly logger: Logger,
    /** The agent leads its own process group (POSIX): what it started (Claude Code, its commands) is in it too. */
    private readonly group: boolean,
  ) {
    this.exited = new Promise<AgentExit>((resolve) => {
      const finish = (code: number | null, signal: string | null, spawnError?: NodeJS.ErrnoException) => {
        if (this.hasExited) return;
        this.hasExited = true;
        if (spawnError) this.appendTail(`\n${spawnError.message}\n`);
        resolve({ code, signal, stderrTail: this.tail, ...(spawnError?.code ? { spawnError: spawnError.code } : {}) });
      };
      // 'exit' rather than 'close': a grandchild that inherited stderr could keep 'close' from ever firing.
      child.once('exit', (code, signal) => {
        logger.info(`[agentProcess] exited (code ${code}, signal ${signal})`);
        // An agent that crashed leaves its children running (Claude Code waiting on a model reply does not notice
        // the closed pipe): end whatever is left of its group.
        this.endGroup();
        // Let stderr already in the pipe be read before the tail is reported.
        setImmediate(() => finish(code, signal));
      });
      // ENOENT / EACCES: 'exit' may never fire, so 'error' resolves too.
      child.once('error', (err) => {
        logger.error(`[agentProcess] failed to start or signal the agent: ${err.message}`);
        // Only a spawn failure carries a syscall of spawn; a failed kill() is not an exit.
        if (child.pid === undefined) finish(null, null, err);
      });
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.appendTail(chunk);
      for (const line of chunk.split('\n')) if (line.trim()) logger.warn(`[agent stderr] ${line}`);
    });
    // EPIPE when the agent dies while we write: the connection reports the close; this only keeps it from throwing.
    child.stdin?.on('error', (err) => logger.warn(`[agentProcess] stdin: ${err.message}`));
    // The SDK cancels stdout with its close reason when the connection ends; that is routine, not a warning.
    child.stdout?.on('error', (err) => logger.info(`[agentProcess] stdout closed: ${err.message}`));
    child.stderr?.on('error', (err) => logger.warn(`[agentProcess] stderr: ${err.message}`));
  }

  /** Spawn `launch` directly (shell: false) in `cwd`. Never throws: a failed spawn resolves `exited`. */
  static spawn(launch: AgentLaunch, opts: { cwd: string; logger: Logger }): AgentProcess {
    const group = process.platform !== 'win32';
    const child = spawn(launch.command, launch.args, {
      shell: false,
      stdio: 'pipe',
      cwd: opts.cwd,
      env: launch.env,
      windowsHide: true,
      // Its own process group, so stop() ends Claude Code and whatever it started along with the adapter.
      detached: group,
    });
    opts.logger.info(`[agentProcess] spawned ${launch.command} ${launch.args.join(' ')} (cwd ${opts.cwd}, pid ${child.pid ?? 'none'})`);
    return new AgentProcess(child, opts.logger, group && child.pid !== undefined);
  }

  get stdin(): Writable {
    return this.child.stdin!;
  }

  get stdout(): Readable {
    return this.child.stdout!;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The last ~4 KB of the agent's stderr. */
  stderrTail(): string {
    return this.tail;
  }

  /**
   * SIGTERM to the agent's whole process group, then SIGKILL to the group if the agent is still there after a grace
   * period. Its children (Claude Code) must not outlive it. On Windows the process tree is ended with taskkill.
   */
  kill(): void {
    if (this.hasExited || this.child.pid === undefined) return;
    this.signalTree('SIGTERM');
    const timer = setTimeout(() => {
      if (!this.hasExited) {
        this.logger.warn('[agentProcess] agent ignored SIGTERM; sending SIGKILL');
        this.signalTree('SIGKILL');
      }
    }, KILL_GRACE_MS);
    timer.unref();
  }

  /** After the agent exited: SIGTERM to what is left of its group, SIGKILL after the grace period. */
  private endGroup(): void {
    if (!this.signalGroup('SIGTERM')) return;
    this.logger.info('[agentProcess] ending the processes the agent left behind');
    const timer = setTimeout(() => void (this.signalGroup(0) && this.signalGroup('SIGKILL')), KILL_GRACE_MS);
    timer.unref();
  }

  /** Signals the agent's process group; false when there is none (Windows) or nothing is left in it. */
  private signalGroup(signal: NodeJS.Signals | 0): boolean {
    if (!this.group) return false;
    try {
      process.kill(-this.child.pid!, signal);
      return true;
    } catch {
      return false;
    }
  }

  private signalTree(signal: NodeJS.Signals): void {
    const pid = this.child.pid!;
    if (process.platform === 'win32') {
      const args = ['/pid', String(pid), '/T', ...(signal === 'SIGKILL' ? ['/F'] : [])];
      // By its absolute path: a bare name would be looked up in the agent's folder (the workspace) first.
      const taskkill = join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'taskkill.exe');
      spawn(taskkill, args, { shell: false, windowsHide: true, stdio: 'ignore' }).on('error', (err) =>
        this.logger.warn(`[agentProcess] taskkill: ${err.message}`),
      );
      return;
    }
    try {
      process.kill(-pid, signal);
    } catch (err) {
      // The group is gone already (ESRCH), or was never ours: fall back to the process itself.
      this.logger.debug?.(`[agentProcess] group ${pid}: ${(err as Error).message}`);
      this.child.kill(signal);
    }
  }

  private appendTail(text: string): void {
    this.tail = (this.tail + text).slice(-STDERR_TAIL_CHARS);
  }
}
