import 'server-only';
// Where Tribuna's server may send a push message (issue 29 item 1). A subscription's endpoint is a URL
// the fan's browser hands us, so without a rule the server would POST to any address a fan names: our
// own database port, the cloud's metadata service, a router on the private network. Three checks:
// - on subscribing and again before sending: https, a host of a push service browsers use (the list
//   below), never an IP literal;
// - at connect time: the name must resolve only to public addresses, every one of them, IPv4 and IPv6
//   (IPv4-mapped IPv6 included). The check runs inside the socket's own lookup, so the address checked
//   is the address connected to: a name that answers public once and private the next time (DNS
//   rebinding) gains nothing;
// - redirects are never followed (sender.ts): a push service answers 201, not 3xx.
// See docs/decisions/push-endpoint-allow-list.md.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isDemoMode } from '@/lib/server/mode';

/**
 * The push services of the browsers Tribuna's fans use: Chrome, Edge's Chromium, Opera, Brave and
 * Samsung Internet (FCM), Firefox (autopush), Edge on Windows (WNS), Safari on macOS and iOS (APNs).
 * `*.` matches any subdomain, not the bare name.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com'] as const;

function onAllowList(hostname: string): boolean {
  return PUSH_SERVICE_HOSTS.some((pattern) => (pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1 : hostname === pattern));
}


/**
 * Jest's and the e2e journey's stand-in push service listens on 127.0.0.1 (there is no real push service
 * on a test machine), and only that exact address is let through, no other name or address. It takes
 * PUSH_TEST_SERVICE=1, and counts only in a demo installation running under Jest (NODE_ENV=test) or as
 * the e2e server (TRIBUNA_E2E=1): a deployment (SESSION_SECRET) can never turn it on.
 */
export function testPushServiceAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PUSH_TEST_SERVICE === '1' && (env.NODE_ENV === 'test' || env.TRIBUNA_E2E === '1') && isDemoMode(env);
}

export type PushEndpointVerdict = { ok: true; url: URL } | { ok: false; code: 'PUSH_ENDPOINT_INVALID' | 'PUSH_SERVICE_NOT_ALLOWED' };

/** Whether an endpoint may be subscribed and sent to: the one rule, for the API and the sender alike. */
export function checkPushEndpoint(endpoint: string): PushEndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, code: 'PUSH_ENDPOINT_INVALID' };
  }
  if (url.username || url.password) return { ok: false, code: 'PUSH_ENDPOINT_INVALID' };
  if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname === '127.0.0.1' && testPushServiceAllowed()) {
    return { ok: true, url };
  }
  if (url.protocol !== 'https:') return { ok: false, code: 'PUSH_ENDPOINT_INVALID' };
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return { ok: false, code: 'PUSH_SERVICE_NOT_ALLOWED' };
  return onAllowList(url.hostname) ? { ok: true, url } : { ok: false, code: 'PUSH_SERVICE_NOT_ALLOWED' };
}

// Addresses no push service has: this host, the private networks, link-local (169.254.169.254, the
// cloud metadata service), carrier-grade NAT, multicast, reserved and documentation ranges.
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(?:0:)?(\d{1,3}(?:\.\d{1,3}){3})$/i;
const MAPPED_IPV4_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The IPv4 address inside an IPv4-mapped (or -translated) IPv6 address, which connects to that IPv4 host. */
function embeddedIpv4(address: string): string | null {
  const dotted = MAPPED_IPV4.exec(address);
  if (dotted) return dotted[1];
  const hex = MAPPED_IPV4_HEX.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is outside the public internet (anything that is not an IP address counts as such). */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return notPublic.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4) return notPublic.check(v4, 'ipv4');
  // IPv4-compatible addresses (::a.b.c.d, deprecated) reach that IPv4 host on some stacks.
  if (/^::\d{1,3}(?:\.\d{1,3}){3}$/.test(bare)) return true;
  return notPublic.check(bare, 'ipv6');
}

/** dns.lookup's shape with every address asked for: what the guard resolves with (a fake in tests). */
export type Resolver = (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

export class PushAddressRefused extends Error {
  readonly code = 'PUSH_ADDRESS_REFUSED';
}

/**
 * A socket lookup that resolves every address of the name and refuses the connection when any of them
 * is not public (a name with one private address among public ones is refused: which one a connection
 * gets is not ours to choose).
 */
export function publicOnlyLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (!addresses.length || addresses.some((entry) => isNonPublicAddress(entry.address))) {
        return callback(new PushAddressRefused(`push service ${hostname} resolves to an address that is not public`), '', 0);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
