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
// A route can be in the lane only if its handler reads nothing but the Request (no next/headers,
// no next/cache, no after()): tests/e2e check that each lane route answers as Next answers it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

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
  return (manifest.headers ?? []).map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers, hasConditions: Boolean(rule.has || rule.missing) }));
}

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

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Returns `lane(req, res)`: null when the request is not for the lane (the caller hands it to Next),
 * else a promise that settles once the lane has answered it. `distDir` is the build's folder.
 */
export function createFastLane({ distDir }) {
  const rules = headerRules(distDir);
  if (rules.some((rule) => rule.hasConditions)) throw new Error('api-fast-lane: header rules with has/missing conditions are not supported');
  const handlers = new Map();
  const routeFile = (entry) => path.resolve(distDir, 'server/app', entry.route, 'route.js');
  // Fail at start, not on the first fan's request, when a lane route is not in the build (renamed, moved).
  for (const entry of FAST_ROUTES) {
    if (!existsSync(routeFile(entry))) throw new Error(`api-fast-lane: ${entry.route} is not in the build (${routeFile(entry)})`);
  }

  async function handlerFor(entry, method) {
    let loaded = handlers.get(entry.route);
    if (!loaded) {
      const { routeModule } = require(routeFile(entry));
      await routeModule.ensureUserland();
      loaded = routeModule.userland;
      handlers.set(entry.route, loaded);
    }
    const handler = loaded[method];
    if (typeof handler !== 'function') throw new Error(`api-fast-lane: ${entry.route} has no ${method}`);
    return handler;
  }

  return function lane(req, res) {
    const match = matchFastRoute(req.method, req.url);
    return match ? answer(req, res, match) : null;
  };

  async function answer(req, res, match) {
    const handler = await handlerFor(match.entry, req.method);

    const headers = new Headers();
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
    const body = await readBody(req);
    const request = new LaneRequest(`http://${req.headers.host ?? 'localhost'}${req.url}`, { method: req.method, headers }, body);
    const response = await handler(request, { params: Promise.resolve(match.params) });

    const out = {};
    const pathname = req.url.split('?')[0];
    for (const rule of rules) if (rule.regex.test(pathname)) for (const { key, value } of rule.headers) out[key] = value;
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') out[key] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    const payload = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
    out['content-length'] = String(payload.length);
    res.writeHead(response.status, out);
    res.end(payload);
  }
}
