// Exports that open right in Slovak and Czech Excel (issue 31 item 9): every export is offered as .xlsx,
// read back here with the spreadsheet library itself (exceljs): diacritics as typed, amounts as number
// cells with two decimals and the currency, times as date cells on the local clock (Europe/Bratislava);
// and the CSV beside it in Slovak Excel's dialect (semicolons, a decimal comma, local time).
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { GET as exportGet } from '@/tests/helpers/api';
import { GET as settlementGet } from '@/tests/helpers/api';
import { GET as holdersGet } from '@/tests/helpers/api';
import { GET as feedbackGet } from '@/tests/helpers/api';
import { GET as redeemGet } from '@/tests/helpers/api';
import { POST as redeemPost } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { currentMonth } from '@/lib/server/reports/settlement';
import { useTestDatabase } from '../helpers/db';
import { makeCast, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-msk-zilina';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let cast: Cast;
let eventId: string;
let orgId: string;
let order: Awaited<ReturnType<typeof buy>>;
let buyer: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  orgId = event.orgId;
  cast = await makeCast(t.db, event.orgId);
  buyer = await makeUser(t.db, 'xlsx-buyer');
  await t.db.update(s.users).set({ firstName: 'Ľubomír', lastName: 'Šťastný-Žďárský' }).where(eq(s.users.id, buyer.id));
  order = await buy(t.db, buyer, SLUG, { seatIds: await freeSeatsOf(t.db, SLUG, 2, 70) });
}, 180_000);

async function sheetOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(XLSX);
  expect(response.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  return workbook.worksheets[0];
}

/** The row whose first cell is `key`, as { header: cell }. */
function rowBy(sheet: ExcelJS.Worksheet, column: number, key: string): Record<string, ExcelJS.Cell> {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  for (let i = 2; i <= sheet.rowCount; i++) {
    const row = sheet.getRow(i);
    if (row.getCell(column).value === key) return Object.fromEntries(headers.map((h, j) => [h, row.getCell(j + 1)]));
  }
  throw new Error(`no row ${key}`);
}

/** Europe/Bratislava's wall clock of an instant, as the Date a spreadsheet cell without a zone reads back. */
function wallClock(instant: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bratislava', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second));
}

const exportOf = (file: string, locale = 'sk') =>
  exportGet(request(`/api/v1/organiser/events/${eventId}/exports/${file}?locale=${locale}`, { headers: auth(cast.manager) }), params({ eventId, file }));

describe('an event’s exports as .xlsx', () => {
  it('orders.xlsx: the buyer’s name with its diacritics, amounts as number cells with two decimals and €, the paid time on the local clock', async () => {
    const sheet = await sheetOf(await exportOf('orders.xlsx'));
    expect(sheet.name).toBe('Objednávky');
    const row = rowBy(sheet, 1, order.id);
    expect(row['Kupujúci'].value).toBe('Ľubomír Šťastný-Žďárský');
    expect(row['Vstupenky'].value).toBe(2);
    expect(row['Spolu'].value).toBe(order.totalAmount / 100);
    expect(typeof row['Spolu'].value).toBe('number');
    expect(row['Spolu'].numFmt).toBe('#,##0.00 "€"');
    expect(row['Mena'].value).toBe('EUR');
    const paid = row['Zaplatené'].value as Date;
    expect(paid).toBeInstanceOf(Date);
    // The cell is the office's clock: UTC+1 or +2, never the UTC of the database.
    expect(paid.getTime()).toBe(wallClock(order.paidAt!).getTime());
    expect(paid.getTime()).not.toBe(Math.floor(order.paidAt!.getTime() / 1000) * 1000);
    expect(row['Zaplatené'].numFmt).toBe('d.m.yyyy h:mm:ss');
  });

  it('attendees.xlsx and check-ins.xlsx: names and the scan time read back', async () => {
    const attendees = await sheetOf(await exportOf('attendees.xlsx', 'cs'));
    const [ticket] = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id));
    const row = rowBy(attendees, 1, ticket.id);
    expect(row['Jméno'].value).toBe('Ľubomír');
    expect(row['Příjmení'].value).toBe('Šťastný-Žďárský');
    const at = new Date('2030-01-15T18:45:10Z');
    await t.db.insert(s.scanLog).values({ eventId, ticketId: ticket.id, scannerId: cast.scanner.id, result: 'admitted', gate: 'Brána Č', scannedAt: at });
    const scans = await sheetOf(await exportOf('check-ins.xlsx'));
    const scan = rowBy(scans, 4, ticket.id);
    expect(scan['Brána'].value).toBe('Brána Č');
    // Winter: 18:45 UTC is 19:45 in Bratislava.
    expect((scan['Čas skenu'].value as Date).toISOString()).toBe('2030-01-15T19:45:10.000Z');
  });

  it('the CSV beside it: semicolons, a decimal comma and local time for Slovak Excel', async () => {
    const response = await exportOf('orders.csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const line = text.split('\r\n').concat(text.split('\n')).find((l) => l.startsWith(order.id))!;
    const cells = line.split(';');
    expect(cells[2]).toBe('Ľubomír Šťastný-Žďárský');
    expect(cells[8]).toBe((order.totalAmount / 100).toFixed(2).replace('.', ','));
    const local = wallClock(order.paidAt!).toISOString().slice(0, 19).replace('T', ' ');
    expect(cells[1]).toBe(local);
  });
});

