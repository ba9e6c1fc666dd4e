// While the database cannot be reached, the API answers 503 with Retry-After and a translated message,
// never 500 (issue 13, item 9): a client tries again later; nothing is wrong with its request. So does
// every other route handler under app/ — the native app's payment return, the sitemaps, the demo's
// mailbox —, found on disk like the bad-input suite finds them, so a new route is checked the day it lands.
import { unsubscribeToken } from '@/lib/server/notifications/token';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { GET as events } from '@/tests/helpers/api';
import { GET as availability } from '@/tests/helpers/api';
import { POST as signin } from '@/tests/helpers/api';
import { GET as tickets } from '@/tests/helpers/api';
import { closeDatabase, openDatabase, useDatabase } from '@/lib/server/db/client';
import { isDatabaseUnavailable } from '@/lib/server/db/unavailable';
import { signedGatewayNotice } from '@/lib/server/payments/test-gateway';
import { runWithPeer } from '@/lib/server/serving/client-address';
import messages from '@/messages/cs.json';
import { params } from '../helpers/tickets';
import { allRoutes, handlersOf, METHODS, type Handler } from '../helpers/routes';

// connection() only marks a route as rendered per request; outside Next there is no request to mark.
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

// Nothing listens on port 1: every connection is refused. A fresh pool for each test: postgres.js waits
// longer before each new attempt of a connection that keeps failing (up to 20 s), which would only slow
// the test down.
beforeEach(() => {
  useDatabase(openDatabase({ url: 'postgres://tribuna@127.0.0.1:1/tribuna', poolSize: 1 }));
});

afterEach(() => closeDatabase());

const headers = { 'accept-language': 'cs', 'content-type': 'application/json', authorization: 'Bearer x'.padEnd(50, 'x') };

it.each([
  ['the events list', () => events(new Request('http://localhost/api/v1/events', { headers }), params({}))],
  ['availability', () => availability(new Request('http://localhost/api/v1/events/derby/availability', { headers }), params({ id: 'derby' }))],
  ['sign-in', () => signin(new Request('http://localhost/api/v1/auth/signin', { method: 'POST', headers, body: '{"email":"a@b.cz","password":"12345678"}' }), params({}))],
  ['a signed-in read', () => tickets(new Request('http://localhost/api/v1/tickets', { headers }), params({}))],
])('%s answers 503 with Retry-After', async (_name, call) => {
  const response = await call();
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({ code: 'UNAVAILABLE', message: messages.errors.unavailable });
});

/**
 * A server that speaks just enough PostgreSQL to refuse: every connection's startup gets a FATAL error
 * with `code` and is closed, as a server that is shutting down, starting, out of connections or whose
 * database does not accept connections answers.
 */
async function refusingServer(code: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.concat([
        ...[['S', 'FATAL'], ['V', 'FATAL'], ['C', code], ['M', `refused (${code})`]].map(([k, v]) => Buffer.from(`${k}${v}\0`)),
        Buffer.from([0]),
      ]);
      const head = Buffer.alloc(5);
      head.write('E', 0);
      head.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([head, fields]));
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `postgres://tribuna@127.0.0.1:${port}/tribuna`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('every way a database refuses connections answers 503 at once, again and again on one pool', () => {
  const read = () => events(new Request('http://localhost/api/v1/events', { headers }), params({}));

  async function expectQuick503s() {
    for (let i = 0; i < 8; i++) {
      const started = Date.now();
      const response = await read();
      expect([i, response.status]).toEqual([i, 503]);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      // Not after postgres.js's growing wait between attempts (up to 20 s): at once.
      expect([i, Date.now() - started < 1_500]).toEqual([i, true]);
    }
  }

  it.each(['55000', '57P01', '57P03', '53300'])('SQLSTATE %s', async (code) => {
    const server = await refusingServer(code);
    await closeDatabase();
    useDatabase(openDatabase({ url: server.url, poolSize: 2 }));
    try {
      await expectQuick503s();
    } finally {
      await closeDatabase();
      await server.close();
    }
  });

  it('nothing listening (ECONNREFUSED)', async () => {
    await expectQuick503s();
  });

  it('a 55000 that is no refusal of the connection stays a bug (500)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('lastval is not yet defined in this session'), { code: '55000', severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000', severity: 'FATAL' }))).toBe(true);
  });
});

/** Every operation of the API app and every route file, with its URL template. */
const routes = allRoutes();

/** Routes that read nothing from the database: they answer as ever. */
// /media reads organisers' uploads from disk, never the database.
const WITHOUT_DATABASE = new Set(['/api/[...path]', '/api/v1/openapi.json', '/builds/latest.json', '/sitemap.xml', '/media/[...path]', '/offline.html']);

/** A path parameter that reaches the route's work (ids that could exist, a known provider). */
function param(template: string, name: string): string {
  if (name === 'locale') return 'cs';
  if (name === 'provider') return 'test';
  if (name === 'path') return 'nothing-here';
  if (template.startsWith('/api/v1/events/') && name === 'id') return 'dunaj-bratislava-fc-kosice';
  return randomUUID();
}

