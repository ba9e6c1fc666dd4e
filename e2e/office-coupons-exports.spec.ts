// The ticket office's coupons and spreadsheets (issue 31 items 8 and 9), in Slovak, as FK Dunaj
// Bratislava's demo manager: a coupon with one use is used up ("Vyčerpaný"), its limit edited in place
// makes it active again, a closed window shows "Vypršal"; an event export downloads as .xlsx and reads
// back with exceljs. axe on the screen with the edit form open.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, expect, messages, test, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';

const m = messages.sk.organiser;
const MANAGER = 'pokladna@fkdunaj.sk';

test('a coupon’s statuses follow its uses and window, and its limits are edited in place', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(MANAGER, DEMO_PASSWORD);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const orgId = organisations.find((o: { slug: string }) => o.slug === 'fk-dunaj-bratislava').id;
  const code = `KANC${Date.now().toString(36).toUpperCase()}`;
  // Valid for the next hour: active.
  const created = await page.request.post('/api/v1/organiser/coupons', {
    headers: await xsrfHeaders(page),
    data: { organisation: orgId, code, kind: 'percent', value: 10, validUntil: new Date(Date.now() + 60 * 60_000).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/sk/organizator/kody');
  const row = page.getByRole('list', { name: m.codes.coupons.tableLabel }).getByRole('listitem').filter({ hasText: code });
  await expect(row.getByTestId('coupon-status')).toHaveText(m.codes.coupons.statuses.active);
  await row.getByRole('button', { name: m.codes.coupons.edit }).click();
  const form = page.getByRole('form', { name: m.codes.coupons.editTitle.replace('{code}', code) });
  await noSeriousViolations(page, { include: 'main' });
  // The window closed: the office moves its end into the past (local time) and saves.
  const past = new Date(Date.now() - 2 * 86_400_000);
  const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(past).replace(' ', 'T');
  await form.getByLabel(m.codes.coupons.validUntil).fill(local);
  await form.getByRole('button', { name: m.codes.coupons.save }).click();
  await expect(row.getByTestId('coupon-status')).toHaveText(m.codes.coupons.statuses.expired);
  // Open again (no end) with a limit of one use, none taken yet: active.
  await row.getByRole('button', { name: m.codes.coupons.edit }).click();
  await form.getByLabel(m.codes.coupons.validUntil).fill('');
  await form.getByLabel(m.codes.coupons.maxUses, { exact: true }).fill('1');
  await form.getByRole('button', { name: m.codes.coupons.save }).click();
  await expect(row.getByTestId('coupon-status')).toHaveText(m.codes.coupons.statuses.active);
  await expect(row).toContainText('0 z 1 použití');
});

test('an event export downloads as .xlsx with local times and number cells', async ({ page, signIn }) => {
  await signIn(MANAGER, DEMO_PASSWORD);
  const { events } = await (await page.request.get(
    `/api/v1/organiser/events?organisation=${(await (await page.request.get('/api/v1/organiser/organisations')).json()).organisations.find((o: { slug: string }) => o.slug === 'fk-dunaj-bratislava').id}`,
  )).json();
  const event = events.find((e: { slug: string }) => e.slug === 'dunaj-bratislava-slovan-liberec');
  await page.goto(`/sk/organizator/podujatia/${event.id}/prehlad`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: m.exports.downloadXlsx.replace('{name}', m.exports.links.orders) }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dunaj-bratislava-slovan-liberec-orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as never);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(2).value).toBe(m.exports.columns.paidAt);
  const second = sheet.getRow(2);
  expect(second.getCell(2).value).toBeInstanceOf(Date);
  expect(typeof second.getCell(9).value).toBe('number');
  expect(second.getCell(9).numFmt).toBe('#,##0.00 "€"');
});