describe('the other exports as .xlsx', () => {
  it('settlement.xlsx: one row per event with amounts as money cells and the day as a date cell', async () => {
    const { from, to } = currentMonth();
    const sheet = await sheetOf(await settlementGet(request(`/api/v1/organiser/settlements.xlsx?organisation=${orgId}&from=${from}&to=${to}`, { headers: auth(cast.owner, { 'accept-language': 'sk' }) }), params({})));
    const json = await (await settlementGet(request(`/api/v1/organiser/settlements?organisation=${orgId}&from=${from}&to=${to}`, { headers: auth(cast.owner, { 'accept-language': 'sk' }) }), params({}))).json();
    const eur = json.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    const total = rowBy(sheet, 1, 'Spolu');
    expect(total['Dlžná suma pre vás'].value).toBe(eur.total.owed / 100);
    expect(total['Dlžná suma pre vás'].numFmt).toBe('#,##0.00 "€"');
    const line = rowBy(sheet, 1, eur.lines[0].title);
    expect(line['Dátum'].value).toBeInstanceOf(Date);
    expect(typeof line['Predaj vstupeniek'].value).toBe('number');
  });

  it('holders.xlsx, feedback.xlsx and redeem-codes.xlsx open with their headers', async () => {
    const [season] = await t.db.select().from(s.seasons).where(eq(s.seasons.orgId, orgId)).limit(1);
    const holders = await sheetOf(await holdersGet(request(`/api/v1/organiser/seasons/${season.id}/holders.xlsx`, { headers: auth(cast.manager, { 'accept-language': 'sk' }) }), params({ seasonId: season.id })));
    expect(holders.getRow(1).getCell(1).value).toBe('Meno');
    // Whatever a holder paid is a money cell (a renewal not paid yet is an empty one).
    const paid = (holders.getRow(1).values as unknown[]).indexOf('Zaplatené');
    expect(paid).toBeGreaterThan(0);
    for (let i = 2; i <= holders.rowCount; i++) {
      const cell = holders.getRow(i).getCell(paid);
      if (cell.value !== null) expect([typeof cell.value, cell.numFmt]).toEqual(['number', '#,##0.00 "€"']);
    }

    const feedback = await sheetOf(await feedbackGet(request(`/api/v1/organiser/events/${eventId}/feedback.xlsx?locale=cs`, { headers: auth(cast.owner) }), params({ eventId })));
    expect(feedback.name).toBe('Zpětná vazba');
    expect(feedback.getRow(1).getCell(2).value).toBe('Hodnocení');

    const [category] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventId)).limit(1);
    const batch = await (await redeemPost(request('/api/v1/organiser/redeem-codes', { method: 'POST', headers: auth(cast.manager), body: { eventId, categoryId: category.id, count: 3, expiresAt: '2030-07-01T10:00:00Z' } }), params({}))).json();
    const codes = await sheetOf(await redeemGet(request(`/api/v1/organiser/redeem-codes.xlsx?batch=${batch.batch.id}`, { headers: auth(cast.manager, { 'accept-language': 'sk' }) }), params({})));
    expect(codes.rowCount).toBe(4);
    // Summer: 10:00 UTC is noon in Bratislava.
    expect((codes.getRow(2).getCell(3).value as Date).toISOString()).toBe('2030-07-01T12:00:00.000Z');
  });
});
