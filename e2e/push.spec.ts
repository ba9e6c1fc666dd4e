// Web push end to end (issue 19). There is no real push service on this machine, so the test stands one
// up: a local HTTP endpoint that receives what the server sends and decrypts it (RFC 8291, aes128gcm)
// with the subscription keys made here — the browser's PushManager is given that endpoint and those keys
// instead of its vendor's. The browser side is driven through the DevTools protocol
// (ServiceWorker.deliverPushMessage): the service worker shows the notification, and its tap opens the screen.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, messages, redeemVoucher, test, uniqueEmail, verifyEmailFromMailbox } from './fixtures';

const sk = messages.sk;

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** The stand-in push service: 201 for every message, kept for the test to read. */
async function pushService(): Promise<{ origin: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Gives the page's PushManager a subscription at `endpoint` with the test's keys: what Chrome would get
 * from its push service, here from ours. Subscribing still goes through the page's own code and API call.
 */
async function fakePushManager(page: Page, subscription: { endpoint: string; p256dh: string; auth: string }) {
  await page.addInitScript((sub) => {
    const make = (key: ArrayBuffer | null) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem('test-push-subscribed');
        return true;
      },
      getKey: () => null,
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      localStorage.setItem('test-push-subscribed', '1');
      const key = options?.applicationServerKey;
      return make(key instanceof ArrayBuffer ? key : key && typeof key !== 'string' ? (key.buffer as ArrayBuffer) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem('test-push-subscribed') ? make(null) : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

test('a fan opts in on the profile, is gifted a ticket and gets a "gift received" push that opens Your tickets', async ({ page, context, browser, baseURL, signUpFresh }) => {
  test.setTimeout(120_000);
  const service = await pushService();
  try {
    // The fan's browser: the keys a browser makes for a subscription (P-256 and a 16-byte auth secret).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${service.origin}/push/${uniqueEmail('device')}`;
    await fakePushManager(page, { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') });
    await context.grantPermissions(['notifications'], { origin: baseURL! });

    const email = await signUpFresh();
    // A gift moves at once only to a confirmed address.
    await verifyEmailFromMailbox(page, email);

    // ── opt in on the profile ────────────────────────────────────────────────
    await page.goto('/sk/profil');
    const settings = page.getByTestId('notification-settings');
    await expect(settings.getByRole('heading', { name: sk.notifications.settings.title })).toBeVisible();
    await expect(settings.getByTestId('push-state')).toHaveText(sk.notifications.settings.pushOff);
    await settings.getByRole('button', { name: sk.notifications.settings.enable }).click();
    await expect(settings.getByTestId('push-state')).toHaveText(sk.notifications.settings.pushOn);
    await expect(settings.getByText(sk.notifications.settings.devices.includes('one') ? /1 zariadenie/ : /1/)).toBeVisible();

    // ── another fan gifts a ticket to them ───────────────────────────────────
    const giver = await browser.newContext({ baseURL, locale: 'sk-SK' });
    const giverPage = await giver.newPage();
    const signedUp = await giverPage.request.post('/api/v1/auth/signup', {
      data: { firstName: 'Darca', lastName: 'Štedrý', sex: 'other', dateOfBirth: '1990-03-03', email: uniqueEmail('giver'), password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
    });
    expect(signedUp.status()).toBe(200);
    // A code no other journey uses (the next one on a retry: a code redeems once).
    await redeemVoucher(giverPage, `VOUCHER-DUNAJ-${38 + test.info().retry}`);
    await giverPage.getByRole('button', { name: sk.tickets.gift }).first().click();
    const dialog = giverPage.getByRole('dialog', { name: sk.gift.title });
    await dialog.getByLabel(sk.gift.emailLabel).fill(email);
    await dialog.getByRole('button', { name: sk.gift.submit }).click();
    await expect(giverPage.getByText(sk.gift.sent.replace('{email}', email))).toBeVisible();
    await giver.close();

    // ── the server pushes it (the sweeper's next tick): encrypted for our keys, signed with VAPID ─────
    await expect.poll(() => service.received.filter((r) => endpoint.endsWith(r.path)).length, { timeout: 45_000 }).toBe(1);
    const message = service.received.find((r) => endpoint.endsWith(r.path))!;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    const plain = ece.decrypt(message.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8');
    const payload = JSON.parse(plain) as { topic: string; title: string; body: string; url: string };
    expect(payload).toMatchObject({ topic: 'gift-received', title: sk.notifications.push['gift-received'].title, url: '/sk/vstupenky' });
    expect(payload.body).toContain('Darca Štedrý');
    expect(payload.body).toContain('FK Dunaj Bratislava – FC Košice');

    // ── the browser: deliver that push to the service worker, which shows it ─────────────────────
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    // Delivered only to an active worker: a push to one still installing is dropped (seen under load).
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId, data: plain });
    const shown = async () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })));
    await expect.poll(shown, { timeout: 20_000 }).toEqual([{ title: payload.title, body: payload.body, url: '/sk/vstupenky' }]);

    // ── a tap opens Your tickets, where the gifted ticket is ───────────────────────────────────────
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(baseURL!)) ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      const sw = self as unknown as { registration: ServiceWorkerRegistration; openScreen: (path: string) => Promise<void> };
      const [notification] = await sw.registration.getNotifications();
      notification.close();
      await sw.openScreen((notification.data as { url: string }).url);
    });
    await expect(page).toHaveURL(/\/sk\/vstupenky$/);
    await expect(page.getByRole('heading', { level: 2, name: /FK Dunaj Bratislava – FC Košice/ })).toBeVisible();
  } finally {
    await service.close();
  }
});

