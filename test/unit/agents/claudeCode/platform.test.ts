import { describe, expect, test } from 'vitest';
import { claudeCodePackageFor, isMuslFromReport, platformKey } from '../../../../src/agents/claudeCode/platform';

// The shape of @anthropic-ai/claude-agent-sdk's manifest (0.3.318).
const sdk = {
  name: '@anthropic-ai/claude-agent-sdk',
  version: '0.3.318',
  optionalDependencies: Object.fromEntries(
    ['linux-x64', 'linux-arm64', 'linux-x64-musl', 'linux-arm64-musl', 'darwin-x64', 'darwin-arm64', 'win32-x64', 'win32-arm64'].map((k) => [
      `@anthropic-ai/claude-agent-sdk-${k}`,
      '0.3.318',
    ]),
  ),
};

describe('platform', () => {
  test('each platform VS Code runs on maps to its package, musl on Linux only', () => {
    const cases: [string, string, boolean, string | undefined, string][] = [
      ['linux', 'x64', false, '@anthropic-ai/claude-agent-sdk-linux-x64', 'claude'],
      ['linux', 'x64', true, '@anthropic-ai/claude-agent-sdk-linux-x64-musl', 'claude'],
      ['linux', 'arm64', true, '@anthropic-ai/claude-agent-sdk-linux-arm64-musl', 'claude'],
      ['darwin', 'arm64', false, '@anthropic-ai/claude-agent-sdk-darwin-arm64', 'claude'],
      ['darwin', 'x64', true, '@anthropic-ai/claude-agent-sdk-darwin-x64', 'claude'],
      ['win32', 'x64', false, '@anthropic-ai/claude-agent-sdk-win32-x64', 'claude.exe'],
      ['win32', 'arm64', false, '@anthropic-ai/claude-agent-sdk-win32-arm64', 'claude.exe'],
    ];
    for (const [platform, arch, musl, name, binary] of cases) {
      expect(claudeCodePackageFor(sdk, { platform, arch, musl }), `${platform}-${arch}${musl ? ' musl' : ''}`).toEqual({
        name,
        version: '0.3.318',
        binary,
        platformKey: name!.replace('@anthropic-ai/claude-agent-sdk-', ''),
      });
    }
  });

  test('no build for the platform, or no exact pin: undefined', () => {
    expect(claudeCodePackageFor(sdk, { platform: 'linux', arch: 'ia32', musl: false })).toBeUndefined();
    expect(claudeCodePackageFor(sdk, { platform: 'freebsd', arch: 'x64', musl: false })).toBeUndefined();
    const ranged = { ...sdk, optionalDependencies: { '@anthropic-ai/claude-agent-sdk-linux-x64': '^0.3.0' } };
    expect(claudeCodePackageFor(ranged, { platform: 'linux', arch: 'x64', musl: false })).toBeUndefined();
    expect(claudeCodePackageFor(undefined, { platform: 'linux', arch: 'x64', musl: false })).toBeUndefined();
  });

  test('musl: a Linux Node report without glibcVersionRuntime', () => {
    expect(isMuslFromReport('linux', { glibcVersionRuntime: '2.36' })).toBe(false);
    expect(isMuslFromReport('linux', { osName: 'Linux' })).toBe(true);
    expect(isMuslFromReport('linux', undefined)).toBe(true);
    expect(isMuslFromReport('darwin', {})).toBe(false);
    expect(platformKey({ platform: 'darwin', arch: 'arm64', musl: true })).toBe('darwin-arm64');
  });

  test('this machine (the test bed is glibc Linux) is detected as such', async () => {
    const { currentPlatformFacts } = await import('../../../../src/agents/claudeCode/machine');
    const facts = currentPlatformFacts();
    expect(facts.platform).toBe(process.platform);
    if (process.platform === 'linux') {
      const glibc = (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime;
      expect(facts.musl).toBe(!glibc);
    }
  });
});
