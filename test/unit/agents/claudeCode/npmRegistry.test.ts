import { describe, expect, test } from 'vitest';
import { PUBLIC_REGISTRY, registryFor, userNpmrcPath, versionDocumentUrl } from '../../../../src/agents/claudeCode/npmRegistry';

const PKG = '@anthropic-ai/claude-agent-sdk-linux-x64';
const rc = (text: string) => ({ path: '/home/u/.npmrc', text });

describe('npm registry', () => {
  test('no configuration: the public registry', () => {
    expect(registryFor(PKG, {}, undefined)).toEqual({ url: PUBLIC_REGISTRY, from: 'the public npm registry' });
  });

  test('.npmrc registry, a scoped one winning over it, with the token for that registry only', () => {
    expect(registryFor(PKG, {}, rc('registry=https://mirror.example/npm'))).toEqual({ url: 'https://mirror.example/npm/', from: 'registry in /home/u/.npmrc' });
    const scoped = registryFor(
      PKG,
      { NPM_TOKEN: 's3cret' },
      rc('registry=https://a.example/\n@anthropic-ai:registry=https://b.example/r/\n//b.example/r/:_authToken=${NPM_TOKEN}\n//a.example/:_authToken=other'),
    );
    expect(scoped).toEqual({ url: 'https://b.example/r/', from: '@anthropic-ai:registry in /home/u/.npmrc', authToken: 's3cret' });
  });

  test('npm_config_registry in the environment wins over the .npmrc, in any case', () => {
    expect(registryFor(PKG, { NPM_CONFIG_REGISTRY: 'http://127.0.0.1:4873' }, rc('registry=https://mirror.example/'))).toMatchObject({
      url: 'http://127.0.0.1:4873/',
    });
    expect(registryFor(PKG, { npm_config_registry: 'http://127.0.0.1:1/' }, undefined).from).toBe('the npm_config_registry environment variable');
  });

  test('a value that is not an http(s) URL falls back to the public registry', () => {
    expect(registryFor(PKG, {}, rc('registry=file:///tmp/x')).url).toBe(PUBLIC_REGISTRY);
  });

  test('the user .npmrc path and the version document URL', () => {
    expect(userNpmrcPath({ NPM_CONFIG_USERCONFIG: '/etc/custom-npmrc' }, '/home/u', (...p) => p.join('/'))).toBe('/etc/custom-npmrc');
    expect(userNpmrcPath({}, '/home/u', (...p) => p.join('/'))).toBe('/home/u/.npmrc');
    expect(versionDocumentUrl('http://127.0.0.1:9/', PKG, '0.3.318')).toBe('http://127.0.0.1:9/@anthropic-ai%2fclaude-agent-sdk-linux-x64/0.3.318');
  });
});

describe('which addresses a download may use', () => {
  test('https anywhere; plain http only to this machine, unless the user’s own npm registry is plain http', async () => {
    const { isAllowedUrl } = await import('../../../../src/agents/claudeCode/download');
    const ok = (url: string, plain?: 'loopback' | 'any') => isAllowedUrl(new URL(url), plain);
    expect(ok('https://registry.npmjs.org/x')).toBe(true);
    expect(ok('http://127.0.0.1:4873/x')).toBe(true);
    expect(ok('http://localhost/x')).toBe(true);
    expect(ok('http://[::1]/x')).toBe(true);
    expect(ok('http://example.com/x')).toBe(false);
    expect(ok('http://127.0.0.1.example.com/x')).toBe(false);
    expect(ok('http://example.com/x', 'any')).toBe(true);
    expect(ok('file:///etc/passwd', 'any')).toBe(false);
    expect(ok('ftp://example.com/x', 'any')).toBe(false);
  });
});
