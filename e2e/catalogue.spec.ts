import type { APIRequestContext, Page } from '@playwright/test';
import { expect, messages, seatMapReady, seeded, test } from './fixtures';
import { noSeriousViolations } from './axe';

const STADIUM = seeded.stadiumEvent; // dunaj-bratislava-fc-kosice: 1,040 seats, max 10 per order
const STANDING = seeded.standingEvent; // polarna-ziara-kosice: GA 800 + VIP 50 places, max 10 per order

type FreeSeat = { index: number; name: string; price: number };

/** Seats that can be bought now, with their index in the map's drawing order (sections → rows → seats, as the API lists them). */
async function freeSeats(request: APIRequestContext, slug: string, locale: 'sk' | 'en'): Promise<FreeSeat[]> {
  const detail = await (await request.get(`/api/v1/events/${slug}?include=seats`, { headers: { 'accept-language': locale } })).json();
  const availability = await (await request.get(`/api/v1/events/${slug}/availability`)).json();
  const taken = new Set<string>(availability.takenSeatIds);
  const prices = new Map<string, number>(detail.ticketTypes.map((t: { id: string; price: { amount: number } }) => [t.id, t.price.amount]));
  const rowWord = locale === 'sk' ? 'rad' : 'row';
  const seatWord = locale === 'sk' ? 'miesto' : 'seat';
  const out: FreeSeat[] = [];
  let index = 0;
  for (const section of detail.layout.sections) {
    for (const row of section.rows) {
      for (const seat of row.seats) {
        if (seat.ticketTypeId && !taken.has(seat.id)) {
          out.push({ index, name: `${section.name}, ${rowWord} ${row.label}, ${seatWord} ${seat.label}`, price: prices.get(seat.ticketTypeId)! });
        }
        index++;
      }
    }
  }
  return out;
}

async function clickSeat(page: Page, index: number) {
  await page.locator(`[data-testid="seat-map"] circle[data-i="${index}"]`).click();
}

test('home → search without diacritics → event → seats by mouse and keyboard, with tooltips', async ({ page, request }) => {
  await page.goto('/sk');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.sk.home.title);
  // upcoming events are on the home page, with a 'From' price
  await expect(page.locator('main li').filter({ hasText: messages.sk.events.from }).first()).toBeVisible();

  await page.getByRole('searchbox').fill('kosice');
  await page.getByRole('button', { name: messages.sk.search.submit }).click();
  await expect(page).toHaveURL(/\/sk\/podujatia\?q=kosice/);
  const card = page.getByRole('link', { name: 'FK Dunaj Bratislava – FC Košice' });
  await expect(card).toBeVisible();
  await expect(page.getByText('Polárna žiara – Zimné turné')).toBeVisible();
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/sk/podujatia/${STADIUM}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FK Dunaj Bratislava – FC Košice');
  await seatMapReady(page, 'sk');
  await expect(page.getByTestId('no-seats-selected')).toHaveText(messages.sk.event.noSeatsSelected);

  // mouse: hover shows the tooltip (section, row, seat, price); click selects
  const free = await freeSeats(request, STADIUM, 'sk');
  const [first, second] = free;
  const euros = (amount: number) => new RegExp(`${amount / 100},00\\s€`);
  await page.locator(`[data-testid="seat-map"] circle[data-i="${first.index}"]`).hover();
  const tooltip = page.getByTestId('seat-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(first.name);
  await expect(tooltip).toContainText(euros(first.price));
  await clickSeat(page, first.index);
  await clickSeat(page, second.index);
  await expect(page.getByTestId('selected-seats').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('selection-total')).toHaveText(euros(first.price + second.price));
  // clicking a selected seat again releases it
  await clickSeat(page, second.index);
  await expect(page.getByTestId('selected-seats').locator('li')).toHaveCount(1);

  // keyboard: focusing the map puts the cursor on the first free seat (now `second`); the tooltip follows
  await page.mouse.move(0, 0);
  await page.getByTestId('seat-map').focus();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(second.name);
  await page.keyboard.press('ArrowRight');
  await expect(tooltip).not.toContainText(second.name);
  await expect(tooltip).toContainText(/rad \d+, miesto \d+/);
  await page.keyboard.press('ArrowLeft');
  await expect(tooltip).toContainText(second.name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('selected-seats').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('selected-seats')).toContainText(second.name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('selected-seats').locator('li')).toHaveCount(1);
});

