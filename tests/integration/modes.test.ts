import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { createSession } from '@/lib/server/auth/sessions';
import { sessionSecret } from '@/lib/server/auth/session-secret';
import { sealSessionToken, tokenFromSealedCookie } from '@/lib/server/auth/session-cookie';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice } from '@/lib/server/payments/test-gateway';
import { GET as mailbox } from '@/app/dev/mailbox/route';
import { POST as checkoutRoute } from '@/tests/helpers/api';
import { POST as webhookRoute } from '@/tests/helpers/api';
import { runWithPeer, setClientAddress } from '@/lib/server/serving/client-address';
import { installationSecrets } from '@/lib/server/mode';
import sk from '@/messages/sk.json';
import { useTestDatabase } from '../helpers/db';

// Route handlers called outside Next have no request scope for connection() to wait on.
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

const t = useTestDatabase({ seeded: true });

// The fixed key the code used to fall back to, written in the repository.
const REPO_KEY = 'tribuna-development-only-session-secret-0123456789';
const SECRET = 'a-deployment-secret-of-more-than-32-chars';
const STADIUM = 'dunaj-bratislava-fc-kosice';
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

const MODE_VARIABLES = ['SESSION_SECRET', 'TRIBUNA_MODE', 'PAYMENTS_TEST_GATEWAY', 'TRUST_PROXY', 'STRIPE_SECRET_KEY'] as const;
const saved = Object.fromEntries(MODE_VARIABLES.map((name) => [name, process.env[name]]));
function setMode(vars: Partial<Record<(typeof MODE_VARIABLES)[number], string>>) {
  for (const name of MODE_VARIABLES) delete process.env[name];
  Object.assign(process.env, vars);
}
afterEach(() => setMode(Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)) as Record<string, string>));


let n = 0;
async function newFan() {
  const [user] = await t.db
    .insert(s.users)
    .values({ email: `modes-${n++}-${Date.now()}@example.com`, firstName: 'Eva', lastName: 'Kupcová', locale: 'sk' })
    .returning({ id: s.users.id, email: s.users.email });
  return { id: user.id, email: user.email! };
}

let seatOffset = 0;
async function holdSeat(fan: { id: string; email: string }) {
  const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
  const [unit] = await t.db
    .select({ seatId: s.inventoryUnits.seatId })
    .from(s.inventoryUnits)
    .where(and(eq(s.inventoryUnits.eventId, e.id), eq(s.inventoryUnits.status, 'available')))
    .orderBy(s.inventoryUnits.id)
    .limit(1)
    .offset(200 + seatOffset++ * 3);
  const held = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [unit.seatId!] }, locale: 'sk' });
  if (!held.ok) throw new Error(held.code);
}

/** GET /dev/mailbox as it reaches the app through scripts/serve.mjs from `peer` with `headers`. */
async function openMailbox(peer: string | null, headers: Record<string, string> = {}) {
  const req = { headers: { ...headers } as Record<string, string>, socket: { remoteAddress: peer ?? undefined } };
  const run = () => {
    setClientAddress(req, { trustProxy: process.env.TRUST_PROXY === '1' });
    return mailbox(new Request('http://localhost/dev/mailbox?lang=en', { headers: req.headers }));
  };
  const response = peer === null ? await run() : await runWithPeer(req, run);
  return { status: response.status, text: await response.text() };
}

