// The production server: the hot API (scripts/api-fast-lane.mjs) and Next's request handler behind the
// public-page cache (scripts/page-cache.mjs).
// `npm start` runs it after building and seeding; `npm run serve` runs it on an existing build.
// PORT (default 3000); PAGE_CACHE_MS: how long a public page's shared copy lives (default 2000, 0 = off);
// TRUST_PROXY=1 when a reverse proxy in front sets X-Forwarded-For and X-Forwarded-Host/-Proto
// (scripts/client-address.mjs). Demo or deployment: scripts/mode.mjs.
import { createServer } from 'node:http';
import next from 'next';
import { skipCompressionOfApiWrites } from './api-compression.mjs';
import { createFastLane, defaultLaneThreads } from './api-fast-lane.mjs';
import { dropForwardedHeaders, runWithPeer, setClientAddress } from './client-address.mjs';
import { modeAtStart, modeBanner } from './mode.mjs';
import { onEventChanged } from './event-changes.mjs';
import { createPageCache } from './page-cache.mjs';
import { guardRequest } from './request-guard.mjs';

process.env.NODE_ENV = 'production';
// Before anything loads: production without a key stops here, and the demo's keys exist for every thread.
modeAtStart();
const port = Number(process.env.PORT || 3000);
// hostname 'localhost', not 127.0.0.1: with an IP here Next 16 takes next-intl's translated-path
// rewrites for external URLs (README, "Decisions worth knowing").
const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const trustProxy = process.env.TRUST_PROXY === '1';
const ttl = process.env.PAGE_CACHE_MS;
const serve = createPageCache({ ttlMs: ttl === undefined || ttl === '' ? 2000 : Number(ttl) });
// An event changed, in this process or another (the app LISTENs, lib/server/events/changed.ts): no page shows it as it was.
onEventChanged(() => serve.clear());
// Holding, releasing and scanning skip Next: the hot API's bundle answers them, in their own threads on
// PostgreSQL (scripts/api-fast-lane.mjs); FAST_LANE=0 hands them to Next, FAST_LANE_THREADS sets the threads.
const lane = process.env.FAST_LANE === '0' ? null : await createFastLane({ threads: defaultLaneThreads() });

const server = createServer((req, res) => {
  // Oversize bodies, hosts that are no host names, malformed paths: refused here (scripts/request-guard.mjs).
  if (guardRequest(req, res)) return;
  // The TCP peer is known to the app before any header is rewritten (the demo's mailbox asks for it).
  runWithPeer(req, () => {
    // The rate limits key on the client's address (lib/server/rate-limit.ts); see client-address.mjs.
    setClientAddress(req, { trustProxy });
    dropForwardedHeaders(req, { trustProxy });
    skipCompressionOfApiWrites(req);
    (lane?.(req, res) ?? serve(req, res, handle)).catch((error) => {
      console.error('request failed', req.method, req.url?.split('?')[0], error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
});
server.listen(port, () => {
  console.log(modeBanner());
  console.log(`Tribuna on http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