test('the screen-reader lists pick a seat: section → row → seat', async ({ page, request }) => {
  const seat = (await freeSeats(request, STADIUM, 'en')).find((s) => s.name.startsWith('Opposite stand B1, row 3,'))!;
  await page.goto(`/en/events/${STADIUM}`);
  await seatMapReady(page, 'en');
  await page.getByText(messages.en.seatMap.lists).click();
  await page.getByLabel(messages.en.seatMap.chooseSection, { exact: true }).selectOption({ label: 'Opposite stand B1' });
  await page.getByLabel(messages.en.seatMap.chooseRow, { exact: true }).selectOption('3');
  const seatLabel = seat.name.split('seat ')[1];
  await page.getByLabel(messages.en.seatMap.chooseSeat, { exact: true }).selectOption({ label: `${seatLabel} · €18.00` });
  await page.getByRole('button', { name: messages.en.seatMap.addSeat }).click();
  await expect(page.getByTestId('selected-seats')).toContainText(seat.name);
  await expect(page.getByTestId('selection-total')).toHaveText('€18.00');
});

test('a standing event: count dropdowns bounded by the per-order limit, no seat map', async ({ page }) => {
  await page.goto(`/en/events/${STANDING}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Polárna žiara – Winter Tour');
  await expect(page.getByTestId('seat-map')).toHaveCount(0);
  const ga = page.getByLabel('Number of tickets – General admission');
  const vip = page.getByLabel('Number of tickets – VIP balcony');
  await expect(ga).toBeEnabled();
  // 800 left, 10 per order → 0…10
  await expect(ga.locator('option')).toHaveCount(11);
  await ga.selectOption('4');
  // what is left of the limit bounds the other category: 0…6
  await expect(vip.locator('option')).toHaveCount(7);
  await expect(page.getByTestId('selection-total')).toHaveText('€116.00');
});

test('anonymous buy shows the Sign in required toast with a way to sign in', async ({ page }) => {
  await page.goto(`/en/events/${STANDING}`);
  await page.getByLabel('Number of tickets – General admission').selectOption('2');
  await page.getByRole('button', { name: messages.en.event.buy }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: messages.en.auth.signInRequiredTitle });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(messages.en.auth.signInRequiredText);
  await toast.getByRole('button', { name: messages.en.event.signIn }).click();
  // …and back to this event afterwards.
  await expect(page).toHaveURL(new RegExp(`/en/signin\\?next=${encodeURIComponent(`/en/events/${STANDING}`)}$`));
});

test('a signed-in buy posts the seats to the cart and opens it; a taken seat refreshes and explains', async ({ page, signIn, request }) => {
  await signIn();
  const bodies: unknown[] = [];
  let answer: 'ok' | 'taken' = 'taken';
  await page.route('**/api/v1/events/*/cart/items', async (route) => {
    bodies.push(route.request().postDataJSON());
    if (answer === 'taken') {
      await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'x', code: 'SEAT_TAKEN', errors: [{ field: 'seatIds', message: 'Seat taken.' }] }) });
    } else {
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    }
  });
  await page.goto(`/sk/podujatia/${STADIUM}`);
  await seatMapReady(page, 'sk');
  const [seat] = await freeSeats(request, STADIUM, 'sk');
  await clickSeat(page, seat.index);
  await page.getByRole('button', { name: messages.sk.event.buy }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: messages.sk.event.seatTakenTitle })).toBeVisible();
  expect(bodies[0]).toEqual({ seatIds: [expect.any(String)] });
  answer = 'ok';
  await page.getByRole('button', { name: messages.sk.event.buy }).click();
  await expect(page).toHaveURL(new RegExp(`/sk/podujatia/${STADIUM}/kosik`));
});

test('event pages are server-rendered with their content, JSON-LD and alternates; unknown and draft ids are 404', async ({ request }) => {
  const response = await request.get(`/en/events/${STADIUM}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('FK Dunaj Bratislava v FC Košice');
  expect(html).toContain('Viedenská cesta 12, 851 01 Bratislava');
  expect(html).toContain('Gates open an hour before kick-off');
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
  expect(ld['@type']).toBe('SportsEvent');
  expect(ld.offers).toEqual(expect.arrayContaining([expect.objectContaining({ '@type': 'Offer', price: '12.00', priceCurrency: 'EUR' })]));
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/en/events/${STADIUM}"`));
  expect(html).toMatch(new RegExp(`hrefLang="sk" href="[^"]*/sk/podujatia/${STADIUM}"`));
  expect(html).toContain('property="og:image"');

  for (const path of ['/sk/podujatia/no-such-event', '/en/events/vltava-praha-sparta-praha']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('the event page sends its data once and only the messages its client components read (issue 17, Lighthouse)', async ({ request }) => {
  const html = await (await request.get(`/en/events/${STADIUM}`)).text();
  // One RSC payload: with Partial Prefetching Next embedded a second render of the page in it (README, Decisions).
  expect(html.match(/__PAGE__/g)).toHaveLength(1);
  // The picker's messages ride along, the checkout's and cart's do not (they have their own pages).
  expect(html).toContain('loadingAvailability');
  expect(html).not.toContain('acceptTerms');
  expect(html).not.toContain('backToEvent');
});

test('the events list filters by category, pages, and tells no results from no events', async ({ page, request }) => {
  const { total } = await (await request.get('/api/v1/events?pageSize=50')).json();
  expect(total).toBeGreaterThanOrEqual(16);
  await page.goto('/en/events');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.events.title);
  await expect(page.getByText(`${total} events`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(12);
  await page.getByLabel(messages.en.events.category).selectOption('festival');
  await page.getByRole('button', { name: messages.en.events.apply }).click();
  const festivals = await (await request.get('/api/v1/events?category=festival&pageSize=50')).json();
  expect(festivals.items.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining(['luka-fest-2027', 'luka-fest-warm-up']));
  await expect(page.getByText(`${festivals.total} events`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(festivals.total);
  await expect(page.getByRole('link', { name: 'Lúka Fest 2027', exact: true })).toBeVisible();

  await page.goto('/en/events');
  await page.getByRole('link', { name: messages.en.events.next }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 12)}`)).toBeVisible();

  await page.goto('/en/events?q=nothing-like-this');
  await expect(page.getByText('No events match “nothing-like-this”. Try another name or city.')).toBeVisible();
  await expect(page.getByText(messages.en.events.empty)).toHaveCount(0);
});

test('sitemap.xml per language is valid XML listing every published event with alternates; index and robots', async ({ page, request }) => {
  const api = await (await request.get('/api/v1/events?pageSize=50')).json();
  const published: string[] = api.items.map((e: { id: string }) => e.id);
  expect(published.length).toBeGreaterThanOrEqual(16);
  expect(published).not.toContain('vltava-praha-sparta-praha');
  await page.goto('/sk');
  for (const [locale, prefix] of [['sk', '/sk/podujatia/'], ['cs', '/cs/udalosti/'], ['en', '/en/events/']] as const) {
    const response = await request.get(`/${locale}/sitemap.xml`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        locs: [...doc.getElementsByTagNameNS(ns, 'loc')].map((n) => n.textContent ?? ''),
        alternates: doc.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link').length,
      };
    }, xml);
    expect(parsed.error).toBe(false);
    const eventLocs = parsed.locs.filter((loc) => new URL(loc).pathname.startsWith(prefix)).map((loc) => new URL(loc).pathname.slice(prefix.length));
    expect(eventLocs.sort()).toEqual([...published].sort());
    expect(parsed.locs.map((l) => new URL(l).pathname)).toContain(`/${locale}`);
    expect(parsed.alternates).toBe(parsed.locs.length * 4);
    expect(xml).not.toContain('vltava-praha-sparta-praha');
    expect(xml).not.toContain('dunaj-bratislava-slovan-liberec');
  }
  const index = await (await request.get('/sitemap.xml')).text();
  for (const locale of ['sk', 'cs', 'en']) expect(index).toContain(`/${locale}/sitemap.xml</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  expect(robots).toContain('Disallow: /api/');
});

for (const locale of ['sk', 'en'] as const) {
  for (const [name, path] of [
    ['home', `/${locale}`],
    ['events list', locale === 'sk' ? '/sk/podujatia' : '/en/events'],
    ['event detail', locale === 'sk' ? `/sk/podujatia/${STADIUM}` : `/en/events/${STADIUM}`],
  ] as const) {
    test(`axe: no serious or critical violations on ${name} (${locale})`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (name === 'event detail') await seatMapReady(page, locale);
      await noSeriousViolations(page);
    });
  }
}
