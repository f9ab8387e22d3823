// A Subresource Integrity string (sha512) checked against the downloaded tarball: the one recorded at build time
// (pins.ts). A tarball that does not match is deleted at once: it is never extracted, let alone run.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { InstallError, type InstallSubject } from '../installError';

/** The base64 sha512 digest of an SRI string (`sha512-…`; several space-separated hashes allowed), or undefined. */
export function sha512Of(integrity: unknown): string | undefined {
  if (typeof integrity !== 'string') return undefined;
  const hash = integrity.split(/\s+/).find((h) => h.startsWith('sha512-'));
  const digest = hash?.slice('sha512-'.length).split('?')[0];
  return digest && /^[A-Za-z0-9+/]{86}==$/.test(digest) ? digest : undefined;
}

export async function sha512File(path: string): Promise<string> {
  const hash = createHash('sha512');
  await pipeline(createReadStream(path), hash);
  return hash.digest('base64');
}

/** Resolves when `file` matches `integrity`; otherwise removes the file and throws an InstallError. */
export async function verifyTarball(file: string, integrity: string, subject: InstallSubject): Promise<void> {
  const expected = sha512Of(integrity);
  const actual = await sha512File(file);
  if (expected && actual === expected) return;
  await rm(file, { force: true });
  throw new InstallError(subject, expected ? { kind: 'integrityMismatch', expected, actual } : { kind: 'noIntegrity' });
}
