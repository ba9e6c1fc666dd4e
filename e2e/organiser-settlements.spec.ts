// The organiser's settlement in the console, in Slovak: a fan buys two seats of an FK Dunaj match that no
// other journey touches (AS Trenčín) through
// the test gateway; the club's owner opens the settlement from the console's navigation, sees the match
// in this month's statement, downloads the CSV and reads it back (it agrees with the API), changes the
// period, and the screen passes axe on a desktop and on a 390 px phone. The manager has no settlement.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { demo, expect, messages, test, uniqueEmail } from './fixtures';

const m = messages.sk.organiser;
const s = m.settlements;
/** A match no other journey buys: its line of the statement is this test's purchase alone. */
const QUIET_MATCH = 'dunaj-bratislava-as-trencin';

async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) } : {};
}

/** A new fan in their own browser buys two free seats of the quiet match and pays at the test gateway. */
async function fanBuysTwoSeats(browser: Browser) {
  const context = await browser.newContext({ locale: 'sk-SK' });
  const page = await context.newPage();
  const signup = await page.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Zuzana', lastName: 'Vyúčtovaná', sex: 'female', dateOfBirth: '1992-02-02', email: uniqueEmail('settle'), password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const eventId = QUIET_MATCH;
  const detail = await (await page.request.get(`/api/v1/events/${eventId}?include=seats`)).json();
  const taken = new Set<string>((await (await page.request.get(`/api/v1/events/${eventId}/availability`)).json()).takenSeatIds);
  type Seat = { id: string; ticketTypeId: string | null };
  const free: string[] = detail.layout.sections
    .flatMap((section: { rows: { seats: Seat[] }[] }) => section.rows.flatMap((row) => row.seats.filter((seat) => seat.ticketTypeId).map((seat) => seat.id)))
    .filter((id: string) => !taken.has(id));
  const start = Math.floor(Math.random() * (free.length - 2));
  const held = await page.request.post(`/api/v1/events/${eventId}/cart/items`, { data: { seatIds: free.slice(start, start + 2) }, headers: await xsrfHeaders(page) });
  expect(held.status(), await held.text()).toBe(200);
  const checkout = await page.request.post(`/api/v1/events/${eventId}/checkout`, { data: { acceptTerms: true }, headers: await xsrfHeaders(page) });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await page.goto((await checkout.json()).paymentUrl);
  await page.getByRole('button', { name: messages.sk.gateway.pay, exact: true }).click();
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'paid');
  await context.close();
}

