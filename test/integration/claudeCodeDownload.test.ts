// Downloading Claude Code as the extension does, from a local registry on 127.0.0.1 that serves the real platform
// package (metadata and tarball): the result must be a binary that runs `--version`; a corrupted tarball, a registry
// serving another build than the one whose sha512 the build pinned (dist/claude-code-pins.json, from the lockfile), a
// missing pin, a dead registry or a cancel must leave nothing behind and say why. Needs `node scripts/build.mjs` first
// (scripts/test.mjs builds before every suite).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { downloadClaudeCode, type DownloadProgress } from '../../src/agents/claudeCode/download';
import { downloadedBinaryPath, removeDownloaded } from '../../src/agents/claudeCode/downloadedCopy';
import { InstallError } from '../../src/agents/installError';
import { describeError } from '../../src/feedback/userErrors';
import { registryFor } from '../../src/agents/claudeCode/npmRegistry';
import { PINS_FILE } from '../../src/agents/claudeCode/pins';
import { probeClaudeCode } from '../../src/agents/claudeCode/probe';
import { claudeCodeTarball, repackedClaudeCodeTarball, startFakeRegistry, type PackageTarball } from '../fixtures/fakeRegistry';

const REPO_ROOT = resolve(__dirname, '../..');
let tarball: PackageTarball;
const temps: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(REPO_ROOT, PINS_FILE))) throw new Error(`${PINS_FILE} is missing: run \`node scripts/build.mjs\` first`);
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
      const done = await downloadClaudeCode({
        registry: registryAt(registry.url),
        pkg: tarball.pkg,
        extensionPath: REPO_ROOT,
        storageDir: dir,
        probe: (p) => probeClaudeCode(p),
        onProgress: (p) => progress.push(p),
      });
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
      const err = await failure(
        downloadClaudeCode({
          registry: registryAt(registry.url),
          pkg: tarball.pkg,
          extensionPath: REPO_ROOT,
          storageDir: dir,
          probe: (p) => probeClaudeCode(p),
        }),
      );
      expect(err.reason).toBe('integrity');
      expect(describeError(err).message).toMatch(/does not match the sha512 recorded for it when ACP Chat was built/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await registry.close();
    }
  });

  test('a document without a sha512 (a mirror giving sha1 only): the tarball is still checked against the pin', { timeout: 120_000 }, async () => {
    const registry = await startFakeRegistry({ tarball, corrupt: true, documentIntegrity: 'sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk=' });
    const dir = storage();
    try {
      const err = await failure(
        downloadClaudeCode({
          registry: registryAt(registry.url),
          pkg: tarball.pkg,
          extensionPath: REPO_ROOT,
          storageDir: dir,
          probe: (p) => probeClaudeCode(p),
        }),
      );
      expect(err.problem).toMatchObject({ kind: 'integrityMismatch', expected: tarball.integrity.slice(7) });
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
    const err = await failure(
      downloadClaudeCode({ registry: registryAt(registry.url), pkg: tarball.pkg, extensionPath: REPO_ROOT, storageDir: dir, probe: (p) => probeClaudeCode(p) }),
    );
    expect(err.reason).toBe('offline');
    expect(describeError(err).message).toMatch(
      /Could not reach the npm registry at http:\/\/127\.0\.0\.1:\d+\/ \(ECONNREFUSED\): this machine seems to be offline/,
    );
    expect(readdirSync(dir)).toEqual([]);
    // Behind a proxy, the same failure names the proxy.
    const viaProxy = await failure(
      downloadClaudeCode({
        registry: registryAt(registry.url),
        pkg: tarball.pkg,
        extensionPath: REPO_ROOT,
        storageDir: dir,
        probe: (p) => probeClaudeCode(p),
        proxy: 'http://proxy.corp:3128',
      }),
    );
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
          extensionPath: REPO_ROOT,
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
    // The registry holds only another version than the pinned one.
    const registry = await startFakeRegistry({ tarball: { ...tarball, pkg: { ...tarball.pkg, version: '9.9.9' } } });
    const dir = storage();
    try {
      const err = await failure(
        downloadClaudeCode({
          registry: registryAt(registry.url),
          pkg: tarball.pkg,
          extensionPath: REPO_ROOT,
          storageDir: dir,
          probe: (p) => probeClaudeCode(p),
        }),
      );
      expect(err.reason).toBe('http');
      const version = tarball.pkg.version.replace(/\./g, '\\.');
      expect(describeError(err).message).toMatch(
        new RegExp(`@${version} is not on the npm registry at .* \\(HTTP 404; registry from the npm_config_registry environment variable\\)`),
      );
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await registry.close();
    }
  });

  test(
    'a registry serving another build under the pinned name and version, with its own matching sha512: refused before the download, nothing left',
    { timeout: 120_000 },
    async () => {
      const other = await repackedClaudeCodeTarball(REPO_ROOT);
      expect(other.integrity).not.toBe(tarball.integrity);
      const registry = await startFakeRegistry({ tarball: other });
      const dir = storage();
      try {
        const err = await failure(
          downloadClaudeCode({
            registry: registryAt(registry.url),
            pkg: other.pkg,
            extensionPath: REPO_ROOT,
            storageDir: dir,
            probe: (p) => probeClaudeCode(p),
          }),
        );
        expect(err.problem).toMatchObject({ kind: 'registryMismatch', pinned: tarball.integrity.slice(7), registry: other.integrity.slice(7) });
        expect(err.reason).toBe('integrity');
        expect(describeError(err).message).toMatch(/names a different sha512 for .* than the one recorded when ACP Chat was built/);
        // Only the document was read: the tarball was never fetched, and nothing was kept.
        expect(registry.requests).toEqual([`/${other.pkg.name.replace('/', '%2f')}/${other.pkg.version}`]);
        expect(readdirSync(dir)).toEqual([]);
      } finally {
        await registry.close();
        other.cleanup();
      }
    },
  );

  test('no sha512 recorded for the package at build time: refused before anything is fetched', async () => {
    const registry = await startFakeRegistry({ tarball });
    const dir = storage();
    const unbuilt = mkdtempSync(join(tmpdir(), 'acp-unbuilt-extension-'));
    temps.push(unbuilt);
    try {
      const err = await failure(
        downloadClaudeCode({ registry: registryAt(registry.url), pkg: tarball.pkg, extensionPath: unbuilt, storageDir: dir, probe: (p) => probeClaudeCode(p) }),
      );
      expect(err.problem).toMatchObject({ kind: 'notPinned' });
      expect(err.reason).toBe('integrity');
      expect(describeError(err).message).toMatch(/no sha512 recorded for .*; nothing was downloaded/);
      // Nothing was asked of the registry, nor written: not even the storage folder.
      expect(registry.requests).toEqual([]);
      expect(existsSync(dir)).toBe(false);
    } finally {
      await registry.close();
    }
  });
});
