// Where the production server listens (./server.ts): HOSTNAME, as Next's own server reads it, or every
// interface without it. What it prints is the address the socket is bound to, not a name it hopes for:
// `HOSTNAME=127.0.0.1` once listened on every interface and still said `localhost` (issue 29).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A bound address as a URL's host: IPv6 in brackets. */
function hostOf(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/** Whether a bound address is every interface's ('::' or '0.0.0.0'). */
export function isWildcard(address: string): boolean {
  return address === '::' || address === '0.0.0.0';
}

function boundAddress(server: Server): AddressInfo {
  const bound = server.address();
  if (!bound || typeof bound === 'string') throw new Error('the server is not listening on a TCP port');
  return bound;
}

/**
 * How long an idle kept-alive connection stays open: longer than the client's or proxy's own idle time
 * (nginx's 60 s, a load balancer's 60 s), so the server is never the one that closes a connection the
 * other side is about to reuse. Node's default, 5 s, did exactly that: a request sent on a connection the
 * server was closing failed with ECONNRESET, before the server ever saw it (a CI run's e2e journey died
 * so; docs/decisions/keep-alive-timeout.md). The header timeout must stay above it (Node's rule). Idle
 * connections are closed at once on drain (./server.ts).
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Listens on `port` at `hostname` (every interface when it is empty) and resolves with the origin it is
 * reachable at, as printed: `http://127.0.0.1:3000`, or `http://localhost:3000 (every interface)`.
 */
export function listen(server: Server, { port, hostname }: { port: number; hostname?: string }): Promise<string> {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const bound = () => {
      server.off('error', reject);
      const { address, port: at } = boundAddress(server);
      resolve(isWildcard(address) ? `http://localhost:${at} (every interface)` : `http://${hostOf(address)}:${at}`);
    };
    if (hostname) server.listen(port, hostname, bound);
    else server.listen(port, bound);
  });
}

/** The address this server's own requests to itself go to: the bound one, or loopback when it is every interface's. */
export function selfAddress(server: Server): string {
  const { address } = boundAddress(server);
  return isWildcard(address) ? '127.0.0.1' : address;
}
