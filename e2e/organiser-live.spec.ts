// The live on-sale view and the exports, as FK Dunaj Bratislava's demo owner on a phone: a fan's hold
// shows in "in carts" without reloading the page, the screen has no serious accessibility violations, and
// the attendee CSV downloaded from the console reads back with its names' diacritics intact.
// The match is one no other journey holds seats of.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { DEMO_PASSWORD, demo, expect, messages, test, uniqueEmail } from './fixtures';

const m = messages.sk.organiser;
const EVENT = 'dunaj-bratislava-as-trencin';

test('an organiser watches the live sale, sees a fan’s hold arrive, and downloads the attendee CSV', async ({ page, signIn, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(demo.dunajOwner, DEMO_PASSWORD);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const { events } = await (await page.request.get(`/api/v1/organiser/events?organisation=${organisations[0].id}`)).json();
  const eventId = events.find((e: { slug: string }) => e.slug === EVENT).id as string;

  // From the event's screen through its Live tab.
  await page.goto(`/sk/organizator/podujatia/${eventId}`);
  await page.getByRole('navigation', { name: m.eventTabs.label }).getByRole('link', { name: m.eventTabs.live }).click();
  await expect(page).toHaveURL(new RegExp(`/sk/organizator/podujatia/${eventId}/nazivo$`));
  await expect(page.getByRole('heading', { level: 2, name: m.live.title })).toBeVisible();
  const inCarts = page.getByTestId('live-in-carts');
  const before = Number((await inCarts.textContent())!.replace(/\D/g, ''));
  await expect(page.getByTestId('live-updated')).toContainText('Aktualizované');

  // A fan holds a seat: the screen shows it within a few seconds, without a reload.
  const signup = await request.post('/api/v1/auth/signup', {
    headers: { 'accept-language': 'sk' },
    data: { firstName: 'Fero', lastName: 'Fanúšik', sex: 'male', dateOfBirth: '1990-01-01', email: uniqueEmail('live'), password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  const fan = { authorization: `Bearer ${(await signup.json()).token}` };
  const detail = await (await request.get(`/api/v1/events/${EVENT}?include=seats`)).json();
  const taken = new Set((await (await request.get(`/api/v1/events/${EVENT}/availability`)).json()).takenSeatIds as string[]);
  const seat = (detail.layout.sections as { rows: { seats: { id: string }[] }[] }[]).flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => x.id))).find((id) => !taken.has(id))!;
  const held = await request.post(`/api/v1/events/${EVENT}/cart/items`, { headers: fan, data: { seatIds: [seat] } });
  expect(held.status(), await held.text()).toBe(200);
  await expect(inCarts).toHaveText(String(before + 1), { timeout: 15_000 });

  // The screen on a phone: no serious violations, nothing wider than the screen.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The attendee CSV from the exports block, read back.
  const exportsBlock = page.getByTestId('export-links');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportsBlock.getByRole('link', { name: m.exports.download.replace('{name}', m.exports.links.attendees) }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${EVENT}-attendees-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(csv, { bom: true, delimiter: ';' }) as string[][];
  const c = m.exports.columns;
  expect(records[0]).toEqual([c.ticketId, c.firstName, c.lastName, c.email, c.category, c.section, c.row, c.seat, c.status, c.checkedInAt, c.seasonTicket]);
  const jana = records.find((r) => r[3] === 'fan@tribuna.sk');
  expect(jana?.slice(1, 3)).toEqual(['Jana', 'Nováková']);
  expect(jana?.[4]).toMatch(/^Kategória/);
  expect(jana?.[7]).toMatch(/^\d+$/);
});
