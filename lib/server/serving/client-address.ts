// The client's address for the rate limits (lib/server/rate-limit.ts reads X-Forwarded-For), set by the
// production server (./server.ts) before Next sees the request. A header the client wrote itself must
// not pick its own rate-limit bucket, so:
// - by default Tribuna faces the internet: the address is the TCP peer's, whatever the request says;
// - with TRUST_PROXY=1 a reverse proxy in front appends the address it saw to X-Forwarded-For (nginx
//   `proxy_add_x_forwarded_for`, Caddy, most load balancers): the LAST entry is that one; earlier
//   entries came from the client and are dropped.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

/** What of a request these functions read: its socket's peer and its headers (tests pass plain objects). */
type PeerRequest = { socket?: { remoteAddress?: string }; headers?: IncomingMessage['headers'] };
/** The TCP peer of a request, and whether the request says a proxy passed it on. */
export type ConnectionPeer = { address: string | null; forwarded: boolean };

/** Rewrites X-Forwarded-For to the one address the rate limits should count. */
export function setClientAddress(req: Pick<IncomingMessage, 'headers'> & PeerRequest, { trustProxy = false }: { trustProxy?: boolean } = {}): void {
  const peer = req.socket?.remoteAddress ?? '';
  let address = peer;
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    address = hops.at(-1) ?? peer;
  }
  req.headers['x-forwarded-for'] = address;
  delete req.headers['x-real-ip'];
}

/** Headers only a trusted proxy may set: without TRUST_PROXY they are the client's own words. */
const FORWARDED = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

/**
 * Drops the host, scheme and port a request claims it was forwarded for, unless a trusted proxy in
 * front sets them. Next and next-intl build absolute URLs from them (the hreflang `Link` header, the
 * page's origin), and the page cache shares one copy of a page among everyone with the same Host.
 */
export function dropForwardedHeaders(req: Pick<IncomingMessage, 'headers'>, { trustProxy = false }: { trustProxy?: boolean } = {}): void {
  if (trustProxy) return;
  for (const name of FORWARDED) delete req.headers[name];
}

// The TCP peer of the request being handled, for what must trust nothing a request says about itself
// (the demo's outbox mailbox answers only the machine itself): the server runs each request inside
// runWithPeer, before any header is rewritten, and the app reads connectionPeer(). The storage lives
// on globalThis so that Next's copy of this module sees the server bundle's. Outside the production
// server (next dev, tests) there is no peer, and whoever asks must refuse.
const PEER = Symbol.for('tribuna.connectionPeer');
/** Headers by which a request says a proxy passed it on. */
const PROXY_HEADERS = ['via', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-server', 'x-real-ip'];

function peerStorage(): AsyncLocalStorage<ConnectionPeer> {
  const shared = globalThis as unknown as Record<symbol, AsyncLocalStorage<ConnectionPeer> | undefined>;
  return (shared[PEER] ??= new AsyncLocalStorage<ConnectionPeer>());
}

/**
 * Runs `handle` knowing the request's TCP peer, and whether the request says it was forwarded: a
 * reverse proxy on this machine connects from loopback for every visitor, so a request that carries
 * forwarding headers never counts as coming from the machine itself (headers can only close, never open).
 */
export function runWithPeer<T>(req: PeerRequest, handle: () => T): T {
  const h = req.headers ?? {};
  // Any header a proxy adds, `Via` among them: some proxies (Apache's ProxyVia, Squid) add only that one.
  const forwarded = PROXY_HEADERS.some((name) => h[name] !== undefined);
  return peerStorage().run({ address: req.socket?.remoteAddress ?? null, forwarded }, handle);
}

/** The TCP peer of the request being handled, or null when the request did not come through the production server. */
export function connectionPeer(): ConnectionPeer | null {
  return peerStorage().getStore() ?? null;
}

/** 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
export function isLoopback(address: string | null | undefined): boolean {
  return typeof address === 'string' && (address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address));
}
