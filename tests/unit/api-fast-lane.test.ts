// The production server's fast lane (lib/server/serving/fast-lane.ts) with the real hot API: the bundle that
// scripts/build-api.mjs makes from lib/server/serving/api-bundle.ts, in the server's own thread on a database shared with
// the app's modules (PGlite), and in a lane thread. Nothing of Next's build is involved: the lane loads
// the bundle only, and a request it does not take goes on to what the server would give it to.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import * as s from '@/lib/server/db/schema';
import { hashToken, newSessionToken } from '@/lib/server/auth/session-token';
import { createFastLane, defaultLaneThreads, loadHotApi } from '@/lib/server/serving/fast-lane';
import { buildApi } from '@/scripts/build-api.mjs';
import { guardRequest } from '@/lib/server/serving/request-guard';
import nextConfig from '@/next.config';
import { POST as holdRoute } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();

let folder: string;
let bundle: string;
let laneThread: string;
let token: string;

beforeAll(async () => {
  // Beside the app, where the bundle finds the database drivers it leaves outside (node_modules).
  mkdirSync('.tribuna', { recursive: true });
  folder = mkdtempSync(path.join('.tribuna', 'jest-'));
  ({ api: bundle, laneThread } = await buildApi({ dir: folder }));
  // A lane thread opens its own database: never the developer's .data folder.
  process.env.PGLITE_DIR = 'memory://';
  const [user] = await t.db.insert(s.users).values({ email: 'lane@example.com', firstName: 'Lane', lastName: 'Fan', locale: 'en' }).returning({ id: s.users.id });
  token = newSessionToken();
  await t.db.insert(s.sessions).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An HTTP server in front of the lane as the production server (lib/server/serving/server.ts) puts it: the guard first, Next (here a 204) for the rest, 500 when the lane fails. */
async function serveWith(lane: Awaited<ReturnType<typeof createFastLane>>): Promise<{ server: Server; base: string }> {
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

describe('the hot API bundle', () => {
  it('takes hold, release, scan and a fan’s own user and tickets, and nothing else', async () => {
    const api = await loadHotApi(bundle);
    expect(api.isHotApiCall('GET', '/api/v1/auth/me')).toBe(true);
    expect(api.isHotApiCall('GET', '/api/v1/tickets')).toBe(true);
    expect(api.isHotApiCall('PATCH', '/api/v1/auth/me')).toBe(false);
    expect(api.isHotApiCall('GET', '/api/v1/tickets/abc')).toBe(false);
    expect(api.isHotApiCall('POST', '/api/v1/scan')).toBe(true);
    expect(api.isHotApiCall('POST', '/api/v1/events/derby-2026/cart/items')).toBe(true);
    expect(api.isHotApiCall('DELETE', '/api/v1/events/derby%202026/cart/items/abc')).toBe(true);
    expect(api.isHotApiCall('GET', '/api/v1/scan')).toBe(false);
    expect(api.isHotApiCall('POST', '/api/v1/events/derby/cart/coupon')).toBe(false);
    expect(api.isHotApiCall('POST', '/api/v1/scan/sync')).toBe(false);
    expect(api.isHotApiCall('DELETE', '/api/v1/events/derby/cart/items')).toBe(false);
    expect(api.isHotApiCall('POST', '/sk/podujatia')).toBe(false);
  });

  it('puts on its answers the same security headers next.config.ts gives Next’s', async () => {
    const api = await loadHotApi(bundle);
    const rules = await (nextConfig as { headers: () => Promise<{ source: string; headers: { key: string; value: string }[] }[]> }).headers();
    expect(rules).toHaveLength(1);
    expect(rules[0].source).toBe('/:path*');
    expect(Object.fromEntries(rules[0].headers.map((h) => [h.key, h.value]))).toEqual(api.answerHeaders());
  });

  it('runs lane threads on PostgreSQL, the server’s own thread on the embedded PGlite', () => {
    expect(defaultLaneThreads({})).toBe(0);
    // one per core but the main thread's, and at least one
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna' }, 2)).toBe(1);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna' }, 8)).toBe(7);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna' }, 1)).toBe(1);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna', FAST_LANE_THREADS: '3' })).toBe(3);
    expect(defaultLaneThreads({ DATABASE_URL: 'postgres://db/tribuna', FAST_LANE_THREADS: '0' })).toBe(0);
  });

  it('refuses to start without its bundle, saying how to build it', async () => {
    await expect(createFastLane({ bundle: path.join(folder, 'none.mjs') })).rejects.toThrow(/npm run build/);
  });
});

