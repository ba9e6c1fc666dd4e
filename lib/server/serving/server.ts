// The production server: the hot API's fast lane (./fast-lane.ts) and Next's request handler behind the
// public-page cache (./page-cache.ts), after the request guard (./request-guard.ts). The entry of the
// serving bundle (scripts/build-api.mjs → .tribuna/serve.mjs), which scripts/serve.mjs starts with plain
// `node`: `npm start` runs it after building and seeding; `npm run serve` runs it on an existing build.
// PORT (default 3000); HOSTNAME: the address to listen on (default every interface); PAGE_CACHE_MS: how
// long a public page's shared copy lives (default 2000, 0 = off); TRUST_PROXY=1 when a reverse proxy in
// front sets X-Forwarded-For and X-Forwarded-Host/-Proto (./client-address.ts). Demo or deployment:
// lib/server/mode.ts.
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { onEventChanged } from '@/lib/server/events/change-listeners';
import { modeAtStart, modeBanner } from '@/lib/server/mode';
import { skipCompressionOfApiWrites } from './api-compression';
import { dropForwardedHeaders, runWithPeer, setClientAddress } from './client-address';
import { createFastLane, defaultLaneThreads } from './fast-lane';
import { listen, selfAddress } from './listen';
import { createPageCache, SHELL_HEADER, type FanPart, type ShellAnswer } from './page-cache';
import { guardRequest } from './request-guard';

// scripts/start.mjs asks the mode before it builds anything, from this bundle.
export { modeAtStart };

/** Where scripts/build-api.mjs wrote the hot API's bundle and the lane thread's script. */
export type ServerFiles = { apiBundle: string; laneThread: string };

/** Starts the production server; resolves once it listens, with the origin it printed. */
export async function startServer({ apiBundle, laneThread }: ServerFiles): Promise<string> {
  // (NODE_ENV is read-only in Next's types; this process is the production server.)
  Object.assign(process.env, { NODE_ENV: 'production' });
  // Before anything loads: production without a key stops here, and the demo's keys exist for every thread.
  modeAtStart();
  // The secret by which this process asks its own Next for a page's signed-in shell (./page-cache.ts); the
  // app reads it from the environment (lib/server/auth/shared-shell.ts). New at every start, never sent out.
  const shellToken = randomBytes(24).toString('base64url');
  process.env.TRIBUNA_SHELL_TOKEN = shellToken;
  const port = Number(process.env.PORT || 3000);
  // hostname 'localhost', not 127.0.0.1: with an IP here Next 16 takes next-intl's translated-path
  // rewrites for external URLs (README, "Decisions worth knowing").
  // Loaded here, not at the top: scripts/start.mjs imports this bundle for modeAtStart alone.
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const trustProxy = process.env.TRUST_PROXY === '1';
  // Holding, releasing and scanning skip Next: the hot API's bundle answers them, in their own threads on
  // PostgreSQL (./fast-lane.ts); FAST_LANE=0 hands them to Next, FAST_LANE_THREADS sets the threads.
  const lane = process.env.FAST_LANE === '0' ? null : await createFastLane({ bundle: apiBundle, laneThread, threads: defaultLaneThreads() });
  // A signed-in fan's user and tickets for the page they load come from the hot API too (without the lane, in this thread).
  const hotApi = lane ?? (await createFastLane({ bundle: apiBundle, threads: 0 }));

  /** A fan's own parts of a page, as JSON texts, or null when their session is not live (./page-cache.ts). */
  async function fanDataOf(req: IncomingMessage, parts: FanPart[]): Promise<Partial<Record<FanPart, string>> | null> {
    const headers = { cookie: req.headers.cookie, 'accept-language': req.headers['accept-language'], 'user-agent': req.headers['user-agent'] };
    const ask = (url: string) => hotApi.call({ url, host: req.headers.host, headers });
    const renderedAt = Date.now();
    const [me, tickets] = await Promise.all([ask('/api/v1/auth/me'), parts.includes('tickets') ? ask('/api/v1/tickets') : null]);
    if (me.status !== 200 || (tickets && tickets.status !== 200)) return null;
    const data: Partial<Record<FanPart, string>> = { me: me.body.toString('utf8') };
    if (tickets) data.tickets = `{"renderedAt":${renderedAt},"tickets":${tickets.body.toString('utf8')}}`;
    return data;
  }

  /** Asks this server's Next for a page's signed-in shell: the page as any signed-in fan sees it, no cookie of anyone's. */
  function renderShell(req: IncomingMessage): Promise<ShellAnswer> {
    return new Promise((resolve, reject) => {
      // Nothing of the fan's: the page's language is in its path, and the shell is kept by path alone.
      const headers: OutgoingHttpHeaders = { host: req.headers.host ?? `localhost:${port}`, 'accept-encoding': 'identity', [SHELL_HEADER]: shellToken };
      for (const name of ['x-forwarded-host', 'x-forwarded-proto']) if (req.headers[name]) headers[name] = req.headers[name];
      const ask = httpRequest({ host: selfAddress(server), port, path: req.url, method: 'GET', headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on('error', reject);
      });
      ask.on('error', reject);
      ask.end();
    });
  }

  const ttl = process.env.PAGE_CACHE_MS;
  const serve = createPageCache({ ttlMs: ttl === undefined || ttl === '' ? 2000 : Number(ttl), fans: { dataOf: fanDataOf, renderShell } });
  // An event changed, in this process or another (the app LISTENs, lib/server/events/changed.ts): no page
  // shows it as it was. Time-bound besides (PAGE_CACHE_MS; docs/decisions/in-process-caches.md).
  onEventChanged(() => serve.clear());

  const server = createServer((req, res) => {
    // Oversize bodies, hosts that are no host names, malformed paths: refused here (./request-guard.ts).
    if (guardRequest(req, res)) return;
    // The TCP peer is known to the app before any header is rewritten (the demo's mailbox asks for it).
    runWithPeer(req, () => {
      // The rate limits key on the client's address (lib/server/rate-limit.ts); see ./client-address.ts.
      setClientAddress(req, { trustProxy });
      dropForwardedHeaders(req, { trustProxy });
      skipCompressionOfApiWrites(req);
      // This server's own request for a signed-in shell goes straight to Next; anyone else's marker is dropped.
      const ownShellRequest = req.headers[SHELL_HEADER] === shellToken && req.socket.remoteAddress === req.socket.localAddress;
      if (!ownShellRequest) delete req.headers[SHELL_HEADER];
      (ownShellRequest ? Promise.resolve(handle(req, res)) : (lane?.(req, res) ?? serve(req, res, handle))).catch((error: unknown) => {
        console.error('request failed', req.method, req.url?.split('?')[0], error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  const origin = await listen(server, { port, hostname: process.env.HOSTNAME || undefined });
  console.log(modeBanner());
  console.log(`Tribuna on ${origin}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.close();
      process.exit(0);
    });
  }
  return origin;
}
