import { describe, expect, test } from 'vitest';
import { ClaudeCodeNotFoundError } from '../../../../src/agents/claudeCode/claudeCodeNotFoundError';
import { resolveClaudeCode, type ProbeResult, type ResolutionInput } from '../../../../src/agents/claudeCode/resolveClaudeCode';
import { describeError } from '../../../../src/feedback/userErrors';

/** A machine where `runs` holds the paths that run `--version` (with their version) and `broken` those that exist but fail. */
function machine(runs: Record<string, string>, broken: Record<string, string> = {}) {
  const probed: string[] = [];
  const probe = async (p: string): Promise<ProbeResult> => {
    probed.push(p);
    if (runs[p]) return { ok: true, version: runs[p] };
    if (broken[p]) return { ok: false, missing: false, problem: broken[p] };
    return { ok: false, missing: true, problem: 'does not exist' };
  };
  return { probe, probed };
}

const base = (m: ReturnType<typeof machine>, over: Partial<ResolutionInput> = {}): ResolutionInput => ({
  settingPath: '/set/claude',
  envPath: '/env/claude',
  downloadedPath: '/storage/claude',
  pathDirs: ['/usr/local/bin', '/usr/bin'],
  exeNames: ['claude'],
  join: (d, n) => `${d}/${n}`,
  probe: m.probe,
  ...over,
});

describe('resolveClaudeCode: the order', () => {
  test('the setting wins over everything', async () => {
    const m = machine({ '/set/claude': '2.1.0', '/env/claude': '2.0.0', '/storage/claude': '2.1.318', '/usr/bin/claude': '1.0.0' });
    expect(await resolveClaudeCode(base(m))).toEqual({ path: '/set/claude', version: '2.1.0', source: 'setting' });
    expect(m.probed).toEqual(['/set/claude']);
  });

  test('then CLAUDE_CODE_EXECUTABLE, then the downloaded copy', async () => {
    const m = machine({ '/env/claude': '2.0.0', '/storage/claude': '2.1.318' });
    expect(await resolveClaudeCode(base(m, { settingPath: '' }))).toMatchObject({ path: '/env/claude', source: 'environment' });
    const m2 = machine({ '/storage/claude': '2.1.318' });
    expect(await resolveClaudeCode(base(m2, { settingPath: undefined, envPath: undefined }))).toEqual({
      path: '/storage/claude',
      version: '2.1.318',
      source: 'downloaded',
    });
  });

  test('a set path that does not run is skipped and named in the error', async () => {
    const m = machine({ '/storage/claude': '2.1.318' }, { '/set/claude': 'is not executable' });
    expect(await resolveClaudeCode(base(m))).toMatchObject({ source: 'downloaded' });
    const m2 = machine({}, { '/set/claude': 'is not executable' });
    const err = await resolveClaudeCode(base(m2)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClaudeCodeNotFoundError);
    const e = err as ClaudeCodeNotFoundError;
    expect(e.broken).toEqual([
      { source: 'The setting acpChat.claudeCode.path', path: '/set/claude', problem: 'is not executable' },
      { source: 'CLAUDE_CODE_EXECUTABLE', path: '/env/claude', problem: 'does not exist' },
    ]);
    expect(describeError(e).message).toContain('/set/claude, which is not executable');
  });

  test('a claude on PATH is never used: it is reported, the first that runs, with its version', async () => {
    const m = machine({ '/usr/bin/claude': '2.0.5 (Claude Code)' }, { '/usr/local/bin/claude': 'failed to run --version (exit code 1)' });
    const err = (await resolveClaudeCode(base(m, { settingPath: undefined, envPath: undefined })).catch((e: unknown) => e)) as ClaudeCodeNotFoundError;
    expect(err).toBeInstanceOf(ClaudeCodeNotFoundError);
    expect(err.onPath).toEqual({ path: '/usr/bin/claude', version: '2.0.5 (Claude Code)' });
    // A missing download is not a problem worth reporting.
    expect(err.broken).toEqual([]);
  });

  test('nothing anywhere: not found, nothing offered', async () => {
    const err = (await resolveClaudeCode(base(machine({}), { settingPath: undefined, envPath: undefined })).catch(
      (e: unknown) => e,
    )) as ClaudeCodeNotFoundError;
    expect(err).toBeInstanceOf(ClaudeCodeNotFoundError);
    expect(err.onPath).toBeUndefined();
    expect(describeError(err).message).toMatch(/^Claude Code was not found/);
  });
});
