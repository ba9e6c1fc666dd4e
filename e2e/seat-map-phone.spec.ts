import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bestAvailable } from '../lib/seats/best-available';
import { flatten, toMapLayout, type ApiLayout } from '../lib/seats/layout';
import { expect, messages, seatMapReady, seeded, test, toTickets } from './fixtures';
import { noSeriousViolations } from './axe';

// The seat map as a fan on a 390 px phone uses it: tap a section to zoom, tap seats, best available,
// the sticky basket bar, on to the cart.

const STADIUM = seeded.stadiumEvent;
const en = messages.en;

type Detail = { ticketTypes: { id: string; name: string; price: { amount: number } }[]; layout: ApiLayout };

async function venue(request: APIRequestContext, locale: 'en' | 'cs') {
  const detail: Detail = await (await request.get(`/api/v1/events/${STADIUM}?include=seats`, { headers: { 'accept-language': locale } })).json();
  const availability: { takenSeatIds: string[] } = await (await request.get(`/api/v1/events/${STADIUM}/availability`)).json();
  const layout = toMapLayout(detail.layout, detail.ticketTypes.map((t) => t.id));
  return { detail, layout, flat: flatten(layout), taken: new Set(availability.takenSeatIds) };
}

const seat = (page: Page, index: number) => page.locator(`[data-testid="seat-map"] circle[data-i="${index}"]`);

async function size(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return Math.min(box.width, box.height);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('seat map on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' });

  test('tap a section to zoom, tap two seats, best available, sticky basket bar, on to the cart', async ({ page, signUpFresh, request }) => {
    await signUpFresh();
    const { detail, layout, flat, taken } = await venue(request, 'en');
    const B2 = layout.sections.findIndex((s) => s.name === 'Opposite stand B2');
    const catB = detail.ticketTypes.find((t) => t.name.startsWith('Category B'))!;
    const catC = detail.ticketTypes.find((t) => t.name.startsWith('Category C'))!;

    await page.goto(`/en/events/${STADIUM}`);
    const map = await seatMapReady(page, 'en');
    await noSeriousViolations(page);
    // the pitch is drawn from the venue's layout and labelled
    await expect(map.getByTestId('venue-outline')).toContainText('Pitch');

    // the whole stadium on a phone: a seat is far too small to tap
    const inB2 = (i: number) => flat.section[i] === B2;
    const anyB2 = [...Array(flat.count).keys()].find((i) => inB2(i) && flat.row[i] === '1')!;
    expect(await size(seat(page, anyB2))).toBeLessThan(24);

    // a tap on the section zooms to it: seats are now at least 24 px
    await seat(page, anyB2).tap();
    await expect(map).toHaveAttribute('data-zoomed', 'true');
    await expect.poll(() => size(seat(page, anyB2 + 16))).toBeGreaterThanOrEqual(24);
    // a zoom tap selects nothing
    await expect(page.getByTestId('basket-count')).toHaveText('0');

    // two adjacent free seats in the topmost row in view (their tooltip has the least room above)
    const mapBox = (await map.boundingBox())!;
    const inView = async (i: number) => {
      const b = await seat(page, i).boundingBox();
      return Boolean(b && b.x >= mapBox.x && b.y >= mapBox.y && b.x + b.width <= mapBox.x + mapBox.width && b.y + b.height <= mapBox.y + mapBox.height);
    };
    let pair: [number, number] | null = null;
    for (let i = 0; i < flat.count - 1 && !pair; i++) {
      const j = i + 1;
      if (!inB2(i) || !inB2(j) || flat.row[i] !== flat.row[j]) continue;
      if (taken.has(flat.ids[i]) || taken.has(flat.ids[j])) continue;
      if ((await inView(i)) && (await inView(j))) pair = [i, j];
    }
    expect(pair).not.toBeNull();
    const [first, second] = pair!;
    await seat(page, first).tap();
    const tooltip = page.getByTestId('seat-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(`Opposite stand B2, row ${flat.row[first]}, seat ${flat.labels[first]}`);
    // the tooltip never covers the zoom buttons
    expect(overlaps((await tooltip.boundingBox())!, (await page.getByTestId('seat-map-toolbar').boundingBox())!)).toBe(false);
    await seat(page, second).tap();
    for (const i of [first, second]) expect(await size(seat(page, i))).toBeGreaterThanOrEqual(24);

    // the sticky basket bar: count, seats, total, in view above the bottom tabs
    const bar = page.getByTestId('basket-bar');
    await expect(page.getByTestId('basket-count')).toHaveText('2');
    await expect(page.getByTestId('basket-seats')).toHaveText(`Opposite stand B2, row ${flat.row[first]}, seats ${flat.labels[first]}, ${flat.labels[second]}`);
    await expect(page.getByTestId('selection-total')).toHaveText(`€${((2 * catB.price.amount) / 100).toFixed(2)}`);
    await expect(bar).toBeInViewport();
    const tabs = (await page.getByRole('navigation', { name: en.nav.tabs }).boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(tabs.y + 1);

    // a clear way back out
    await page.getByRole('button', { name: en.seatMap.resetZoom }).tap();
    await expect(map).toHaveAttribute('data-zoomed', 'false');

    // best available 3 together in category C: the rule's pick (nearest the pitch centre), selected and shown
    const C = detail.ticketTypes.indexOf(catC);
    const current = await venue(request, 'en');
    const expected = bestAvailable(layout, flat, { type: C, count: 3, isFree: (i) => !current.taken.has(flat.ids[i]) })!;
    const form = page.getByTestId('best-available');
    await form.getByLabel(en.seatMap.bestCategory).selectOption({ label: catC.name });
    await form.getByLabel(en.seatMap.bestCount).selectOption('3');
    await form.getByRole('button', { name: en.seatMap.bestFind }).tap();
    const sectionName = layout.sections[flat.section[expected[0]]].name;
    const words = `${sectionName}, row ${flat.row[expected[0]]}, seats ${expected.map((i) => flat.labels[i]).join(', ')}`;
    await expect(page.getByTestId('best-available-result')).toHaveText(`Selected 3 seats together: ${words}.`);
    await expect(page.getByTestId('basket-count')).toHaveText('3');
    await expect(page.getByTestId('basket-seats')).toHaveText(words);
    await expect(page.getByTestId('selection-total')).toHaveText(`€${((3 * catC.price.amount) / 100).toFixed(2)}`);
    // the map zoomed to them, each big enough to tap
    await expect(map).toHaveAttribute('data-zoomed', 'true');
    for (const i of expected) await expect.poll(() => size(seat(page, i))).toBeGreaterThanOrEqual(24);
    await noSeriousViolations(page);

    // on to the cart, through the same hold as manual picks
    await page.getByTestId('basket-bar').getByRole('button', { name: en.event.buy }).tap();
    await expect(page).toHaveURL(new RegExp(`/en/events/${STADIUM}/cart`));
    const items = page.getByTestId('cart-item');
    await expect(items).toHaveCount(3);
    for (const i of expected) {
      await expect(items.filter({ hasText: sectionName }).filter({ hasText: new RegExp(`\\b${flat.row[i]}\\b[^\\d]+\\b${flat.labels[i]}(?!\\d)`) })).not.toHaveCount(0);
    }
  });
});

