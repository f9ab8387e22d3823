import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { InstallError, type InstallSubject } from '../../../../src/agents/installError';
import { describeError } from '../../../../src/feedback/userErrors';
import { sha512Of, verifyTarball } from '../../../../src/agents/claudeCode/integrity';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tarball(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'acp-integrity-'));
  dirs.push(dir);
  const file = join(dir, 'package.tgz');
  writeFileSync(file, content);
  return file;
}
const subject: InstallSubject = { kind: 'claudeCode', what: '@anthropic-ai/claude-code-linux-x64@1.0.0' };
const sri = (content: string) => `sha512-${createHash('sha512').update(content).digest('base64')}`;

describe('integrity', () => {
  test('a matching tarball is kept', async () => {
    const file = tarball('the real bytes');
    await verifyTarball(file, sri('the real bytes'), subject);
    expect(existsSync(file)).toBe(true);
  });

  test('a tarball whose sha512 does not match is refused and removed', async () => {
    const file = tarball('tampered bytes');
    const err = await verifyTarball(file, sri('the real bytes'), subject).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect((err as InstallError).reason).toBe('integrity');
    expect(describeError(err).message).toMatch(/does not match the sha512 recorded for it when ACP Chat was built/);
    expect(existsSync(file)).toBe(false);
  });

  test('no sha512 to check against: refused and removed too', async () => {
    const file = tarball('bytes');
    const sha1 = `sha1-${createHash('sha1').update('bytes').digest('base64')}`;
    await expect(verifyTarball(file, sha1, subject)).rejects.toMatchObject({ reason: 'integrity' });
    expect(existsSync(file)).toBe(false);
  });

  test('SRI parsing: sha512 among several hashes; malformed ones rejected', () => {
    const good = sri('x');
    expect(sha512Of(`sha1-abc ${good}`)).toBe(good.slice(7));
    expect(sha512Of('sha512-short')).toBeUndefined();
    expect(sha512Of(42)).toBeUndefined();
  });
});
