import { test as base, expect, type Browser, type Page } from '@playwright/test';
import cs from '../messages/cs.json';
import en from '../messages/en.json';
import sk from '../messages/sk.json';

export const messages = { sk, cs, en } as const;
export type Locale = keyof typeof messages;
export const locales: Locale[] = ['sk', 'cs', 'en'];

/** Demo accounts from the seed (lib/server/db/seed/users.ts). */
export const DEMO_PASSWORD = 'tribuna-demo';
export const demo = {
  fan: 'fan@tribuna.sk',
  fanCs: 'fanusik@tribuna.cz',
  fanEn: 'supporter@tribuna.eu',
  /** Organisers (lib/server/db/seed/organisers.ts) and the gate scanner of both clubs. */
  dunajOwner: 'klub@fkdunaj.sk',
  dunajManager: 'pokladna@fkdunaj.sk',
  vltavaOwner: 'klub@hcvltava.cz',
  scanner: 'skener@tribuna.sk',
};
/** A seated stadium event and a standing concert from the seed. */
export const seeded = { stadiumEvent: 'dunaj-bratislava-fc-kosice', standingEvent: 'polarna-ziara-kosice' };

let counter = 0;
/** An email no other test uses. */
export function uniqueEmail(tag = 'fan'): string {
  return `${tag}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`;
}

type Fixtures = {
  /** Signs the page's browser context in through the API (the same call the forms make). */
  signIn: (email?: string, password?: string) => Promise<void>;
  /** Creates a new account through the API, signed in; returns its email. */
  signUpFresh: (overrides?: Partial<Record<string, string>>) => Promise<string>;
};

export const test = base.extend<Fixtures>({
  signIn: async ({ page }, use) => {
    await use(async (email = demo.fan, password = DEMO_PASSWORD) => {
      const response = await page.request.post('/api/v1/auth/signin', { data: { email, password } });
      expect(response.status(), await response.text()).toBe(200);
    });
  },
  signUpFresh: async ({ page }, use) => {
    await use(async (overrides = {}) => {
      const email = overrides.email ?? uniqueEmail();
      const response = await page.request.post('/api/v1/auth/signup', {
        data: {
          firstName: 'Test',
          lastName: 'Fanúšik',
          sex: 'other',
          dateOfBirth: '1995-05-05',
          email,
          password: 'correct-horse-1',
          confirmPassword: 'correct-horse-1',
          ...overrides,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      return email;
    });
  },
});

export { expect };

/** The header a signed-in page's own API writes carry: the XSRF cookie's token (lib/server/api/authenticate.ts). */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) } : {};
}

/**
 * Holds the page's scripts (not its styles) until the returned `release` is called: the server's HTML with
 * React not listening yet, for journeys that check a form takes no input before it does.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A browser context of its own (Slovak), signed in through the API as `email` with the demo password. */
