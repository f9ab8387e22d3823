// Downloads Claude Code's platform package from the npm registry into the extension's global storage:
// the sha512 pinned at build time (pins.ts; none: refused) → the version document (its own sha512, if it names a
// different one: refused) → the tarball (streamed to a private temp folder, with progress, cancellable) → checked
// against the pin → only the binary extracted → executable bit → `--version` → one atomic rename into place.
// Whatever fails or is cancelled, the temp folder goes and nothing half-done is left. No `vscode` import: requests use
// node:http(s), which VS Code's extension host routes through its proxy settings (http.proxy, http.proxySupport).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InstallError, type InstallProblem, type InstallSubject } from '../installError';
import { sha512Of, verifyTarball } from './integrity';
import type { NpmRegistry } from './npmRegistry';
import { versionDocumentUrl } from './npmRegistry';
import { downloadedBinaryPath } from './downloadedCopy';
import { pinsPath, readPin } from './pins';
import type { ClaudeCodePackage } from './platform';
import type { ProbeResult } from './resolveClaudeCode';

/** A connection that sends nothing for this long is taken as lost. */
const IDLE_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;
/** A JSON document (a version document, registry.json) larger than this is not read. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
/** Claude Code's platform package is about 150 MB; anything far larger is not what was asked for. */
const MAX_TARBALL_BYTES = 600 * 1024 * 1024;