async function expectAccessible(page: Page, label: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`), label).toEqual([]);
}

test('the owner reads this month’s settlement, downloads its CSV, changes the period, on a desktop and on a phone', async ({ page, signIn, browser }) => {
  test.setTimeout(120_000);
  await fanBuysTwoSeats(browser);
  await signIn(demo.dunajOwner);

  await page.goto('/sk/organizator/podujatia');
  await page.getByRole('navigation', { name: m.consoleNav }).getByRole('link', { name: m.nav.settlements }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/vyuctovanie$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.title);

  // This month by default, days in Bratislava.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  await expect(page.getByLabel(s.form.from, { exact: true })).toHaveValue(`${today.slice(0, 8)}01`);
  await expect(page.getByLabel(s.form.to, { exact: true })).toHaveValue(today);
  const table = page.getByRole('table', { name: s.tableCaption.replace('{currency}', 'EUR') });
  await expect(table).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /AS Trenčín/ })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: s.columns.owed })).toBeVisible();
  await expectAccessible(page, 'desktop');

  // The CSV: BOM, Slovak header, a row per event and the total, which agrees with the API's statement.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: s.downloadCsv }).click()]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: Record<string, string>[] = parse(bytes, { bom: true, columns: true, delimiter: ';' });
  expect(Object.keys(rows[0])).toEqual(['event', 'startsAt', 'currency', 'primaryTickets', 'primaryGross', 'discounts', 'credits', 'refunds', 'primaryNet', 'serviceFees', 'ticketFees', 'resaleTickets', 'resaleFees', 'organiserResaleShare', 'owed'].map((k) => s.csv[k as keyof typeof s.csv]));
  const csvLine = rows.find((r) => r[s.csv.event].includes('AS Trenčín'))!;
  expect(Number(csvLine[s.csv.primaryTickets])).toBeGreaterThanOrEqual(2);
  expect(rows.filter((r) => r[s.csv.event] === s.csv.total && r[s.csv.currency] === 'EUR')).toHaveLength(1);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const orgId = organisations.find((o: { slug: string }) => o.slug === 'fk-dunaj-bratislava').id;
  const statement = await (await page.request.get(`/api/v1/organiser/settlements?organisation=${orgId}&from=${today.slice(0, 8)}01&to=${today}`)).json();
  const apiLine = statement.currencies.find((c: { currency: string }) => c.currency === 'EUR').lines.find((l: { title: string }) => l.title.includes('AS Trenčín'));
  const major = (minor: number) => (minor / 100).toFixed(2).replace('.', ',');
  expect(csvLine[s.csv.primaryTickets]).toBe(String(apiLine.primaryTickets));
  for (const key of ['primaryGross', 'discounts', 'credits', 'refunds', 'primaryNet', 'serviceFees', 'resaleFees', 'organiserResaleShare', 'owed'] as const) {
    expect(csvLine[s.csv[key]], key).toBe(major(apiLine[key]));
  }
  expect(apiLine.owed).toBe(apiLine.primaryGross - apiLine.discounts);

  // From the match's own screens: its settlement tab opens the statement of that match alone.
  await page.goto(`/sk/organizator/podujatia/${apiLine.eventId}`);
  await page.getByRole('navigation', { name: m.eventTabs.label }).getByRole('link', { name: m.eventTabs.settlement }).click();
  await expect(page).toHaveURL(new RegExp(`/sk/organizator/vyuctovanie\\?event=${apiLine.eventId}$`));
  await expect(page.getByLabel(s.form.event, { exact: true })).toHaveValue(apiLine.eventId);
  // The match's whole statement: from the day it was created (the demo seeded it today), not this month's first.
  await expect(page.getByLabel(s.form.from, { exact: true })).toHaveValue(today);
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(2);
  await expect(page.getByRole('table').getByRole('rowheader').first()).toContainText('AS Trenčín');

  // Another period, through the form (a GET form: the address holds it).
  await page.getByLabel(s.form.from, { exact: true }).fill('2020-01-01');
  await page.getByLabel(s.form.to, { exact: true }).fill('2020-01-31');
  await page.getByLabel(s.form.event, { exact: true }).selectOption('');
  await page.getByRole('button', { name: s.form.show }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText(s.empty)).toBeVisible();
  // A period that ends before it starts is refused next to the field.
  await page.goto('/sk/organizator/vyuctovanie?from=2020-02-01&to=2020-01-01');
  await expect(page.getByText(s.errors.periodOrder)).toBeVisible();

  // On a phone: the table scrolls inside its own region, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sk/organizator/vyuctovanie');
  await expect(page.getByRole('region', { name: s.tableCaption.replace('{currency}', 'EUR') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'phone');
});

test('the manager has no settlement: no link in the console or on an event, the not-allowed screen at its address', async ({ page, signIn }) => {
  await signIn(demo.dunajManager);
  await page.goto('/sk/organizator/podujatia');
  const nav = page.getByRole('navigation', { name: m.consoleNav });
  await expect(nav.getByRole('link', { name: m.nav.events })).toBeVisible();
  await expect(nav.getByRole('link', { name: m.nav.settlements })).toHaveCount(0);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const { events } = await (await page.request.get(`/api/v1/organiser/events?organisation=${organisations[0].id}`)).json();
  await page.goto(`/sk/organizator/podujatia/${events[0].id}`);
  await expect(page.getByRole('navigation', { name: m.eventTabs.label }).getByRole('link', { name: m.eventTabs.resale })).toBeVisible();
  await expect(page.getByRole('navigation', { name: m.eventTabs.label }).getByRole('link', { name: m.eventTabs.settlement })).toHaveCount(0);
  await page.goto('/sk/organizator/vyuctovanie');
  await expect(page.getByRole('heading', { level: 2, name: m.roleForbidden.title })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
