// Organiser payouts reconcile to the minor unit (issue 32, item 3), for random data (fast-check): orders of
// primary tickets paid over half a year, some refunded weeks later (often after their month's payout), random
// commercial terms; the months settled one after another, with payout runs prepared and confirmed — or
// cancelled — in between. Checked in SQL against the order rows: what the paying payouts pay plus the balance
// carried equals what the organisation is owed (ticket prices less their platform fee, less those refunded),
// each payout's figures are its month's settlement, and a payout pays only a positive amount.
import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { monthOf, settleOrganiserPayouts } from '@/lib/server/payouts/organisers';
import { cancelRun, confirmRun, prepareRun } from '@/lib/server/payouts/runs';
import { organiserSettlement } from '@/lib/server/reports/settlement';
import { useTestDatabase } from '../helpers/db';
import { makeMember } from '../helpers/organiser';
import { payoutOrganisation, platformFeeOf, refund, sell, type SaleEvent } from '../helpers/organiser-payouts';
import { IBANS, makeAdmin } from '../helpers/payouts';
import { makeUser, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const MONTHS = ['2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06'];
const DAY = 86_400_000;
const START = monthOf(MONTHS[0]).start.getTime();

let orgId: string;
let events: SaleEvent[];
let owner: TestUser;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  admin = await makeAdmin(t.db);
  buyer = await makeUser(t.db, 'reconcile-buyer');
  const org = await payoutOrganisation(t.db, {
    name: 'Reconciled club',
    legalName: 'Reconciled club a.s.',
    iban: IBANS.sk.replace(/\s/g, ''),
    terms: { perTicket: 0, bps: 0, schedule: 'period' },
    slugs: ['dunaj-bratislava-as-trencin', 'dunaj-bratislava-msk-zilina'],
  });
  orgId = org.id;
  events = org.events;
  owner = await makeMember(t.db, orgId, 'owner');
}, 180_000);

const orderArb = fc.record({
  event: fc.integer({ min: 0, max: 1 }),
  prices: fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 3 }),
  /** Minutes from 1 January 2027 00:00 in Bratislava: the whole half year. */
  paidAt: fc.integer({ min: 0, max: 180 * 1440 }),
  /** Days after paying it was refunded, if it was: often in a later month than its payout. */
  refundAfter: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
});
const monthArb = fc.record({ run: fc.constantFrom('none', 'confirm', 'cancel') });

async function clear() {
  await t.db.execute(sql`update organiser_payouts set run_id = null where org_id = ${orgId}::uuid`);
  await t.db.delete(s.organiserPayouts).where(eq(s.organiserPayouts.orgId, orgId));
  const mine = await t.db.select({ id: s.orders.id }).from(s.orders).where(and(inArray(s.orders.eventId, events.map((e) => e.id)), eq(s.orders.userId, buyer.id)));
  if (mine.length) {
    const ids = mine.map((o) => o.id);
    await t.db.execute(sql`delete from refunds where payment_id in (select id from payments where order_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}))`);
    await t.db.update(s.orders).set({ currentPaymentId: null }).where(inArray(s.orders.id, ids));
    await t.db.delete(s.orders).where(inArray(s.orders.id, ids));
  }
}

