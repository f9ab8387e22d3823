// A failed install (InstallError) and an unreadable registry (AgentRegistryError) word themselves, through
// describeError: the facts in the error, the sentence in installError.ts and the registry's error.
import { describe, expect, it } from 'vitest';
import { InstallError, type InstallSubject } from '../../../src/agents/installError';
import { AgentRegistryError } from '../../../src/registry/registryEntries';
import { describeError } from '../../../src/feedback/userErrors';

describe('describeError: adding an agent from the ACP Registry', () => {
  it('words each failure and says nothing was installed', () => {
    const registry: InstallSubject = {
      kind: 'agent',
      what: 'the agent registry',
      source: { url: 'https://cdn.example.com/registry.json', from: 'acpChat.agentRegistry.url' },
    };
    const offline = describeError(new InstallError(registry, { kind: 'unreachable', host: 'cdn.example.com', code: 'ENOTFOUND' }));
    expect(offline.message).toBe(
      'Could not reach cdn.example.com for the agent registry. This machine seems to be offline: connect and try again, or set http.proxy if you are behind a proxy. Nothing was installed.',
    );
    const tiny: InstallSubject = { kind: 'agent', what: 'Tiny 1.0', source: { url: 'https://cdn.example.com/tiny.tar.gz', from: 'acpChat.agentRegistry.url' } };
    const corrupt = describeError(new InstallError(tiny, { kind: 'unpackFailed', cause: 'TAR_BAD_ARCHIVE' }));
    expect(corrupt.message).toBe(
      'The downloaded agent is damaged or incomplete, so it was deleted. The archive of Tiny 1.0 could not be unpacked: TAR_BAD_ARCHIVE Nothing was installed.',
    );
    expect(describeError(new InstallError(tiny, { kind: 'cancelled' }))).toMatchObject({
      severity: 'info',
      message: 'Installing the agent was cancelled. Nothing was installed.',
    });
    const bad = describeError(new AgentRegistryError('badJson', 'The agent registry sent something that is not JSON.'));
    expect(bad.message).toMatch(/could not be read.*acpChat.agentRegistry.url.*Nothing was installed/);
    expect(bad.actions).toContain('openSettings');
    const noBuild = describeError(new AgentRegistryError('noPlatform', 'Tiny has no build for this platform (linux-x86_64).'));
    expect(noBuild.message).toBe('Tiny has no build for this platform (linux-x86_64). Nothing was installed.');
  });
});

describe('describeError: downloading Claude Code', () => {
  const npm: InstallSubject = {
    kind: 'claudeCode',
    what: '@anthropic-ai/claude-code-linux-x64@2.1.3',
    source: { url: 'https://registry.npmjs.org/', from: 'the default' },
  };

  it('one failure type with the registry install: facts in the error, the sentence here', () => {
    const missing = new InstallError(npm, { kind: 'httpStatus', status: 404, url: 'https://registry.npmjs.org/x' });
    expect(missing.reason).toBe('http');
    expect(describeError(missing, 'Downloading Claude Code').message).toBe(
      'Downloading Claude Code failed: @anthropic-ai/claude-code-linux-x64@2.1.3 is not on the npm registry at https://registry.npmjs.org/ (HTTP 404; registry from the default).',
    );
    const viaProxy = new InstallError({ ...npm, proxy: 'http://proxy:3128' }, { kind: 'unreachable', host: 'registry.npmjs.org', code: 'ECONNREFUSED' });
    expect(viaProxy.reason).toBe('proxy');
    expect(describeError(viaProxy).message).toMatch(/through the proxy http:\/\/proxy:3128 \(ECONNREFUSED\)/);
    expect(describeError(new InstallError(npm, { kind: 'cancelled' }))).toMatchObject({ severity: 'info' });
  });

  it('the sha512 pinned at build time: missing, contradicted by the registry, not matched by the download', () => {
    const pinned = 'A'.repeat(86) + '==';
    const served = 'B'.repeat(86) + '==';
    const notPinned = new InstallError(npm, { kind: 'notPinned', file: '/ext/dist/claude-code-pins.json' });
    expect(notPinned.reason).toBe('integrity');
    expect(describeError(notPinned, 'Downloading Claude Code')).toEqual({
      message:
        'Downloading Claude Code failed: ACP Chat has no sha512 recorded for @anthropic-ai/claude-code-linux-x64@2.1.3 (/ext/dist/claude-code-pins.json is missing or does not name it), so a download could not be checked; nothing was downloaded. Reinstall ACP Chat.',
      severity: 'error',
      actions: ['showLog'],
    });
    const other = new InstallError(npm, { kind: 'registryMismatch', pinned, registry: served });
    expect(other.reason).toBe('integrity');
    expect(describeError(other).message).toBe(
      'The npm registry at https://registry.npmjs.org/ names a different sha512 for @anthropic-ai/claude-code-linux-x64@2.1.3 than the one recorded when ACP Chat was built ' +
        '(recorded AAAAAAAAAAAAAAAA…, registry BBBBBBBBBBBBBBBB…), so it was not downloaded. It serves another package under this name and version; ask the ' +
        "registry's administrator, or download from another registry.",
    );
    const altered = new InstallError(npm, { kind: 'integrityMismatch', expected: pinned, actual: served });
    expect(describeError(altered).message).toMatch(
      /^The downloaded Claude Code package does not match the sha512 recorded for it when ACP Chat was built \(expected A{16}…, got B{16}…\)\. It was deleted\./,
    );
  });
});