test('an organiser sends an announcement to the ticket holders and sees its delivery counts', async ({ page, browser, baseURL, signIn }) => {
  test.setTimeout(120_000);
  // A holder of a match no other journey announces to: a new fan with a voucher's pair of tickets.
  const fan = await browser.newContext({ baseURL, locale: 'sk-SK' });
  const fanPage = await fan.newPage();
  const fanEmail = uniqueEmail('holder');
  const signedUp = await fanPage.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Jana', lastName: 'Držiteľka', sex: 'female', dateOfBirth: '1992-04-04', email: fanEmail, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(signedUp.status()).toBe(200);
  await redeemVoucher(fanPage, `VOUCHER-KOSICE-PAIR-${5 + test.info().retry}`);
  await fan.close();

  await signIn(demo.dunajOwner, DEMO_PASSWORD);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const { events } = await (await page.request.get(`/api/v1/organiser/events?organisation=${organisations[0].id}`)).json();
  const uuid = events.find((e: { slug: string }) => e.slug === 'dunaj-bratislava-msk-zilina').id as string;
  await page.goto(`/sk/organizator/podujatia/${uuid}`);
  await page.getByRole('link', { name: sk.notifications.announcements.tab }).click();
  await expect(page).toHaveURL(new RegExp(`/sk/organizator/podujatia/${uuid}/oznamenia$`));
  const panel = page.getByTestId('announcements');
  await expect(panel.getByRole('heading', { name: sk.notifications.announcements.title })).toBeVisible();

  const text = `Brány sa otvoria o 30 minút neskôr. ${Date.now()}`;
  await panel.getByLabel(sk.notifications.announcements.message.replace('{language}', sk.nav.languageNames.sk)).fill(text);
  await panel.getByLabel(sk.notifications.announcements.message.replace('{language}', sk.nav.languageNames.en)).fill('Gates open 30 minutes later.');
  await panel.getByRole('button', { name: sk.notifications.announcements.send }).click();
  const confirm = page.getByRole('dialog', { name: sk.notifications.announcements.send });
  await confirm.getByRole('button', { name: sk.notifications.announcements.send }).click();

  const row = panel.getByTestId('announcement-row').filter({ hasText: text });
  await expect(row).toBeVisible();
  const recipients = Number(await row.getByTestId('announcement-recipients').textContent());
  expect(recipients).toBeGreaterThanOrEqual(1);
  // The sweeper works the queue; the list refreshes itself while any are waiting.
  await expect(row.getByTestId('announcement-queued')).toHaveText('0', { timeout: 60_000 });
  expect(Number(await row.getByTestId('announcement-sent').textContent())).toBeGreaterThanOrEqual(1);

  // The holder got it by email (no push subscription), with the way to stop such emails.
  const mailbox = await page.request.get(`/dev/mailbox?to=${encodeURIComponent(fanEmail)}`);
  const html = await mailbox.text();
  expect(html).toContain(text);
  const link = /href="([^"]*upozornenia\/odhlasenie\?token=[^"]+)"/.exec(html);
  expect(link).not.toBeNull();
  await page.goto(link![1].replace(/&amp;/g, '&'));
  await page.getByRole('button', { name: sk.notifications.unsubscribe.confirm }).click();
  await expect(page.getByTestId('unsubscribed')).toContainText(sk.notifications.topics.announcement);
});
