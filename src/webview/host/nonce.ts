// A CSP nonce: 32 random bytes, base64url. Fresh for every HTML render so a leaked page cannot be replayed.
import { randomBytes } from 'node:crypto';

/** Returns a new random nonce suitable for `script-src 'nonce-…'`. */
export function createNonce(): string {
  return randomBytes(32).toString('base64url');
}
