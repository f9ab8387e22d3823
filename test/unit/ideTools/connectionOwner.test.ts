// Whose process holds the other end of a connection to the tools' server: read from /proc/net/tcp, and the server
// closing a connection that another user's process made, even with the token.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerIn } from '../../../src/ideTools/connectionOwner';
import { nodeForOthers } from '../../fixtures/processes';
import { startToolServer, type RunningToolServer } from '../../../src/ideTools/toolServer';

const TABLE = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:9C40 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 4242 1 0000000000000000 20 4 30 10 -1',
  '   1: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 4243 1 0000000000000000 20 4 30 10 -1',
].join('\n');

describe('ownerIn', () => {
  it("reads the uid of the client's end: local 127.0.0.1:client, remote 127.0.0.1:server", () => {
    expect(ownerIn(TABLE, 0x9c40, 0x1f90)).toBe(1000);
    expect(ownerIn(TABLE, 0x1f90, 0x9c40)).toBe(0); // the server's own end, the other way round
    expect(ownerIn(TABLE, 0x9c41, 0x1f90)).toBeUndefined();
    expect(ownerIn('', 1, 2)).toBeUndefined();
  });
});

const asRoot = process.platform === 'linux' && process.getuid?.() === 0;

describe.skipIf(!asRoot)("another user's process (run as nobody, uid 65534)", () => {
  let server: RunningToolServer;
  const warnings: string[] = [];
  beforeAll(async () => {
    const logger = { info: () => undefined, debug: () => undefined, warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };
    server = await startToolServer({ name: 'acp-chat', version: '1', tools: [], logger });
  });
  afterAll(() => server.close());

  /** A POST with the right token from a process of `uid`; what it got back. */
  function postAs(uid: number | undefined): Promise<string> {
    const script = `fetch(${JSON.stringify(server.url)}, { method: 'POST', headers: { authorization: ${JSON.stringify(server.authorization)}, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }).then((r) => console.log('status', r.status), (e) => console.log('refused', e.cause?.code ?? e.message));`;
    return new Promise((resolve, reject) => {
      const child = spawn(nodeForOthers(), ['-e', script], { ...(uid === undefined ? {} : { uid, gid: uid }), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(out.trim()));
    });
  }

  it('is closed before it is answered, token or not; the same request from this user is answered', async () => {
    expect(await postAs(65534)).toBe('refused ECONNRESET');
    expect(warnings.join('\n')).toContain("closed a connection from another user's process (uid 65534)");
    expect(await postAs(undefined)).toBe('status 200');
  });
});
