// Push endpoints are addresses fans hand us (issue 29 items 1 and 7): the API takes only the push services
// browsers use, and the sender reaches only public addresses, never follows a redirect, and never moves
// a browser to another account without that subscription's keys. The stand-in push services are real
// listeners (https with a certificate made here), counting every TCP connection they get.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { POST } from '@/tests/helpers/api';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import * as s from '@/lib/server/db/schema';
import { notify } from '@/lib/server/notifications/notify';
import * as pushEndpoint from '@/lib/server/notifications/push-endpoint';
import * as sender from '@/lib/server/notifications/sender';
import { useTestDatabase } from '../helpers/db';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-fc-kosice';
const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const OTHER_KEYS = { p256dh: 'BOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOther', auth: 'b3RoZXJhdXRoc2VjcmV0eA' };

let tls: { key: Buffer; cert: Buffer };

beforeAll(async () => {
  // A self-signed certificate for 127.0.0.1 and localhost: the stand-in push services speak real TLS.
  const dir = mkdtempSync(path.join(tmpdir(), 'push-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    tls = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

afterEach(() => {
  delete process.env.PUSH_TEST_SERVICE;
});

type Listener = { port: number; connections: number; requests: string[]; close: () => Promise<void> };

/** A push service stand-in on `host`: counts connections (before any TLS), answers with `answer`. */
async function listen(kind: 'https' | 'http', host: string, answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Listener> {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    state.requests.push(req.url ?? '');
    req.resume();
    req.on('end', () => answer(req, res));
  };
  const server: Server = kind === 'https' ? createHttpsServer(tls, handler) : createHttpServer(handler);
  const state: Listener = { port: 0, connections: 0, requests: [], close: () => new Promise((resolve) => server.close(() => resolve())) };
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.port = (server.address() as AddressInfo).port;
  const close = state.close;
  state.close = async () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await close();
  };
  return state;
}

/** A fan with one subscription at `endpoint` and one notification due for it: what became of it. */
async function sendTo(endpoint: string, transport: sender.PushTransport, tag: string) {
  const fan = await makeUser(t.db, tag);
  await t.db.insert(s.pushSubscriptions).values({ userId: fan.id, endpoint, ...KEYS });
  const event = await eventBySlug(t.db, SLUG);
  const dedupeKey = `push-endpoints:${tag}`;
  await notify({ userId: fan.id, topic: 'event-reminder', data: { eventId: event.id, kind: 'day' }, dedupeKey });
  const results = await sender.sendDueNotifications({ transport });
  const [row] = await t.db.select().from(s.notifications).where(eq(s.notifications.dedupeKey, dedupeKey));
  const subscriptions = await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.userId, fan.id));
  return { outcome: results.find((result) => result.id === row.id)?.outcome, row, subscriptions };
}

describe('POST /api/v1/notifications/push-subscriptions', () => {
  const subscribe = (user: { token: string }, endpoint: string, keys = KEYS, language = 'en') =>
    POST(request('/api/v1/notifications/push-subscriptions', { method: 'POST', headers: auth(user, { 'accept-language': language }), body: { endpoint, keys } }), params({}));

  it.each([
    'https://127.0.0.1/push',
    'https://127.0.0.1:8443/push',
    'https://10.1.2.3/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[fd00::1]/push',
    'https://localhost:5432/',
    'https://internal.example.com/push',
    'https://fcm.googleapis.com.evil.example/fcm/send/x',
    'https://evil-fcm.googleapis.com.example/x',
    'https://notify.windows.com.example/x',
    'https://push.apple.com/x',
  ])('refuses %s with a translated 422 PUSH_SERVICE_NOT_ALLOWED', async (endpoint) => {
    const fan = await makeUser(t.db, 'ssrf');
    const response = await subscribe(fan, endpoint, KEYS, 'sk');
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe('PUSH_SERVICE_NOT_ALLOWED');
    expect(body.message).toBe(sk.notifications.errors.serviceNotAllowed);
    expect(await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.userId, fan.id))).toHaveLength(0);
  });

  it('refuses plain http, loopback included, with PUSH_ENDPOINT_INVALID; the tests’ 127.0.0.1 service only with its flag, never in a deployment', async () => {
    const fan = await makeUser(t.db, 'plain');
    for (const endpoint of ['http://127.0.0.1:8080/push', 'http://fcm.googleapis.com/fcm/send/x']) {
      const response = await subscribe(fan, endpoint);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: 'PUSH_ENDPOINT_INVALID', message: en.notifications.errors.endpointInvalid });
    }
    expect(pushEndpoint.testPushServiceAllowed({ NODE_ENV: 'test' })).toBe(false);
    expect(pushEndpoint.testPushServiceAllowed({ NODE_ENV: 'test', PUSH_TEST_SERVICE: '1' })).toBe(true);
    expect(pushEndpoint.testPushServiceAllowed({ NODE_ENV: 'production', PUSH_TEST_SERVICE: '1' })).toBe(false);
    expect(pushEndpoint.testPushServiceAllowed({ NODE_ENV: 'test', PUSH_TEST_SERVICE: '1', SESSION_SECRET: 'x'.repeat(40) })).toBe(false);
    expect(pushEndpoint.testPushServiceAllowed({ NODE_ENV: 'production', TRIBUNA_E2E: '1', PUSH_TEST_SERVICE: '1', TRIBUNA_MODE: 'production', SESSION_SECRET: 'x'.repeat(40) })).toBe(false);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGrQ8ZQ',
  ])('accepts the push service %s', async (endpoint) => {
    const fan = await makeUser(t.db, 'vendor');
    expect((await subscribe(fan, endpoint)).status).toBe(201);
  });

  it('another fan’s endpoint: refused with a translated 409 unless the keys are that subscription’s own (the same browser)', async () => {
    const first = await makeUser(t.db, 'first');
    const second = await makeUser(t.db, 'second');
    const endpoint = `https://fcm.googleapis.com/fcm/send/taken-${Date.now()}`;
    expect((await subscribe(first, endpoint)).status).toBe(201);
    const taken = await subscribe(second, endpoint, OTHER_KEYS, 'sk');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'PUSH_ENDPOINT_TAKEN', message: sk.notifications.errors.endpointTaken });
    const [kept] = await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.endpoint, endpoint));
    expect(kept).toMatchObject({ userId: first.id, p256dh: KEYS.p256dh, auth: KEYS.auth });
    // The same browser signed in as the second fan (a shared computer) still holds the keys.
    expect((await subscribe(second, endpoint)).status).toBe(201);
    const [moved] = await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.endpoint, endpoint));
    expect(moved.userId).toBe(second.id);
    // A fan's own browser may come back with new keys.
    expect((await subscribe(second, endpoint, OTHER_KEYS)).status).toBe(201);
    const [renewed] = await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.endpoint, endpoint));
    expect(renewed).toMatchObject({ userId: second.id, p256dh: OTHER_KEYS.p256dh });
  });
});

