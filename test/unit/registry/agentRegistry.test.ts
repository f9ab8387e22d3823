// The ACP Registry's registry.json: valid entries kept, hostile ones dropped with a reason, and how this machine
// installs an entry (its platform's archive, else a pinned npx package).
import { describe, expect, it } from 'vitest';
import { AgentRegistryError, installDir, installPlan, parseRegistry, registryPlatform } from '../../../src/registry/registryEntries';

const binaryAgent = {
  id: 'tiny',
  name: 'Tiny Agent',
  version: '1.2.3',
  description: 'A tiny agent',
  authors: ['A'],
  license: 'MIT',
  distribution: { binary: { 'linux-x86_64': { archive: 'https://example.com/tiny.tar.gz', cmd: './bin/tiny', args: ['acp'], env: { TINY: '1' } } } },
};
const npxAgent = { id: 'npxy', name: 'Npxy', version: '2.0.0', distribution: { npx: { package: '@scope/npxy@2.0.0', args: ['--acp'] } } };

describe('parseRegistry', () => {
  it('keeps well-formed agents', () => {
    const { agents, problems } = parseRegistry(JSON.stringify({ version: '1.0.0', agents: [binaryAgent, npxAgent], extensions: [] }));
    expect(problems).toEqual([]);
    expect(agents.map((a) => [a.id, a.name, a.version, a.description])).toEqual([
      ['tiny', 'Tiny Agent', '1.2.3', 'A tiny agent'],
      ['npxy', 'Npxy', '2.0.0', undefined],
    ]);
  });

  it('drops hostile or broken entries, each with a reason', () => {
    const bin = (target: object) => ({
      ...binaryAgent,
      id: 'b' + Math.random().toString(36).slice(2, 8),
      distribution: { binary: { 'linux-x86_64': target } },
    });
    const { agents, problems } = parseRegistry(
      JSON.stringify({
        agents: [
          binaryAgent,
          { ...binaryAgent }, // repeated id
          { ...binaryAgent, id: '../etc' }, // id used as a folder name
          { ...binaryAgent, id: 'noname', name: '' },
          bin({ archive: 'file:///etc/passwd', cmd: 'x' }),
          bin({ archive: 'javascript:alert(1)', cmd: 'x' }),
          bin({ archive: 'https://example.com/a.tgz', cmd: 'x', env: { 'BAD NAME': 'v' } }),
          bin({ archive: 'https://example.com/a.tgz', cmd: 'x', args: [1] }),
          { id: 'nodist', name: 'No dist', version: '1', distribution: {} },
          'not an object',
          null,
        ],
      }),
    );
    expect(agents.map((a) => a.id)).toEqual(['tiny']);
    expect(problems).toHaveLength(10);
    expect(problems.join('\n')).toMatch(/repeats the id tiny/);
    expect(problems.join('\n')).toMatch(/nodist has no npx or binary/);
  });

  it('refuses what is not a registry', () => {
    expect(() => parseRegistry('<html>')).toThrow(AgentRegistryError);
    expect(() => parseRegistry('null')).toThrow(/no list of agents/);
    expect(() => parseRegistry('{"agents": {}}')).toThrow(/no list of agents/);
  });
});

describe('registryPlatform', () => {
  it('maps node platform and arch to the registry keys', () => {
    expect(registryPlatform('linux', 'x64')).toBe('linux-x86_64');
    expect(registryPlatform('darwin', 'arm64')).toBe('darwin-aarch64');
    expect(registryPlatform('win32', 'x64')).toBe('windows-x86_64');
    expect(registryPlatform('freebsd', 'x64')).toBeUndefined();
    expect(registryPlatform('linux', 'ia32')).toBeUndefined();
  });
});

