import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AcpClient } from '../../../src/acpClient/acpClient';
import { AgentProcess } from '../../../src/acpClient/agentProcess';
import { AgentStartError } from '../../../src/acpClient/errors';
import { isAlive } from '../../fixtures/adapter';
import { recordingLogger } from './inProcessAgent';

// Real child processes (plain `node -e` scripts, no shell) for what only a real process can show.
const node = process.execPath;
const launch = (script: string) => ({ command: node, args: ['-e', script], env: { PATH: process.env.PATH ?? '' } });

describe('AgentProcess', () => {
  // Found by the robustness suite's crash injection: after the real adapter was SIGKILLed while a model reply was
  // pending, Claude Code kept running (it does not notice the closed pipe). What the agent started goes with it.
  it.skipIf(process.platform === 'win32')('ends the processes the agent left behind when it dies', async () => {
    const logger = recordingLogger();
    // The "agent" starts a child that ignores its closed stdin, prints the child's pid, and waits.
    const p = AgentProcess.spawn(
      launch(
        `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000);`,
      ),
      { cwd: process.cwd(), logger },
    );
    const pid = await new Promise<number>((resolve) => p.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(true);
    process.kill(p.pid!, 'SIGKILL');
    await p.exited;
    for (let i = 0; i < 200 && alive(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(alive()).toBe(false);
  });

  it('resolves exited (never rejects) with the error when the command does not exist', async () => {
    const logger = recordingLogger();
    const p = AgentProcess.spawn({ command: '/nonexistent/agent-binary', args: [], env: {} }, { cwd: process.cwd(), logger });
    const exit = await p.exited;
    expect(exit).toMatchObject({ code: null, signal: null });
    expect(exit.stderrTail).toMatch(/ENOENT/);
    expect(logger.has('error', /failed to start/)).toBe(true);
  });

  it('keeps the last ~4 KB of stderr and reports the exit code', async () => {
    const logger = recordingLogger();
    const p = AgentProcess.spawn(launch(`process.stderr.write('x'.repeat(10000) + 'THE END'); process.exit(7)`), { cwd: process.cwd(), logger });
    const exit = await p.exited;
    expect(exit.code).toBe(7);
    expect(exit.stderrTail.length).toBeLessThanOrEqual(4096);
    expect(exit.stderrTail.endsWith('THE END')).toBe(true);
    expect(p.stderrTail()).toBe(exit.stderrTail);
    expect(logger.has('warn', /\[agent stderr\]/)).toBe(true);
  });

  it('does not run through a shell', async () => {
    const p = AgentProcess.spawn(
      { command: node, args: ['-e', 'console.error(process.argv[1])', '$HOME;echo'], env: {} },
      { cwd: process.cwd(), logger: recordingLogger() },
    );
    expect((await p.exited).stderrTail.trim()).toBe('$HOME;echo');
  });

  it('a missing command or a file that is not executable is reported as ENOENT / EACCES', async () => {
    const missing = await AgentProcess.spawn({ command: '/nonexistent/agent-binary', args: [], env: {} }, { cwd: process.cwd(), logger: recordingLogger() })
      .exited;
    expect(missing.spawnError).toBe('ENOENT');
    const dir = mkdtempSync(join(tmpdir(), 'acp-agentprocess-'));
    const file = join(dir, 'agent.txt');
    writeFileSync(file, 'not a program');
    chmodSync(file, 0o644);
    try {
      const denied = await AgentProcess.spawn({ command: file, args: [], env: {} }, { cwd: process.cwd(), logger: recordingLogger() }).exited;
      expect(denied.spawnError).toBe('EACCES');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(process.platform === 'win32')(
    'kill() ends the whole process group: a child that ignores SIGTERM does not outlive the agent',
    async () => {
      // The agent ignores SIGTERM (so it gets SIGKILL after the grace period) and so does its child, which would be
      // orphaned if only the agent itself were signalled.
      const child = `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)`;
      const script = `process.on('SIGTERM', () => {}); const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000)`;
      const p = AgentProcess.spawn(launch(script), { cwd: process.cwd(), logger: recordingLogger() });
      const childPid = await new Promise<number>((resolve) => p.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
      expect(isAlive(childPid)).toBe(true);
      p.kill();
      expect((await p.exited).signal).toBe('SIGKILL');
      try {
        const deadline = Date.now() + 2000;
        while (isAlive(childPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(isAlive(childPid)).toBe(false);
      } finally {
        if (isAlive(childPid)) process.kill(childPid, 'SIGKILL');
      }
    },
    10_000,
  );

  it('kill() stops a running agent', async () => {
    const p = AgentProcess.spawn(launch('setInterval(() => {}, 1000)'), { cwd: process.cwd(), logger: recordingLogger() });
    p.kill();
    expect((await p.exited).signal).toBe('SIGTERM');
  });
});

describe('AcpClient.start against real processes', () => {
  it('an agent that dies at once gives AgentStartError with code and stderr, and no unhandled EPIPE', async () => {
    const logger = recordingLogger();
    const p = AgentProcess.spawn(launch(`process.stderr.write('adapter crashed: bad config'); process.exit(2)`), { cwd: process.cwd(), logger });
    const start = AcpClient.start({ process: p, hooks: { requestPermission: async () => 'x' }, logger, clientInfo: { name: 't', version: '0' } });
    await expect(start).rejects.toBeInstanceOf(AgentStartError);
    await expect(start).rejects.toThrow(/code 2[\s\S]*adapter crashed: bad config/);
  });

  it('a missing command gives AgentStartError naming the failure', async () => {
    const logger = recordingLogger();
    const p = AgentProcess.spawn({ command: '/nonexistent/agent', args: [], env: {} }, { cwd: process.cwd(), logger });
    const start = AcpClient.start({ process: p, hooks: { requestPermission: async () => 'x' }, logger, clientInfo: { name: 't', version: '0' } });
    await expect(start).rejects.toThrow(/could not be started[\s\S]*ENOENT/);
  });

  it('an agent that never speaks ACP but exits later still fails start instead of hanging', async () => {
    const logger = recordingLogger();
    const p = AgentProcess.spawn(launch(`process.stdin.resume(); setTimeout(() => process.exit(0), 200)`), { cwd: process.cwd(), logger });
    const start = AcpClient.start({ process: p, hooks: { requestPermission: async () => 'x' }, logger, clientInfo: { name: 't', version: '0' } });
    await expect(start).rejects.toThrow(/before it finished starting[\s\S]*code 0/);
  });
});