export async function signedInContext(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK' });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/auth/signin', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

/**
 * Free seat ids of an event, picked at random so parallel journeys do not race for the same seats.
 * Only seats a price category sells at this event count (a venue seat with no category is not for sale).
 */
export async function freeSeats(page: Page, eventId: string, count: number): Promise<string[]> {
  const detail = await (await page.request.get(`/api/v1/events/${eventId}?include=seats`)).json();
  const availability = await (await page.request.get(`/api/v1/events/${eventId}/availability`)).json();
  const taken = new Set<string>(availability.takenSeatIds);
  type Seat = { id: string; ticketTypeId: string | null };
  const seats: string[] = detail.layout.sections.flatMap((section: { rows: { seats: Seat[] }[] }) =>
    section.rows.flatMap((row) => row.seats.filter((seat) => seat.ticketTypeId).map((seat) => seat.id)),
  );
  const free = seats.filter((id) => !taken.has(id));
  const start = Math.floor(Math.random() * (free.length - count));
  return free.slice(start, start + count);
}

/**
 * Buys one seat of category `code` (any seated one when omitted) at `eventId` through the cart, checkout and the test gateway's page, as a
 * fan does: a ticket with a price paid (a redeem code's is free, and the fan market takes no free ticket
 * unless its organiser allows it). Answers the order's id.
 */
export async function buyTicket(page: Page, eventId: string, code?: string): Promise<string> {
  const detail = await (await page.request.get(`/api/v1/events/${eventId}?include=seats`)).json();
  const availability = await (await page.request.get(`/api/v1/events/${eventId}/availability`)).json();
  const taken = new Set<string>(availability.takenSeatIds);
  const type = (detail.ticketTypes as { id: string; code: string; kind: string }[]).find((t) => (code ? t.code === code : t.kind === 'seated'))!;
  type Seat = { id: string; ticketTypeId: string | null };
  const free: string[] = detail.layout.sections.flatMap((section: { rows: { seats: Seat[] }[] }) =>
    section.rows.flatMap((row) => row.seats.filter((seat) => seat.ticketTypeId === type.id && !taken.has(seat.id)).map((seat) => seat.id)),
  );
  await expect(async () => {
    const seat = free[Math.floor(Math.random() * free.length)];
    const held = await page.request.post(`/api/v1/events/${eventId}/cart/items`, { data: { seatIds: [seat] }, headers: await xsrfHeaders(page) });
    expect(held.status(), await held.text()).toBe(200);
  }).toPass({ timeout: 20_000 });
  const checkout = await page.request.post(`/api/v1/events/${eventId}/checkout`, { data: { acceptTerms: true }, headers: await xsrfHeaders(page) });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  const { orderId, paymentUrl } = (await checkout.json()) as { orderId: string; paymentUrl: string };
  await page.goto(paymentUrl);
  await payOnGateway(page, new RegExp(`^(${[messages.sk.gateway.pay, messages.cs.gateway.pay, messages.en.gateway.pay].join('|')})$`));
  return orderId;
}

/** Redeems a seeded voucher through the Your tickets dialog (Slovak). */
export async function redeemVoucher(page: Page, code: string) {
  const sk = messages.sk;
  await page.goto('/sk/vstupenky');
  await page.getByRole('button', { name: sk.tickets.redeemCta }).click();
  const dialog = page.getByRole('dialog', { name: sk.redeem.title });
  await dialog.getByLabel(sk.redeem.code).fill(code);
  await dialog.getByRole('button', { name: sk.redeem.submit }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The fan comes to the event page's tickets (scrolls to their heading): the seat layout, its map and the
 * wheelchair places load only then (docs/decisions/event-page-seats-on-approach.md).
 */
export async function toTickets(page: Page, locale: Locale) {
  await page.getByRole('heading', { level: 2, name: messages[locale].event.tickets, exact: true }).scrollIntoViewIfNeeded();
}

/**
 * The event page's seat map once usable: availability has arrived (its loading note is gone) and the
 * seats are drawn, which happens when the map nears the window, as a fan scrolls to it.
 */
export async function seatMapReady(page: Page, locale: Locale) {
  await toTickets(page, locale);
  const map = page.getByTestId('seat-map');
  await expect(map).toBeVisible();
  await expect(page.getByText(messages[locale].event.loadingAvailability).first()).toBeHidden();
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('circle[data-i]').first()).toBeAttached();
  return map;
}

export async function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/**
 * The demo mailbox's list for `email`. It answers only a request from this machine that no proxy
 * forwarded: behind nginx (the PostgreSQL run, playwright.pg.config.ts) the journeys read it from a
 * server directly, E2E_MAILBOX_ORIGIN (the links in the mails still lead to the public origin).
 */
export function mailboxPath(email: string): string {
  return `${process.env.E2E_MAILBOX_ORIGIN ?? ''}/dev/mailbox?to=${encodeURIComponent(email)}`;
}

/**
 * Confirms `email` the way a person does: the newest verification mail in the dev mailbox, its link,
 * the landing page's button (the page must be signed in as the account, or `password` is typed).
 */
export async function verifyEmailFromMailbox(page: Page, email: string, options: { locale?: Locale; password?: string } = {}) {
  const m = messages[options.locale ?? 'sk'];
  await page.goto(mailboxPath(email));
  const mail = page.locator('article.mail[data-kind="email-verification"], article.mail[data-kind="email-change"]').first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.verifyEmail.title);
  if (options.password) await page.getByLabel(m.verifyEmail.password, { exact: true }).fill(options.password);
  await page.getByRole('button', { name: m.verifyEmail.submit }).click();
  const done = m.verifyEmail.done.replace('{email}', email);
  const changed = m.verifyEmail.doneChanged.replace('{email}', email);
  await expect(page.getByText(done, { exact: true }).or(page.getByText(changed, { exact: true }))).toBeVisible();
}

/** Pays on the test gateway's page; a click before the page has hydrated does nothing, so it is tried again. */
export async function payOnGateway(page: Page, label: string | RegExp) {
  await expect(async () => {
    if (await page.getByTestId('order-result').count()) return;
    await page.getByRole('button', { name: label, exact: typeof label === 'string' }).click({ timeout: 3000 });
    await expect(page.getByTestId('order-result')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
}
