// Which answers Next may gzip (./server.ts). Next compresses every answer over 1 kB with a fresh zlib
// stream each time. For the API's answers to state changes (holding a seat, removing it, a coupon,
// checkout: POST, PUT, PATCH, DELETE) that cost about a third of the server's time per hold in an
// on-sale rush (bench:onsale, 56 → 88 holds/s without it), to save a kilobyte or two on an answer a
// phone waits for anyway. Pages, scripts and the API's reads (availability, event lists) stay
// compressed: they are large, and pages are served from the shared copy (./page-cache.ts).
import type { IncomingMessage } from 'node:http';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Removes Accept-Encoding from API write requests so Next answers them uncompressed. */
export function skipCompressionOfApiWrites(req: IncomingMessage): void {
  if (WRITES.has(req.method ?? '') && (req.url ?? '').startsWith('/api/')) delete req.headers['accept-encoding'];
}
