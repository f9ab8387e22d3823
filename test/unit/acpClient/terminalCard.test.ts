// The output of a terminal the client runs for the agent (terminal/*) goes into the tool call that embeds it, live,
// under the same cap as Claude's own output stream; output printed before the agent embeds the terminal is kept.
import { describe, expect, it } from 'vitest';
import { Session, type SessionHost } from '../../../src/acpClient/session';
import { MAX_TERMINAL_OUTPUT } from '../../../src/acpClient/toolCallMerge';
import { recordingLogger } from './inProcessAgent';

function session(): Session {
  // Only the logger is used by what these tests call; nothing is sent to an agent.
  return new Session('s1', { logger: recordingLogger() } as unknown as SessionHost, () => 0);
}

const embed = (s: Session, toolCallId: string, terminalId: string) =>
  s.applyUpdate({ sessionUpdate: 'tool_call', toolCallId, title: 'run', kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId }] });

describe('terminal output in the tool card', () => {
  it('output after the call embeds the terminal is appended as it comes, then the exit', () => {
    const s = session();
    embed(s, 'c1', 't1');
    s.terminalOutput('t1', 'one\n');
    expect(s.getToolCall('c1')?.terminalOutput).toBe('one\n');
    s.terminalOutput('t1', 'two\n');
    s.terminalExited('t1', { exitCode: 3, signal: null });
    expect(s.getToolCall('c1')).toMatchObject({ terminalOutput: 'one\ntwo\n', terminalExit: { exitCode: 3, signal: null } });
  });

  it("live output reaches the view as appends, like Claude's command output (the first chunk goes whole)", () => {
    const s = session();
    embed(s, 'c1', 't1');
    const changes: unknown[] = [];
    s.onDidChange((c) => changes.push(...c));
    s.terminalOutput('t1', 'one\n');
    s.terminalOutput('t1', 'two\n');
    expect(changes).toHaveLength(2);
    expect(changes[0]).not.toHaveProperty('append');
    expect(changes[1]).toMatchObject({ type: 'entry-changed', append: { field: 'terminal', from: 4, text: 'two\n' } });
  });

  it('output and exit before the call embeds the terminal are held and shown once it does', () => {
    const s = session();
    s.terminalOutput('t1', 'early\n');
    s.terminalExited('t1', { exitCode: null, signal: 'SIGTERM' });
    expect(s.snapshot().entries).toHaveLength(0);
    embed(s, 'c1', 't1');
    expect(s.getToolCall('c1')).toMatchObject({ terminalOutput: 'early\n', terminalExit: { exitCode: null, signal: 'SIGTERM' } });
  });

  it('past the cap the tail is kept and the cut counted, before and after the call embeds the terminal', () => {
    const s = session();
    s.terminalOutput('t1', 'a'.repeat(MAX_TERMINAL_OUTPUT + 10));
    embed(s, 'c1', 't1');
    s.terminalOutput('t1', 'b'.repeat(5));
    const tc = s.getToolCall('c1')!;
    expect(tc.terminalOutput).toHaveLength(MAX_TERMINAL_OUTPUT);
    expect(tc.terminalOutput!.endsWith('abbbbb')).toBe(true);
    expect(tc.terminalOutputDropped).toBe(15);
  });

  it('another terminal does not touch the card; a released terminal no call showed is forgotten', () => {
    const s = session();
    embed(s, 'c1', 't1');
    s.terminalOutput('t2', 'other\n');
    expect(s.getToolCall('c1')?.terminalOutput).toBeUndefined();
    s.terminalReleased('t2');
    embed(s, 'c2', 't2');
    expect(s.getToolCall('c2')?.terminalOutput).toBeUndefined();
  });
});