describe.each([0, 1])('the production server’s fast lane, %i lane threads', (threads) => {
  let server: Server;
  let base: string;
  let lane: Awaited<ReturnType<typeof createFastLane>>;

  beforeAll(async () => {
    lane = await createFastLane({ bundle, laneThread, threads });
    ({ server, base } = await serveWith(lane));
  });

  afterAll(async () => {
    server.close();
    await lane.stop();
  });

  it('answers a hold as the route does, translated, with the security headers and its length', async () => {
    const init = { method: 'POST', headers: { 'accept-language': 'cs', 'content-type': 'application/json' }, body: JSON.stringify({ seatIds: ['s1'] }) };
    const response = await fetch(`${base}/api/v1/events/derby/cart/items?from=map`, init);
    const text = await response.text();
    expect(response.status).toBe(401);
    const viaNext = await holdRoute(new Request('http://localhost/api/v1/events/derby/cart/items', init), { params: Promise.resolve({ id: 'derby' }) });
    expect(JSON.parse(text)).toEqual(await viaNext.json());
    expect(JSON.parse(text)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Vaše přihlášení vypršelo. Přihlaste se prosím znovu.' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
  });

  it('refuses a write a browser sends from another site before anything else', async () => {
    const response = await fetch(`${base}/api/v1/scan`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', 'content-type': 'application/json', 'accept-language': 'en' },
      body: '{"payload":"x"}',
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('CROSS_SITE');
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
    for (const [method, url] of [
      ['POST', '/api/v1/events/derby/cart'],
      ['GET', '/api/v1/scan'],
      ['POST', '/api/v1/scan/sync'],
      ['POST', '/sk/podujatia'],
    ]) {
      const response = await fetch(`${base}${url}`, { method });
      expect([url, response.headers.get('x-answered-by')]).toEqual([url, 'next']);
    }
  });
});

describe('the fast lane in the server’s thread, on the app’s database', () => {
  let server: Server;
  let base: string;
  let lane: Awaited<ReturnType<typeof createFastLane>>;

  beforeAll(async () => {
    lane = await createFastLane({ bundle, threads: 0 });
    ({ server, base } = await serveWith(lane));
  });

  afterAll(async () => {
    server.close();
    await lane.stop();
  });

  it('reaches the domain with the caller’s session, each of many requests at once with its own answer', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' };
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/api/v1/events/no-such-event-${i}/cart/items`, { method: 'POST', headers, body: JSON.stringify({ ticketTypeId: '00000000-0000-4000-8000-000000000000', quantity: 1 }) }),
      ),
      ...Array.from({ length: 20 }, (_, i) => fetch(`${base}/api/v1/events/derby/cart/items/not-an-item-${i}`, { method: 'DELETE', headers })),
    ]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(404));
    expect(bodies.slice(0, 20).map((b) => b.code)).toEqual(Array(20).fill('EVENT_NOT_FOUND'));
    expect(bodies.slice(20).map((b) => b.code)).toEqual(Array(20).fill('ITEM_NOT_FOUND'));
  });

  it('answers a fan’s own user and tickets, and 401 without a live session', async () => {
    const me = await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect(await me.json()).toMatchObject({ email: 'lane@example.com', firstName: 'Lane', emailVerified: false });
    const tickets = await fetch(`${base}/api/v1/tickets`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(tickets.status).toBe(200);
    expect(await tickets.json()).toMatchObject({ tickets: [] });
    expect((await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: 'Bearer not-a-session' } })).status).toBe(401);
  });

  it('is asked from inside the server without a socket (the page cache asks a fan’s user so)', async () => {
    const answer = await lane.call({ url: '/api/v1/auth/me', host: 'localhost', headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8')).firstName).toBe('Lane');
    expect((await lane.call({ url: '/api/v1/auth/me', headers: {} })).status).toBe(401);
  });

  it('scans for a signed-in fan who is no gate scanner: refused as such, not as a stranger', async () => {
    const response = await fetch(`${base}/api/v1/scan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ payload: 'TRB2.not-a-code' }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('NOT_A_SCANNER');
  });
});
