// Which user owns the other end of a TCP connection on 127.0.0.1, read from Linux's /proc/net/tcp: the tools' server
// refuses a connection made by another user's process, even one that learnt the token (Claude Code's command line,
// where the SDK puts its MCP servers, is readable by every local user). Elsewhere there is no such table: undefined.
import { readFileSync } from 'node:fs';

/** `127.0.0.1:port` as /proc/net/tcp writes it: the address's bytes in the host's order, the port big-endian, in hex. */
function loopback(port: number): string {
  return `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The uid owning the socket whose local end is 127.0.0.1:`clientPort` and whose remote end is 127.0.0.1:`serverPort`
 * in `table` (the text of /proc/net/tcp); undefined when no row is that connection.
 */
export function ownerIn(table: string, clientPort: number, serverPort: number): number | undefined {
  const local = loopback(clientPort);
  const remote = loopback(serverPort);
  for (const line of table.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/u);
    if (cols[1] === local && cols[2] === remote) {
      const uid = Number(cols[7]);
      return Number.isInteger(uid) ? uid : undefined;
    }
  }
  return undefined;
}

/** The owner of the client end of a connection to `serverPort` from `clientPort`, on Linux; undefined elsewhere. */
export function connectionOwner(clientPort: number, serverPort: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return ownerIn(readFileSync('/proc/net/tcp', 'utf8'), clientPort, serverPort);
  } catch {
    return undefined;
  }
}
