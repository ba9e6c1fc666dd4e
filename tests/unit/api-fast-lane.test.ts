// The fast lane of scripts/serve.mjs (scripts/api-fast-lane.mjs) against a stand-in build: which
// requests it takes, and that it hands the route handler what Next would (method, URL, headers, body,
// decoded params) and writes back what the handler answered plus the security headers of next.config.ts,
// both in the server's own thread (PGlite) and in lane threads (PostgreSQL).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFastLane, defaultLaneThreads, matchFastRoute } from '@/scripts/api-fast-lane.mjs';
import { guardRequest } from '@/scripts/request-guard.mjs';

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

  it('runs in its own threads on PostgreSQL, in the server’s thread on the embedded PGlite', () => {
    expect(defaultLaneThreads({})).toBe(0);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna' })).toBeGreaterThanOrEqual(1);
    // one per core but the main thread's, and at least one
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna' }, 2)).toBe(1);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna' }, 8)).toBe(7);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna' }, 1)).toBe(1);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna', FAST_LANE_THREADS: '3' })).toBe(3);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna', FAST_LANE_THREADS: '0' })).toBe(0);
  });
});

// What a compiled app route exports: routeModule.userland holds the handlers once loaded. This one
// echoes what it was given, reading the body through each reader a handler may use.
const STAND_IN_ROUTE = `
async function echo(request, context) {
  // lets a test kill a lane thread (only ever sent where the lane runs in threads)
  if (request.headers.get('x-test-exit-thread')) process.exit(1);
  const body = await request.text();
  const sameJson = body ? JSON.stringify(await request.json()) === JSON.stringify(JSON.parse(body)) : true;
  const sameBytes = Buffer.from(await request.arrayBuffer()).toString('utf8') === body;
  const headers = new Headers({ 'content-type': 'application/json' });
  headers.append('set-cookie', 'a=1; Path=/');
  headers.append('set-cookie', 'b=2; Path=/');
  const seen = { method: request.method, url: request.url, auth: request.headers.get('authorization'), body, sameJson, sameBytes, params: await context.params, note: 'Miesto je obsadené', pool: process.env.DATABASE_POOL_SIZE ?? null };
  return new Response(JSON.stringify(seen), { status: 409, headers });
}
let userland;
module.exports.routeModule = {
  async ensureUserland() { userland = { POST: echo, DELETE: echo }; },
  get userland() { return userland; },
};`;

/** A build folder with the three lane routes as STAND_IN_ROUTE and one security header rule. */
function standInBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'lane-'));
  writeFileSync(
    path.join(dist, 'routes-manifest.json'),
    JSON.stringify({ headers: [{ source: '/:path*', regex: '^(?:/(.*))(?:/)?$', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }, { key: 'X-Frame-Options', value: 'DENY' }] }] }),
  );
  for (const route of ['api/v1/scan', 'api/v1/events/[id]/cart/items', 'api/v1/events/[id]/cart/items/[itemId]']) {
    mkdirSync(path.join(dist, 'server/app', route), { recursive: true });
    writeFileSync(path.join(dist, 'server/app', route, 'route.js'), STAND_IN_ROUTE);
  }
  return dist;
}

/** An HTTP server in front of the lane as scripts/serve.mjs puts it: the guard first, Next (here a 204) for the rest, 500 when the lane fails. */
async function serveWith(lane: ReturnType<typeof createFastLane>): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    if (guardRequest(req, res)) return;
    const answered = lane(req, res);
    if (!answered) {
      res.writeHead(204, { 'x-answered-by': 'next' });
      res.end();
      return;
    }
    answered.catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.each([0, 1])('the fast lane against a build, %i lane threads', (threads) => {
  let dist: string;
  let server: Server;
  let base: string;
  let lane: ReturnType<typeof createFastLane>;

  beforeAll(async () => {
    dist = standInBuild();
    lane = createFastLane({ distDir: dist, threads });
    ({ server, base } = await serveWith(lane));
  });

  afterAll(async () => {
    server.close();
    await lane.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('runs the route handler with the request as sent and writes back its answer with the security headers', async () => {
    const response = await fetch(`${base}/api/v1/events/derby/cart/items?from=map`, {
      method: 'POST',
      headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
      body: JSON.stringify({ seatIds: ['s1'] }),
    });
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      method: 'POST',
      url: `${base}/api/v1/events/derby/cart/items?from=map`,
      auth: 'Bearer t0ken',
      body: '{"seatIds":["s1"]}',
      sameJson: true,
      sameBytes: true,
      params: { id: 'derby' },
      note: 'Miesto je obsadené',
      // a lane thread opens a small database pool of its own unless told otherwise
      pool: threads ? process.env.DATABASE_POOL_SIZE || '4' : (process.env.DATABASE_POOL_SIZE ?? null),
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
  });

  it('answers many requests at once, each with its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${base}/api/v1/events/e${i}/cart/items/item-${i}`, { method: 'DELETE' }).then((r) => r.json())),
    );
    expect(answers.map((a) => a.params)).toEqual(Array.from({ length: 40 }, (_, i) => ({ id: `e${i}`, itemId: `item-${i}` })));
    expect(answers.every((a) => a.body === '' && a.method === 'DELETE')).toBe(true);
  });

  it('stops reading a body without a length once it passes 64 KB: a translated 413, and the connection is closed', async () => {
    const { port } = new URL(base);
    const { answer, written } = await new Promise<{ answer: string; written: number }>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      let written = 0;
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      const pump = () => {
        while (!socket.destroyed && written < 256 * 1024 * 1024) {
          written += chunk.length;
          if (!socket.write(frame)) return void socket.once('drain', pump);
        }
      };
      socket.on('data', (data) => (answer += data.toString('utf8')));
      socket.on('error', () => {});
      socket.on('close', () => resolve({ answer, written }));
      socket.write('POST /api/v1/scan HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', pump);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"BODY_TOO_LARGE"');
    expect(answer).toContain('The request is too large.');
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('leaves every other request to Next', async () => {
    const response = await fetch(`${base}/api/v1/events/derby/cart`, { method: 'POST' });
    expect(response.headers.get('x-answered-by')).toBe('next');
  });

  it('refuses to start when a lane route is missing from the build', () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'lane-broken-'));
    try {
      writeFileSync(path.join(broken, 'routes-manifest.json'), JSON.stringify({ headers: [] }));
      expect(() => createFastLane({ distDir: broken, threads })).toThrow(/api\/v1\/scan is not in the build/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('lane threads', () => {
  it('fail the requests of a thread that dies, and the lane keeps answering', async () => {
    const dist = standInBuild();
    const lane = createFastLane({ distDir: dist, threads: 1 });
    const { server, base } = await serveWith(lane);
    try {
      const died = await fetch(`${base}/api/v1/scan`, { method: 'POST', headers: { 'x-test-exit-thread': '1' }, body: '{}' });
      expect(died.status).toBe(500);
      const next = await fetch(`${base}/api/v1/scan`, { method: 'POST', body: '{"payload":"x"}' });
      expect(next.status).toBe(409);
      expect((await next.json()).body).toBe('{"payload":"x"}');
    } finally {
      server.close();
      await lane.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