/** A body each write would act on, so that its handler gets as far as the database. */
function bodyFor(key: string): unknown {
  const password = 'password-123';
  const bodies: Record<string, unknown> = {
    'POST /api/v1/auth/signin': { email: 'fan@tribuna.sk', password },
    'POST /api/v1/auth/signup': { firstName: 'Eva', lastName: 'Nová', sex: 'female', dateOfBirth: '1990-01-01', email: 'eva@example.com', password, confirmPassword: password },
    'PATCH /api/v1/auth/me': { firstName: 'Eva', lastName: 'Nová', email: 'eva@example.com', dateOfBirth: '1990-01-01' },
    'POST /api/v1/auth/password-reset': { email: 'eva@example.com' },
    'POST /api/v1/auth/password-reset/confirm': { token: 'x'.repeat(43), email: 'eva@example.com', password, confirmPassword: password },
    'POST /api/v1/auth/verify-email': { token: 'x'.repeat(43), password },
    'POST /api/v1/events/[id]/cart/items': { seatIds: [randomUUID()] },
    'POST /api/v1/events/[id]/cart/coupon': { code: 'DUNAJ10' },
    'POST /api/v1/events/[id]/checkout': { acceptTerms: true },
    'POST /api/v1/tickets/redeem': { code: 'VOUCHER-DUNAJ-1' },
    'POST /api/v1/tickets/[id]/gift': { email: 'friend@example.com' },
    'POST /api/v1/tickets/[id]/listing': { price: 1000 },
    'POST /api/v1/scan': { payload: 'TRB2.x', eventId: randomUUID(), gate: 'A' },
    'POST /api/v1/scan/sync': { eventId: randomUUID(), checkIns: [] },
    // the test gateway's signed notice, as its pay page posts it
    'POST /api/v1/payments/[provider]/webhook': signedGatewayNotice(randomUUID(), 'succeeded'),
    // a well-signed link's token: only the database can say what it turns off
    'POST /api/v1/notifications/unsubscribe': { token: unsubscribeToken(randomUUID(), 'announcement') },
  };
  return bodies[key] ?? {};
}

/** What Next answers for a handler that throws: a notFound()/redirect() by its digest, anything else 500. */
async function answer(handler: Handler, request: Request, values: Record<string, string | string[]>): Promise<{ status: number; headers: Headers; text: string }> {
  try {
    const response = await handler(request, { params: Promise.resolve(values) });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const digest = String((error as { digest?: unknown })?.digest ?? '');
    const status = /^NEXT_HTTP_ERROR_FALLBACK;(\d{3})$/.exec(digest)?.[1];
    if (status) return { status: Number(status), headers: new Headers(), text: '' };
    if (digest.startsWith('NEXT_REDIRECT')) return { status: 307, headers: new Headers(), text: '' };
    return { status: 500, headers: new Headers(), text: `threw ${error instanceof Error ? error.message : String(error)}` };
  }
}

it('finds the route handlers on disk, the ones outside the API among them', () => {
  expect(routes.map((r) => r.template)).toEqual(expect.arrayContaining(['/[locale]/ios-payment-redirect', '/[locale]/sitemap.xml', '/dev/mailbox', '/api/v1/payments/[provider]/webhook']));
});

describe.each(routes)('$template', (route) => {
  const { template } = route;
  it(WITHOUT_DATABASE.has(template) ? 'answers as ever without the database' : 'answers 503 with Retry-After and a translated message, never 500', async () => {
    const mod = (await handlersOf(route)) as Record<string, Handler>;
    const methods = METHODS.filter((m) => typeof mod[m] === 'function');
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) {
      // A catch-all segment ([...path]) is an array of segments, as Next gives it.
      const values = Object.fromEntries([...template.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((m) => [m[2], m[1] ? [param(template, m[2])] : param(template, m[2])]));
      const pathname = template.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_m, name: string) => String(values[name]));
      const query = template.endsWith('ios-payment-redirect') ? `?orderId=${randomUUID()}` : '';
      const body = method === 'GET' ? undefined : JSON.stringify(bodyFor(`${method} ${template}`));
      const request = new Request(`http://localhost${pathname}${query}`, { method, headers, body });
      // The demo's mailbox answers only the machine itself: the request comes from loopback.
      const response = await runWithPeer({ headers: {}, socket: { remoteAddress: '127.0.0.1' } }, () => answer(mod[method], request, values));
      const what = `${method} ${template}: ${response.status} ${response.text.slice(0, 200)}`;
      if (WITHOUT_DATABASE.has(template)) {
        expect([what, response.status < 500]).toEqual([what, true]);
        continue;
      }
      expect([what, response.status]).toEqual([what, 503]);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.headers.get('cache-control')).toContain('no-store');
      // translated: the API's JSON error, or the sentence itself for a browser or a crawler
      expect(response.text).toContain(messages.errors.unavailable);
    }
  });
});
