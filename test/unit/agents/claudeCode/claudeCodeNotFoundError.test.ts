// Claude Code not found words itself (ClaudeCodeNotFoundError.describe), reached through describeError as every error is.
import { describe, expect, it } from 'vitest';
import { ClaudeCodeNotFoundError } from '../../../../src/agents/claudeCode/claudeCodeNotFoundError';
import { describeError } from '../../../../src/feedback/userErrors';

describe('describeError: Claude Code not found', () => {
  it('Claude Code missing: says it is not part of the extension, offers Download and Locate', () => {
    const e = describeError(new ClaudeCodeNotFoundError(undefined));
    expect(e.message).toBe(
      'Claude Code was not found. The Claude agent runs the Claude Code program, which is not part of this extension: ' +
        'download it, locate it, or set acpChat.claudeCode.path.',
    );
    expect(e.severity).toBe('warning');
    expect(e.actions).toEqual(['downloadClaudeCode', 'locateClaudeCode']);
    expect(e.claudeOnPath).toBeUndefined();
  });

  it('Claude Code missing with a claude on PATH: names it with its version and offers it (never used unasked)', () => {
    const e = describeError(
      new ClaudeCodeNotFoundError({ path: '/usr/local/bin/claude', version: '2.1.318 (Claude Code)' }, [
        { source: 'acpChat.claudeCode.path', path: '/gone/claude', problem: 'does not exist' },
      ]),
    );
    expect(e.message).toContain('acpChat.claudeCode.path points to /gone/claude, which does not exist.');
    expect(e.message).toContain('A claude was found on PATH: /usr/local/bin/claude (2.1.318 (Claude Code)).');
    expect(e.actions).toEqual(['downloadClaudeCode', 'useClaudeOnPath', 'locateClaudeCode']);
    expect(e.claudeOnPath).toEqual({ path: '/usr/local/bin/claude', label: 'Use claude 2.1.318' });
  });
});
