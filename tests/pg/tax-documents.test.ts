// Tax document numbers under concurrency, on real PostgreSQL: many checkouts paid at once, and many
// issues at once some of which roll back, leave each issuer's series per year unique and unbroken (1…n),
// counted in SQL (documents/issue.ts: the counter row, locked by its update until the transaction ends).
// Run: npm run test:pg -- tests/pg/tax-documents.test.ts
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import { addToCart } from '@/lib/server/cart';
import { issueDocument } from '@/lib/server/documents/issue';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { eventBySlug, makeUser } from '../helpers/tickets';

jest.setTimeout(300_000);
const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
const SLUG = 'dunaj-bratislava-msk-zilina';

/** Per issuer, series and year: how many documents, the highest and lowest number, and how many distinct. */
async function series() {
  return rowsOf<{ issuer: string; kind: string; year: number; n: number; distinct: number; min: number; max: number; counter: number }>(
    await t.db.execute(sql`select d.issuer, d.kind, d.year, count(*)::int as n, count(distinct d.seq)::int as distinct, min(d.seq)::int as min, max(d.seq)::int as max,
        (select c.last from document_counters c where c.issuer = d.issuer and c.year = d.year and c.series = d.kind)::int as counter
      from tax_documents d group by d.issuer, d.kind, d.year order by d.issuer, d.kind`),
  );
}

describePg('tax document numbers under concurrency (PostgreSQL)', () => {

  it('30 checkouts paid at once: each order has its two invoices, every series unique and unbroken', async () => {
    const event = await eventBySlug(t.db, SLUG);
    const seatIds = await freeSeatsOf(t.db, SLUG, 30, 3);
    expect(seatIds).toHaveLength(30);
    const fans = await Promise.all(Array.from({ length: 30 }, (_, i) => makeUser(t.db, `pg-doc-${i}`)));
    const payments = await Promise.all(
      fans.map(async (fan, i) => {
        const held = await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: [seatIds[i]] }, locale: 'sk' });
        if (!held.ok) throw new Error(held.code);
        const result = await checkout({ user: fan, eventRef: SLUG, locale: 'sk', urls });
        if (!result.ok || result.paid) throw new Error('checkout');
        return result;
      }),
    );
    const now = new Date();
    const paid = await Promise.all(
      payments.map((payment) => {
        const { eventId } = signedGatewayNotice(payment.paymentId, 'succeeded');
        return handlePaymentNotice(testGateway, { eventId, paymentId: payment.paymentId, outcome: 'succeeded' }, now);
      }),
    );
    expect(paid.every((result) => result.kind === 'paid')).toBe(true);
    const [perOrder] = rowsOf<{ orders: number; documents: number }>(
      await t.db.execute(sql`select count(distinct order_id)::int as orders, count(*)::int as documents from tax_documents where order_id in (select id from orders where event_id = ${event.id}::uuid and status = 'paid')`),
    );
    expect(perOrder).toEqual({ orders: 30, documents: 60 });
    const rows = await series();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.distinct).toBe(row.n);
      expect(row.min).toBe(1);
      expect(row.max).toBe(row.n);
      expect(row.counter).toBe(row.n);
    }
  });

  it('60 issues at once, every fourth rolled back after taking its number: the committed numbers have no gap', async () => {
    const event = await eventBySlug(t.db, SLUG);
    const before = (await series()).find((row) => row.issuer === event.orgId && row.kind === 'invoice') ?? { n: 0 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        t.db.transaction(async (tx) => {
          await issueDocument(tx, {
            kind: 'invoice',
            purpose: 'tickets',
            issuer: { orgId: event.orgId },
            buyer: { name: `Fanúšik ${i}` },
            lines: [{ description: 'Vstupenka', supply: 'admission-sport', quantity: 1, unitGross: 1000 + i }],
            currency: 'EUR',
            locale: 'sk',
            sourceKey: `pg-test:${i}`,
          });
          if (i % 4 === 3) throw new Error('rolled back');
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(45);
    const after = (await series()).find((row) => row.issuer === event.orgId && row.kind === 'invoice')!;
    expect(after.n).toBe(before.n + 45);
    expect(after.distinct).toBe(after.n);
    expect(after.min).toBe(1);
    expect(after.max).toBe(after.n);
    expect(after.counter).toBe(after.n);
  });
});
