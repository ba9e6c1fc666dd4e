// A queued season ticket sale on a phone (issue 34): FK Dunaj's office makes a season of its own (one new
// match at the stadium), opens its sale and queues it. A fan on the season's page cannot hold a season seat
// without an admission (the events' message); they follow the page to the season's queue, join, are let in,
// and hold a seat for the whole season with the admission their browser now carries.
import sharp from 'sharp';
import type { APIResponse } from '@playwright/test';
import { DEMO_PASSWORD, expect, messages, seeded, test, xsrfHeaders } from './fixtures';

const sk = messages.sk;
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const ok = async (response: APIResponse, status = 200) => {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
};

test('a fan joins a queued season sale, is let in and holds a season seat; without an admission the hold is refused', async ({ page, playwright, signUpFresh }) => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL!;
  const json = { 'content-type': 'application/json' };

  // The club's office: its stadium, a new published match selling every seated section, a season with it.
  const signingIn = await playwright.request.newContext({ baseURL });
  const { token } = await ok(await signingIn.post('/api/v1/auth/signin', { data: { email: 'klub@fkdunaj.sk', password: DEMO_PASSWORD } }));
  await signingIn.dispose();
  const office = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const { organisations } = await ok(await office.get('/api/v1/organiser/organisations'));
  let where: { organisation: string; venueId: string } | null = null;
  for (const { id } of organisations as { id: string }[]) {
    const { events } = await ok(await office.get(`/api/v1/organiser/events?organisation=${id}`));
    const match = (events as { slug: string; venue: { id: string } }[]).find((e) => e.slug === seeded.stadiumEvent);
    if (match) where = { organisation: id, venueId: match.venue.id };
  }
  expect(where).not.toBeNull();
  const label = Date.now().toString(36);
  const { event } = await ok(
    await office.post('/api/v1/organiser/events', {
      headers: json,
      data: { ...where, category: 'sport', title: { sk: `Zápas s radom ${label}` }, startsAt: new Date(Date.now() + 45 * 86_400_000).toISOString(), currency: 'EUR' },
    }),
    201,
  );
  const eventUrl = `/api/v1/organiser/events/${event.id}`;
  const { sections } = await ok(await office.get(`${eventUrl}/price-categories`));
  const sectionIds = (sections as { id: string; kind: string }[]).filter((x) => x.kind === 'seated').map((x) => x.id);
  await ok(await office.post(`${eventUrl}/price-categories`, { headers: json, data: { name: { sk: 'Sedenie' }, kind: 'seated', priceAmount: 900, sectionIds } }), 201);
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#14532d' } }).png().toBuffer();
  await ok(await office.post(`${eventUrl}/images`, { multipart: { file: { name: 'plagat.png', mimeType: 'image/png', buffer: png }, altSk: 'Plagát' } }), 201);
  await ok(await office.post(`${eventUrl}/publish`));
  const name = { sk: `Sezóna s radom ${label}`, cs: `Sezóna s frontou ${label}`, en: `Queued season ${label}` };
  const { season } = await ok(
    await office.post('/api/v1/organiser/seasons', {
      headers: json,
      data: { ...where, currency: 'EUR', renewsSeasonId: null, name, saleOpensAt: new Date(Date.now() - 60_000).toISOString(), saleClosesAt: null, renewalOpensAt: null, renewalClosesAt: null, transferEnabled: false, releaseSharePercent: 50 },
    }),
    201,
  );
  const seasonUrl = `/api/v1/organiser/seasons/${season.id}`;
  await ok(await office.post(`${seasonUrl}/matches`, { headers: json, data: { eventId: event.id } }));
  const { season: withMatch } = await ok(await office.get(seasonUrl));
  const mapping = (withMatch.matches as { priceCategories: { id: string }[] }[]).flatMap((m) => m.priceCategories.map((pc) => ({ ticketTypeId: pc.id, category: 0 })));
  await ok(await office.put(`${seasonUrl}/categories`, { headers: json, data: { categories: [{ id: null, name: { sk: 'Tribúna', cs: 'Tribuna', en: 'Stand' }, color: '#2563eb', price: 9_900 }], mapping } }));
  // Queued: 600 fans a minute, so the fan is let in on their first poll.
  await ok(await office.put(`${seasonUrl}/waiting-room`, { headers: json, data: { ratePerMinute: 600 } }));
  await office.dispose();
  const slug = season.slug as string;

  // The fan opens the season's sale: without an admission the season hold is refused with the events' message.
  await signUpFresh();
  await page.goto(`/sk/permanentky/${slug}`);
  const sale = (await (await page.request.get(`/api/v1/seasons/${slug}`)).json()).season as { id: string; sections: { rows: { seats: { id: string; state: string }[] }[] }[] };
  const seat = sale.sections.flatMap((x) => x.rows.flatMap((r) => r.seats)).find((x) => x.state === 'free')!.id;
  const refused = await page.request.post(`/api/v1/seasons/${sale.id}/purchase`, { data: { seatIds: [seat] }, headers: { ...(await xsrfHeaders(page)), 'accept-language': 'sk' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(sk.queue.errors.admissionRequired);

  // Through the page to the season's queue: join, be let in.
  await page.getByTestId('join-queue').click();
  await expect(page).toHaveURL(new RegExp(`/sk/permanentky/${slug}/rad$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sk.queue.title);
  await page.getByRole('button', { name: sk.queue.join }).click();
  await expect(page.getByRole('heading', { name: sk.queue.admittedTitle })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: sk.queue.buy }).click();
  await expect(page).toHaveURL(new RegExp(`/sk/permanentky/${slug}$`));
  await expect(page.getByTestId('join-queue')).toHaveCount(0);

  // The admission (the season's cookie) lets the season hold through: an order waits for payment.
  const held = await page.request.post(`/api/v1/seasons/${sale.id}/purchase`, { data: { seatIds: [seat] }, headers: await xsrfHeaders(page) });
  expect(held.status(), await held.text()).toBe(200);
  expect(await held.json()).toMatchObject({ orderId: expect.any(String), paymentUrl: expect.any(String) });
});
