// The production server: the hot API's fast lane (./fast-lane.ts) and Next's request handler behind the
// public-page cache (./page-cache.ts), after the request guard (./request-guard.ts). The entry of the
// serving bundle (scripts/build-api.mjs → .tribuna/serve.mjs), which scripts/serve.mjs starts with plain
// `node`: `npm start` runs it after building and seeding; `npm run serve` runs it on an existing build.
// PORT (default 3000); HOSTNAME: the address to listen on (default every interface); PAGE_CACHE_MS: how
// long a public page's shared copy lives (default 2000, 0 = off); TRUST_PROXY=1 when a reverse proxy in
// front sets X-Forwarded-For and X-Forwarded-Host/-Proto (./client-address.ts) and X-Request-Id. Demo or
// deployment: lib/server/mode.ts.
// Operating it (README, "Operating"): /health/live and /health/ready (lib/server/ops/health.ts); /metrics
// on METRICS_PORT (METRICS_HOST, default 127.0.0.1) and, with METRICS_TOKEN, on the public port for that
// bearer token only; one JSON log line per request with its X-Request-Id (lib/server/ops/log.ts,
// LOG_LEVEL); on SIGTERM or SIGINT a drain (SHUTDOWN_DELAY_MS, SHUTDOWN_GRACE_MS): see shutdown below.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { closeDatabase } from '@/lib/server/db/client';
import { onEventChanged } from '@/lib/server/events/change-listeners';
import { modeAtStart, modeBanner } from '@/lib/server/mode';
import { payoutWaitHours, PayoutWaitError } from '@/lib/server/payouts/state';
import { readiness } from '@/lib/server/ops/health';
import { stopJobLoop } from '@/lib/server/ops/job-loop';
import { flushLog, log } from '@/lib/server/ops/log';
import { metrics } from '@/lib/server/ops/metrics';
import { createRouteOf } from '@/lib/server/ops/routes';
import { createScrape } from '@/lib/server/ops/scrape';
import { skipCompressionOfApiWrites } from './api-compression';
import { dropForwardedHeaders, runWithPeer, setClientAddress } from './client-address';
import { createFastLane, defaultLaneThreads, LANE_POOL_SIZE, loadHotApi } from './fast-lane';
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
  // A payouts' wait the operator mistyped stops here too, not at the first payout list (lib/server/payouts/state.ts).
  try {
    payoutWaitHours();
  } catch (error) {
    if (!(error instanceof PayoutWaitError)) throw error;
    console.error(`Tribuna will not start: ${error.message}`);
    process.exit(1);
  }
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
  function renderShell(req: IncomingMessage): Promise<ShellAnswer | null> {
    // Draining: the port takes no new connection, and Next renders the page for the fan itself.
    if (draining) return Promise.resolve(null);
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

  // Operating (README, "Operating"): the route a request is counted and logged under, the scrape.
  const routeOf = createRouteOf((await loadHotApi(apiBundle)).apiRouteOf);
  const laneThreads = lane ? defaultLaneThreads() : 0;
  const poolSize = (fallback: number) => Number(process.env.DATABASE_POOL_SIZE) || fallback;
  const scrape = createScrape({
    laneMetrics: () => lane?.threadMetrics() ?? Promise.resolve([]),
    inFlight: () => open.size,
    draining: () => draining,
    poolMax: poolSize(10) + laneThreads * poolSize(LANE_POOL_SIZE),
  });
  const metricsToken = process.env.METRICS_TOKEN || '';
  const counted = metrics();
  const logger = log();
  /** Answers being written now (a drain waits for them and tells them to close their connection). */
  const open = new Set<ServerResponse>();
  let draining = false;

  /** Answers the operating endpoints; false when the request is not one of them. */
  function answerOps(req: IncomingMessage, res: ServerResponse, pathname: string, { publicPort }: { publicPort: boolean }): boolean {
    if (pathname !== '/health/live' && pathname !== '/health/ready' && pathname !== '/metrics') return false;
    const json = (status: number, body: unknown, headers: OutgoingHttpHeaders = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      json(405, { status: 'method-not-allowed' }, { allow: 'GET, HEAD' });
      return true;
    }
    if (pathname === '/health/live') {
      json(200, { status: 'live' });
      return true;
    }
    if (pathname === '/health/ready') {
      readiness(draining).then(
        (ready) => (ready.ready ? json(200, { status: 'ready', migration: ready.migration }) : json(503, { status: 'not-ready', reason: ready.reason, migration: ready.migration })),
        () => json(503, { status: 'not-ready', reason: 'database-unreachable' }),
      );
      return true;
    }
    // /metrics: for the token's bearer; without a token only on METRICS_PORT, and nowhere on the public port.
    if (metricsToken ? !bearerIs(req.headers.authorization, metricsToken) : publicPort) {
      if (metricsToken) json(401, { status: 'unauthorized' }, { 'www-authenticate': 'Bearer realm="metrics"' });
      else json(404, { status: 'not-found' });
      return true;
    }
    scrape().then(
      ({ contentType, text }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics scrape failed');
        json(500, { status: 'error' });
      },
    );
    return true;
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    // Probes and scrapes: answered before anything else, also while draining; counted nowhere, logged at debug.
    if (answerOps(req, res, pathname, { publicPort: true })) {
      if (logger.isLevelEnabled('debug')) res.once('close', () => logger.debug({ method: req.method, path: pathname, status: res.statusCode }, 'probe'));
      return;
    }
    // The request's id: a trusted proxy's (TRUST_PROXY=1) when it is a sane one, else a new one; the app
    // sees it as X-Request-Id (its error logs carry it) and so does the client.
    const requestId = requestIdOf(req, trustProxy);
    res.setHeader('x-request-id', requestId);
    open.add(res);
    if (draining) res.shouldKeepAlive = false;
    // This server's own request for a signed-in shell goes straight to Next; anyone else's marker is dropped.
    const ownShellRequest = req.headers[SHELL_HEADER] === shellToken && req.socket.remoteAddress === req.socket.localAddress;
    res.once('close', () => {
      open.delete(res);
      const seconds = (performance.now() - started) / 1000;
      // 499: the client went away before its answer was out (as nginx says it).
      const status = res.writableFinished ? res.statusCode : 499;
      const route = routeOf(req.method ?? 'GET', pathname);
      if (ownShellRequest) {
        logger.debug({ requestId, method: req.method, route, status, ms: Math.round(seconds * 1000) }, 'shell render');
      } else {
        counted.requests.observe({ method: req.method ?? 'GET', route, status: String(status) }, seconds);
        logger.info({ requestId, method: req.method, route, path: pathname.slice(0, 200), status, ms: Math.round(seconds * 1000) }, 'request');
      }
    });
    // Oversize bodies, hosts that are no host names, malformed paths: refused here (./request-guard.ts).
    if (guardRequest(req, res)) return;
    // The TCP peer is known to the app before any header is rewritten (the demo's mailbox asks for it).
    runWithPeer(req, () => {
      // The rate limits key on the client's address (lib/server/rate-limit.ts); see ./client-address.ts.
      setClientAddress(req, { trustProxy });
      dropForwardedHeaders(req, { trustProxy });
      skipCompressionOfApiWrites(req);
      if (!ownShellRequest) delete req.headers[SHELL_HEADER];
      (ownShellRequest ? Promise.resolve(handle(req, res)) : (lane?.(req, res) ?? serve(req, res, handle))).catch((error: unknown) => {
        logger.error({ err: error, requestId, method: req.method, route: routeOf(req.method ?? 'GET', pathname) }, 'request failed');
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  const origin = await listen(server, { port, hostname: process.env.HOSTNAME || undefined });
  logger.info({ mode: process.env.SESSION_SECRET ? 'deployment' : 'demo' }, modeBanner());
  logger.info({ origin }, `Tribuna on ${origin}`);

  // METRICS_PORT: probes and the scrape on their own port, on loopback unless METRICS_HOST says otherwise.
  let opsServer: Server | null = null;
  if (process.env.METRICS_PORT) {
    opsServer = createServer((req, res) => {
      const url = req.url ?? '/';
      if (!answerOps(req, res, url.split('?')[0], { publicPort: false })) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"status":"not-found"}');
      }
    });
    const at = await listen(opsServer, { port: Number(process.env.METRICS_PORT), hostname: process.env.METRICS_HOST || '127.0.0.1' });
    logger.info({ origin: at }, `metrics and health on ${at}`);
  }
  // Next runs instrumentation.ts (migrations, the job loop, LISTEN) at its first request, not at prepare():
  // one request of our own now, so that readiness turns true without waiting for a visitor (a load
  // balancer sends none before it does). Readiness says when it has.
  const self = selfAddress(server);
  void warmUp(`http://${self.includes(':') ? `[${self}]` : self}:${port}/builds/latest.json`);

  /**
   * The drain, on SIGTERM or SIGINT: readiness answers 503 at once and every answer from now on closes its
   * connection; after SHUTDOWN_DELAY_MS (default 0: for load balancers that poll readiness, give them
   * their interval) the port stops accepting and idle keep-alive connections close; requests in flight
   * finish, for at most SHUTDOWN_GRACE_MS (default 25 s; then their connections are cut); the job loop
   * stops after the job it is running; the lane threads close their pools and end; the database closes;
   * exit 0. METRICS_PORT keeps answering (readiness 503) until the end. A second signal (not the same one
   * again within 2 s, as Ctrl-C under `npm start` sends it) exits at once (1).
   * docs/decisions/graceful-shutdown.md
   */
  let firstSignal = '';
  let drainingSince = 0;
  async function shutdown(signal: string): Promise<void> {
    if (draining) {
      // The same signal twice at once is one (Ctrl-C reaches `npm start` and this process, and it passes it on).
      if (signal === firstSignal && Date.now() - drainingSince < 2000) return;
      logger.warn({ signal }, 'second signal: exiting now');
      await flushLog();
      process.exit(1);
    }
    draining = true;
    firstSignal = signal;
    drainingSince = Date.now();
    const graceMs = msFrom(process.env.SHUTDOWN_GRACE_MS, 25_000);
    const delayMs = msFrom(process.env.SHUTDOWN_DELAY_MS, 0);
    logger.info({ signal, inFlight: open.size, graceMs, delayMs }, 'draining: readiness answers 503; requests in flight finish');
    for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    if (delayMs) await sleep(delayMs);
    const deadline = Date.now() + graceMs;
    const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    server.closeIdleConnections();
    logger.info({ inFlight: open.size }, 'no longer accepting connections');
    const finished = await Promise.race([closed, sleep(graceMs).then(() => false)]);
    if (!finished) {
      logger.warn({ inFlight: open.size }, 'grace period over: closing the connections still open');
      server.closeAllConnections();
    }
    // The job running finishes (its own transaction); no other starts. Bounded too: at least 5 s more.
    await Promise.race([stopJobLoop(), sleep(Math.max(5_000, deadline - Date.now()))]);
    await lane?.stop();
    await closeDatabase().catch((error: unknown) => logger.warn({ err: error }, 'closing the database failed'));
    logger.info({ signal }, 'stopped');
    opsServer?.closeAllConnections();
    opsServer?.close();
    await flushLog();
    process.exit(0);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
  return origin;
}

/** Asks this server for one page (its answer does not matter). */
async function warmUp(url: string): Promise<void> {
  try {
    await (await fetch(url, { headers: { 'user-agent': 'tribuna-warm-up' } })).arrayBuffer();
  } catch (error) {
    log().warn({ err: error }, 'warm-up request failed');
  }
}

/** A trusted proxy's request id when it is a plain token of at most 128 characters. */
const REQUEST_ID = /^[\w.:@+=-]{1,128}$/;

/** The request's id, on the request as X-Request-Id (for Next and the lane, which read rawHeaders) and nothing else. */
function requestIdOf(req: IncomingMessage, trustProxy: boolean): string {
  const given = req.headers['x-request-id'];
  const id = trustProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  if (given !== undefined) {
    const raw = req.rawHeaders;
    for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === 'x-request-id') raw.splice(i, 2);
  }
  req.headers['x-request-id'] = id;
  req.rawHeaders.push('X-Request-Id', id);
  return id;
}

/** Whether an Authorization header carries this bearer token (compared in constant time). */
function bearerIs(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function msFrom(value: string | undefined, fallback: number): number {
  const ms = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(ms) && ms >= 0 ? ms : fallback;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
