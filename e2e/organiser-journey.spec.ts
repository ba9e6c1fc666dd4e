// The whole of an organiser's work through the console, in Slovak, as a promoter's owner does it: a venue
// from a JSON layout, an event with two price categories, a picture, publishing, the event on the public
// list; a fan buys a seat; the organiser lowers the resale cap, makes a coupon that a fan then uses,
// generates 10 redeem codes and downloads their CSV; then cancels the event, and the fan sees the ticket
// void and the order refunded. Pulz Live's own venue and event: no other journey touches them.
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, expect, messages, test, uniqueEmail } from './fixtures';
import { noSeriousViolations } from './axe';

const sk = messages.sk;
const o = sk.organiser;
const OWNER = 'promoter@pulzlive.sk';
/** The screen shown now: after a client navigation the router keeps the previous screen's DOM hidden. */
const shown = (locator: Locator) => locator.filter({ visible: true });

const layout = {
  width: 600,
  height: 400,
  outline: [{ kind: 'rect', x: 200, y: 20, width: 200, height: 60, label: { sk: 'Pódium', cs: 'Pódium', en: 'Stage' } }],
  sections: [
    {
      code: 'P',
      name: { sk: 'Parter', cs: 'Přízemí', en: 'Stalls' },
      rows: [1, 2].map((r) => ({ label: String(r), seats: [1, 2, 3].map((n) => ({ label: String(n), x: 230 + n * 20, y: 120 + r * 20 })) })),
    },
    {
      code: 'B',
      name: { sk: 'Balkón', cs: 'Balkon', en: 'Balcony' },
      rows: [{ label: '1', seats: [1, 2, 3, 4].map((n) => ({ label: String(n), x: 220 + n * 20, y: 260 })) }],
    },
  ],
};

async function xsrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) } : {};
}

/** A new fan in a browser of their own, signed up (and so signed in) through the API. */
async function newFan(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK' });
  const page = await context.newPage();
  const email = uniqueEmail('journey');
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Ivana', lastName: 'Fanúšiková', sex: 'female', dateOfBirth: '1995-02-02', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page, email };
}

/** A free seat of the section, as the event's seat map offers it. */
async function freeSeatOf(page: Page, slug: string, sectionCode: string): Promise<string> {
  const detail = await (await page.request.get(`/api/v1/events/${slug}?include=seats`)).json();
  const availability = await (await page.request.get(`/api/v1/events/${slug}/availability`)).json();
  const taken = new Set<string>(availability.takenSeatIds);
  type Section = { code: string; rows: { seats: { id: string; ticketTypeId: string | null }[] }[] };
  const section = (detail.layout.sections as Section[]).find((s) => s.code === sectionCode)!;
  return section.rows.flatMap((r) => r.seats).find((s) => s.ticketTypeId && !taken.has(s.id))!.id;
}