describe('organiser payouts reconcile', () => {
  it('Σ paying payouts + the balance carried = what the order rows say is owed, to the minor unit; each payout is its month’s settlement', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 1, maxLength: 12 }),
        fc.array(monthArb, { minLength: MONTHS.length, maxLength: MONTHS.length }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 1500 }),
        async (orders, months, perTicket, bps) => {
          await clear();
          await t.db.update(s.organisations).set({ platformFeePerTicket: perTicket, platformFeeBps: bps }).where(eq(s.organisations.id, orgId));
          for (const o of orders) {
            const paidAt = new Date(START + o.paidAt * 60_000);
            const id = await sell(t.db, buyer.id, events[o.event], o.prices, paidAt);
            if (o.refundAfter !== null) await refund(t.db, id, new Date(paidAt.getTime() + o.refundAfter * DAY));
          }
          // The platform fee of every line is the terms'
          const lines = rowsOf<{ price: number; fee: number }>(
            await t.db.execute(sql`select oi.price_amount as price, oi.platform_fee_amount as fee from order_items oi join orders o on o.id = oi.order_id where o.event_id in (${sql.join(events.map((e) => sql`${e.id}::uuid`), sql`, `)}) and o.user_id = ${buyer.id}::uuid`),
          );
          for (const line of lines) expect(line.fee).toBe(platformFeeOf(line.price, { perTicket, bps }));

          // Month after month: settle after it ends, then perhaps a run, confirmed or cancelled
          for (const [i, ym] of MONTHS.entries()) {
            const now = new Date(monthOf(ym).end.getTime() + 3_600_000);
            await settleOrganiserPayouts(now, orgId);
            if (months[i].run === 'none') continue;
            const run = await prepareRun(admin, 'EUR', { now });
            if (!run.ok) continue;
            if (months[i].run === 'confirm') await confirmRun(admin, run.run.id, now);
            else await cancelRun(admin, run.run.id, now);
          }
          const cutoff = monthOf(MONTHS[MONTHS.length - 1]).end;

          const [check] = rowsOf<{ paying: number; carried: number; owed: number; cum: number | null; deltas: number }>(
            await t.db.execute(sql`
              with mine as (select * from organiser_payouts where org_id = ${orgId}::uuid),
              last as (select * from mine order by seq desc limit 1),
              lines as (
                select oi.price_amount - oi.platform_fee_amount as net, o.paid_at, sh.refunded_at
                from order_items oi join orders o on o.id = oi.order_id join order_shares sh on sh.order_id = o.id
                where o.event_id in (${sql.join(events.map((e) => sql`${e.id}::uuid`), sql`, `)}) and oi.listing_id is null and o.paid_at is not null)
              select
                coalesce((select sum(amount) from mine where status <> 'carried'), 0)::int as paying,
                coalesce((select amount from last where status = 'carried'), 0)::int as carried,
                ((select coalesce(sum(net), 0) from lines where paid_at < ${cutoff.toISOString()}::timestamptz)
                  - (select coalesce(sum(net), 0) from lines where refunded_at < ${cutoff.toISOString()}::timestamptz))::int as owed,
                (select cum_owed from last)::int as cum,
                coalesce((select sum(owed) from mine), 0)::int as deltas`),
          );
          expect(check.paying + check.carried).toBe(check.owed);
          expect(check.deltas).toBe(check.owed);
          if (check.cum !== null) expect(check.cum).toBe(check.owed);

          // Each row: amount = owed + carried in, pays only when positive, and its figures are its month's settlement
          const rows = await t.db.select().from(s.organiserPayouts).where(eq(s.organiserPayouts.orgId, orgId)).orderBy(s.organiserPayouts.seq);
          let balance = 0;
          for (const row of rows) {
            expect(row.carriedIn).toBe(balance);
            expect(row.amount).toBe(row.owed + row.carriedIn);
            expect(row.status === 'carried').toBe(row.amount <= 0);
            balance = row.status === 'carried' ? row.amount : 0;
            const ym = row.periodKey.slice('period:'.length);
            const [y, m] = ym.split('-').map(Number);
            const statement = await organiserSettlement(owner.id, { organisation: orgId, from: `${ym}-01`, to: `${ym}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}` }, 'en');
            if (!statement.ok) throw new Error(statement.code);
            const total = statement.settlement.currencies.find((c) => c.currency === 'EUR')?.total;
            expect({ primaryNet: row.primaryNet, platformFee: row.platformFee, owed: row.owed }).toEqual({ primaryNet: total?.primaryNet ?? 0, platformFee: total?.ticketFees ?? 0, owed: total?.owed ?? 0 });
          }
          // A paid row was in a confirmed run; nothing is in two runs
          const paid = rowsOf<{ bad: number }>(
            await t.db.execute(sql`select count(*)::int as bad from organiser_payouts p left join payout_runs r on r.id = p.run_id where p.org_id = ${orgId}::uuid and p.status = 'paid' and (r.status is distinct from 'confirmed')`),
          );
          expect(paid[0].bad).toBe(0);
        },
      ),
      { numRuns: 15 },
    );
  }, 900_000);
});
