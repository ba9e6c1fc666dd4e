import type { Page } from '@playwright/test';
import { demo, expect, messages, payOnGateway, seeded, signedInContext, test } from './fixtures';
import { noSeriousViolations } from './axe';

// Season tickets (issue 18 items 1–2) on a 390 px phone: a holder of last season renews their seat from
// Your tickets in two taps, and a fan buys a seat for the whole season on the season's map. The demo
// seed's winter season (lib/server/db/seed/seasons.ts) is in its renewal window.

const SEASON = 'fk-dunaj-bratislava-zima';
const cs = messages.cs;
const en = messages.en;

/** Nothing wider than the 390 px phone: no sideways scrolling. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('season tickets on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a holder renews their seat in the renewal window: Renew, then Renew and pay', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    // fanusik@tribuna.cz held a seat last (spring) season; the page in Czech.
    const { context, page } = await signedInContext(browser, baseURL!, demo.fanCs);
    await page.goto('/cs/vstupenky');
    const section = page.getByRole('region', { name: cs.seasons.renewal.title });
    await expect(section).toBeVisible();
    await fitsThePhone(page);
    await noSeriousViolations(page);
    await section.getByRole('button', { name: cs.seasons.renewal.renew }).click();
    const dialog = page.getByRole('dialog', { name: cs.seasons.renewal.confirmTitle });
    await expect(dialog).toBeVisible();
    await noSeriousViolations(page);
    await dialog.getByRole('button', { name: cs.seasons.renewal.pay }).click();
    await payOnGateway(page, cs.gateway.pay);

    // Nothing left to renew; a ticket for each remaining match of the season.
    expect((await (await page.request.get('/api/v1/seasons/renewals')).json()).renewals).toEqual([]);
    const sale = await (await page.request.get(`/api/v1/seasons/${SEASON}`)).json();
    const mine = sale.season.sections.flatMap((s: { rows: { seats: { state: string }[] }[] }) => s.rows.flatMap((r) => r.seats)).filter((seat: { state: string }) => seat.state === 'mine');
    expect(mine).toHaveLength(1);
    await page.goto('/cs/vstupenky');
    await expect(page.getByRole('region', { name: cs.seasons.renewal.title })).toBeHidden();
    await context.close();
  });

  test('a fan buys a season seat on the season’s map and gets a ticket for every remaining match', async ({ page, signUpFresh }) => {
    test.setTimeout(120_000);
    await signUpFresh();
    // Found from one of its matches: the match page names the season and links its sale.
    await page.goto(`/en/events/${seeded.stadiumEvent}`);
    await expect(page.getByTestId('season-link')).toContainText(en.event.seasonPart.replace('{season}', 'FK Dunaj Bratislava – winter'));
    await page.getByRole('link', { name: en.event.seasonBuy }).click();
    await expect(page).toHaveURL(new RegExp(`/en/seasons/${SEASON}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FK Dunaj Bratislava – winter');
    await expect(page.getByText(en.seasons.sale.saleOpen)).toBeVisible();
    await fitsThePhone(page);
    await noSeriousViolations(page);
    const sale = (await (await page.request.get(`/api/v1/seasons/${SEASON}`)).json()).season;

    // The keyboard way: section, row and seat from lists offer only seats free at every match.
    type Seat = { id: string; label: string; state: string };
    const sections: { id: string; name: { en: string }; rows: { label: string; seats: Seat[] }[] }[] = sale.sections;
    const section = sections.find((s) => s.rows.some((r) => r.seats.filter((seat) => seat.state === 'free').length > 3))!;
    const row = section.rows.find((r) => r.seats.filter((seat) => seat.state === 'free').length > 3)!;
    const seats = row.seats.filter((seat) => seat.state === 'free');
    const seat = seats[Math.floor(Math.random() * seats.length)];
    // The match page stays in the document, hidden, for the back button (Next keeps visited routes): only what shows counts.
    const shown = { visible: true } as const;
    // Before a seat is chosen the button names no price ("Buy a season ticket", not "…for").
    await expect(page.getByRole('button', { name: en.seasons.sale.buyNoSeat, exact: true })).toBeDisabled();
    await page.getByText(en.seatMap.lists).filter(shown).click();
    await page.getByLabel(en.seatMap.chooseSection, { exact: true }).filter(shown).selectOption(section.id);
    await page.getByLabel(en.seatMap.chooseRow, { exact: true }).filter(shown).selectOption(row.label);
    await page.getByLabel(en.seatMap.chooseSeat, { exact: true }).filter(shown).selectOption(seat.id);
    await page.getByRole('button', { name: en.seatMap.addSeat }).filter(shown).click();
    await expect(page.getByText(en.seasons.sale.selected.replace('{seat}', ''), { exact: false })).toBeVisible();
    await page.getByRole('button', { name: /^Buy the season ticket for/ }).click();
    await payOnGateway(page, en.gateway.pay);

    const tickets = (await (await page.request.get('/api/v1/tickets')).json()).tickets as { event: { id: string } }[];
    expect(new Set(tickets.map((t) => t.event.id)).size).toBe(sale.matches.length);
    expect(tickets).toHaveLength(sale.matches.length);
    const after = (await (await page.request.get(`/api/v1/seasons/${SEASON}`)).json()).season;
    const state = after.sections.flatMap((s: { rows: { seats: Seat[] }[] }) => s.rows.flatMap((r) => r.seats)).find((x: Seat) => x.id === seat.id).state;
    expect(state).toBe('mine');
  });
});

test('the organiser sets a season’s category prices, maps a match’s categories and sees its matches in the console', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(demo.dunajOwner);
  await page.goto('/en/organiser');
  await page.getByRole('link', { name: en.seasons.organiser.nav }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.seasons.organiser.title);
  await page.getByRole('link', { name: `${en.seasons.organiser.edit}: FK Dunaj Bratislava – winter` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FK Dunaj Bratislava – winter');
  await expect(page.getByRole('region', { name: en.seasons.organiser.matchesTitle }).getByRole('listitem')).toHaveCount(2);
  await noSeriousViolations(page);
  const categories = page.getByRole('region', { name: en.seasons.organiser.categoriesTitle });
  const priceLabel = en.seasons.organiser.categoryPrice.replace('{currency}', 'EUR');
  // Every match's price category is mapped onto a season category: no warning.
  await expect(categories.getByRole('status')).toBeHidden();
  const first = categories.getByLabel(priceLabel, { exact: true }).first();
  const before = await first.inputValue();
  await first.fill('123');
  await categories.getByRole('button', { name: en.seasons.organiser.saveCategories }).click();
  await expect(page.getByText(en.seasons.organiser.saved)).toBeVisible();
  await page.reload();
  const again = page.getByRole('region', { name: en.seasons.organiser.categoriesTitle });
  await expect(again.getByLabel(priceLabel, { exact: true }).first()).toHaveValue('123');
  // The sale prices that category at 1.23 (the fans' price list), then the price goes back.
  const sale = (await (await page.request.get(`/api/v1/seasons/${SEASON}`)).json()).season as { prices: { price: number }[] };
  expect(sale.prices.map((p) => p.price)).toContain(12_300);
  await again.getByLabel(priceLabel, { exact: true }).first().fill(before);
  await again.getByRole('button', { name: en.seasons.organiser.saveCategories }).click();
  await expect(page.getByText(en.seasons.organiser.saved).first()).toBeVisible();
});