describe('sending', () => {
  it.each(['localhost', '127.0.0.2'])('never contacts an endpoint on %s (no push service), and drops that subscription', async (host) => {
    const service = await listen('https', host === 'localhost' ? '127.0.0.1' : host, (_req, res) => res.writeHead(201).end());
    try {
      const sent = await sendTo(`https://${host}:${service.port}/push/x`, sender.webPushTransport, `nohost-${host}`);
      expect(service.connections).toBe(0);
      // Gone like a 410: the fan's email takes over.
      expect(sent.outcome).toBe('email');
      expect(sent.subscriptions).toHaveLength(0);
    } finally {
      await service.close();
    }
  });

  it.each<[string, { address: string; family: number }[]]>([
    ['a loopback address', [{ address: '127.0.0.1', family: 4 }]],
    ['a private address after a public one', [{ address: '8.8.8.8', family: 4 }, { address: '127.0.0.1', family: 4 }]],
    ['a private address before a public one', [{ address: '127.0.0.1', family: 4 }, { address: '8.8.8.8', family: 4 }]],
    ['an IPv4-mapped IPv6 loopback', [{ address: '::ffff:127.0.0.1', family: 6 }]],
    ['IPv6 loopback', [{ address: '::1', family: 6 }]],
    ['the metadata service', [{ address: '169.254.169.254', family: 4 }]],
  ])('a push service’s name that resolves to %s: refused at connect time, never contacted, retried later', async (label, addresses) => {
    const service = await listen('https', '127.0.0.1', (_req, res) => res.writeHead(201).end());
    const asked: string[] = [];
    const resolve: pushEndpoint.Resolver = (hostname, _options, callback) => {
      asked.push(hostname);
      callback(null, addresses);
    };
    try {
      const sent = await sendTo(`https://fcm.googleapis.com:${service.port}/fcm/send/x`, sender.createPushTransport({ resolve, ca: tls.cert }), `resolves-${label}`);
      expect(asked).toContain('fcm.googleapis.com');
      expect(service.connections).toBe(0);
      expect(sent.outcome).toBe('retry');
      expect(sent.row).toMatchObject({ status: 'queued', lastError: expect.stringContaining('not public') });
      expect(sent.row.lastError).not.toContain(KEYS.auth);
      expect(sent.subscriptions).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  it.each([301, 302, 307, 308])('never follows a %i: an internal address behind a redirect is not reached, and it is no delivery', async (status) => {
    process.env.PUSH_TEST_SERVICE = '1';
    const internal = await listen('http', '127.0.0.1', (_req, res) => res.writeHead(201).end());
    const redirecting = await listen('https', '127.0.0.1', (_req, res) => res.writeHead(status, { location: `http://127.0.0.1:${internal.port}/internal` }).end());
    const plainRedirecting = await listen('http', '127.0.0.1', (_req, res) => res.writeHead(status, { location: `http://127.0.0.1:${internal.port}/internal` }).end());
    try {
      const https = await sendTo(`https://127.0.0.1:${redirecting.port}/push/x`, sender.createPushTransport({ ca: tls.cert }), `redirect-https-${status}`);
      expect(redirecting.requests).toEqual(['/push/x']);
      expect(https.outcome).toBe('retry');
      expect(https.row).toMatchObject({ status: 'queued', lastError: expect.stringContaining(String(status)) });
      // The sender every process runs, on a plain-http stand-in (the tests' only way to it without a CA).
      const plain = await sendTo(`http://127.0.0.1:${plainRedirecting.port}/push/y`, sender.webPushTransport, `redirect-http-${status}`);
      expect(plainRedirecting.requests).toEqual(['/push/y']);
      expect(plain.outcome).toBe('retry');
      expect(plain.row.status).toBe('queued');
      expect(internal.connections).toBe(0);
    } finally {
      await Promise.all([internal.close(), redirecting.close(), plainRedirecting.close()]);
    }
  });

  it('delivers to the tests’ https push service on 127.0.0.1 (the path every real push service takes)', async () => {
    process.env.PUSH_TEST_SERVICE = '1';
    const service = await listen('https', '127.0.0.1', (req, res) => res.writeHead(req.headers['content-encoding'] === 'aes128gcm' ? 201 : 400).end());
    try {
      const sent = await sendTo(`https://127.0.0.1:${service.port}/push/ok`, sender.createPushTransport({ ca: tls.cert }), 'delivered');
      expect(sent.outcome).toBe('push');
      expect(sent.row.status).toBe('sent');
      expect(service.requests).toEqual(['/push/ok']);
    } finally {
      await service.close();
    }
  });
});

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::ffff:0:127.0.0.1', '::127.0.0.1', 'not-an-address',
  ])('%s is not public', (address) => {
    expect(pushEndpoint.isNonPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '142.250.185.74', '172.32.0.1', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(pushEndpoint.isNonPublicAddress(address)).toBe(false);
  });
});
