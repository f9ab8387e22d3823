// Downloading Claude Code as the extension does, from a local registry on 127.0.0.1 that serves the real platform
// package (metadata and tarball): the result must be a binary that runs `--version`; a corrupted tarball, a dead
// registry or a cancel must leave nothing behind and say why.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { downloadClaudeCode, type DownloadProgress } from '../../src/agents/claudeCode/download';
import { downloadedBinaryPath, removeDownloaded } from '../../src/agents/claudeCode/downloadedCopy';
import { InstallError } from '../../src/acp/errors';
import { describeError } from '../../src/feedback/userErrors';
import { registryFor } from '../../src/agents/claudeCode/npmRegistry';
import { probeClaudeCode } from '../../src/agents/claudeCode/probe';
import { claudeCodeTarball, startFakeRegistry, type PackageTarball } from '../fixtures/fakeRegistry';

const REPO_ROOT = resolve(__dirname, '../..');
let tarball: PackageTarball;
const temps: string[] = [];

beforeAll(async () => {
  tarball = await claudeCodeTarball(REPO_ROOT);
  console.log(`[download] serving ${tarball.pkg.name}@${tarball.pkg.version} from ${tarball.source}`);
});
afterAll(() => {
  tarball?.cleanup();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

function storage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'acp-claude-storage-'));
  temps.push(dir);
  return join(dir, 'claude-code');
}

/** The registry as the user's npm configuration names it (here: npm_config_registry). */
const registryAt = (url: string) => registryFor(tarball.pkg.name, { npm_config_registry: url }, undefined);

async function failure(p: Promise<unknown>): Promise<InstallError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InstallError);
  return err as InstallError;
}

describe('downloading Claude Code from the npm registry', () => {
  test('the real package → a binary in global storage that runs --version; progress reported; nothing else left', { timeout: 120_000 }, async () => {
    const registry = await startFakeRegistry({ tarball });
    const dir = storage();
    try {
      const progress: DownloadProgress[] = [];
      const done = await downloadClaudeCode({ registry: registryAt(registry.url), pkg: tarball.pkg, storageDir: dir, probe: (p) => probeClaudeCode(p), onProgress: (p) => progress.push(p) });
      expect(done.path).toBe(downloadedBinaryPath(dir, tarball.pkg));
      expect(done.version).toMatch(/Claude Code/);
      expect(statSync(done.path).mode & 0o111).toBe(0o111);
      // Run it again, on its own: it is a working Claude Code.
      expect(await probeClaudeCode(done.path)).toEqual({ ok: true, version: done.version });
      // Only the binary was extracted; the temp folder is gone.
      expect(readdirSync(dir)).toEqual([`${tarball.pkg.version}-${tarball.pkg.platformKey}`]);
      expect(readdirSync(join(done.path, '..'))).toEqual([tarball.pkg.binary]);
      const size = statSync(tarball.file).size;
      expect(progress.at(-1)).toEqual({ receivedBytes: size, totalBytes: size });
      expect(registry.requests).toEqual([`/${tarball.pkg.name.replace('/', '%2f')}/${tarball.pkg.version}`, expect.stringMatching(/^\/tarballs\//)]);
      expect(await removeDownloaded(dir)).toBe(true);
      expect(existsSync(dir)).toBe(false);
    } finally {
      await registry.close();
    }
  });

  test('a corrupted tarball is refused on its sha512 and nothing is left', { timeout: 120_000 }, async () => {
    const registry = await startFakeRegistry({ tarball, corrupt: true });
    const dir = storage();
    try {
      const err = await failure(downloadClaudeCode({ registry: registryAt(registry.url), pkg: tarball.pkg, storageDir: dir, probe: (p) => probeClaudeCode(p) }));
      expect(err.reason).toBe('integrity');
      expect(describeError(err).message).toMatch(/does not match the registry's sha512 integrity/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await registry.close();
    }
  });

  test('an unreachable registry: the offline message, nothing left', async () => {
    // A port that was just open and is now closed: nothing listens there.
    const registry = await startFakeRegistry({ tarball });
    await registry.close();
    const dir = storage();
    const err = await failure(downloadClaudeCode({ registry: registryAt(registry.url), pkg: tarball.pkg, storageDir: dir, probe: (p) => probeClaudeCode(p) }));
    expect(err.reason).toBe('offline');
    expect(describeError(err).message).toMatch(/Could not reach the npm registry at http:\/\/127\.0\.0\.1:\d+\/ \(ECONNREFUSED\): this machine seems to be offline/);
    expect(readdirSync(dir)).toEqual([]);
    // Behind a proxy, the same failure names the proxy.
    const viaProxy = await failure(downloadClaudeCode({ registry: registryAt(registry.url), pkg: tarball.pkg, storageDir: dir, probe: (p) => probeClaudeCode(p), proxy: 'http://proxy.corp:3128' }));
    expect(viaProxy.reason).toBe('proxy');
    expect(describeError(viaProxy).message).toMatch(/through the proxy http:\/\/proxy\.corp:3128.*http\.proxy/);
  });

  test('cancelled midway: the partial tarball is removed', { timeout: 60_000 }, async () => {
    const registry = await startFakeRegistry({ tarball, holdAfterBytes: 4 * 1024 * 1024 });
    const dir = storage();
    try {
      const abort = new AbortController();
      const err = await failure(
        downloadClaudeCode({
          registry: registryAt(registry.url),
          pkg: tarball.pkg,
          storageDir: dir,
          probe: (p) => probeClaudeCode(p),
          signal: abort.signal,
          // Cancel as the user would, once the download is visibly under way.
          onProgress: (p) => p.receivedBytes > 1024 * 1024 && abort.abort(),
        }),
      );
      expect(err.reason).toBe('cancelled');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await registry.close();
    }
  });

  test('a package the registry does not have: HTTP 404 named, nothing left', async () => {
    const registry = await startFakeRegistry({ tarball });
    const dir = storage();
    try {
      const err = await failure(downloadClaudeCode({ registry: registryAt(registry.url), pkg: { ...tarball.pkg, version: '9.9.9' }, storageDir: dir, probe: (p) => probeClaudeCode(p) }));
      expect(err.reason).toBe('http');
      expect(describeError(err).message).toMatch(/@9\.9\.9 is not on the npm registry at .* \(HTTP 404; registry from the npm_config_registry environment variable\)/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await registry.close();
    }
  });
});
