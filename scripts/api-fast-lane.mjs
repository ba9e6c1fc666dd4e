// The fast lane for the API's hottest writes (used by scripts/serve.mjs): holding a seat, letting it
// go, and a gate scan. In an on-sale rush and at the gates these are most of the traffic, and Next's
// own request pipeline (routing, rewrites, header rules, the async contexts of an app route) cost more
// CPU than the work itself: about 1.2 ms a request on the 2-core machine, against well under a
// millisecond for the route's own code (bench:scan, bench:onsale).
//
// The lane runs the SAME compiled route handlers Next runs (app/api/v1/…/route.ts, from the build),
// with a standard Request, and writes their Response back with the same security headers Next would
// add (read from the build's routes manifest). Validation, authorisation and every rule stay in the
// route and lib/server; only Next's dispatch is skipped. The handlers share Next's module instances
// (the build's runtime keeps one module cache per process), so the database pool and the in-process
// caches are the same ones.
//
// On PostgreSQL the lane runs in its own worker threads (FAST_LANE_THREADS, default one per core but
// one), so a rush of holds or scans does not queue behind the main thread's HTTP and pages. A thread
// has its own module instances and database pool; the in-process reads a lane touches, availability
// and the event of a cart call, hear of changes from the other threads (lib/server/thread-channel.ts:
// availabilityChanged, eventChanged). With the embedded PGlite, which lives in one thread, the lane
// runs in the main thread.
//
// A route can be in the lane only if its handler reads nothing but the Request (no next/headers,
// no next/cache, no after()) and touches no per-process state but the database and availability:
// tests/unit/api-fast-lane.test.ts and e2e/shell.spec.ts check what the lane answers.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { bodyLimitOf, refuseBodyTooLarge } from './request-guard.mjs';

const require = createRequire(import.meta.url);

/** Database connections of each lane thread unless DATABASE_POOL_SIZE says otherwise. */
export const LANE_POOL_SIZE = 4;

/** Method, path pattern (params in order) and the app route that answers it. */
export const FAST_ROUTES = [
  { method: 'POST', pattern: /^\/api\/v1\/scan$/, route: 'api/v1/scan', params: [] },
  { method: 'POST', pattern: /^\/api\/v1\/events\/([^/]+)\/cart\/items$/, route: 'api/v1/events/[id]/cart/items', params: ['id'] },
  {
    method: 'DELETE',
    pattern: /^\/api\/v1\/events\/([^/]+)\/cart\/items\/([^/]+)$/,
    route: 'api/v1/events/[id]/cart/items/[itemId]',
    params: ['id', 'itemId'],
  },
];

/** The fast-lane route a request is for, with its decoded params, or null (Next answers it). */
export function matchFastRoute(method, url) {
  const pathname = (url ?? '/').split('?')[0];
  for (const entry of FAST_ROUTES) {
    if (entry.method !== method) continue;
    const found = entry.pattern.exec(pathname);
    if (!found) continue;
    const params = {};
    try {
      entry.params.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1])));
    } catch {
      return null; // malformed escapes: let Next answer as it always has
    }
    return { entry, params };
  }
  return null;
}

/** The headers next.config.ts `headers()` puts on a path, as the build compiled them. */
function headerRules(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  const rules = (manifest.headers ?? []).map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers, hasConditions: Boolean(rule.has || rule.missing) }));
  if (rules.some((rule) => rule.hasConditions)) throw new Error('api-fast-lane: header rules with has/missing conditions are not supported');
  return rules;
}

const routeFile = (distDir, route) => path.resolve(distDir, 'server/app', route, 'route.js');

/**
 * The Request a lane handler gets. Its body is already in memory, so text(), json() and arrayBuffer()
 * answer from it, without the web stream a Request's body is otherwise wrapped in and read back from
 * (a tenth of a scan's server time). Lane handlers read their body through those three only.
 */
class LaneRequest extends Request {
  #bytes;

  constructor(url, init, bytes) {
    super(url, init);
    this.#bytes = bytes;
  }

  async text() {
    return this.#bytes.toString('utf8');
  }

  async json() {
    return JSON.parse(this.#bytes.toString('utf8'));
  }

  async arrayBuffer() {
    return this.#bytes.buffer.slice(this.#bytes.byteOffset, this.#bytes.byteOffset + this.#bytes.byteLength);
  }
}

/**
 * Runs lane requests through the build's route handlers, in whichever thread calls it.
 * A request is { method, url, host, rawHeaders, body (bytes), route, params }; the answer is
 * { status, headers: [name, value][], cookies: string[], body: Buffer }.
 */
export function createLaneRunner(distDir) {
  const handlers = new Map();
  async function handlerFor(route, method) {
    let loaded = handlers.get(route);
    if (!loaded) {
      const { routeModule } = require(routeFile(distDir, route));
      await routeModule.ensureUserland();
      loaded = routeModule.userland;
      handlers.set(route, loaded);
    }
    const handler = loaded[method];
    if (typeof handler !== 'function') throw new Error(`api-fast-lane: ${route} has no ${method}`);
    return handler;
  }
  return async function run({ method, url, host, rawHeaders, body, route, params }) {
    const handler = await handlerFor(route, method);
    const headers = new Headers();
    for (let i = 0; i < rawHeaders.length; i += 2) headers.append(rawHeaders[i], rawHeaders[i + 1]);
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const response = await handler(new LaneRequest(`http://${host ?? 'localhost'}${url}`, { method, headers }, bytes), { params: Promise.resolve(params) });
    const out = [];
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') out.push([key, value]);
    });
    return {
      status: response.status,
      headers: out,
      cookies: response.headers.getSetCookie(),
      body: response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0),
    };
  };
}

