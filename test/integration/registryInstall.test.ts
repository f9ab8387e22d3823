// Installing agents from an ACP Registry served on 127.0.0.1 (no vscode): the registry fetched and parsed, a tar.gz
// installed and made executable, and each failure refused with its reason and nothing left in storage.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPlan, parseRegistry, type RegistryAgent } from '../../src/registry/registryEntries';
import { InstallError } from '../../src/agents/installError';
import { fetchRegistry, installAgent } from '../../src/registry/installAgent';

let server: Server;
let base: string;
const files: Record<string, Buffer> = {};

async function tgz(entries: (dir: string) => string[]): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'acp-registry-int-'));
  const names = entries(dir);
  await create({ gzip: true, file: join(dir, 'out.tgz'), cwd: dir, portable: true }, names);
  return readFileSync(join(dir, 'out.tgz'));
}

const agent = (archive: string, cmd = './bin/agent'): RegistryAgent =>
  parseRegistry(
    JSON.stringify({
      agents: [
        { id: 'tiny', name: 'Tiny', version: '1.0.0', distribution: { binary: { 'linux-x86_64': { archive: `${base}${archive}`, cmd, args: ['acp'] } } } },
      ],
    }),
  ).agents[0]!;

beforeAll(async () => {
  files['/good.tgz'] = await tgz((dir) => {
    writeFileSync(join(dir, 'agent'), '#!/bin/sh\necho hi\n');
    chmodSync(join(dir, 'agent'), 0o644);
    return ['agent'];
  });
  // A "cmd" that is a symlink out of the archive.
  files['/escape.tgz'] = await tgz((dir) => {
    symlinkSync('/bin/sh', join(dir, 'agent'));
    return ['agent'];
  });
  // A setuid file, and one that unpacks far larger than its archive.
  files['/setuid.tgz'] = await tgz((dir) => {
    writeFileSync(join(dir, 'agent'), '#!/bin/sh\necho hi\n');
    chmodSync(join(dir, 'agent'), 0o6755);
    return ['agent'];
  });
  files['/bomb.tgz'] = await tgz((dir) => {
    writeFileSync(join(dir, 'agent'), '#!/bin/sh\n');
    writeFileSync(join(dir, 'zeros'), Buffer.alloc(200_000));
    return ['agent', 'zeros'];
  });
  files['/big.tgz'] = Buffer.alloc(64_000, 7);
  files['/registry.json'] = Buffer.from(JSON.stringify({ agents: [{ id: 'x', name: 'X', version: '1', distribution: { npx: { package: 'x@1.0.0' } } }] }));
  files['/notjson'] = Buffer.from('<html>');
  server = createServer((req, res) => {
    // Redirects that leave for plain http on another host; the target is never contacted (.invalid does not resolve).
    if (req.url === '/redirect-out') return void res.writeHead(302, { location: 'http://example.invalid/a.tgz' }).end();
    // No content-length: the size is known only while it streams.
    if (req.url === '/big-chunked') return void res.writeHead(200).end(files['/big.tgz']);
    const body = files[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const storage = () => mkdtempSync(join(tmpdir(), 'acp-registry-store-'));
const refused = async (p: Promise<unknown>, reason: string, dir: string) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InstallError);
  expect((err as InstallError).reason, (err as Error).message).toBe(reason);
  expect(readdirSync(dir), 'nothing left in storage').toEqual([]);
  return err as InstallError;
};

describe('registry install (127.0.0.1)', () => {
  it('fetches and parses the registry; a non-JSON one is refused', async () => {
    expect((await fetchRegistry(`${base}/registry.json`, {})).agents.map((a) => a.id)).toEqual(['x']);
    await expect(fetchRegistry(`${base}/notjson`, {})).rejects.toThrow(/not JSON/);
  });

  it('installs a tar.gz: unpacked into storage, command executable', async () => {
    const dir = storage();
    const a = agent('/good.tgz', './agent');
    const entry = await installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir });
    expect(entry).toEqual({
      name: 'Tiny',
      command: join(dir, 'tiny', '1.0.0-linux-x86_64', 'agent'),
      args: ['acp'],
      env: {},
      sha256: createHash('sha256').update(files['/good.tgz']!).digest('hex'),
    });
    expect(statSync(entry.command!).mode & 0o111).not.toBe(0);
    expect(readdirSync(dir)).toEqual(['tiny']);
  });

  it('refuses a 404, an archive without its command, a symlink out, a zip, and an unreachable server', async () => {
    let dir = storage();
    let a = agent('/missing.tgz');
    expect((await refused(installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir }), 'http', dir)).problem).toMatchObject({
      kind: 'httpStatus',
      status: 404,
    });
    dir = storage();
    a = agent('/good.tgz', './bin/other');
    await refused(installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir }), 'corrupt', dir);
    dir = storage();
    a = agent('/escape.tgz', './agent');
    await refused(installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir }), 'corrupt', dir);
    expect(existsSync('/bin/sh')).toBe(true);
    dir = storage();
    a = agent('/good.zip');
    await refused(installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir }), 'unsupported', dir);
    dir = storage();
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const offline = parseRegistry(
      JSON.stringify({
        agents: [
          { id: 'off', name: 'Off', version: '1', distribution: { binary: { 'linux-x86_64': { archive: `http://127.0.0.1:${port}/a.tgz`, cmd: 'a' } } } },
        ],
      }),
    ).agents[0]!;
    await refused(installAgent(offline, installPlan(offline, 'linux-x86_64'), { storageDir: dir }), 'offline', dir);
  });
});