describe('installPlan', () => {
  const [tiny, npxy] = parseRegistry(JSON.stringify({ agents: [binaryAgent, npxAgent] })).agents;

  it("takes this platform's archive, its cmd inside the archive", () => {
    expect(installPlan(tiny!, 'linux-x86_64')).toEqual({
      kind: 'binary',
      platform: 'linux-x86_64',
      archive: 'https://example.com/tiny.tar.gz',
      cmd: 'bin/tiny',
      args: ['acp'],
      env: { TINY: '1' },
    });
  });

  it('no build for this platform and no npx: refused', () => {
    expect(() => installPlan(tiny!, 'darwin-aarch64')).toThrow(/no build for this platform \(darwin-aarch64\)/);
    expect(() => installPlan(tiny!, undefined)).toThrow(AgentRegistryError);
  });

  it('a pinned npx package', () => {
    expect(installPlan(npxy!, 'linux-x86_64')).toEqual({ kind: 'npx', packageName: '@scope/npxy', version: '2.0.0', args: ['--acp'], env: {} });
  });

  it('an unpinned or odd npx package is refused', () => {
    for (const pkg of ['@scope/npxy', 'npxy@latest', 'npxy@^1.0.0', '--registry=evil@1.0.0', 'a b@1.0.0']) {
      const [agent] = parseRegistry(JSON.stringify({ agents: [{ ...npxAgent, distribution: { npx: { package: pkg } } }] })).agents;
      expect(() => installPlan(agent!, 'linux-x86_64'), pkg).toThrow(/exact version/);
    }
  });

  it('a cmd that leaves its archive folder is refused', () => {
    for (const cmd of ['../../bin/sh', '/bin/sh', 'bin/../../x', 'C:\\Windows\\cmd.exe']) {
      const [agent] = parseRegistry(
        JSON.stringify({ agents: [{ ...binaryAgent, distribution: { binary: { 'linux-x86_64': { archive: 'https://e.com/a.tgz', cmd } } } }] }),
      ).agents;
      expect(() => installPlan(agent!, 'linux-x86_64'), cmd).toThrow(/outside its archive/);
    }
  });
});

describe('hostile registry entries that would reach the file system or the agent’s environment', () => {
  it('a version that is not a plain version (it names the install folder) is dropped', () => {
    const { agents, problems } = parseRegistry(
      JSON.stringify({
        agents: [
          { ...binaryAgent, version: '../../x' },
          { ...binaryAgent, id: 'dots', version: '1.0/../..' },
          { ...binaryAgent, id: 'ok', version: '1.0.0-beta+7' },
        ],
      }),
    );
    expect(agents.map((a) => a.id)).toEqual(['ok']);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/version/);
  });

  it('the install folder is checked to be inside the storage folder before anything is removed or renamed', () => {
    const plan = installPlan(binaryAgent, 'linux-x86_64');
    if (plan.kind !== 'binary') throw new Error('expected a binary plan');
    expect(installDir('/storage/agents', binaryAgent, plan)).toBe('/storage/agents/tiny/1.2.3-linux-x86_64');
    expect(() => installDir('/storage/agents', { ...binaryAgent, version: '../../../x' }, plan)).toThrow(AgentRegistryError);
  });

  it('variables that change how programs load are refused in an entry’s env: npm_config_*, NODE_OPTIONS, LD_*, DYLD_*', () => {
    for (const name of ['npm_config_registry', 'NPM_CONFIG_USERCONFIG', 'NODE_OPTIONS', 'LD_PRELOAD', 'DYLD_INSERT_LIBRARIES']) {
      const npx = { ...npxAgent, distribution: { npx: { package: '@scope/npxy@2.0.0', env: { [name]: 'x' } } } };
      expect(() => installPlan(npx, 'linux-x86_64'), name).toThrow(AgentRegistryError);
      const bin = { ...binaryAgent, distribution: { binary: { 'linux-x86_64': { archive: 'https://example.com/t.tgz', cmd: 't', env: { [name]: 'x' } } } } };
      expect(() => installPlan(bin, 'linux-x86_64'), name).toThrow(AgentRegistryError);
    }
    expect(installPlan({ ...npxAgent, distribution: { npx: { package: '@scope/npxy@2.0.0', env: { TINY_MODE: 'acp' } } } }, 'linux-x86_64')).toMatchObject({
      env: { TINY_MODE: 'acp' },
    });
  });
});