test('desktop, Czech: Enter on a section label zooms; no N seats together is said in words', async ({ page, request }) => {
  const cs = messages.cs;
  const { detail, flat } = await venue(request, 'cs');
  const catC = detail.ticketTypes.find((t) => t.name.startsWith('Kategorie C'))!;
  const C = detail.ticketTypes.indexOf(catC);
  // every other seat of category C is taken: single seats are left, never two together
  await page.route('**/api/v1/events/*/availability', async (route) => {
    const answer = await (await route.fetch()).json();
    const extra = [...Array(flat.count).keys()].filter((i) => flat.type[i] === C && i % 2 === 0).map((i) => flat.ids[i]);
    await route.fulfill({ json: { ...answer, takenSeatIds: [...answer.takenSeatIds, ...extra] } });
  });
  await page.goto(`/cs/udalosti/${STADIUM}`);
  await toTickets(page, 'cs');
  const map = page.getByTestId('seat-map');
  await expect(map).toBeVisible();
  await expect(page.getByText(cs.event.loadingAvailability).first()).toBeHidden();
  await expect(map.getByTestId('venue-outline')).toContainText('Hřiště');

  const label = page.getByRole('button', { name: cs.seatMap.zoomToSection.replace('{section}', 'Protější tribuna B1') });
  await label.focus();
  await page.keyboard.press('Enter');
  await expect(map).toHaveAttribute('data-zoomed', 'true');
  await page.getByRole('button', { name: cs.seatMap.resetZoom }).click();
  await expect(map).toHaveAttribute('data-zoomed', 'false');

  const form = page.getByTestId('best-available');
  await form.getByLabel(cs.seatMap.bestCategory).selectOption({ label: catC.name });
  await form.getByLabel(cs.seatMap.bestCount).selectOption('2');
  await form.getByRole('button', { name: cs.seatMap.bestFind }).click();
  await expect(page.getByTestId('best-available-result')).toHaveText(`V kategorii ${catC.name} nejsou volná 2 místa vedle sebe. Zkuste méně míst nebo jinou kategorii.`);
  await expect(page.getByTestId('basket-count')).toHaveText('0');
  // one seat alone is still found
  await form.getByLabel(cs.seatMap.bestCount).selectOption('1');
  await form.getByRole('button', { name: cs.seatMap.bestFind }).click();
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await expect(page.getByTestId('basket-bar')).toBeInViewport();
  await expect(page.getByTestId('basket-bar').getByRole('button', { name: cs.event.buy })).toBeEnabled();
});