describe('registry install: what comes over the network is bounded and checked (127.0.0.1)', () => {
  it('plain http to another host than this machine is refused before anything is sent, and so is a redirect to it', async () => {
    let dir = storage();
    const plain = parseRegistry(
      JSON.stringify({
        agents: [
          { id: 'plain', name: 'Plain', version: '1', distribution: { binary: { 'linux-x86_64': { archive: 'http://example.invalid/a.tgz', cmd: 'a' } } } },
        ],
      }),
    ).agents[0]!;
    expect((await refused(installAgent(plain, installPlan(plain, 'linux-x86_64'), { storageDir: dir }), 'http', dir)).problem).toMatchObject({
      kind: 'insecure',
    });
    dir = storage();
    const a = agent('/redirect-out', './agent');
    expect((await refused(installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir }), 'http', dir)).problem).toMatchObject({
      kind: 'insecure',
      url: 'http://example.invalid/a.tgz',
    });
  });

  it('an npx agent is added with npx by its absolute path, never a bare name', async () => {
    const npxAgent = parseRegistry(
      JSON.stringify({ agents: [{ id: 'npxy', name: 'Npxy', version: '2.0.0', distribution: { npx: { package: '@scope/npxy@2.0.0' } } }] }),
    ).agents[0]!;
    const entry = await installAgent(npxAgent, installPlan(npxAgent, 'linux-x86_64'), { storageDir: storage() });
    expect(isAbsolute(entry.command!)).toBe(true);
    expect(basename(entry.command!)).toBe('npx');
    expect(entry.args).toEqual(['--yes', '@scope/npxy@2.0.0']);
  });

  it('a download over the limit is refused, with or without its size announced', async () => {
    for (const path of ['/big.tgz', '/big-chunked']) {
      const dir = storage();
      const a = agent(path, './agent');
      const err = await refused(installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir, limits: { downloadBytes: 10_000 } }), 'tooLarge', dir);
      expect(err.problem).toMatchObject({ kind: 'tooLarge', part: 'download', limit: 10_000 });
    }
  });

  it('an archive that unpacks beyond the bound is refused', async () => {
    const dir = storage();
    const a = agent('/bomb.tgz', './agent');
    const err = await refused(installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir, limits: { unpackedBytes: 50_000 } }), 'tooLarge', dir);
    expect(err.problem).toMatchObject({ kind: 'tooLarge', part: 'unpacked', limit: 50_000 });
  });

  it('setuid and setgid bits are dropped when unpacking, and the sha256 of what was installed is given', async () => {
    const dir = storage();
    const a = agent('/setuid.tgz', './agent');
    const installed = await installAgent(a, installPlan(a, 'linux-x86_64'), { storageDir: dir });
    expect(statSync(installed.command!).mode & 0o7000).toBe(0);
    expect(statSync(installed.command!).mode & 0o111).not.toBe(0);
    expect(installed.sha256).toBe(createHash('sha256').update(files['/setuid.tgz']!).digest('hex'));
  });
});