/**
 * Lane threads (scripts/api-fast-lane-worker.mjs), each request to the live one with the fewest under
 * way. A thread that dies fails what it was doing (serve.mjs answers 500) and is started again a second
 * later; while no thread is alive, the lane runs in this thread.
 */
function createThreadPool(distDir, size) {
  const pending = new Map();
  let nextId = 0;
  let stopped = false;
  let local = null;
  const threads = [];
  function start(slot) {
    const worker = new Worker(new URL('./api-fast-lane-worker.mjs', import.meta.url), { workerData: { distDir } });
    const thread = { worker, busy: 0, alive: true };
    worker.on('message', ({ id, answer, error }) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      thread.busy--;
      if (error) waiting.reject(new Error(error));
      else waiting.resolve(answer);
    });
    worker.on('error', (error) => console.error('fast lane thread failed', error));
    worker.on('exit', () => {
      thread.alive = false;
      for (const [id, waiting] of pending) {
        if (waiting.thread === thread) {
          pending.delete(id);
          waiting.reject(new Error('fast lane thread exited'));
        }
      }
      if (!stopped) setTimeout(() => !stopped && (threads[slot] = start(slot)), 1000).unref();
    });
    worker.unref();
    return thread;
  }
  for (let i = 0; i < size; i++) threads.push(start(i));
  return {
    run(request) {
      const live = threads.filter((t) => t.alive);
      if (!live.length) return (local ??= createLaneRunner(distDir))(request);
      const thread = live.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = nextId++;
      thread.busy++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, thread });
        thread.worker.postMessage({ id, request });
      });
    },
    stop() {
      stopped = true;
      return Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}

/**
 * The body's bytes, or null once more than `limit` arrived (the rest is left unread: the answer closes
 * the connection). A declared Content-Length over the limit never gets here (request-guard.mjs).
 */
function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= limit) return chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Lane threads by default: on PostgreSQL one per core but one, which the main thread keeps for HTTP
 * and pages (and the database, on the same machine); none on PGlite. Measured on the 2-core machine
 * (README, Decisions): one lane thread gave 1,540 scans/s and 500 holds/s, two gave 1,200 and 460:
 * every handoff between threads costs more CPU than the second thread won.
 */
export function defaultLaneThreads(env = process.env, cores = availableParallelism()) {
  if (!env.DATABASE_URL) return 0;
  if (env.FAST_LANE_THREADS !== undefined && env.FAST_LANE_THREADS !== '') return Math.max(0, Number(env.FAST_LANE_THREADS) || 0);
  return Math.max(1, cores - 1);
}

/**
 * Returns `lane(req, res)`: null when the request is not for the lane (the caller hands it to Next),
 * else a promise that settles once the lane has answered it; `lane.stop()` ends its threads.
 * `distDir` is the build's folder; `threads` 0 runs the handlers in this thread.
 */
export function createFastLane({ distDir, threads = 0 }) {
  const rules = headerRules(distDir);
  // Fail at start, not on the first fan's request, when a lane route is not in the build (renamed, moved).
  for (const entry of FAST_ROUTES) {
    if (!existsSync(routeFile(distDir, entry.route))) throw new Error(`api-fast-lane: ${entry.route} is not in the build (${routeFile(distDir, entry.route)})`);
  }
  const pool = threads > 0 ? createThreadPool(distDir, threads) : null;
  const run = pool ? (request) => pool.run(request) : createLaneRunner(distDir);

  async function answer(req, res, match) {
    const body = await readBody(req, bodyLimitOf(req));
    if (!body) return refuseBodyTooLarge(req, res);
    const result = await run({
      method: req.method,
      url: req.url,
      host: req.headers.host,
      rawHeaders: req.rawHeaders,
      body,
      route: match.entry.route,
      params: match.params,
    });
    const out = {};
    const pathname = req.url.split('?')[0];
    for (const rule of rules) if (rule.regex.test(pathname)) for (const { key, value } of rule.headers) out[key] = value;
    for (const [key, value] of result.headers) out[key] = value;
    if (result.cookies.length) out['set-cookie'] = result.cookies;
    const payload = Buffer.isBuffer(result.body) ? result.body : Buffer.from(result.body.buffer, result.body.byteOffset, result.body.byteLength);
    out['content-length'] = String(payload.length);
    res.writeHead(result.status, out);
    res.end(payload);
  }

  function lane(req, res) {
    const match = matchFastRoute(req.method, req.url);
    return match ? answer(req, res, match) : null;
  }
  lane.stop = () => pool?.stop();
  return lane;
}
