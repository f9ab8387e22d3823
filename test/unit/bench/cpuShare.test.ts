// The streaming bench's account of where the CPU went: roles told from a process's command and its parents', and
// each role's time on a core and its main threads' wait between two samples.
import { describe, expect, it } from 'vitest';
import { benchRole, cpuShare, sampleProcesses, type ProcessSample } from '../../bench/cpuShare';

const proc = (pid: number, ppid: number, cmd: string, runMs = 0, mainWaitMs = 0): ProcessSample => ({ pid, ppid, cmd, runMs, mainWaitMs });

describe('benchRole', () => {
  const all = new Map(
    [
      proc(1, 0, 'init'),
      proc(10, 1, 'node code-server/out/node/entry'),
      proc(11, 10, 'node extensionHostProcess.js'),
      proc(12, 11, 'node test/bench/vscode/wireRelay.mjs dist/agent/claude-agent-acp.mjs'),
      proc(13, 12, 'node dist/agent/claude-agent-acp.mjs'),
      proc(14, 13, 'claude --output-format stream-json'),
      proc(15, 14, 'rg --files'),
      proc(20, 1, '/usr/bin/chromium --headless'),
      proc(21, 20, '/usr/bin/chromium --type=renderer --lang=en'),
      proc(22, 20, '/usr/bin/chromium --type=gpu-process'),
      proc(30, 1, 'node vitest.mjs'),
      proc(31, 30, 'node vitest worker'),
      proc(40, 1, 'sshd'),
    ].map((p) => [p.pid, p]),
  );
  const role = (pid: number) => benchRole(all.get(pid)!, all, 11, 31);

  it('tells the chat’s processes apart by command and parentage', () => {
    expect(role(11)).toBe('extension host');
    expect(role(10)).toBe('VS Code server');
    expect(role(12)).toBe('relay');
    expect(role(13)).toBe('adapter');
    expect(role(14)).toBe('Claude Code');
    expect(role(15)).toBe('Claude Code');
    expect(role(21)).toBe('Chromium renderers');
    expect(role(22)).toBe('Chromium browser and GPU');
    expect(role(20)).toBe('Chromium browser and GPU');
    expect(role(31)).toBe('bench (fake model API, driver)');
    expect(role(40)).toBe('other');
  });
});

describe('cpuShare', () => {
  it('sums each role’s time on a core and main-thread wait between two samples, a new process from nothing', () => {
    const before = new Map([proc(1, 0, 'a', 100, 10), proc(2, 0, 'b', 50, 5)].map((p) => [p.pid, p]));
    const after = new Map([proc(1, 0, 'a', 130, 25), proc(2, 0, 'b', 50, 5), proc(3, 0, 'a', 7, 1)].map((p) => [p.pid, p]));
    const share = cpuShare(before, after, 200, (p) => p.cmd);
    expect(share).toEqual({ wallMs: 200, roles: { a: { runMs: 37, mainWaitMs: 16 } } });
  });

  it('reads this process from /proc, with time on a core', () => {
    const me = sampleProcesses().get(process.pid);
    expect(me?.ppid).toBe(process.ppid);
    expect(me!.runMs).toBeGreaterThan(0);
  });
});
