// Which user owns the other end of a TCP connection to the tools' server, read from Linux's /proc/net/tcp and
// /proc/net/tcp6: the server refuses a connection made by another user's process, even one that learnt the token
// (Claude Code's command line, where the SDK puts its MCP servers, is readable by every local user). A client's IPv6
// socket that connected to ::ffff:127.0.0.1 reaches the IPv4 server but is listed in tcp6 only. Elsewhere there is no
// such table: undefined.
import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';

/** One end of a connection as Node reports it: an IPv4 address (or an IPv4-mapped IPv6 one) and a port. */
export interface Endpoint {
  address: string;
  port: number;
}

/** TIME_WAIT: a row kept after its socket closed, owned by no one (uid 0). */
const TIME_WAIT = '06';

/** An IPv4 address as the tables write one 32-bit word: its bytes in the host's order, in hex; undefined if not IPv4. */
function word(address: string, littleEndian: boolean): string | undefined {
  const m = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/iu.exec(address);
  const bytes = m?.slice(1).map(Number);
  if (!bytes || bytes.some((b) => b > 255)) return undefined;
  return (littleEndian ? bytes.reverse() : bytes).map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

/** `end` as /proc/net/tcp writes it, and as tcp6 writes it mapped (::ffff:a.b.c.d, four words); the port big-endian. */
function forms(end: Endpoint, littleEndian: boolean): string[] {
  const v4 = word(end.address, littleEndian);
  if (v4 === undefined || !Number.isInteger(end.port) || end.port < 0 || end.port > 0xffff) return [];
  const port = end.port.toString(16).toUpperCase().padStart(4, '0');
  return [`${v4}:${port}`, `0000000000000000${littleEndian ? 'FFFF0000' : '0000FFFF'}${v4}:${port}`];
}

/**
 * The uid owning the socket whose local end is `client` and whose remote end is `server` in `table` (the text of
 * /proc/net/tcp or /proc/net/tcp6); undefined when no live row is that connection.
 */
export function ownerIn(table: string, client: Endpoint, server: Endpoint, littleEndian = endianness() === 'LE'): number | undefined {
  const local = forms(client, littleEndian);
  const remote = forms(server, littleEndian);
  for (const line of table.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/u);
    if (local.includes(cols[1]!) && remote.includes(cols[2]!) && cols[3] !== TIME_WAIT) {
      const uid = Number(cols[7]);
      return Number.isInteger(uid) ? uid : undefined;
    }
  }
  return undefined;
}

/**
 * On Linux, the uid owning the client end of the connection from `client` to `server`, or 'unknown' when neither
 * table lists it (the caller refuses it: a row it cannot read is no proof of the same user); undefined elsewhere.
 */
export function connectionOwner(client: Endpoint, server: Endpoint): number | 'unknown' | undefined {
  if (process.platform !== 'linux') return undefined;
  for (const path of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(path, 'utf8');
    } catch {
      continue; // tcp6 is missing where IPv6 is off
    }
    const uid = ownerIn(table, client, server);
    if (uid !== undefined) return uid;
  }
  return 'unknown';
}