describe('the outbox mailbox', () => {
  it('does not exist in a deployment, not even for the machine itself', async () => {
    setMode({ SESSION_SECRET: SECRET });
    expect((await openMailbox('127.0.0.1')).status).toBe(404);
    setMode({ TRIBUNA_MODE: 'production', SESSION_SECRET: SECRET, TRUST_PROXY: '1' });
    expect((await openMailbox('::1')).status).toBe(404);
  });

  it('in the demo answers the machine itself only', async () => {
    setMode({});
    const local = await openMailbox('127.0.0.1');
    expect(local.status).toBe(200);
    expect(local.text).toContain('<h1>Development mailbox</h1>');
    expect((await openMailbox('::ffff:127.0.0.1')).status).toBe(200);
    const remote = await openMailbox('203.0.113.5');
    expect(remote.status).toBe(403);
    expect(remote.text).not.toContain('mailbox</h1>');
    expect((await openMailbox('192.168.1.20')).status).toBe(403);
  });

  it('in the demo believes no header: X-Forwarded-For 127.0.0.1 opens nothing, with TRUST_PROXY or without', async () => {
    setMode({});
    expect((await openMailbox('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    expect((await openMailbox('203.0.113.5', { 'x-real-ip': '127.0.0.1' })).status).toBe(403);
    setMode({ TRUST_PROXY: '1' });
    expect((await openMailbox('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    // a proxy on this machine connects from loopback for everyone it forwards
    expect((await openMailbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(403);
    expect((await openMailbox('127.0.0.1')).status).toBe(403);
    setMode({});
    expect((await openMailbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(403);
  });

  // Issue 29 item 9: a proxy on this machine that adds only `Via` (RFC 9110 §7.6.3; Apache's ProxyVia, Squid)
  // made every visitor a loopback caller.
  it('in the demo takes a request through a proxy that says so in any header for forwarded: Via alone closes it', async () => {
    setMode({});
    for (const headers of <Record<string, string>[]>[{ via: '1.1 proxy.example' }, { via: 'HTTP/1.1 localhost' }, { 'x-forwarded-proto': 'https' }, { 'x-forwarded-port': '443' }, { 'x-forwarded-server': 'proxy' }]) {
      expect([headers, (await openMailbox('127.0.0.1', headers)).status]).toEqual([headers, 403]);
    }
    expect((await openMailbox('127.0.0.1')).status).toBe(200);
  });

  it('refuses a request whose peer is unknown (not served by scripts/serve.mjs)', async () => {
    setMode({});
    expect((await openMailbox(null, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
  });
});

describe('keys', () => {
  it('the demo seals sessions with its installation key, never with a key from the repository', async () => {
    setMode({});
    expect(sessionSecret()).toBe(installationSecrets().session);
    expect(sessionSecret()).not.toBe(REPO_KEY);
    expect(await tokenFromSealedCookie(await sealSessionToken('own-session-token', 60))).toBe('own-session-token');
    const { sealData } = await import('iron-session');
    const sealedWithRepoKey = await sealData({ token: 'stolen-session-token' }, { password: REPO_KEY, ttl: 60 });
    expect(await tokenFromSealedCookie(sealedWithRepoKey)).toBeNull();
  });

  it('a deployment uses SESSION_SECRET and refuses to run without it', () => {
    setMode({ SESSION_SECRET: SECRET });
    expect(sessionSecret()).toBe(SECRET);
    setMode({ TRIBUNA_MODE: 'production' });
    expect(() => sessionSecret()).toThrow(/SESSION_SECRET/);
  });

  it('a test-gateway notice signed with the key from the repository pays nothing', async () => {
    setMode({});
    const fan = await newFan();
    await holdSeat(fan);
    const started = await checkout({ user: fan, eventRef: STADIUM, locale: 'sk', urls });
    if (!started.ok || started.paid) throw new Error(started.ok ? 'paid at checkout' : started.code);
    const eventId = `test_${started.paymentId}_succeeded`;
    const signature = createHmac('sha256', `test-gateway:${REPO_KEY}`).update(`${eventId}.${started.paymentId}.succeeded`).digest('base64url');
    const body = JSON.stringify({ eventId, paymentId: started.paymentId, outcome: 'succeeded', signature });
    const response = await webhookRoute(new Request('http://localhost/api/v1/payments/test/webhook', { method: 'POST', body }), { params: Promise.resolve({ provider: 'test' }) });
    expect(response.status).toBe(400);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, started.orderId));
    expect(order.status).toBe('pending');
    expect(await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, started.orderId))).toHaveLength(0);
    // the gateway's own page signs with the installation's notice key, not with the session key
    const own = signedGatewayNotice(started.paymentId, 'declined');
    expect(own.signature).toBe(createHmac('sha256', installationSecrets().paymentNotice).update(`${own.eventId}.${started.paymentId}.declined`).digest('base64url'));
  });
});

describe('the test gateway in a deployment', () => {
  async function checkoutOverApi(fan: { id: string; email: string }) {
    const { token } = await createSession(fan.id);
    const request = new Request(`http://localhost/api/v1/events/${STADIUM}/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'sk', 'content-type': 'application/json' },
      body: JSON.stringify({ acceptTerms: true }),
    });
    const response = await checkoutRoute(request, { params: Promise.resolve({ id: STADIUM }) });
    return { status: response.status, json: await response.json() };
  }

  it('is off without PAYMENTS_TEST_GATEWAY=1: checkout answers a translated 503, its webhook 404', async () => {
    setMode({ SESSION_SECRET: SECRET });
    const fan = await newFan();
    await holdSeat(fan);
    const answer = await checkoutOverApi(fan);
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE', message: sk.checkout.paymentsUnavailable });
    expect(await t.db.select().from(s.orders).where(eq(s.orders.userId, fan.id))).toHaveLength(0);
    const body = JSON.stringify(signedGatewayNotice('00000000-0000-4000-8000-000000000000', 'succeeded'));
    const hook = await webhookRoute(new Request('http://localhost/api/v1/payments/test/webhook', { method: 'POST', body }), { params: Promise.resolve({ provider: 'test' }) });
    expect(hook.status).toBe(404);
  });

  it('takes payments when explicitly enabled', async () => {
    setMode({ SESSION_SECRET: SECRET, PAYMENTS_TEST_GATEWAY: '1' });
    const fan = await newFan();
    await holdSeat(fan);
    const answer = await checkoutOverApi(fan);
    expect(answer.status).toBe(200);
    expect(answer.json.paymentUrl).toMatch(/^\/sk\/platba\//);
  });
});