/** A body larger than its bound (`limit` bytes); the caller words it as an InstallError. */
export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes`);
  }
}

/**
 * https anywhere; plain http only to this machine (`loopback`: an agent archive, a test's registry), or anywhere when
 * the user's own npm registry is a plain-http one (`any`: Claude Code from it, checked against the sha512 pinned at
 * build time). Every redirect is judged the same way, so an https download is never led to plain http elsewhere.
 */
export function isAllowedUrl(url: URL, plainHttp: 'loopback' | 'any' = 'loopback'): boolean {
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  if (plainHttp === 'any') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes?: number;
}

export interface DownloadOptions {
  registry: NpmRegistry;
  pkg: ClaudeCodePackage;
  /** The installed extension's folder, whose build recorded the sha512 each platform package must have. */
  extensionPath: string;
  /** The folder that holds downloaded copies (`<globalStorage>/claude-code`). */
  storageDir: string;
  probe(path: string): Promise<ProbeResult>;
  signal?: AbortSignal;
  onProgress?(p: DownloadProgress): void;
  /** The proxy VS Code is set to use, if any: a network failure is then worded as the proxy's. */
  proxy?: string;
}

export async function downloadClaudeCode(opts: DownloadOptions): Promise<{ path: string; version: string }> {
  const { pkg, storageDir, registry } = opts;
  const subject: InstallSubject = { kind: 'claudeCode', what: `${pkg.name}@${pkg.version}`, source: registry, proxy: opts.proxy };
  // The user chose their npm registry: a plain-http one is theirs to choose (npm allows it); an https one stays https.
  const plainHttp = registry.url.startsWith('http:') ? 'any' : 'loopback';
  const net = (url: string): NetContext => ({ url, subject, registry, signal: opts.signal, plainHttp });
  const fail = (problem: InstallProblem) => new InstallError(subject, problem);
  // The registry serves both the tarball and its hash; only the lockfile's, recorded at build time, is trusted.
  const pinned = readPin(opts.extensionPath, pkg);
  if (!pinned) throw fail({ kind: 'notPinned', file: pinsPath(opts.extensionPath) });
  await mkdir(storageDir, { recursive: true }).catch((err) => {
    throw diskError(err, storageDir, subject);
  });
  // A dot-folder beside the final place: same file system, so the last step is one atomic rename.
  const tmp = await mkdtemp(join(storageDir, '.download-'));
  try {
    const docUrl = versionDocumentUrl(registry.url, pkg.name, pkg.version);
    const doc = JSON.parse((await readBody(await request(net(docUrl)), MAX_DOCUMENT_BYTES)).toString('utf8')) as {
      dist?: { tarball?: unknown; integrity?: unknown };
    };
    const tarballUrl = doc.dist?.tarball;
    if (typeof tarballUrl !== 'string' || !/^https?:\/\//i.test(tarballUrl)) throw fail({ kind: 'noTarball', url: docUrl });
    // A registry that announces another build under this name and version is not asked for it.
    const listed = sha512Of(doc.dist?.integrity);
    if (listed && listed !== pinned) throw fail({ kind: 'registryMismatch', pinned, registry: listed });

    const tarball = join(tmp, 'package.tgz');
    const res = await request(net(tarballUrl));
    const { received, total } = await saveResponse(res, tarball, { ...opts, maxBytes: MAX_TARBALL_BYTES }).catch((err: unknown) => {
      throw classify(err, net(tarballUrl));
    });
    if (total !== undefined && received !== total) throw fail({ kind: 'brokeOff', received, total });
    await verifyTarball(tarball, `sha512-${pinned}`, subject);
    throwIfCancelled(opts.signal, subject);

    const unpacked = join(tmp, 'unpacked');
    await mkdir(unpacked);
    const entry = `package/${pkg.binary}`;
    // Loaded here, not at activation: only a download needs it.
    const { extract } = await import('tar/extract');
    await extract({ file: tarball, cwd: unpacked, filter: (p, e) => p === entry && 'type' in e && e.type === 'File' }).catch((err) => {
      throw diskError(err, unpacked, subject);
    });
    await rm(tarball, { force: true });
    const staged = join(tmp, 'bin');
    await mkdir(staged);
    await rename(join(unpacked, entry), join(staged, pkg.binary)).catch(() => {
      throw fail({ kind: 'missingFile', file: entry });
    });
    await chmod(join(staged, pkg.binary), 0o755);
    throwIfCancelled(opts.signal, subject);
    const ran = await opts.probe(join(staged, pkg.binary));
    if (!ran.ok) throw fail({ kind: 'notRunnable', problem: ran.problem });
    throwIfCancelled(opts.signal, subject);

    const finalPath = downloadedBinaryPath(storageDir, pkg);
    const finalDir = join(finalPath, '..');
    // Another window may have finished the same download first, or a broken copy may sit there: replace it.
    await rm(finalDir, { recursive: true, force: true });
    await rename(staged, finalDir).catch((err) => {
      throw diskError(err, finalDir, subject);
    });
    await removeOtherCopies(storageDir, finalDir);
    return { path: finalPath, version: ran.version };
  } catch (err) {
    throw classify(err, net(''));
  } finally {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  }
}

/**
 * Earlier versions (from before an extension update) are dead weight of ~300 MB each, and so is the temp folder of a
 * download whose window was killed midway (one younger than a day may be another window's download under way).
 */
async function removeOtherCopies(storageDir: string, keep: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of await readdir(storageDir).catch(() => [] as string[])) {
    const p = join(storageDir, name);
    if (p === keep) continue;
    if (
      name.startsWith('.download-') &&
      (await stat(p).then(
        (st) => st.mtimeMs > dayAgo,
        () => false,
      ))
    )
      continue;
    await rm(p, { recursive: true, force: true });
  }
}

/** What one request is for: its URL, what is being installed (for the error), the registry whose token it may carry. */
export interface NetContext {
  url: string;
  subject: InstallSubject;
  registry?: NpmRegistry;
  signal?: AbortSignal;
  /** Where plain http is taken (isAllowedUrl); loopback only unless said. */
  plainHttp?: 'loopback' | 'any';
}

/** GET with redirects; resolves with a 200 response, or rejects with an InstallError. */
export function request(ctx: NetContext, redirects = 0): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(ctx.url);
    } catch {
      reject(new InstallError(ctx.subject, { kind: 'badUrl', url: ctx.url }));
      return;
    }
    // Checked before anything is sent, for the first address and every redirect.
    if (!isAllowedUrl(url, ctx.plainHttp)) {
      reject(new InstallError(ctx.subject, { kind: 'insecure', url: ctx.url }));
      return;
    }
    const headers: Record<string, string> = { accept: 'application/json, application/octet-stream', 'user-agent': 'acp-chat-vscode' };
    // The registry's token goes only to the registry itself, never to a host a tarball URL or redirect names.
    if (ctx.registry?.authToken && ctx.url.startsWith(ctx.registry.url)) headers.authorization = `Bearer ${ctx.registry.authToken}`;
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(url, { headers, signal: ctx.signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (redirects >= MAX_REDIRECTS) return reject(new InstallError(ctx.subject, { kind: 'tooManyRedirects', url: ctx.url }));
        const next = new URL(res.headers.location, url).toString();
        return resolve(request({ ...ctx, url: next }, redirects + 1));
      }
      if (status !== 200) {
        res.resume();
        return reject(new InstallError(ctx.subject, status === 407 ? { kind: 'proxyAuth' } : { kind: 'httpStatus', status, url: ctx.url }));
      }
      res.setTimeout(IDLE_TIMEOUT_MS, () => res.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
      resolve(res);
    });
    req.setTimeout(IDLE_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (err) => reject(classify(err, ctx)));
  });
}

/**
 * Streams a response into `file`, reporting the bytes as they come. Resolves to what arrived and what the server
 * announced (content-length), so the caller can tell a download that broke off; errors are the caller's to word.
 */
export async function saveResponse(
  res: http.IncomingMessage,
  file: string,
  opts: { signal?: AbortSignal; onProgress?(p: DownloadProgress): void; maxBytes: number },
): Promise<{ received: number; total: number | undefined; sha256: string }> {
  const total = Number(res.headers['content-length']) || undefined;
  if (total !== undefined && total > opts.maxBytes) {
    res.destroy();
    throw new TooLargeError(opts.maxBytes);
  }
  let received = 0;
  const hash = createHash('sha256');
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > opts.maxBytes) return done(new TooLargeError(opts.maxBytes));
      hash.update(chunk);
      opts.onProgress?.({ receivedBytes: received, totalBytes: total });
      done(null, chunk);
    },
  });
  await pipeline(res, counter, createWriteStream(file), { signal: opts.signal });
  return { received, total, sha256: hash.digest('hex') };
}

/** The whole body, refused past `maxBytes`. */
export function readBody(res: http.IncomingMessage, maxBytes = MAX_DOCUMENT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new TooLargeError(maxBytes));
        return;
      }
      chunks.push(c);
    });
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
  });
}

const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
  'ENETDOWN',
]);

/** Any failure of a download as an InstallError (network, disk, cancel, a reply that is not JSON). */
export function classify(err: unknown, ctx: NetContext): InstallError {
  if (err instanceof InstallError) return err;
  if (err instanceof TooLargeError) return new InstallError(ctx.subject, { kind: 'tooLarge', part: 'download', limit: err.limit });
  const e = err as NodeJS.ErrnoException;
  if (ctx.signal?.aborted || e?.name === 'AbortError') return new InstallError(ctx.subject, { kind: 'cancelled' });
  if (e?.code && NETWORK_CODES.has(e.code)) return new InstallError(ctx.subject, { kind: 'unreachable', host: hostOf(ctx.url), code: e.code });
  if (e?.code && /^(ENOSPC|EACCES|EPERM|EROFS|EDQUOT)$/.test(e.code)) return diskError(e, e.path ?? '', ctx.subject);
  if (err instanceof SyntaxError) return new InstallError(ctx.subject, { kind: 'notJson', url: ctx.url });
  return new InstallError(ctx.subject, { kind: 'failed', cause: e?.message ?? String(err) });
}

export function diskError(err: unknown, path: string, subject: InstallSubject): InstallError {
  if (err instanceof InstallError) return err;
  const e = err as NodeJS.ErrnoException;
  return new InstallError(subject, { kind: 'disk', path, code: e?.code ?? e?.message ?? String(err) });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function throwIfCancelled(signal: AbortSignal | undefined, subject: InstallSubject): void {
  if (signal?.aborted) throw new InstallError(subject, { kind: 'cancelled' });
}