test('an organiser sets up, sells, runs and cancels an event through the console; the fan is refunded', async ({ page, browser, baseURL, signIn }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const venueName = `Klub Pulz ${stamp}`;
  const title = `Pulz e2e ${stamp}`;
  await signIn(OWNER, DEMO_PASSWORD);

  // ── a venue from a JSON layout ─────────────────────────────────────────────
  await page.goto('/sk/organizator/miesta-konania/nove');
  await page.getByLabel(o.venues.form.name).fill(venueName);
  await page.getByLabel(o.venues.form.address).fill('Hlavná 12');
  await page.getByLabel(o.venues.form.city).fill('Košice');
  await page.getByRole('button', { name: o.venues.form.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(venueName);
  await page.getByLabel(o.venues.importText).fill(JSON.stringify(layout, null, 2));
  await page.getByRole('button', { name: o.venues.importButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: o.venues.importConfirm.yes }).click();
  await expect(page.getByTestId('layout-preview').locator('circle')).toHaveCount(10);

  // ── an event with two price categories ───────────────────────────────────────
  await page.goto('/sk/organizator/podujatia/nove');
  await page.getByRole('group', { name: o.events.languages.sk }).getByLabel(o.events.fields.title).fill(title);
  await page.getByLabel(o.events.fields.venue, { exact: true }).selectOption({ label: `${venueName}, Košice` });
  await page.getByLabel(o.events.fields.category, { exact: true }).selectOption({ label: o.events.categories.concert });
  await page.getByLabel(o.events.fields.startsAt, { exact: true }).fill('2027-06-01T20:00');
  await page.getByRole('button', { name: o.events.create }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/podujatia\/[0-9a-f-]{36}$/);
  const eventId = page.url().split('/').pop()!;

  await shown(page.getByRole('link', { name: o.eventTabs.prices })).click();
  for (const [name, price, section] of [
    ['Parter', '30', 'Parter'],
    ['Balkón', '20', 'Balkón'],
  ] as const) {
    const form = shown(page.getByRole('form', { name: o.prices.newCategory }));
    await form.getByLabel('Názov (SK)').fill(name);
    await form.getByLabel('Cena (EUR)').fill(price);
    await form.getByRole('checkbox', { name: new RegExp(section) }).check();
    await form.getByRole('button', { name: o.prices.add }).click();
    await expect(shown(page.getByRole('form', { name })).getByText(/Predané 0 · v košíkoch 0 · miest [1-9]/)).toBeVisible();
  }

  // ── a picture, then publish ──────────────────────────────────────────────────
  await shown(page.getByRole('link', { name: o.eventTabs.images })).click();
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#7c3aed' } }).png().toBuffer();
  const upload = shown(page.getByRole('button', { name: o.images.upload.submit }));
  await expect(upload).toBeEnabled();
  await shown(page.getByLabel(o.images.upload.file, { exact: true })).setInputFiles({ name: 'plagat.png', mimeType: 'image/png', buffer: png });
  await upload.click();
  await expect(page.getByText(o.images.upload.done)).toBeVisible();
  await shown(page.getByRole('button', { name: o.eventActions.publish })).click();
  // Publishing asks first.
  await page.getByRole('dialog', { name: o.eventActions.confirm.publish.title }).getByRole('button', { name: o.eventActions.confirm.publish.yes }).click();
  await expect(page.getByText(o.eventActions.done.publish)).toBeVisible();
  await expect(shown(page.getByTestId('event-status'))).toHaveText(o.eventStatus.on_sale);

  // ── on the public list ───────────────────────────────────────────────────────
  const fan = await newFan(browser, baseURL!);
  await fan.page.goto(`/sk/podujatia?q=${encodeURIComponent(title)}`);
  await fan.page.getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(fan.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const slug = new URL(fan.page.url()).pathname.split('/').pop()!;

  // ── the fan buys a seat in the stalls ────────────────────────────────────────
  const held = await fan.page.request.post(`/api/v1/events/${slug}/cart/items`, { data: { seatIds: [await freeSeatOf(fan.page, slug, 'P')] }, headers: await xsrf(fan.page) });
  expect(held.status(), await held.text()).toBe(200);
  await fan.page.goto(`/sk/podujatia/${slug}/pokladna`);
  await fan.page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await fan.page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await expect(fan.page).toHaveURL(/\/sk\/platba\/[0-9a-f-]{36}$/);
  await fan.page.getByRole('button', { name: sk.gateway.pay, exact: true }).click();
  await expect(fan.page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
  const orderUrl = fan.page.url();

  // ── the organiser lowers the resale cap ──────────────────────────────────────
  await page.goto(`/sk/organizator/podujatia/${eventId}/dalsi-predaj`);
  await expect(page.getByLabel(o.resale.form.capPercent, { exact: true })).toBeEnabled();
  await page.getByLabel(o.resale.form.capPercent, { exact: true }).fill('90');
  await page.getByRole('button', { name: o.resale.form.save }).click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: o.resale.confirm.yes }).click();
  await expect(page.getByText(/Pravidlá ďalšieho predaja sú uložené/)).toBeVisible();
  const listed = await (await fan.page.request.get('/api/v1/tickets', { maxRetries: 2 })).json();
  const ticket = listed.tickets.find((t: { event: { slug: string } }) => t.event.slug === slug);
  const overCap = await fan.page.request.post(`/api/v1/tickets/${ticket.id}/listing`, { data: { price: 3000 }, headers: await xsrf(fan.page) });
  expect(overCap.status()).toBe(422);

  // ── a coupon for this event, which another fan uses ──────────────────────────
  await page.goto('/sk/organizator/kody');
  await expect(page.getByLabel(o.codes.redeem.event, { exact: true })).toBeEnabled();
  const couponCode = `PULZ${stamp.toUpperCase()}`;
  await page.getByLabel(o.codes.coupons.code, { exact: true }).fill(couponCode);
  await page.getByLabel(o.codes.coupons.percent, { exact: true }).fill('10');
  await page.getByLabel(o.codes.coupons.scope, { exact: true }).selectOption(eventId);
  await page.getByRole('button', { name: o.codes.coupons.create }).click();
  await expect(page.getByText(`Kupón ${couponCode} je vytvorený.`)).toBeVisible();
  const second = await newFan(browser, baseURL!);
  await second.page.request.post(`/api/v1/events/${slug}/cart/items`, { data: { seatIds: [await freeSeatOf(second.page, slug, 'B')] }, headers: await xsrf(second.page) });
  await second.page.goto(`/sk/podujatia/${slug}/kosik`);
  await second.page.getByRole('textbox', { name: sk.cart.couponLabel }).fill(couponCode.toLowerCase());
  await second.page.getByRole('button', { name: sk.cart.couponApply }).click();
  await expect(second.page.getByTestId('cart-discount')).toBeVisible();
  await second.context.close();

  // ── 10 redeem codes and their CSV ────────────────────────────────────────────
  await page.getByLabel(o.codes.redeem.event, { exact: true }).selectOption(eventId);
  await page.getByLabel(o.codes.redeem.category, { exact: true }).selectOption({ label: 'Balkón' });
  await page.getByLabel(o.codes.redeem.count, { exact: true }).fill('10');
  await page.getByRole('button', { name: o.codes.redeem.generate }).click();
  await expect(page.getByText('Vygenerovaných 10 kódov.')).toBeVisible();
  const batch = page.getByRole('listitem').filter({ hasText: title }).filter({ hasText: '0 z 10 použitých' }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), batch.getByRole('link', { name: o.codes.redeem.download }).click()]);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString('utf8').trim().split('\n')).toHaveLength(11);

  // ── cancelling: the fan's ticket is void and the order refunded ──────────────
  await page.goto(`/sk/organizator/podujatia/${eventId}`);
  await shown(page.getByRole('button', { name: o.eventActions.cancel })).click();
  // Before confirming: how many orders and tickets, and what goes back; and a message to the holders.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('cancel-preview-orders')).toHaveText('1');
  await expect(dialog.getByTestId('cancel-preview-tickets')).not.toHaveText('0');
  await expect(dialog.getByTestId('cancel-preview-refund')).toContainText('€');
  const note = 'Zápas sa pre búrku nehrá. Ospravedlňujeme sa.';
  await dialog.getByLabel(o.eventActions.preview.message).fill(note);
  await noSeriousViolations(page, { include: 'dialog[open]' });
  await dialog.getByRole('button', { name: o.eventActions.confirm.cancel.yes }).click();
  await expect(page.getByText(o.eventActions.done.cancel)).toBeVisible();
  // Afterwards the office watches the refunds.
  await expect(page).toHaveURL(new RegExp(`/sk/organizator/podujatia/${eventId}/prehlad$`));
  await expect(shown(page.getByTestId('cancellation-status'))).toBeVisible();
  await expect(shown(page.getByTestId('event-status'))).toHaveText(o.eventStatus.cancelled);
  // The holder's cancellation mail carries the office's message (the demo mailbox).
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(fan.email)}`);
    await expect(page.getByText(note).first()).toBeVisible({ timeout: 1000 });
  }).toPass();

  await fan.page.goto('/sk/vstupenky');
  // A void ticket is listed without its code (no card to open), marked cancelled.
  await expect(fan.page.getByRole('article', { name: new RegExp(title) })).toContainText(sk.tickets.status.void);
  await fan.page.goto(orderUrl);
  await expect(fan.page.getByText(new RegExp(`${o.cancel.fanOrder.refundingTitle}|${o.cancel.fanOrder.refundedTitle}`))).toBeVisible();
  // A read after the fan's browser sat idle: its kept-alive socket may have been closed meanwhile (ECONNRESET).
  const order = await (await fan.page.request.get(`/api/v1/orders/${orderUrl.split('/').pop()}`, { maxRetries: 2 })).json();
  expect(order.status).toBe('refunded');
  await fan.context.close();
});
