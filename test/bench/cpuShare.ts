// Where the machine's CPU went over a stretch of the streaming bench, read from Linux's /proc: each process's time on
// a core (every thread's, from /proc/<pid>/task/*/schedstat, in ns) and how long its main thread waited in the run
// queue for one (the second field of its schedstat). On the 2-core test machine the chat shares the cores with the
// adapter and Claude Code; these say whether a process that was slow was working or waiting for a core.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessSample {
  pid: number;
  ppid: number;
  cmd: string;
  /** Time on a core, all threads (ms). */
  runMs: number;
  /** Time the main thread waited for a core while runnable (ms). */
  mainWaitMs: number;
}

/** Every process's figures now (processes that vanish while read are left out). */
export function sampleProcesses(): Map<number, ProcessSample> {
  const out = new Map<number, ProcessSample>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/u.test(name)) continue;
    const pid = Number(name);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command's name is in parentheses and may hold spaces: the fields after it are split after its end.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/gu, ' ').trim();
      const [, mainWait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
      let run = 0;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          run += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        } catch {
          // the thread ended meanwhile
        }
      }
      out.set(pid, { pid, ppid, cmd, runMs: run / 1e6, mainWaitMs: (mainWait ?? 0) / 1e6 });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** Time on a core per role, and how long the main threads of that role waited for one, over a stretch. */
export interface CpuShare {
  wallMs: number;
  roles: Record<string, { runMs: number; mainWaitMs: number }>;
}

/** Roles in the streaming bench, from a process's command and its parents'. `hostPid`: the extension host's. */
export function benchRole(p: ProcessSample, all: Map<number, ProcessSample>, hostPid: number | undefined, benchPid: number): string {
  const parents: ProcessSample[] = [];
  for (let q = all.get(p.ppid); q && parents.length < 20; q = all.get(q.ppid)) parents.push(q);
  if (p.pid === hostPid) return 'extension host';
  if (p.cmd.includes('wireRelay.mjs')) return 'relay';
  if (parents[0]?.cmd.includes('wireRelay.mjs')) return 'adapter';
  // Below the adapter: Claude Code and what it runs.
  if (parents.some((_q, i) => parents[i + 1]?.cmd.includes('wireRelay.mjs'))) return 'Claude Code';
  if (/chrom(e|ium)/u.test(p.cmd)) return p.cmd.includes('--type=renderer') ? 'Chromium renderers' : 'Chromium browser and GPU';
  if (p.cmd.includes('code-server') || parents.some((q) => q.cmd.includes('code-server'))) return 'VS Code server';
  if (p.pid === benchPid || parents.some((q) => q.pid === benchPid)) return 'bench (fake model API, driver)';
  return 'other';
}

/** What each role used between two samples taken `wallMs` apart (a process started meanwhile counts from nothing). */
export function cpuShare(
  before: Map<number, ProcessSample>,
  after: Map<number, ProcessSample>,
  wallMs: number,
  role: (p: ProcessSample, all: Map<number, ProcessSample>) => string,
): CpuShare {
  const roles: CpuShare['roles'] = {};
  for (const p of after.values()) {
    const was = before.get(p.pid);
    const run = p.runMs - (was?.runMs ?? 0);
    const wait = p.mainWaitMs - (was?.mainWaitMs ?? 0);
    if (run <= 0 && wait <= 0) continue;
    const r = (roles[role(p, after)] ??= { runMs: 0, mainWaitMs: 0 });
    r.runMs += Math.max(0, run);
    r.mainWaitMs += Math.max(0, wait);
  }
  return { wallMs, roles };
}
