// The fast lane of scripts/serve.mjs (scripts/api-fast-lane.mjs) against a stand-in build: which
// requests it takes, and that it hands the route handler what Next would (method, URL, headers, body,
// decoded params) and writes back what the handler answered plus the security headers of next.config.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFastLane, matchFastRoute } from '@/scripts/api-fast-lane.mjs';

describe('which requests take the fast lane', () => {
  it('takes hold, release and scan, and nothing else', () => {
    expect(matchFastRoute('POST', '/api/v1/scan')?.entry.route).toBe('api/v1/scan');
    expect(matchFastRoute('POST', '/api/v1/events/derby-2026/cart/items?x=1')).toMatchObject({ params: { id: 'derby-2026' } });
    expect(matchFastRoute('DELETE', '/api/v1/events/derby%202026/cart/items/abc')).toMatchObject({ params: { id: 'derby 2026', itemId: 'abc' } });
    expect(matchFastRoute('GET', '/api/v1/scan')).toBeNull();
    expect(matchFastRoute('POST', '/api/v1/events/derby/cart/coupon')).toBeNull();
    expect(matchFastRoute('POST', '/api/v1/scan/sync')).toBeNull();
    expect(matchFastRoute('POST', '/sk/podujatia')).toBeNull();
    // a malformed escape is left to Next, which has always answered it
    expect(matchFastRoute('DELETE', '/api/v1/events/%E0%A4%A/cart/items/x')).toBeNull();
  });
});

describe('the fast lane against a build', () => {
  let dist: string;
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; auth: string | null; body: string; params: unknown }[] = [];

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'lane-'));
    writeFileSync(
      path.join(dist, 'routes-manifest.json'),
      JSON.stringify({ headers: [{ source: '/:path*', regex: '^(?:/(.*))(?:/)?$', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }, { key: 'X-Frame-Options', value: 'DENY' }] }] }),
    );
    // What a compiled app route exports: routeModule.userland holds the handlers once loaded.
    for (const route of ['api/v1/scan', 'api/v1/events/[id]/cart/items', 'api/v1/events/[id]/cart/items/[itemId]']) {
      mkdirSync(path.join(dist, 'server/app', route), { recursive: true });
      writeFileSync(
        path.join(dist, 'server/app', route, 'route.js'),
        `let userland;
         module.exports.routeModule = {
           async ensureUserland() { userland = { POST: globalThis.__laneHandler, DELETE: globalThis.__laneHandler }; },
           get userland() { return userland; },
         };`,
      );
    }
    (globalThis as Record<string, unknown>).__laneHandler = async (request: Request, context: { params: Promise<unknown> }) => {
      const body = await request.text();
      // the body reads the same through every reader a handler may use
      expect(await request.json()).toEqual(JSON.parse(body));
      expect(Buffer.from(await request.arrayBuffer()).toString('utf8')).toBe(body);
      seen.push({ method: request.method, url: request.url, auth: request.headers.get('authorization'), body, params: await context.params });
      const headers = new Headers({ 'content-type': 'application/json' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response(JSON.stringify({ held: true, note: 'Miesto je obsadené' }), { status: 409, headers });
    };
    const lane = createFastLane({ distDir: dist });
    server = createServer((req, res) => {
      const answered = lane(req, res);
      if (!answered) {
        res.writeHead(204, { 'x-answered-by': 'next' });
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('runs the route handler with the request as sent and writes back its answer with the security headers', async () => {
    const response = await fetch(`${base}/api/v1/events/derby/cart/items?from=map`, {
      method: 'POST',
      headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
      body: JSON.stringify({ seatIds: ['s1'] }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ held: true, note: 'Miesto je obsadené' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify({ held: true, note: 'Miesto je obsadené' })));
    expect(seen.at(-1)).toEqual({ method: 'POST', url: `${base}/api/v1/events/derby/cart/items?from=map`, auth: 'Bearer t0ken', body: '{"seatIds":["s1"]}', params: { id: 'derby' } });
  });

  it('leaves every other request to Next', async () => {
    const response = await fetch(`${base}/api/v1/events/derby/cart`, { method: 'POST' });
    expect(response.headers.get('x-answered-by')).toBe('next');
  });

  it('refuses to start when a lane route is missing from the build', () => {
    rmSync(path.join(dist, 'server/app/api/v1/scan/route.js'));
    expect(() => createFastLane({ distDir: dist })).toThrow(/api\/v1\/scan is not in the build/);
  });
});
